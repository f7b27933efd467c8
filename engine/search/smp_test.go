package search

import (
	"testing"
)

// TestSMPRace runs 4 search goroutines sharing the table (run under -race in
// make test) and checks the result is a legal move.
func TestSMPRace(t *testing.T) {
	fens := []string{
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	}
	// The hand-written evaluation, which this test was written with: with the
	// net the second position's search may prove its result and stop short
	// of the node limit.
	s := New(Options{HashMB: 4, Threads: 4, Eval: HandWrittenEval})
	for _, fen := range fens {
		pos := mustFEN(t, fen)
		r := s.Search(pos, Limits{Depth: 7}, nil)
		if !isLegalMove(pos, r.BestMove) {
			t.Fatalf("%s: illegal move %v", fen, r.BestMove)
		}
		r = s.Search(pos, Limits{Nodes: 20000}, nil)
		if !isLegalMove(pos, r.BestMove) {
			t.Fatalf("%s: illegal move %v", fen, r.BestMove)
		}
		if r.Nodes < 20000 {
			t.Errorf("%s: stopped after %d nodes, limit 20000", fen, r.Nodes)
		}
	}
}
