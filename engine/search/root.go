package search

import (
	"time"

	"github.com/azurite-chess/azurite/engine/board"
	"github.com/azurite-chess/azurite/engine/eval"
)

// Aspiration windows: from this depth the search starts with a window of
// ±aspirationDelta around the previous iteration's score and widens it by
// half on every failure.
const (
	aspirationMinDepth = 4
	aspirationDelta    = 15
)

// setup prepares t for a search of pos: position copy, counters and the
// ordered list of legal root moves (restricted to limits.SearchMoves).
func (t *thread) setup(pos *board.Position, l *Limits) {
	s := t.s
	if t.pos == nil {
		t.pos = pos.Copy()
	} else {
		t.pos.CopyFrom(pos)
	}
	if t.eval == nil {
		t.eval = eval.NewStatic(s.opts.Eval.net())
	}
	t.feat = s.feat
	t.tt = s.tt
	t.nodes = 0
	t.published.Store(0)
	t.nodeLimit = 0
	// The first check comes early, so a budget of a millisecond is kept even
	// at wasm speed; from then on the measured node rate sets the distance.
	t.nextCheck = firstCheckNodes
	if len(s.threads) == 1 {
		t.nodeLimit = l.Nodes
	}
	t.setTickAt()
	t.seldepth = 0
	t.nmpMinPly = 0
	t.noNull = l.Mate > 0
	t.completedDepth = 0
	t.pvIdx = 0
	for i := range t.stack {
		t.stack[i].staticEval = noEval
		t.stack[i].move = board.NoMove
		t.stack[i].cont = pieceTo{}
	}

	// Root moves, ordered: TT move, good captures by MVV-LVA, quiets by
	// history, losing captures.
	list := &t.stack[0].pick.noisy
	list.N = 0
	t.pos.GenerateAll(list)
	ttMove := board.NoMove
	if !t.feat.noTT {
		if h, ok := t.tt.probe(t.pos.Key()); ok {
			ttMove = unpackMove(t.pos, h.move())
		}
	}
	t.nRoot = 0
	for _, m := range list.Slice() {
		if len(l.SearchMoves) > 0 && !containsMove(l.SearchMoves, m) {
			continue
		}
		t.addRoot(m, ttMove)
	}
	if t.nRoot == 0 { // no searchmoves legal here: search everything
		for _, m := range list.Slice() {
			t.addRoot(m, ttMove)
		}
	}
	sortRoot(t.root[:t.nRoot])
	for i := 0; i < t.nRoot; i++ {
		t.root[i].score, t.root[i].prevScore = -infinity, -infinity
	}
}

func (t *thread) addRoot(m, ttMove board.Move) {
	rm := &t.root[t.nRoot]
	t.nRoot++
	*rm = rootMove{move: m, pvLen: 1, bound: BoundUpper}
	rm.pv[0] = m
	switch {
	case m == ttMove:
		rm.score = 1 << 24
	case m.IsNoisy() && seeGE(t.pos, m, 0):
		rm.score = 1<<20 + int(mvvLva(m))
	case m.IsNoisy():
		rm.score = -1<<20 + int(mvvLva(m))
	default:
		rm.score = t.hist.quietScore(t.pos.Side(), m, pieceTo{}, pieceTo{})
	}
}

func containsMove(ms []board.Move, m board.Move) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}

// sortRoot orders root moves by score, best first, keeping the previous
// order among equal scores (insertion sort: stable, allocation-free, and the
// list is nearly sorted after the first iteration).
func sortRoot(rms []rootMove) {
	for i := 1; i < len(rms); i++ {
		if rms[i].score <= rms[i-1].score {
			continue
		}
		x := rms[i]
		j := i
		for j > 0 && rms[j-1].score < x.score {
			rms[j] = rms[j-1]
			j--
		}
		rms[j] = x
	}
}

// iterate is the iterative-deepening loop of one thread. Thread 0 reports
// and manages time; helpers skip some depths so the threads spread out.
func (t *thread) iterate() {
	s := t.s
	l := &s.limits
	maxDepth := MaxPly - 8
	if l.Depth > 0 && l.Depth < maxDepth {
		maxDepth = l.Depth
	}
	multiPV := s.opts.MultiPV
	if multiPV > t.nRoot {
		multiPV = t.nRoot
	}
	main := t.id == 0
	timed := main && !l.Infinite && s.hard > 0
	stable := 0
	lastBest := board.NoMove
	lastScore := 0

	start := 1
	if t.feat.noID {
		start = maxDepth
	}
	for d := start; d <= maxDepth; d++ {
		// Helpers search every other depth, offset by their id, so that they
		// run ahead of the main thread and fill the table for it.
		if !main && d > 1 && d < maxDepth && (d+t.id)%2 == 0 {
			continue
		}
		t.rootDepth = d
		for i := 0; i < t.nRoot; i++ {
			t.root[i].prevScore = t.root[i].score
		}
		for t.pvIdx = 0; t.pvIdx < multiPV; t.pvIdx++ {
			t.seldepth = 0
			t.aspiration(d)
			sortRoot(t.root[:t.pvIdx+1])
			if s.stop.Load() {
				break
			}
		}
		if s.stop.Load() {
			if main && t.root[0].move != lastBest && d > 1 {
				// The best move changed in the unfinished iteration: report
				// the line that bestmove will come from.
				t.report(d, 1)
			}
			break
		}
		t.completedDepth = d
		if !main {
			continue
		}
		for k := 1; k <= multiPV; k++ {
			t.report(d, k)
		}
		best := &t.root[0]
		// Limits checked between iterations.
		if l.Mate > 0 && best.score >= mateValue-(2*l.Mate-1) {
			break
		}
		if l.SoftNodes > 0 && s.totalNodes() >= l.SoftNodes {
			break
		}
		if (timed || l.Depth > 0 || l.Nodes > 0 || l.SoftNodes > 0) && l.Mate == 0 {
			// A proven mate does not need deeper iterations. Not under
			// Limits.Mate: a mate longer than asked for is no answer, and a
			// shorter one that pruning hid may appear deeper (1k6/7R/2K5/…,
			// mate in 3, first seen as a mate in 4).
			if best.score >= mateInMaxPly && d >= mateValue-best.score+4 && !s.pondering {
				break
			}
		}
		if timed && !s.pondering {
			if t.nRoot == 1 {
				break
			}
			if best.move == lastBest {
				stable++
			} else {
				stable = 0
			}
			drop := 0
			if d > 1 {
				drop = lastScore - best.score
			}
			if softStop(s.elapsed()-s.ponderHitAt, s.soft, stable, drop) {
				break
			}
		}
		lastBest, lastScore = best.move, best.score
	}
	if main && !s.limits.Infinite && !s.pondering {
		s.stop.Store(true)
	}
}

// aspiration searches root line pvIdx at depth d, starting with a narrow
// window around the previous score and widening it until the score is
// inside.
func (t *thread) aspiration(d int) {
	s := t.s
	alpha, beta := -infinity, infinity
	delta := aspirationDelta
	prev := t.root[t.pvIdx].prevScore
	if d >= aspirationMinDepth && prev > -mateInMaxPly && prev < mateInMaxPly {
		alpha, beta = max(prev-delta, -infinity), min(prev+delta, infinity)
	}
	for {
		v := t.searchRoot(alpha, beta, d)
		sortRoot(t.root[t.pvIdx:t.nRoot])
		if s.stop.Load() {
			return
		}
		switch {
		case v <= alpha:
			beta = (alpha + beta) / 2
			alpha = max(v-delta, -infinity)
		case v >= beta:
			beta = min(v+delta, infinity)
		default:
			return
		}
		if t.id == 0 && s.elapsed() >= s.opts.CurrMoveDelay {
			t.report(d, t.pvIdx+1)
		}
		delta += delta / 2
	}
}

// searchRoot searches the root moves from pvIdx on with window (alpha, beta)
// and records each move's score and PV. Moves that do not raise alpha get
// -infinity, so a stable sort keeps them in their previous order.
func (t *thread) searchRoot(alpha, beta, depth int) int {
	s := t.s
	pos := t.pos
	t.pvLen[0] = 0
	if t.node() {
		return 0
	}
	inCheck := pos.InCheck()
	if inCheck {
		depth++
	}
	best := -infinity
	origAlpha := alpha
	for i := t.pvIdx; i < t.nRoot; i++ {
		rm := &t.root[i]
		m := rm.move
		n := i - t.pvIdx + 1
		if t.id == 0 && s.onInfo != nil {
			if el := s.elapsed(); el >= s.opts.CurrMoveDelay {
				s.onInfo(Info{Kind: InfoCurrMove, Depth: depth, CurrMove: m, CurrMoveNumber: n + t.pvIdx,
					Nodes: s.totalNodes(), Time: el})
			}
		}
		quiet := !m.IsNoisy()
		givesCheck := pos.GivesCheck(m)
		pos.MakeMove(m)
		t.stack[0].move, t.stack[0].cont = m, keyOf(m)
		newDepth := depth - 1
		var v int
		if n == 1 {
			v = -t.negamax(-beta, -alpha, newDepth, 1, false)
		} else {
			r := 0
			if depth >= 3 && n > 3 && quiet && !givesCheck && !inCheck && !t.feat.noPrune {
				r = int(lmrTable[min(depth, MaxPly)][min(n, board.MaxMoves-1)]) - 1
				r = max(0, min(r, newDepth-1))
			}
			v = -t.negamax(-alpha-1, -alpha, newDepth-r, 1, true)
			if v > alpha && r > 0 {
				v = -t.negamax(-alpha-1, -alpha, newDepth, 1, true)
			}
			if v > alpha && v < beta {
				v = -t.negamax(-beta, -alpha, newDepth, 1, false)
			}
		}
		pos.UnmakeMove()
		if s.stop.Load() {
			return 0
		}
		if n == 1 || v > alpha {
			rm.score = v
			rm.seldepth = t.seldepth
			rm.bound = BoundExact
			if v >= beta {
				rm.bound = BoundLower
			} else if v <= origAlpha {
				rm.bound = BoundUpper
			}
			rm.pv[0] = m
			k := 1
			for j := 1; j < t.pvLen[1] && k < len(rm.pv); j++ {
				rm.pv[k] = t.pv[1][j]
				k++
			}
			rm.pvLen = k
		} else {
			rm.score = -infinity
		}
		if v > best {
			best = v
			if v > alpha {
				alpha = v
				if v >= beta {
					break
				}
			}
		}
	}
	return best
}

// report sends the InfoPV line of MultiPV line k (1-based) at depth d.
func (t *thread) report(d, k int) {
	s := t.s
	if s.onInfo == nil {
		return
	}
	rm := &t.root[k-1]
	v, b := rm.score, rm.bound
	if v == -infinity { // not searched in this iteration
		v, b = rm.prevScore, BoundExact
		if v == -infinity {
			return
		}
	}
	el := s.elapsed()
	nodes := s.totalNodes()
	nps := uint64(0)
	if ms := el.Milliseconds(); ms > 0 {
		nps = nodes * 1000 / uint64(ms)
	}
	s.onInfo(Info{
		Kind:     InfoPV,
		Depth:    d,
		SelDepth: max(rm.seldepth, d),
		MultiPV:  k,
		Score:    makeScore(v, b),
		Nodes:    nodes,
		NPS:      nps,
		HashFull: t.tt.hashfull(),
		Time:     el,
		PV:       rm.pv[:drawCut(t.pos, rm.pv[:rm.pvLen])],
	})
}

// drawCut returns how many moves of pv, a line from pos, to report: all of
// them, or those up to and including the first after which the position is a
// draw by the search's own rules (a repetition, the fifty-move rule,
// insufficient material). The search scores such a position as a draw without
// searching on, but a line that reached it through the quiescence search
// (which tests no repetitions) can run past it, and a match runner rejects a
// PV that continues after a threefold repetition. pos is left as it was.
func drawCut(pos *board.Position, pv []board.Move) int {
	n := len(pv)
	for i, m := range pv {
		pos.MakeMove(m)
		if drawnAt(pos, i+1) {
			n = i + 1
			break
		}
	}
	for range n {
		pos.UnmakeMove()
	}
	return n
}

// drawsAfter reports whether the root move m reaches a draw by the search's
// own rules. pos is left as it was.
func drawsAfter(pos *board.Position, m board.Move) bool {
	pos.MakeMove(m)
	defer pos.UnmakeMove()
	return drawnAt(pos, 1)
}

// drawnAt reports whether pos, searchPly plies from the root, is a draw by the
// search's own rules: a repetition (IsRepetition's reading of searchPly), the
// fifty-move rule or insufficient material. negamax tests the same three
// inline: drawnAt is over Go's inlining budget, and negamax runs at every node.
func drawnAt(pos *board.Position, searchPly int) bool {
	return pos.IsRepetition(searchPly) || pos.IsFiftyMoveDraw() || pos.IsInsufficientMaterial()
}

var _ = time.Second
