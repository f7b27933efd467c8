package eval

import (
	"math/bits"

	"github.com/azurite-chess/azurite/engine/board"
)

// Piece terms: mobility, outposts, bishops, rooks on files and the 7th rank,
// and the attack maps and king-attack bookkeeping that later terms use.

// attackWeight is the king-danger units one attacker of each type adds when it
// hits the enemy king zone (fixed shape; the KingDanger table is tuned).
var attackWeight = [7]int{board.Knight: 2, board.Bishop: 2, board.Rook: 3, board.Queen: 5}

// outpostRanks holds relative ranks 4-6 for each colour.
var outpostRanks = [2]bb{0x0000FFFFFF000000, 0x000000FFFFFF0000}

// evalPieces scores c's knights, bishops, rooks and queens.
func (e *Evaluator) evalPieces(pos *board.Position, p *Params, c board.Color) {
	them := c.Other()
	occ := pos.Occupied()
	ourPawns := pos.Pieces(c, board.Pawn)
	allPawns := pos.ByType(board.Pawn)
	area := e.mobArea[c]
	zone := e.kingZone[them]
	// Outposts: relative ranks 4-6, defended by an own pawn, and out of reach
	// of every enemy pawn now and after any advance.
	outposts := outpostRanks[c] & e.pe.attacks[c] &^ e.pe.spans[them]

	for pt := board.Knight; pt <= board.Queen; pt++ {
		for b := pos.Pieces(c, pt); b != 0; {
			sq := b.PopLSB()
			var att bb
			switch pt {
			case board.Knight:
				att = board.KnightAttacks(sq)
			case board.Bishop:
				att = board.BishopAttacks(sq, occ)
			case board.Rook:
				att = board.RookAttacks(sq, occ)
			default:
				att = board.QueenAttacks(sq, occ)
			}
			e.attacked2[c] |= e.attacked[c] & att
			e.attacked[c] |= att
			e.attackBy[c][pt] |= att
			if z := att & zone; z != 0 {
				e.kingAtt[c]++
				e.kingUnits[c] += attackWeight[pt] + bits.OnesCount64(uint64(z))/2
			}
			mob := bits.OnesCount64(uint64(att & area))
			rr := sq.RelativeRank(c)
			switch pt {
			case board.Knight:
				e.add(p, c, pKnightMob+mob, 1)
				if outposts.Has(sq) {
					e.add(p, c, pKnightOutpost, 1)
				}
				if allPawns.Has(forward(c, sq)) {
					e.add(p, c, pMinorBehindPwn, 1)
				}
			case board.Bishop:
				e.add(p, c, pBishopMob+mob, 1)
				if outposts.Has(sq) {
					e.add(p, c, pBishopOutpost, 1)
				}
				if allPawns.Has(forward(c, sq)) {
					e.add(p, c, pMinorBehindPwn, 1)
				}
				same := ^darkSquares
				if darkSquares.Has(sq) {
					same = darkSquares
				}
				e.add(p, c, pBishopPawns, bits.OnesCount64(uint64(ourPawns&same)))
				if bits.OnesCount64(uint64(board.BishopAttacks(sq, allPawns)&centre)) >= 2 {
					e.add(p, c, pBishopLongDiag, 1)
				}
			case board.Rook:
				e.add(p, c, pRookMob+mob, 1)
				f := uint8(1) << sq.File()
				switch {
				case e.pe.open[c]&e.pe.open[them]&f != 0:
					e.add(p, c, pRookOpen, 1)
				case e.pe.open[c]&f != 0:
					e.add(p, c, pRookSemiOpen, 1)
				}
				if rr == 6 && (relSquare(c, pos.KingSquare(them)).Rank() == 7 ||
					pos.Pieces(them, board.Pawn)&(rank1<<(8*sq.Rank())) != 0) {
					e.add(p, c, pRookSeventh, 1)
				}
			default:
				e.add(p, c, pQueenMob+mob, 1)
			}
		}
	}
	if pos.Pieces(c, board.Bishop)&darkSquares != 0 && pos.Pieces(c, board.Bishop)&^darkSquares != 0 {
		e.add(p, c, pBishopPair, 1)
	}
}

// forward returns the square in front of sq from c's view; sq is not on c's last rank.
func forward(c board.Color, sq board.Square) board.Square {
	if c == board.White {
		return sq + 8
	}
	return sq - 8
}

// evalThreats scores c's attacks on enemy pieces: by pawns, by minors and by
// rooks (per attacked type), and pieces left hanging.
func (e *Evaluator) evalThreats(pos *board.Position, p *Params, c board.Color) {
	them := c.Other()
	nonPawn := pos.ByColor(them) &^ pos.Pieces(them, board.Pawn) &^ pos.Pieces(them, board.King)
	minorAtt := e.attackBy[c][board.Knight] | e.attackBy[c][board.Bishop]
	for pt := board.Pawn; pt <= board.Queen; pt++ {
		target := pos.Pieces(them, pt)
		if pt != board.Pawn {
			if n := bits.OnesCount64(uint64(target & e.attackBy[c][board.Pawn])); n != 0 {
				e.add(p, c, pThreatByPawn+int(pt)-1, n)
			}
		} else {
			// Pawns count as minor or rook targets only when undefended.
			target &^= e.attacked[them]
		}
		if n := bits.OnesCount64(uint64(target & minorAtt)); n != 0 {
			e.add(p, c, pThreatByMinor+int(pt)-1, n)
		}
		if n := bits.OnesCount64(uint64(target & e.attackBy[c][board.Rook])); n != 0 {
			e.add(p, c, pThreatByRook+int(pt)-1, n)
		}
	}
	if n := bits.OnesCount64(uint64(nonPawn & e.attacked[c] &^ e.attacked[them])); n != 0 {
		e.add(p, c, pHanging, n)
	}
}
