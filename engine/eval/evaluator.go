package eval

import "github.com/azurite-chess/azurite/engine/board"

// active holds the weights every Evaluator uses; SetParams replaces it.
var active *Params

func init() { SetParams(Default()) }

// SetParams makes p the weights of every Evaluator and installs the matching
// material+piece-square table in the board package. It must not run while
// anything evaluates, and positions set up before the call keep their old
// incremental PSQ() until they are set up again (SetFEN): the tuner and tests
// call it before building positions.
func SetParams(p *Params) {
	cp := *p
	active = &cp
	board.SetPieceSquareTable(cp.pieceSquareTable())
}

// Current returns a copy of the weights in use.
func Current() *Params {
	cp := *active
	return &cp
}

// Evaluator evaluates positions. It owns a pawn hash table and scratch space,
// so each search thread needs its own; an Evaluator is not safe for concurrent use.
type Evaluator struct {
	evaluator[untraced]
}

// traceMode is the type argument that compiles the evaluation twice: with
// untraced, term only sums weights; with traced, it also counts each weight's
// uses in coef for TraceOf and Explain. The two are arrays of different
// lengths, so the compiler builds a separate copy of every method for each
// (Go shares generic code only between types of the same underlying type)
// and folds tracing(), a length, to a constant in each copy: the search's
// copy carries no trace code at all. Counting in every evaluation instead
// cost a load and a store per term: 850 of the js/wasm search's 13 854
// instructions per node (make wasm-icount, depth 7).
type traceMode interface{ ~[0]struct{} | ~[1]struct{} }

type (
	untraced [0]struct{} // the search's evaluation
	traced   [1]struct{} // the tuner's and Explain's, which fills coef
)

// side is the type argument that compiles a term function once per colour,
// the way traceMode compiles the evaluation twice: len of a value of the
// type is the colour, so in each copy c and c.Other() are constants, every
// e.field[c] is a fixed address and pos.Pieces(c, …) one load. With c an
// argument (or a loop over the colours) the js/wasm build did address
// arithmetic and a bounds check for each indexed field, and kept the
// computed pointers in the stack frame.
type side interface{ ~[0]struct{} | ~[1]struct{} }

type (
	whiteSide [0]struct{}
	blackSide [1]struct{}
)

// sideColor returns the colour S stands for, a constant where it inlines.
func sideColor[S side]() board.Color {
	var sd S
	return board.Color(len(sd))
}

// evaluator is an Evaluator that traces when M is traced.
type evaluator[M traceMode] struct {
	pawns    []pawnEntry // direct-mapped pawn hash table, a power of two in size
	pawnMask uint64
	tr       *trace // non-nil exactly when M is traced
	// coef counts each weight's uses per side while tracing (a tracer is
	// fresh, so they start at zero); untraced evaluators never touch it.
	coef [2][NumParams]int32

	// Per-evaluation scratch, indexed by colour.
	acc       [2]board.Score // each side's own total, from its point of view
	attacked  [2]bb          // squares attacked by any piece of the side
	attacked2 [2]bb          // squares attacked at least twice
	attackBy  [2][7]bb       // squares attacked by piece type (index = PieceType)
	kingZone  [2]bb          // the king's square, its neighbours and a rank ahead
	kingUnits [2]int         // danger units the side's pieces put on the enemy king
	kingAtt   [2]int         // number of the side's pieces attacking the enemy king zone
	mobArea   [2]bb
	pe        *pawnEntry
}

// tracing reports whether e records a trace: a constant in each compiled copy.
func (e *evaluator[M]) tracing() bool {
	var m M
	return len(m) != 0
}

// New returns an Evaluator with an empty pawn hash table.
func New() *Evaluator {
	return &Evaluator{evaluator[untraced]{pawns: make([]pawnEntry, pawnHashSize), pawnMask: pawnHashSize - 1}}
}

// newTracer returns an evaluator that records a trace; it needs no real pawn
// table because tracing always recomputes the pawn structure.
func newTracer() *evaluator[traced] {
	return &evaluator[traced]{pawns: make([]pawnEntry, 1), tr: &trace{}}
}

// Evaluate returns the static evaluation of pos in centipawns from the side to
// move's point of view. It never allocates.
func (e *Evaluator) Evaluate(pos *board.Position) int {
	v := e.evaluate(pos)
	if pos.Side() == board.Black {
		return -v
	}
	return v
}

// evaluate returns the evaluation from White's point of view.
func (e *evaluator[M]) evaluate(pos *board.Position) int {
	// With more than five men none of the special endgames applies; tested
	// here, the common case costs no call.
	if pos.Occupied().Count() <= 5 {
		if v, ok := e.specialEndgame(pos); ok {
			return v
		}
	}
	p := active
	e.acc[board.White], e.acc[board.Black] = pos.PSQ(), 0
	if e.tracing() {
		e.tracePSQ(pos)
	}
	// The pawn entry is looked up here and filled by a call only on a miss
	// (a quarter of the bench's evaluations): a call costs Go's wasm code
	// far more than the lookup.
	key := pos.PawnKey()
	pe := &e.pawns[key&e.pawnMask]
	if !pe.ok || pe.key != key || e.tracing() {
		e.fillPawns(pos, p, pe)
	}
	e.acc[board.White] += pe.score
	e.pe = pe

	// Seed the attack maps with pawn and king attacks and set up king zones
	// and mobility areas; evalPieces adds the pieces' attacks. Written here
	// rather than in a function of its own: the call cost the js/wasm build
	// more than the work (both colours are written out, no loop, no branch
	// on the colour; the pawns' double attacks come from the pawn entry).
	// evalPieces sets the other attackBy entries and kingAtt and kingUnits
	// outright, so they are not cleared here: clearing attackBy as a whole
	// was a memory.fill, which V8 runs out of line.
	wk, bk := pos.KingSquare(board.White), pos.KingSquare(board.Black)
	wka, bka := board.KingAttacks(wk), board.KingAttacks(bk)
	e.attackBy[board.White][board.Pawn], e.attackBy[board.White][board.King] = pe.attacks[board.White], wka
	e.attackBy[board.Black][board.Pawn], e.attackBy[board.Black][board.King] = pe.attacks[board.Black], bka
	e.attacked = [2]bb{pe.attacks[board.White] | wka, pe.attacks[board.Black] | bka}
	e.attacked2 = [2]bb{pe.attacks[board.White]&wka | pe.double[board.White], pe.attacks[board.Black]&bka | pe.double[board.Black]}
	// King zone: the king's square, its neighbours and a rank ahead of them.
	wz, bz := wka|board.SquareBB(wk), bka|board.SquareBB(bk)
	e.kingZone = [2]bb{wz | wz<<8, bz | bz>>8}
	// Mobility counts squares that are not blocked by own pawns or the own
	// king and not attacked by enemy pawns.
	e.mobArea = [2]bb{
		^(pos.Pieces(board.White, board.Pawn) | board.SquareBB(wk) | pe.attacks[board.Black]),
		^(pos.Pieces(board.Black, board.Pawn) | board.SquareBB(bk) | pe.attacks[board.White]),
	}

	// Both colours' pieces first (evalKing and evalThreats read the other
	// side's attack maps). Each term function is compiled per colour (see
	// side) and called once for each.
	evalPieces[M, whiteSide](e, pos, p)
	evalPieces[M, blackSide](e, pos, p)
	evalKing[M, whiteSide](e, pos, p)
	evalKing[M, blackSide](e, pos, p)
	if e.pe.passed[board.White] != 0 {
		evalPassed[M, whiteSide](e, pos, p)
	}
	if e.pe.passed[board.Black] != 0 {
		evalPassed[M, blackSide](e, pos, p)
	}
	evalThreats[M, whiteSide](e, pos, p)
	evalThreats[M, blackSide](e, pos, p)
	e.add(p, pos.Side(), pTempo, 1)

	s := e.acc[board.White] - e.acc[board.Black]
	ph := phase(pos)
	// Only a side with no pawns or exactly one bishop can be scaled (see
	// scale), so the common case costs no call.
	sc := scaleNormal
	strong := board.Color(uint32(s.Eg()) >> 31) // the side the endgame half favours: Black when it is negative
	if pos.Pieces(strong, board.Pawn) == 0 || popCount(pos.Pieces(strong, board.Bishop)) == 1 {
		sc = e.scale(pos, strong)
	}
	if e.tracing() {
		e.tr.phase, e.tr.scale = ph, sc
	}
	return taper(s, ph, sc)
}

// taper blends the middlegame and endgame halves of s by the game phase
// (TotalPhase = all middlegame) and scales the endgame half by sc/scaleNormal.
//
// The blend fits 32 bits (each half is an int16, times at most TotalPhase
// and scaleNormal/scaleNormal), and it is divided as an int32: Go divides an
// int64 by a constant with a 128-bit multiply, which js/wasm has no
// instruction for (about 25 instructions of software), while the 32-bit
// division's multiply fits one 64-bit instruction.
func taper(s board.Score, ph, sc int) int {
	return int(int32(s.Mg()*ph+s.Eg()*(board.TotalPhase-ph)*sc/scaleNormal) / board.TotalPhase)
}

// phase returns the position's game phase clamped to 0..TotalPhase (early
// promotions can push the raw count above a full board's).
func phase(pos *board.Position) int {
	return min(max(pos.Phase(), 0), board.TotalPhase)
}

// add credits side c with n times weight i.
func (e *evaluator[M]) add(p *Params, c board.Color, i, n int) {
	e.acc[c] += e.term(p, c, i, n)
}

// term counts n uses of weight i by side c (while tracing) and returns their value, for the
// hot term functions, which sum their terms in a local and add the total to
// acc[c] once: the local stays in a register, while acc[c] in memory was
// loaded and stored again for every term (about 10 of a term's 27 wasm
// instructions).
func (e *evaluator[M]) term(p *Params, c board.Color, i, n int) board.Score {
	if e.tracing() {
		e.coef[c][i] += int32(n)
	}
	return p.V[i] * board.Score(n)
}
