package search

import "sync"

// Lazy SMP: every thread runs the same iterative-deepening search on its own
// copy of the position, with its own move-ordering statistics, and all share
// the transposition table. The threads diverge because helpers skip every
// other depth (offset by their id) and because table entries written by one
// change the move order and cutoffs of the others, so together they cover
// more of the tree than one thread; the main thread (id 0) alone reports,
// manages time and decides the move. When it stops, it raises the shared
// stop flag and waits for the helpers before returning.

// startHelpers launches threads 1..n-1 on the search prepared by Search and
// returns the group to wait on.
func (s *Searcher) startHelpers() *sync.WaitGroup {
	wg := &s.helpers
	for _, t := range s.threads[1:] {
		wg.Add(1)
		go func(t *thread) {
			defer wg.Done()
			t.iterate()
			t.published.Store(t.nodes)
		}(t)
	}
	return wg
}
