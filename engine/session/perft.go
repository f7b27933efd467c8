package session

import (
	"sync/atomic"
	"time"

	"github.com/azurite-chess/azurite/engine/board"
)

// perftYieldInterval is how often a perft calls the Yield hook when the
// session's YieldInterval is not set.
const perftYieldInterval = 10 * time.Millisecond

// Perft counts the leaf nodes of the current position's move tree to depth,
// calling each with every root move's count as it is known (a "divide"). It
// counts as a search, as Bench does: Searching is true while it runs, calls
// that need the engine idle fail with ErrSearching, Stop ends it early
// (complete is then false and total counts only the moves reported) and
// Wait waits for it. The Yield hook is called about every YieldInterval, so
// a front end that must yield stays responsive. Perft blocks.
func (s *Session) Perft(depth int, each func(m board.Move, nodes uint64)) (total uint64, complete bool, err error) {
	run, err := s.StartPerft(depth, each)
	if err != nil {
		return 0, false, err
	}
	total, complete = run()
	return total, complete, nil
}

// StartPerft is Perft in two steps, as StartBench is Bench: the session is
// busy (and Stop applies) from when StartPerft returns.
func (s *Session) StartPerft(depth int, each func(m board.Move, nodes uint64)) (run func() (total uint64, complete bool), err error) {
	s.mu.Lock()
	if !s.idleLocked() {
		s.mu.Unlock()
		return nil, ErrSearching
	}
	stop := new(atomic.Bool)
	pos := s.pos.Copy()
	s.running, s.done, s.perftStop = true, make(chan struct{}), stop
	s.mu.Unlock()
	return func() (total uint64, complete bool) {
		defer func() {
			s.mu.Lock()
			s.running, s.perftStop = false, nil
			close(s.done)
			s.done = nil
			s.mu.Unlock()
		}()
		yield, every := s.cfg.Yield, s.cfg.YieldInterval
		if every <= 0 {
			every = perftYieldInterval
		}
		last := time.Now()
		poll := func() bool {
			if yield != nil && time.Since(last) >= every {
				yield()
				last = time.Now()
			}
			return stop.Load()
		}
		complete = pos.DivideUntil(depth, poll, func(e board.DivideEntry) {
			total += e.Nodes
			each(e.Move, e.Nodes)
		})
		return total, complete
	}, nil
}
