package search

import (
	"flag"
	"testing"
)

var (
	benchDepthFlag = flag.Int("benchdepth", 0, "TestBenchPrint: run Bench at this depth and print nodes and nps")
	benchNNUEFlag  = flag.Bool("benchnnue", false, "TestBenchPrint: evaluate with the built-in net")
)

// TestBenchPrint prints the bench signature (`make bench-search`).
func TestBenchPrint(t *testing.T) {
	if *benchDepthFlag == 0 {
		t.Skip("no -benchdepth given")
	}
	opts := Options{Eval: HandWrittenEval}
	if *benchNNUEFlag {
		opts.Eval = Eval{} // the built-in net
	}
	nodes, el := BenchWith(opts, *benchDepthFlag, func(i int, fen string, r Result) {
		t.Logf("%2d %-8v %10d nodes  %s", i+1, r.BestMove, r.Nodes, fen)
	})
	t.Logf("Nodes searched: %d  time %v  nps %d", nodes, el, uint64(float64(nodes)/el.Seconds()))
}
