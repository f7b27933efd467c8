package eval

import (
	"testing"

	"github.com/azurite-chess/azurite/engine/board"
)

var benchFENs = []struct{ name, fen string }{
	{"start", board.StartFEN},
	{"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
	{"middlegame", "r1bq1rk1/pp2nppp/2n1p3/2ppP3/3P2Q1/P1P2N2/2P2PPP/R1B1KB1R w KQ - 5 9"},
	{"endgame", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"},
	{"kpk", "8/8/8/8/P3k3/8/8/7K b - - 0 1"},
}

func TestEvaluateAllocatesNothing(t *testing.T) {
	e := New()
	for _, tc := range benchFENs {
		pos := mustFEN(t, tc.fen)
		e.Evaluate(pos) // the KPK bitbase is built once, on first use
		if n := testing.AllocsPerRun(100, func() { e.Evaluate(pos) }); n != 0 {
			t.Errorf("%s: %v allocations per Evaluate", tc.name, n)
		}
	}
}

func BenchmarkEvaluate(b *testing.B) {
	for _, tc := range benchFENs {
		b.Run(tc.name, func(b *testing.B) {
			pos := mustFEN(b, tc.fen)
			e := New()
			b.ReportAllocs()
			for b.Loop() {
				e.Evaluate(pos)
			}
		})
	}
}
