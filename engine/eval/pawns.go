package eval

import (
	"math/bits"

	"github.com/azurite-chess/azurite/engine/board"
)

// Pawn structure depends only on the pawns, so its score and the bitboards the
// rest of the evaluation needs are cached per pawn key. The table is
// direct-mapped and always replaces.

const pawnHashSize = 1 << 13

type pawnEntry struct {
	key     uint64
	ok      bool        // the entry holds data (a zero key is a real key: no pawns)
	score   board.Score // White's pawn-structure score minus Black's
	passed  [2]bb       // passed pawns by colour
	attacks [2]bb       // squares attacked by the colour's pawns
	double  [2]bb       // squares attacked by two of the colour's pawns
	spans   [2]bb       // squares the colour's pawns attack now or after advancing
	open    [2]uint8    // files (bit f) without pawns of the colour
	// kingPawn[c][i] is evalKing's pawn-only part (kingPawnTerms) for side
	// c's king on kingSq[c][i] (NoSquare: not computed yet for this
	// structure); slot 0 holds the square seen last.
	kingSq   [2][2]board.Square
	kingPawn [2][2]board.Score
}

// fillPawns evaluates the pawn structure of pos into ent, the entry for its
// pawn key, with its score (White's terms minus Black's); evaluate calls it
// on a miss, and always while tracing, so that the trace sees every term.
// It leaves acc as it found it.
func (e *evaluator[M]) fillPawns(pos *board.Position, p *Params, ent *pawnEntry) {
	before := e.acc
	ent.key, ent.ok = pos.PawnKey(), true
	ent.kingSq = [2][2]board.Square{{board.NoSquare, board.NoSquare}, {board.NoSquare, board.NoSquare}}
	for c := board.White; c <= board.Black; c++ {
		pawns := pos.Pieces(c, board.Pawn)
		ent.attacks[c] = pawnAttacksBB(c, pawns)
		ent.double[c] = pawnDoubleAttacks(c, pawns)
		ent.spans[c] = pawnAttacksBB(c, fillForward(c, pawns))
		ent.open[c] = ^fileSet(pawns)
		ent.passed[c] = 0
	}
	evalPawns[M, whiteSide](e, pos, p, ent)
	evalPawns[M, blackSide](e, pos, p, ent)
	ent.score = (e.acc[board.White] - before[board.White]) - (e.acc[board.Black] - before[board.Black])
	e.acc = before
}

// evalPawns scores c's pawn structure and records its passed pawns in ent
// (compiled per colour, see side).
//
// It is go:nosplit (see evalPieces).
//
//go:nosplit
func evalPawns[M traceMode, S side](e *evaluator[M], pos *board.Position, p *Params, ent *pawnEntry) {
	c := sideColor[S]()
	them := c.Other()
	ours := pos.Pieces(c, board.Pawn)
	theirs := pos.Pieces(them, board.Pawn)
	for b := ours; b != 0; {
		sq := b.PopLSB()
		f, rr := sq.File(), sq.RelativeRank(c)
		behindOrLevel := ^forwardRanks[c][sq.Rank()]

		neighbours := ours & adjFiles[f]
		supporters := ours & board.PawnAttacks(them, sq)
		phalanx := neighbours & (rank1 << (8 * sq.Rank()))
		opposed := forwardFile[c][sq]&theirs != 0
		stoppers := passedSpan[c][sq] & theirs
		ahead := forwardFile[c][sq]&ours != 0
		stop := sq + 8
		if c == board.Black {
			stop = sq - 8
		}

		if ahead {
			e.add(p, c, pDoubled, 1)
		}
		switch {
		case neighbours == 0:
			e.add(p, c, pIsolated, 1)
		case neighbours&behindOrLevel == 0 &&
			(board.PawnAttacks(c, stop)&theirs != 0 || theirs.Has(stop)):
			// No pawn can come alongside, and the advance is stopped by a pawn.
			e.add(p, c, pBackward, 1)
		}
		if supporters|phalanx != 0 {
			e.add(p, c, pConnected+rr, 1)
		}
		switch {
		case stoppers == 0 && !ahead:
			ent.passed[c] |= board.SquareBB(sq)
			e.add(p, c, pPassed+rr, 1)
		case !opposed && !ahead:
			// A candidate: the only stoppers are on adjacent files, and at
			// least as many own pawns can come to help force a passer.
			helpers := neighbours & behindOrLevel
			if bits.OnesCount64(uint64(helpers)) >= bits.OnesCount64(uint64(stoppers)) {
				e.add(p, c, pCandidate+rr, 1)
			}
		}
	}
}

// evalPassed scores the parts of c's passed pawns that depend on the
// pieces: a free stop square, a safe path to promotion and the kings'
// distances (compiled per colour, see side). evaluate calls it only for a
// side with a passed pawn.
//
// The terms are summed in a local and added with 0/1 counts rather than
// behind branches (see evalPieces): with e.add and two ifs per pawn, each
// term loaded and stored acc[c] and each taken branch was a jump through the
// function's dispatch table.
//
// It is go:nosplit (see evalPieces).
//
//go:nosplit
func evalPassed[M traceMode, S side](e *evaluator[M], pos *board.Position, p *Params) {
	occ := pos.Occupied()
	c := sideColor[S]()
	var s board.Score // c's terms, added to acc[c] once at the end
	them := c.Other()
	ourKing, theirKing := pos.KingSquare(c), pos.KingSquare(them)
	blockers := e.attacked[them] | pos.ByColor(them)
	for b := e.pe.passed[c]; b != 0; {
		sq := b.PopLSB()
		rr := sq.RelativeRank(c)
		stop := board.Square(int(sq) + 8 - 16*int(c)) // one square ahead from c's view
		s += e.term(p, c, pPassedFree+rr, 1-nonEmpty(occ&board.SquareBB(stop)))
		s += e.term(p, c, pPassedSafe+rr, 1-nonEmpty(forwardFile[c][sq]&blockers))
		s += e.term(p, c, pPassedOwnKing+rr, distance[ourKing][stop])
		s += e.term(p, c, pPassedEnemyKing+rr, distance[theirKing][stop])
	}
	e.acc[c] += s
}
