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

// TestSliderTablesExhaustive checks every entry the magic tables are built
// with (every subset of every square's relevant mask, as initMagics
// enumerates them) against the square-by-square ray walk, and Between and
// Line for all pairs of squares against their definitions by ray walks.
func TestSliderTablesExhaustive(t *testing.T) {
	for sq := Square(0); sq < 64; sq++ {
		for _, k := range []struct {
			m      *magic
			dirs   [4][2]int
			lookup func(Square, Bitboard) Bitboard
		}{{&rookMagics[sq], rookDirs, RookAttacks}, {&bishopMagics[sq], bishopDirs, BishopAttacks}} {
			for sub := Bitboard(0); ; {
				if got, want := k.lookup(sq, sub), rayAttacks(sq, sub, k.dirs); got != want {
					t.Fatalf("%v occ %#x: got %#x want %#x", sq, uint64(sub), uint64(got), uint64(want))
				}
				sub = (sub - k.m.mask) & k.m.mask
				if sub == 0 {
					break
				}
			}
		}
	}
	for a := Square(0); a < 64; a++ {
		for b := Square(0); b < 64; b++ {
			var between, line Bitboard
			for _, dirs := range [2][4][2]int{rookDirs, bishopDirs} {
				if a != b && rayAttacks(a, 0, dirs).Has(b) {
					between = rayAttacks(a, SquareBB(b), dirs) & rayAttacks(b, SquareBB(a), dirs)
					line = rayAttacks(a, 0, dirs)&rayAttacks(b, 0, dirs) | SquareBB(a) | SquareBB(b)
				}
			}
			if Between(a, b) != between || Line(a, b) != line {
				t.Fatalf("%v-%v: Between %#x Line %#x, want %#x %#x", a, b, uint64(Between(a, b)), uint64(Line(a, b)), uint64(between), uint64(line))
			}
		}
	}
}
