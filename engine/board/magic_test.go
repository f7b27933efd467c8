package board

import "testing"

func TestSliderAttacksMatchRayWalk(t *testing.T) {
	rng := xorshift64star(12345)
	for sq := Square(0); sq < 64; sq++ {
		for i := 0; i < 200; i++ {
			occ := Bitboard(rng.next() & rng.next())
			if got, want := RookAttacks(sq, occ), rayAttacks(sq, occ, rookDirs); got != want {
				t.Fatalf("rook %v occ %#x: got %#x want %#x", sq, uint64(occ), uint64(got), uint64(want))
			}
			if got, want := BishopAttacks(sq, occ), rayAttacks(sq, occ, bishopDirs); got != want {
				t.Fatalf("bishop %v occ %#x: got %#x want %#x", sq, uint64(occ), uint64(got), uint64(want))
			}
		}
	}
}

func TestBetweenAndLine(t *testing.T) {
	tests := []struct {
		name    string
		a, b    Square
		between Bitboard
		line    Bitboard
	}{
		{"rank", A1, H1, Rank1BB &^ SquareBB(A1) &^ SquareBB(H1), Rank1BB},
		{"file", A1, A8, FileABB &^ SquareBB(A1) &^ SquareBB(A8), FileABB},
		{"adjacent", E1, F1, 0, Rank1BB},
		{"diagonal", A1, Square(18), SquareBB(NewSquare(1, 1)), 0x8040201008040201},
		{"unaligned", A1, Square(17), 0, 0},
		{"same", Square(28), Square(28), 0, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Between(tc.a, tc.b); got != tc.between {
				t.Errorf("Between(%v,%v) = %#x, want %#x", tc.a, tc.b, uint64(got), uint64(tc.between))
			}
			if got := Line(tc.a, tc.b); got != tc.line {
				t.Errorf("Line(%v,%v) = %#x, want %#x", tc.a, tc.b, uint64(got), uint64(tc.line))
			}
		})
	}
}

// BenchmarkMagicInit measures building both magic tables (what package init pays).
func BenchmarkMagicInit(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		initMagics(&rookMagics, rookTable[:], &rookRays, rookDirs, rookDirIdx, &rookMagicNumbers)
		initMagics(&bishopMagics, bishopTable[:], &bishopRays, bishopDirs, bishopDirIdx, &bishopMagicNumbers)
	}
}

// BenchmarkSliders compares a magic lookup with the ray walk it replaces, on
// the same pseudo-random occupancies (the figure quoted in magic.go).
func BenchmarkSliders(b *testing.B) {
	rng := xorshift64star(99)
	var occs [256]Bitboard
	for i := range occs {
		occs[i] = Bitboard(rng.next() & rng.next())
	}
	b.Run("magic", func(b *testing.B) {
		var acc Bitboard
		for i := 0; i < b.N; i++ {
			sq := Square(i & 63)
			occ := occs[i&255]
			acc ^= RookAttacks(sq, occ) ^ BishopAttacks(sq, occ)
		}
		sink = acc
	})
	b.Run("classical", func(b *testing.B) {
		var acc Bitboard
		for i := 0; i < b.N; i++ {
			sq := Square(i & 63)
			occ := occs[i&255]
			acc ^= classicalAttacks(sq, occ, rookDirIdx) ^ classicalAttacks(sq, occ, bishopDirIdx)
		}
		sink = acc
	})
	b.Run("ray-walk", func(b *testing.B) {
		var acc Bitboard
		for i := 0; i < b.N; i++ {
			sq := Square(i & 63)
			occ := occs[i&255]
			acc ^= rayAttacks(sq, occ, rookDirs) ^ rayAttacks(sq, occ, bishopDirs)
		}
		sink = acc
	})
}

var sink Bitboard
