package search

import (
	"sync/atomic"

	"github.com/azurite-chess/azurite/engine/board"
	"github.com/azurite-chess/azurite/engine/eval"
)

// thread is one search worker: its own position copy, evaluator, move
// ordering statistics and per-ply stack, sharing only the transposition
// table and the stop flag with the others.
type thread struct {
	s    *Searcher
	id   int
	pos  *board.Position
	eval *eval.Static // the static evaluation (Options.Eval), made at the first search
	tt   *ttTable
	feat features

	hist  history
	stack [MaxPly + 4]frame
	pv    [MaxPly + 1][MaxPly + 1]board.Move
	pvLen [MaxPly + 1]int

	// nodes is owned by the thread; published copies it for other readers
	// at each of its check points (at most nodeCheckInterval nodes apart).
	nodes     uint64
	published atomic.Uint64
	nodeLimit uint64 // exact per-thread node limit (single-thread searches)
	// nextCheck is the node count at which the thread next publishes its
	// count and, on thread 0, checks the limits.
	nextCheck uint64
	// tickAt is the smaller of nextCheck and a set nodeLimit: the one count
	// tick compares with (setTickAt).
	tickAt uint64

	seldepth  int
	nmpMinPly int  // null move is disabled below this ply (verification search)
	noNull    bool // no null-move pruning at all: a `go mate` search must not trust it (zugzwang)

	root      [board.MaxMoves]rootMove
	nRoot     int
	pvIdx     int
	rootDepth int

	// Results of the last completed iteration.
	completedDepth int
}

// frame is the search state of one ply.
type frame struct {
	pick       picker
	staticEval int
	move       board.Move // move played from this ply (NoMove for a null move)
	cont       pieceTo    // continuation key of move
	quiets     [64]board.Move
	captures   [32]board.Move
}

// rootMove is one legal root move with its latest score and PV.
type rootMove struct {
	move      board.Move
	score     int
	prevScore int
	bound     Bound
	seldepth  int
	pv        [MaxPly + 1]board.Move
	pvLen     int
}

// features switches heuristics off for the ablation benchmark; the zero
// value is the real engine.
type features struct {
	noTT     bool // no transposition table probes or stores
	noMVVLVA bool // captures in generation order, no SEE split
	noID     bool // search the target depth directly
	noPrune  bool // no selectivity at all (null move, futility, LMR, LMP, …)
}

func newThread(s *Searcher, id int) *thread {
	t := &thread{s: s, id: id, tt: s.tt}
	return t
}

// evaluate returns the static evaluation, clamped inside the non-mate range.
// eval is a concrete type, so its Evaluate inlines here down to the net's or
// the hand-written evaluation's: in Go's wasm code every call level costs
// its argument stores, return check and the caller's register reloads.
func (t *thread) evaluate() int {
	return clampEval(t.eval.Evaluate(t.pos))
}

// clampEval keeps a static evaluation inside the non-mate range.
func clampEval(v int) int {
	return min(max(v, -maxEval), maxEval)
}

// node counts a node and, at the thread's next check point, publishes the
// count and (thread 0) checks the limits. It reports whether the search
// must stop now. negamax and qsearch spell it out (tick, checkpoint, then
// the stop flag) so that only the rare part is a call: node itself is over
// the inliner's budget, and in Go's wasm code a call per node costs its
// return check and the caller's register reloads.
func (t *thread) node() bool {
	if t.tick() {
		t.checkpoint()
	}
	return t.s.stop.Load()
}

// tick counts a node and reports whether checkpoint is due: at the next
// check point or at the node limit.
//
// One comparison with tickAt rather than one with each of nextCheck and
// nodeLimit: in Go's js/wasm code the second test of an || is reached by a
// jump (through the function's br_table dispatch) at every node.
func (t *thread) tick() bool {
	t.nodes++
	return t.nodes >= t.tickAt
}

// setTickAt sets tickAt from nextCheck and nodeLimit (0: no limit).
func (t *thread) setTickAt() {
	t.tickAt = t.nextCheck
	if t.nodeLimit != 0 && t.nodeLimit < t.tickAt {
		t.tickAt = t.nodeLimit
	}
}

// checkpoint does node's work at a check point or at the node limit.
func (t *thread) checkpoint() {
	if t.nodeLimit != 0 && t.nodes >= t.nodeLimit {
		t.s.stop.Store(true)
	}
	if t.nodes >= t.nextCheck {
		t.published.Store(t.nodes)
		if t.id == 0 {
			t.nextCheck = t.nodes + t.s.check(t.nodes)
		} else {
			t.nextCheck = t.nodes + nodeCheckInterval
		}
	}
	t.setTickAt()
}

// updatePV sets the PV of ply to m followed by the PV of ply+1.
func (t *thread) updatePV(ply int, m board.Move) {
	t.pv[ply][ply] = m
	n := t.pvLen[ply+1]
	copy(t.pv[ply][ply+1:n], t.pv[ply+1][ply+1:n])
	if n < ply+1 {
		n = ply + 1
	}
	t.pvLen[ply] = n
}

// hasNonPawnMaterial reports whether the side to move has a piece besides
// pawns and king: null-move pruning is unsafe without one (zugzwang).
func hasNonPawnMaterial(pos *board.Position) bool {
	c := pos.Side()
	return pos.ByColor(c)&^(pos.ByType(board.Pawn)|pos.ByType(board.King)) != 0
}
