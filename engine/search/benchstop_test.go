package search

import (
	"testing"

	"github.com/azurite-chess/azurite/engine/board"
)

// TestBenchStop: Stop ends a bench early, whether it comes between two
// positions, in the middle of a search or while the table is cleared (the
// last two from the Yield hook, as the wasm bridge's stop does). (A complete bench is what TestBenchDeterministic and
// the uci bench tests run.)
func TestBenchStop(t *testing.T) {
	const depth = 2
	for _, tc := range []struct {
		name string
		// depth of the bench, and a hook that may stop s
		depth     int
		afterEach func(s *Searcher, i int)
		yield     func(s *Searcher)
		complete  bool
		minPos    int // positions reported at least
		maxPos    int // and at most
	}{
		{name: "between-positions", depth: depth, afterEach: func(s *Searcher, i int) {
			if i == 1 {
				s.Stop()
			}
		}, minPos: 1, maxPos: 2},
		// Depth 30 would take hours: only a Stop ends it this fast. The
		// hook also runs while the table is cleared (no nodes yet).
		{name: "mid-search", depth: 30, yield: func(s *Searcher) {
			if s.threads[0].nodes > 0 {
				s.Stop()
			}
		}, minPos: 1, maxPos: 1},
		{name: "during-clear", depth: 30, yield: func(s *Searcher) { s.Stop() }, minPos: 0, maxPos: 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var s *Searcher
			opts := Options{}
			if tc.yield != nil {
				opts.Yield = func() { tc.yield(s) }
			}
			s = NewBench(opts)
			seen := 0
			nodes, _, complete := s.Bench(tc.depth, func(i int, _ string, r Result) {
				seen++
				if r.BestMove == board.NoMove {
					t.Errorf("position %d: no bestmove", i)
				}
				if tc.afterEach != nil {
					tc.afterEach(s, i)
				}
			})
			if complete != tc.complete || seen > tc.maxPos || seen < tc.minPos {
				t.Fatalf("complete %v after %d positions; want complete %v, %d..%d positions", complete, seen, tc.complete, tc.minPos, tc.maxPos)
			}
			if nodes == 0 && tc.minPos > 0 {
				t.Fatal("no nodes counted")
			}
		})
	}
}
