package eval

import (
	"math/bits"

	"github.com/azurite-chess/azurite/engine/board"
)

// King safety: the danger the enemy pieces put on c's king zone (attackers,
// attacked zone squares, safe checks), plus the pawn shelter in front of the
// king and the enemy pawns storming it, and open files next to it; and the
// king's activity: its distance to the nearest pawn.

// checkUnits is the king-danger units added when the enemy has a safe check
// with a piece of each type.
var checkUnits = [7]int{board.Knight: 3, board.Bishop: 2, board.Rook: 3, board.Queen: 3}

// evalKing scores the safety of c's king and its distance to the pawns.
func (e *Evaluator) evalKing(pos *board.Position, p *Params, c board.Color) {
	them := c.Other()
	ksq := pos.KingSquare(c)

	units := 0
	if e.kingAtt[them] >= 2 || (e.kingAtt[them] == 1 && pos.Pieces(them, board.Queen) != 0) {
		units = e.kingUnits[them]
		// Safe checks: squares from which an enemy piece would give check and
		// that c does not defend (or defends only with the king against two attackers).
		occ := pos.Occupied()
		safe := ^pos.ByColor(them) & (^e.attacked[c] | (e.attacked2[them] &^ e.attacked2[c] & e.attackBy[c][board.King]))
		bishopLines := board.BishopAttacks(ksq, occ)
		rookLines := board.RookAttacks(ksq, occ)
		if board.KnightAttacks(ksq)&e.attackBy[them][board.Knight]&safe != 0 {
			units += checkUnits[board.Knight]
		}
		if bishopLines&e.attackBy[them][board.Bishop]&safe != 0 {
			units += checkUnits[board.Bishop]
		}
		if rookLines&e.attackBy[them][board.Rook]&safe != 0 {
			units += checkUnits[board.Rook]
		}
		if (bishopLines|rookLines)&e.attackBy[them][board.Queen]&safe != 0 {
			units += checkUnits[board.Queen]
		}
		// Undefended zone squares under attack.
		weak := e.kingZone[c] & e.attacked[them] &^ e.attacked2[c] &^ e.attackBy[c][board.Pawn]
		units += bits.OnesCount64(uint64(weak)) / 2
		if pos.Pieces(them, board.Queen) == 0 {
			units /= 2
		}
	}
	if units > 0 {
		e.add(p, c, pKingDanger+min(units, kingDangerSize-1), 1)
	}

	// King activity: distance to the nearest pawn (mostly an endgame weight).
	// Growing rings from the king, not a scan of every pawn: in Go's wasm
	// build each loop turn is a jump through the dispatch table, and the
	// nearest pawn is usually one or two squares away.
	if pawns := pos.ByType(board.Pawn); pawns != 0 {
		d := 1
		for d < 7 && pawns&within[ksq][d] == 0 {
			d++
		}
		e.add(p, c, pKingPawnDist+d, 1)
	}

	// Shelter and storm on the king's file and its neighbours (b-d for a king
	// on the a-file, e-g for one on the h-file).
	ours := pos.Pieces(c, board.Pawn)
	theirs := pos.Pieces(them, board.Pawn)
	kf := min(max(ksq.File(), 1), 6)
	krr := ksq.RelativeRank(c)
	front := forwardRanks[c][ksq.Rank()] | rank1<<(8*ksq.Rank())
	for f := kf - 1; f <= kf+1; f++ {
		ourFile := ours & fileMask[f] & front
		theirFile := theirs & fileMask[f] & front
		idx := 3 // no shield pawn, or too far ahead
		if ourFile != 0 {
			if d := nearest(c, ourFile).RelativeRank(c) - krr; d >= 1 && d <= 3 {
				idx = d - 1
			}
		}
		e.add(p, c, pShield+idx, 1)
		if theirFile != 0 {
			e.add(p, c, pStorm+nearest(c, theirFile).RelativeRank(c), 1)
		}
		switch {
		case (ours|theirs)&fileMask[f] == 0:
			e.add(p, c, pKingOpen, 1)
		case ours&fileMask[f] == 0:
			e.add(p, c, pKingSemiOpen, 1)
		}
	}
}

// nearest returns the square of b closest to c's back rank.
func nearest(c board.Color, b bb) board.Square {
	if c == board.White {
		return b.LSB()
	}
	return board.Square(63 - bits.LeadingZeros64(uint64(b)))
}
