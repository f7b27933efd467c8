package search

import (
	"testing"
)

// TestSearchAllocs: after the first search has set up its threads, a whole
// search of a fixed node count allocates nothing, so no node allocates.
func TestSearchAllocs(t *testing.T) {
	if testing.CoverMode() != "" || raceEnabled {
		t.Skip("coverage and race instrumentation allocate")
	}
	tests := []struct {
		name string
		fen  string
	}{
		{"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
		{"wac-001", "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1"},
		{"endgame", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"},
	}
	s := New(Options{HashMB: 2})
	info := func(Info) {}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			pos := mustFEN(t, tc.fen)
			s.Search(pos, Limits{Nodes: 30000}, info) // warm-up: thread set-up
			allocs := testing.AllocsPerRun(3, func() {
				s.Search(pos, Limits{Nodes: 30000}, info)
			})
			if allocs != 0 {
				t.Errorf("%.1f allocations per 30000-node search, want 0", allocs)
			}
		})
	}
}

// BenchmarkSearch reports search speed and allocations per fixed-node search.
func BenchmarkSearch(b *testing.B) {
	tests := []struct {
		name string
		fen  string
	}{
		{"startpos", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
		{"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
	}
	for _, tc := range tests {
		b.Run(tc.name, func(b *testing.B) {
			s := New(Options{HashMB: 16})
			pos := mustFEN(b, tc.fen)
			b.ReportAllocs()
			var nodes uint64
			for i := 0; i < b.N; i++ {
				s.Clear()
				nodes += s.Search(pos, Limits{Nodes: 200000}, nil).Nodes
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}
