package board

import "testing"

// perftBenches are the speed signatures of the move generator: start position
// depth 6 and Kiwipete depth 5 bulk-counted (Perft), and one depth less with
// every leaf made and unmade (PerftNoBulk), to compare like with like.
var perftBenches = []struct {
	name  string
	fen   string
	depth int
	nodes uint64
	bulk  bool
}{
	{"startpos-d6-bulk", StartFEN, 6, 119060324, true},
	{"kiwipete-d5-bulk", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5, 193690690, true},
	{"startpos-d5-nobulk", StartFEN, 5, 4865609, false},
	{"kiwipete-d4-nobulk", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4, 4085603, false},
}

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
		})
	}
}

// BenchmarkMoveGen measures one GenerateAll in Kiwipete (48 moves).
func BenchmarkMoveGen(b *testing.B) {
	b.ReportAllocs()
	p, _ := ParseFEN(perftBenches[1].fen)
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
	p, _ := ParseFEN(perftBenches[1].fen)
	var l MoveList
	p.GenerateAll(&l)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m := l.Moves[i%l.N]
		p.MakeMove(m)
		p.UnmakeMove()
	}
}
