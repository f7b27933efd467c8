package search

import (
	"sync"
	"sync/atomic"
	"time"

	"github.com/azurite-chess/azurite/engine/board"
)

// Searcher runs searches: one at a time, each blocking in Search. Stop,
// PonderHit and Stopping may be called from any goroutine at any time; the
// setters (SetHashMB, SetThreads, SetMultiPV, SetMoveOverhead) and Clear only
// while no search runs.
type Searcher struct {
	opts    Options
	tt      *ttTable
	threads []*thread
	feat    features

	stop      stopFlag
	benchStop atomic.Bool // Stop was called during Bench (see bench.go)
	ponderHit atomic.Bool // PonderHit seen since the last Prepare/Search start
	prepared  atomic.Bool
	wake      chan struct{}
	helpers   sync.WaitGroup

	// now is the clock every time limit is measured with: time.Now, or a
	// fake one in tests (see time_test.go).
	now func() time.Time
	// armedAt is when Prepare ran: a prepared search counts its time from
	// there (the moment the front end accepted `go`), not from the later
	// start of the search goroutine.
	armedAt time.Time

	// Per-search state, written by Search before threads start.
	limits    Limits
	start     time.Time
	soft      time.Duration
	hard      time.Duration
	lastYield time.Duration
	onInfo    func(Info)
	// pondering is true while a ponder search has not seen PonderHit; owned
	// by the search goroutine, which notices PonderHit in check.
	pondering bool
	// ponderHitAt is the time since start when pondering ended; the clock
	// limits count from there.
	ponderHitAt time.Duration
	// lastCheckAt and lastCheckNodes are the time and thread-0 node count of
	// the previous limits check: their differences give the current wall
	// clock time per node, which sets the distance to the next check.
	lastCheckAt    time.Duration
	lastCheckNodes uint64
}

// New returns a Searcher with opts (zero fields take their defaults).
func New(opts Options) *Searcher {
	opts.fill()
	s := &Searcher{opts: opts, tt: newTT(opts.HashMB), wake: make(chan struct{}, 1), now: time.Now}
	s.ensureThreads()
	return s
}

func (s *Searcher) ensureThreads() {
	for len(s.threads) < s.opts.Threads {
		s.threads = append(s.threads, newThread(s, len(s.threads)))
	}
	s.threads = s.threads[:s.opts.Threads]
}

// Clear forgets everything learned: the transposition table and all move
// ordering statistics (UCI ucinewgame). Not during a search.
func (s *Searcher) Clear() { s.clear(nil) }

// clear is Clear; a non-nil yield is called while the table is cleared (see
// ttTable.clearYielding).
func (s *Searcher) clear(yield func()) {
	if yield != nil {
		s.tt.clearYielding(yield)
	} else {
		s.tt.clear()
	}
	for _, t := range s.threads {
		t.hist.clear()
	}
}

// Prepare arms the next Search: it clears any earlier Stop and PonderHit, and
// from now on Stop and PonderHit apply to that coming search even if they
// arrive before Search is entered. A front end that starts Search in a new
// goroutine calls Prepare first, synchronously, so a `stop` sent right
// after `go` cannot be lost. Without Prepare, Search clears both flags
// itself on entry (a Stop while idle then has no effect).
func (s *Searcher) Prepare() {
	s.armedAt = s.now()
	s.stop.Store(false)
	s.ponderHit.Store(false)
	s.drainWake()
	s.prepared.Store(true)
}

// Stop ends the running search as soon as possible: Search returns the best
// move found so far (within a few milliseconds natively). Safe from any
// goroutine, also while no search runs.
func (s *Searcher) Stop() {
	s.benchStop.Store(true)
	s.stop.Store(true)
	s.signal()
}

// Stopping reports whether the current search has been told to stop (by Stop
// or by one of its limits). It is a single atomic load, cheap enough for a
// Yield hook to poll.
func (s *Searcher) Stopping() bool { return s.stop.Load() }

// PonderHit turns a ponder search into a normal one: its clock limits start
// counting now. Safe from any goroutine; without a ponder search it has no
// effect.
func (s *Searcher) PonderHit() {
	s.ponderHit.Store(true)
	s.signal()
}

func (s *Searcher) signal() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

func (s *Searcher) drainWake() {
	for {
		select {
		case <-s.wake:
		default:
			return
		}
	}
}

// Search searches pos within limits and returns the best move. It blocks
// until a limit is reached or Stop is called; with Limits.Infinite or while
// pondering it returns only after Stop (or PonderHit when the ponder search
// has nothing left to do). onInfo, if not nil, is called from the search
// goroutine for every completed iteration (one call per MultiPV line) and,
// after Options.CurrMoveDelay, for root moves and aspiration bounds. pos is
// not modified.
func (s *Searcher) Search(pos *board.Position, limits Limits, onInfo func(Info)) Result {
	// A prepared search's clock started at Prepare: the time the goroutine
	// took to get here is already spent.
	s.start = s.armedAt
	if !s.prepared.Swap(false) {
		s.stop.Store(false)
		s.ponderHit.Store(false)
		s.drainWake()
		s.start = s.now()
	}
	s.limits = limits
	s.onInfo = onInfo
	s.lastYield = 0
	s.ponderHitAt = 0
	s.lastCheckAt, s.lastCheckNodes = 0, 0
	s.pondering = limits.Ponder
	s.soft, s.hard = allot(&limits, pos.Side() == board.White, s.opts.MoveOverhead)
	if !s.feat.noTT {
		s.tt.newSearch()
	}
	s.ensureThreads()

	for _, t := range s.threads {
		t.setup(pos, &limits)
	}
	main := s.threads[0]
	if main.nRoot == 0 {
		return s.noMoveResult(main)
	}

	helpers := s.startHelpers()
	main.iterate()
	s.waitForStop()
	s.stop.Store(true)
	helpers.Wait()
	return s.result(main)
}

// waitForStop blocks while an infinite or ponder search that has finished
// its work must still wait for the GUI.
func (s *Searcher) waitForStop() {
	for !s.stop.Load() && (s.limits.Infinite || s.pondering && !s.ponderHit.Load()) {
		if s.opts.Yield != nil {
			// Keep the browser event loop turning without spinning: wait
			// for Stop/PonderHit or a timer that signals wake. (time.After
			// would put a chan time.Time in an interface, which keeps
			// time.Time's String method and with it all of time's
			// formatting, about 45 KiB, in the wasm build.)
			s.opts.Yield()
			t := time.AfterFunc(s.opts.YieldInterval, s.signal)
			<-s.wake
			t.Stop()
			continue
		}
		<-s.wake
	}
}

// noMoveResult handles a root without legal moves: checkmate or stalemate.
func (s *Searcher) noMoveResult(t *thread) Result {
	v := drawScore
	if t.pos.InCheck() {
		v = matedIn(0)
	}
	sc := makeScore(v, BoundExact)
	if s.onInfo != nil {
		s.onInfo(Info{Kind: InfoPV, MultiPV: 1, Score: sc, Time: s.elapsed()})
	}
	s.waitForStop()
	return Result{BestMove: board.NoMove, PonderMove: board.NoMove, Score: sc, Time: s.elapsed()}
}

// result builds the Result from the main thread's ranked root moves.
func (s *Searcher) result(t *thread) Result {
	rm := &t.root[0]
	v, b := rm.score, rm.bound
	if v == -infinity {
		v, b = rm.prevScore, BoundExact
		if v == -infinity {
			v, b = 0, BoundUpper
		}
	}
	r := Result{
		BestMove: rm.move,
		Score:    makeScore(v, b),
		Depth:    t.completedDepth,
		Nodes:    s.totalNodes(),
		Time:     s.elapsed(),
	}
	// No reply to ponder on once the best move ends the game in a draw: the
	// reported line stops there too (drawCut).
	switch {
	case drawsAfter(t.pos, rm.move):
	case rm.pvLen >= 2:
		r.PonderMove = rm.pv[1]
	default:
		r.PonderMove = t.ponderFromTT(rm.move)
	}
	return r
}

// ponderFromTT looks up the expected reply to m in the table.
func (t *thread) ponderFromTT(m board.Move) board.Move {
	pos := t.pos
	pos.MakeMove(m)
	defer pos.UnmakeMove()
	if h, ok := t.tt.probe(pos.Key()); ok {
		if r := unpackMove(pos, h.move()); r != board.NoMove && pos.IsLegal(r) {
			return r
		}
	}
	return board.NoMove
}

// totalNodes sums the node counts of all threads (exact for thread 0, the
// last published count for the others).
func (s *Searcher) totalNodes() uint64 {
	n := s.threads[0].nodes
	for _, t := range s.threads[1:] {
		n += t.published.Load()
	}
	return n
}

// elapsed is the time since the search started.
func (s *Searcher) elapsed() time.Duration { return s.now().Sub(s.start) }

// check runs on thread 0 when it reaches its next check point: ponderhit,
// time and node limits, and the Yield hook. nodes is thread 0's node count.
// It returns how many nodes to search before the next check (see
// checkInterval).
func (s *Searcher) check(nodes uint64) uint64 {
	now := s.elapsed()
	if s.pondering && s.ponderHit.Load() {
		s.pondering = false
		s.ponderHitAt = now
	}
	if s.limits.Nodes > 0 && len(s.threads) > 1 && s.totalNodes() >= s.limits.Nodes {
		s.stop.Store(true)
	}
	next := uint64(nodeCheckInterval)
	if s.hard > 0 && !s.pondering && !s.limits.Infinite {
		var ok bool
		next, ok = checkInterval(s.hard-(now-s.ponderHitAt), now-s.lastCheckAt, nodes-s.lastCheckNodes)
		switch {
		case ok:
		case s.threads[0].completedDepth > 0:
			s.stop.Store(true)
		default:
			// The clock never ends a search before its first iteration is
			// complete (a few hundred nodes): a move from an unfinished
			// depth 1 is the first generated one, often a blunder.
			next = minCheckInterval
		}
	}
	s.lastCheckAt, s.lastCheckNodes = now, nodes
	if s.opts.Yield != nil && now-s.lastYield >= s.opts.YieldInterval {
		s.lastYield = now
		s.opts.Yield()
	}
	return next
}
