package eval

import (
	"math/bits"

	"github.com/azurite-chess/azurite/engine/board"
)

// King safety: the danger the enemy pieces put on c's king zone (attackers,
// attacked zone squares, safe checks), plus the pawn shelter in front of the
// king and the enemy pawns storming it, and open files next to it; and the
// king's activity: its distance to the nearest pawn.

// The king-danger units added when the enemy has a safe check with a piece
// of each type. Constants rather than a table indexed by constants: the
// js/wasm build loaded each entry from memory and kept it in the stack frame.
const (
	knightCheckUnits = 3
	bishopCheckUnits = 2
	rookCheckUnits   = 3
	queenCheckUnits  = 3
)

// evalKing scores the safety of c's king and its distance to the pawns
// (compiled per colour, see side).
//
// It is go:nosplit (see evalPieces).
//
//go:nosplit
func evalKing[M traceMode, S side](e *evaluator[M], pos *board.Position, p *Params) {
	c := sideColor[S]()
	var s board.Score // c's terms, added to acc[c] once at the end
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
		units += knightCheckUnits * nonEmpty(board.KnightAttacks(ksq)&e.attackBy[them][board.Knight]&safe)
		units += bishopCheckUnits * nonEmpty(bishopLines&e.attackBy[them][board.Bishop]&safe)
		units += rookCheckUnits * nonEmpty(rookLines&e.attackBy[them][board.Rook]&safe)
		units += queenCheckUnits * nonEmpty((bishopLines|rookLines)&e.attackBy[them][board.Queen]&safe)
		// Undefended zone squares under attack.
		weak := e.kingZone[c] & e.attacked[them] &^ e.attacked2[c] &^ e.attackBy[c][board.Pawn]
		units += bits.OnesCount64(uint64(weak)) / 2
		// Halved without the enemy queen (units >= 0, so a shift; no branch).
		units >>= 1 - nonEmpty(pos.Pieces(them, board.Queen))
	}
	// units is never negative; with none, this adds weight 0 zero times.
	s += e.term(p, c, pKingDanger+min(units, kingDangerSize-1), nonEmpty(bb(units)))

	// The rest depends only on the pawns and the king's square, so the
	// pawn entry keeps it per side for the last two king squares seen
	// (most recent first): the shelter loop was a third of the
	// evaluation's king work. With one square per side there were 0.29
	// misses per search node in the bench, with two 0.23 (most of the
	// rest are new pawn entries; make wasm-icount, depth 7).
	ks, kp := &e.pe.kingSq[c], &e.pe.kingPawn[c]
	// Slot 0 or 1 picked with a select rather than a switch (a jump
	// through the dispatch table in Go's wasm code); the two slots never
	// hold the same real square.
	v := kp[1]
	if ks[0] == ksq {
		v = kp[0]
	}
	if ks[0] != ksq && ks[1] != ksq || e.tracing() {
		v = kingPawnTerms[M, S](e, pos, p, ksq)
		ks[1], kp[1] = ks[0], kp[0]
		ks[0], kp[0] = ksq, v
	}
	s += v
	e.acc[c] += s
}

// kingPawnTerms returns c's king terms that depend only on the pawns and
// the king's square ksq: the distance to the nearest pawn, the shelter and
// storm, and the open files next to the king (compiled per colour, see side).
//
// It is go:nosplit (see evalPieces).
//
//go:nosplit
func kingPawnTerms[M traceMode, S side](e *evaluator[M], pos *board.Position, p *Params, ksq board.Square) board.Score {
	c := sideColor[S]()
	var s board.Score
	them := c.Other()
	// King activity: distance to the nearest pawn (mostly an endgame weight).
	// Growing rings from the king, not a scan of every pawn: in Go's wasm
	// build each loop turn is a jump through the dispatch table, and the
	// nearest pawn is usually one or two squares away.
	if pawns := pos.ByType(board.Pawn); pawns != 0 {
		d := 1
		for d < 7 && pawns&within[ksq][d] == 0 {
			d++
		}
		s += e.term(p, c, pKingPawnDist+d, 1)
	}

	// Shelter and storm on the king's file and its neighbours (b-d for a king
	// on the a-file, e-g for one on the h-file).
	ours := pos.Pieces(c, board.Pawn)
	theirs := pos.Pieces(them, board.Pawn)
	kf := min(max(ksq.File(), 1), 6)
	krr := ksq.RelativeRank(c)
	front := forwardRanks[c][ksq.Rank()] | rank1<<(8*ksq.Rank())
	// Without branches (see evalPieces): a missing pawn gives a garbage rank
	// that is masked into range and then multiplied or counted away.
	for f := kf - 1; f <= kf+1; f++ {
		ourFile := ours & fileMask[f] & front
		theirFile := theirs & fileMask[f] & front
		// idx: the shield pawn's distance ahead of the king minus one when
		// it is 1..3 ranks ahead, else 3 (no shield pawn, or too far ahead).
		x := uint64(nearest(c, ourFile).RelativeRank(c) - krr - 1)
		near := int((x - 3) &^ x >> 63 & uint64(nonEmpty(ourFile))) // x < 3 and a pawn
		s += e.term(p, c, pShield+3+near*(int(x&3)-3), 1)
		s += e.term(p, c, pStorm+nearest(c, theirFile).RelativeRank(c)&7, nonEmpty(theirFile))
	}
	// Open files (no pawns) and half-open ones (only enemy pawns) among the
	// three, counted at once from the pawn entry's file sets.
	files := uint64(7) << (kf - 1)
	noOurs, noTheirs := uint64(e.pe.open[c]), uint64(e.pe.open[them])
	s += e.term(p, c, pKingOpen, bits.OnesCount64(noOurs&noTheirs&files))
	s += e.term(p, c, pKingSemiOpen, bits.OnesCount64(noOurs&^noTheirs&files))
	return s
}

// nearest returns the square of b closest to c's back rank; for an empty b
// it returns a meaningless square. It picks the lowest or the highest bit
// with a mask rather than a branch.
func nearest(c board.Color, b bb) board.Square {
	lo := bits.TrailingZeros64(uint64(b))
	hi := 63 - bits.LeadingZeros64(uint64(b))
	return board.Square(lo ^ (lo^hi)&-int(c&1))
}

// nonEmpty returns 1 if b has a square, 0 if not.
func nonEmpty(b bb) int {
	z := uint64(b)
	return int((z | -z) >> 63)
}
