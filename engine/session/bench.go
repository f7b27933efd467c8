package session

import (
	"time"

	"github.com/azurite-chess/azurite/engine/search"
)

// Bench runs the search's bench (search.NewBench, depth plies per position)
// and calls each after every position. It counts as a search: while it runs,
// Searching is true, calls that need the engine idle fail with ErrSearching,
// Stop ends it early (complete is then false, and nodes is not the bench
// signature) and Wait waits for it. The session's Yield hook runs as in any
// search, so a front end that must yield (the wasm bridge) stays responsive.
// Bench blocks; the session's own position, table and options are untouched.
func (s *Session) Bench(depth int, each func(i int, fen string, r search.Result)) (nodes uint64, elapsed time.Duration, complete bool, err error) {
	run, err := s.StartBench(depth, each)
	if err != nil {
		return 0, 0, false, err
	}
	nodes, elapsed, complete = run()
	return nodes, elapsed, complete, nil
}

// StartBench is Bench in two steps, for front ends that run it on a
// goroutine of their own: StartBench marks the session busy at once (so a
// Stop right after it returns ends the bench, even before run begins) and
// run does the work.
func (s *Session) StartBench(depth int, each func(i int, fen string, r search.Result)) (run func() (nodes uint64, elapsed time.Duration, complete bool), err error) {
	s.mu.Lock()
	b := search.NewBench(search.Options{Yield: s.cfg.Yield, YieldInterval: s.cfg.YieldInterval,
		Eval: s.searchEval(s.evalModeFor(plan{}))})
	if !s.idleLocked() {
		s.mu.Unlock()
		return nil, ErrSearching
	}
	s.running, s.done, s.bench = true, make(chan struct{}), b
	s.mu.Unlock()
	return func() (uint64, time.Duration, bool) {
		defer func() {
			s.mu.Lock()
			s.running, s.bench = false, nil
			close(s.done)
			s.done = nil
			s.mu.Unlock()
		}()
		return b.Bench(depth, each)
	}, nil
}
