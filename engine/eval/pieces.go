package eval

import (
	"math/bits"

	"github.com/azurite-chess/azurite/engine/board"
)

// Piece terms: mobility, outposts, bishops, rooks on files and the 7th rank,
// and the attack maps and king-attack bookkeeping that later terms use.

// The king-danger units one attacker of each type adds when it hits the
// enemy king zone (fixed shape; the KingDanger table is tuned). Constants,
// like the check units (king.go).
const (
	knightAttackUnits = 2
	bishopAttackUnits = 2
	rookAttackUnits   = 3
	queenAttackUnits  = 5
)

// outpostRanks holds relative ranks 4-6 for each colour.
var outpostRanks = [2]bb{0x0000FFFFFF000000, 0x000000FFFFFF0000}

// evalPieces scores c's knights, bishops, rooks and queens.
//
// Each piece type has its own loop and the terms are added with 0/1 counts
// (bit tests) instead of behind branches: the sum is the same, and Go's wasm
// code pays a jump through the function's dispatch table for every branch
// taken and every switch, which made this the evaluation's most expensive
// function in the js/wasm build. Terms that depend only on where the pieces
// stand (outposts, behind a pawn, bishop pawns, rook files and the 7th) are
// counted for all pieces of a type at once with a popcount, so the loops
// keep only what needs each piece's attacks.
//
// It is compiled once per colour (S, see side): with c an argument, the
// js/wasm build spent 1658 instructions per search node here, with c a
// constant in each copy 1396 (make wasm-icount, depth 7).
//
// It and the other term functions are go:nosplit: they skip the stack-bound
// check on entry, a load, a compare and a branch per call (their frames are
// small and fixed, and the linker checks that the nosplit chain fits the
// stack guard; wasm: 10814 -> 10795 instructions per search node, make
// wasm-icount, depth 7).
//
//go:nosplit
func evalPieces[M traceMode, S side](e *evaluator[M], pos *board.Position, p *Params) {
	c := sideColor[S]()
	var s board.Score // c's terms, added to acc[c] once at the end
	them := c.Other()
	knights := pos.Pieces(c, board.Knight)
	bishops := pos.Pieces(c, board.Bishop)
	rooks := pos.Pieces(c, board.Rook)

	// The terms that need no attacks come first, so that none of the masks
	// they use is still live while the loops run: with more live values
	// than the 16 registers Go's js/wasm back end has, each loop turn
	// stored and reloaded the rest in the stack frame.
	{
		ourPawns := pos.Pieces(c, board.Pawn)
		// Outposts: relative ranks 4-6, defended by an own pawn, and out of
		// reach of every enemy pawn now and after any advance.
		outposts := outpostRanks[c] & e.pe.attacks[c] &^ e.pe.spans[them]
		// behind: squares whose forward neighbour (from c's view) holds a pawn.
		allPawns := pos.ByType(board.Pawn)
		behind := allPawns >> 8
		if c == board.Black {
			behind = allPawns << 8
		}
		s += e.term(p, c, pKnightOutpost, popCount(knights&outposts))
		s += e.term(p, c, pBishopOutpost, popCount(bishops&outposts))
		s += e.term(p, c, pMinorBehindPwn, popCount((knights|bishops)&behind))
		// Own pawns on each bishop's square colour.
		s += e.term(p, c, pBishopPawns, popCount(bishops&darkSquares)*popCount(ourPawns&darkSquares)+
			popCount(bishops&^darkSquares)*popCount(ourPawns&^darkSquares))
		s += e.term(p, c, pBishopPair, nonEmpty(bishops&darkSquares)&nonEmpty(bishops&^darkSquares))
		// Rooks on files without pawns (open) or without own pawns only
		// (half-open): the pawn entry's file sets spread over all ranks.
		open := e.pe.open[c] & e.pe.open[them]
		s += e.term(p, c, pRookOpen, popCount(rooks&(fileA*bb(open))))
		s += e.term(p, c, pRookSemiOpen, popCount(rooks&(fileA*bb(e.pe.open[c]&^open))))
		// A rook on the 7th counts when the enemy king is on the 8th or enemy
		// pawns are on the 7th (both relative to c).
		seventh := relRank7[c]
		s += e.term(p, c, pRookSeventh, popCount(rooks&seventh)*
			nonEmpty(pos.Pieces(them, board.King)&relRank8[c]|pos.Pieces(them, board.Pawn)&seventh))
	}

	// The attack maps and king-attack counts are kept in locals while the
	// pieces are visited and stored once at the end: as fields of e (indexed
	// by c) each piece loaded and stored every one of them again. The loops
	// carry few values, since Go's js/wasm code has 16 registers and stores
	// and reloads the rest in the stack frame at every turn: each type's
	// loop gathers only its own attacks (by) and the squares two of its
	// pieces attack (by2), merged into attacked and attacked2 after it, and
	// the king-attack count and units share one word (king).
	occ := pos.Occupied()
	zone, area := e.kingZone[them], e.mobArea[c]
	attacked, attacked2 := e.attacked[c], e.attacked2[c]
	var by, by2 bb // the attacks of the pieces of the type being visited
	var king int   // attackers of the enemy king zone in bits 0-7, their units above
	// attack adds att, the attacks of one piece with king-attack units w,
	// to by, by2 and king and returns its mobility (attacked squares in the
	// mobility area).
	attack := func(att bb, w int) int {
		by2 |= by & att
		by |= att
		// hits is 1 when att reaches the enemy king zone (no branch: see above).
		z := uint64(att & zone)
		hits := int((z | -z) >> 63)
		king += hits*(1+w<<8) + bits.OnesCount64(z)/2<<8
		return bits.OnesCount64(uint64(att & area))
	}
	// merge adds the visited type's attacks to attacked and attacked2, sets
	// its attack map and starts by and by2 afresh for the next type.
	merge := func(pt board.PieceType) {
		attacked2 |= by2 | attacked&by
		attacked |= by
		e.attackBy[c][pt] = by
		by, by2 = 0, 0
	}

	for b := knights; b != 0; {
		sq := b.PopLSB()
		s += e.term(p, c, pKnightMob+attack(board.KnightAttacks(sq), knightAttackUnits), 1)
	}
	merge(board.Knight)
	allPawns := pos.ByType(board.Pawn)
	for b := bishops; b != 0; {
		sq := b.PopLSB()
		s += e.term(p, c, pBishopMob+attack(board.BishopAttacks(sq, occ), bishopAttackUnits), 1)
		// 1 when at least two centre squares are seen through the pawns.
		n := bits.OnesCount64(uint64(board.BishopAttacks(sq, allPawns) & centre))
		s += e.term(p, c, pBishopLongDiag, int(uint(1-n)>>(bits.UintSize-1)))
	}
	merge(board.Bishop)
	for b := rooks; b != 0; {
		sq := b.PopLSB()
		s += e.term(p, c, pRookMob+attack(board.RookAttacks(sq, occ), rookAttackUnits), 1)
	}
	merge(board.Rook)
	for b := pos.Pieces(c, board.Queen); b != 0; {
		sq := b.PopLSB()
		s += e.term(p, c, pQueenMob+attack(board.QueenAttacks(sq, occ), queenAttackUnits), 1)
	}
	merge(board.Queen)
	e.attacked[c], e.attacked2[c] = attacked, attacked2
	e.kingAtt[c], e.kingUnits[c] = king&0xFF, king>>8
	e.acc[c] += s
}

// relRank7 and relRank8 hold each colour's 7th and 8th rank.
var (
	relRank7 = [2]bb{rank1 << 48, rank1 << 8}
	relRank8 = [2]bb{rank8, rank1}
)

// popCount returns the number of squares in b.
func popCount(b bb) int { return bits.OnesCount64(uint64(b)) }

// evalThreats scores c's attacks on enemy pieces: by pawns, by minors and by
// rooks (per attacked type), and pieces left hanging. Every term is added
// with its count, zero included, rather than behind an 'if n != 0': the sum
// is the same, and Go's wasm code pays a jump through the function's
// dispatch table for each branch taken.
//
// It is compiled once per colour, like evalPieces. One call scoring both
// colours in a loop cost the js/wasm build more than the second call saves:
// with c a variable, each e.field[c] and pos.Pieces(them, …) took address
// arithmetic and a bounds check (wasm: evalThreats 456 -> 368 instructions
// per search node for the two copies, make wasm-icount, depth 7).
//
// It is go:nosplit (see evalPieces).
//
//go:nosplit
func evalThreats[M traceMode, S side](e *evaluator[M], pos *board.Position, p *Params) {
	c := sideColor[S]()
	var s board.Score // c's terms, added to acc[c] once at the end
	them := c.Other()
	nonPawn := pos.ByColor(them) &^ pos.Pieces(them, board.Pawn) &^ pos.Pieces(them, board.King)
	pawnAtt := e.attackBy[c][board.Pawn]
	minorAtt := e.attackBy[c][board.Knight] | e.attackBy[c][board.Bishop]
	rookAtt := e.attackBy[c][board.Rook]
	// Pawns count as minor or rook targets only when undefended.
	pawns := pos.Pieces(them, board.Pawn) &^ e.attacked[them]
	s += e.term(p, c, pThreatByMinor, bits.OnesCount64(uint64(pawns&minorAtt)))
	s += e.term(p, c, pThreatByRook, bits.OnesCount64(uint64(pawns&rookAtt)))
	// Written out per attacked type rather than looped over: with the type
	// a constant, each weight's index is one too, which spares the index
	// arithmetic and two bounds checks per term (in the js/wasm build the
	// loop cost 166 instructions per type, make wasm-icount).
	knights, bishops := pos.Pieces(them, board.Knight), pos.Pieces(them, board.Bishop)
	rooks, queens := pos.Pieces(them, board.Rook), pos.Pieces(them, board.Queen)
	s += e.term(p, c, pThreatByPawn+int(board.Knight)-1, popCount(knights&pawnAtt))
	s += e.term(p, c, pThreatByMinor+int(board.Knight)-1, popCount(knights&minorAtt))
	s += e.term(p, c, pThreatByRook+int(board.Knight)-1, popCount(knights&rookAtt))
	s += e.term(p, c, pThreatByPawn+int(board.Bishop)-1, popCount(bishops&pawnAtt))
	s += e.term(p, c, pThreatByMinor+int(board.Bishop)-1, popCount(bishops&minorAtt))
	s += e.term(p, c, pThreatByRook+int(board.Bishop)-1, popCount(bishops&rookAtt))
	s += e.term(p, c, pThreatByPawn+int(board.Rook)-1, popCount(rooks&pawnAtt))
	s += e.term(p, c, pThreatByMinor+int(board.Rook)-1, popCount(rooks&minorAtt))
	s += e.term(p, c, pThreatByRook+int(board.Rook)-1, popCount(rooks&rookAtt))
	s += e.term(p, c, pThreatByPawn+int(board.Queen)-1, popCount(queens&pawnAtt))
	s += e.term(p, c, pThreatByMinor+int(board.Queen)-1, popCount(queens&minorAtt))
	s += e.term(p, c, pThreatByRook+int(board.Queen)-1, popCount(queens&rookAtt))
	s += e.term(p, c, pHanging, bits.OnesCount64(uint64(nonPawn&e.attacked[c]&^e.attacked[them])))
	e.acc[c] += s
}
