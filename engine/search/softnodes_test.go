package search

import "testing"

// TestSoftNodes: a soft node limit ends the search at the first completed
// iteration past it, so the result is that iteration's (never a cut-off
// one); Nodes stays the hard cap; both are deterministic with one thread.
func TestSoftNodes(t *testing.T) {
	fens := []string{
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 6 5",
		"8/5pk1/6p1/8/8/6P1/5PK1/8 w - - 0 1",
	}
	for _, fen := range fens {
		pos := mustFEN(t, fen)
		run := func(l Limits) Result {
			s := New(Options{HashMB: 4})
			return s.Search(pos, l, nil)
		}
		soft := run(Limits{SoftNodes: 5000})
		if soft.Nodes < 5000 {
			t.Errorf("%s: soft limit 5000 stopped at %d nodes", fen, soft.Nodes)
		}
		if again := run(Limits{SoftNodes: 5000}); again.Nodes != soft.Nodes || again.BestMove != soft.BestMove {
			t.Errorf("%s: not deterministic: %d/%v then %d/%v", fen, soft.Nodes, soft.BestMove, again.Nodes, again.BestMove)
		}
		// A depth limit at the soft stop's depth searches the same tree.
		byDepth := run(Limits{Depth: soft.Depth})
		if byDepth.Nodes != soft.Nodes || byDepth.BestMove != soft.BestMove {
			t.Errorf("%s: soft stop at depth %d (%d nodes, %v) differs from depth %d (%d nodes, %v)",
				fen, soft.Depth, soft.Nodes, soft.BestMove, soft.Depth, byDepth.Nodes, byDepth.BestMove)
		}
		if shorter := run(Limits{Depth: soft.Depth - 1}); shorter.Nodes >= 5000 {
			t.Errorf("%s: depth %d already took %d nodes: the soft stop ran an iteration too many", fen, soft.Depth-1, shorter.Nodes)
		}
		// The hard limit still cuts.
		if hard := run(Limits{SoftNodes: 5000, Nodes: 5200}); hard.Nodes > 5200+firstCheckNodes {
			t.Errorf("%s: hard limit 5200 searched %d nodes", fen, hard.Nodes)
		}
	}
}
