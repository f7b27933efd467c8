package eval

import (
	"flag"
	"runtime"
	"testing"

	"github.com/azurite-chess/azurite/engine/board"
)

var evalRepsFlag = flag.Int("evalreps", 0, "TestEvalBenchPrint: evaluate the sample this many times and print the count and checksum")

// evalSample returns the positions TestEvalBenchPrint evaluates, in groups:
// every 8th position of the shared tactical suites with the positions one
// legal move after it, in a fixed order.
func evalSample(t testing.TB) [][]*board.Position {
	var out [][]*board.Position
	var ml board.MoveList
	fens := suiteFENs(t, "tactical")
	for i := 0; i < len(fens); i += 8 {
		pos := mustFEN(t, fens[i])
		group := []*board.Position{mustFEN(t, fens[i])}
		ml.N = 0
		pos.GenerateAll(&ml)
		for _, m := range ml.Moves[:ml.N] {
			pos.MakeMove(m)
			group = append(group, mustFEN(t, pos.FEN()))
			pos.UnmakeMove()
		}
		out = append(out, group)
	}
	return out
}

// TestEvalBenchPrint evaluates each group of the sample -evalreps times in
// a row with one Evaluator and prints the number of evaluations and the sum
// of their values: a change that only makes the evaluation faster must leave
// the sum as it is. `make eval-instr` counts the machine instructions of two
// runs with different repeats, natively and as wasm: the difference is the
// cost of evaluations with a warm pawn table, as in a search, where the pawn
// structure seldom changes from one node to the next (the first pass over a
// group, which fills the table, is in both runs).
func TestEvalBenchPrint(t *testing.T) {
	if *evalRepsFlag == 0 {
		t.Skip("no -evalreps given")
	}
	sample := evalSample(t)
	e := New()
	// Building the sample allocated: a collection still running would be
	// counted with the evaluations (its marking, and write barriers on
	// e.pe), and it made the figure per evaluation of two runs with the
	// same repeats differ by 1.4 %.
	runtime.GC()
	n, sum := 0, 0
	for _, group := range sample {
		for range *evalRepsFlag {
			for _, pos := range group {
				sum += e.Evaluate(pos)
				n++
			}
		}
	}
	t.Logf("Evaluations: %d  sum %d", n, sum)
}
