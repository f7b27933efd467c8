package board

import "testing"

// perftBenches are the speed signatures of the move generator: start position
// depth 6 and Kiwipete depth 5, bulk-counted (Perft) and with every leaf made
// and unmade (PerftNoBulk, to compare like with like); `make bench-perft`
// runs these four. The small rows below them are for tools/lab/wasm-icount.mjs,
// whose instrumented runs are several times slower than plain wasm: per-node
// instruction counts of the same kind of walk in seconds. tools/lab/perft-instr.sh
// runs pairs of them (one depth apart) under valgrind.
var perftBenches = []struct {
	name  string
	fen   string
	depth int
	nodes uint64
	bulk  bool
}{
	{"startpos-d6-bulk", StartFEN, 6, 119060324, true},
	{"kiwipete-d5-bulk", kiwipeteFEN, 5, 193690690, true},
	{"startpos-d6-nobulk", StartFEN, 6, 119060324, false},
	{"kiwipete-d5-nobulk", kiwipeteFEN, 5, 193690690, false},
	{"startpos-d5-bulk", StartFEN, 5, 4865609, true},
	{"kiwipete-d4-bulk", kiwipeteFEN, 4, 4085603, true},
	{"startpos-d4-nobulk", StartFEN, 4, 197281, false},
	{"kiwipete-d3-nobulk", kiwipeteFEN, 3, 97862, false},
	{"startpos-d4-bulk", StartFEN, 4, 197281, true},
	{"kiwipete-d3-bulk", kiwipeteFEN, 3, 97862, true},
	{"startpos-d5-nobulk", StartFEN, 5, 4865609, false},
	{"kiwipete-d4-nobulk", kiwipeteFEN, 4, 4085603, false},
}

const kiwipeteFEN = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

// BenchmarkPerft reports nodes per second (Mnps) for each perftBenches row;
// `make bench-perft` runs it natively and as wasm under node.
func BenchmarkPerft(b *testing.B) {
	for _, bc := range perftBenches {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			p, err := ParseFEN(bc.fen)
			if err != nil {
				b.Fatal(err)
			}
			b.ResetTimer() // the position's preallocated history is not part of the walk
			var n uint64
			for i := 0; i < b.N; i++ {
				if bc.bulk {
					n = p.Perft(bc.depth)
				} else {
					n = p.PerftNoBulk(bc.depth)
				}
				if n != bc.nodes {
					b.Fatalf("perft %d = %d, want %d", bc.depth, n, bc.nodes)
				}
			}
			b.ReportMetric(float64(bc.nodes)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mnps")
			b.ReportMetric(float64(bc.nodes), "nodes/op") // read by tools/lab/wasm-icount.mjs
		})
	}
}

// BenchmarkMoveGen measures one GenerateAll in Kiwipete (48 moves).
func BenchmarkMoveGen(b *testing.B) {
	b.ReportAllocs()
	p, _ := ParseFEN(kiwipeteFEN)
	var l MoveList
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		l.N = 0
		p.GenerateAll(&l)
	}
}

// BenchmarkMakeUnmake measures making and unmaking each Kiwipete move.
func BenchmarkMakeUnmake(b *testing.B) {
	b.ReportAllocs()
	p, _ := ParseFEN(kiwipeteFEN)
	var l MoveList
	p.GenerateAll(&l)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m := l.Moves[i%l.N]
		p.MakeMove(m)
		p.UnmakeMove()
	}
}
