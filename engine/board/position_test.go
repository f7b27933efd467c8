package board

import (
	"sync"
	"testing"
	"unsafe"
)

// TestCopyIsIndependent plays moves on copies from several goroutines (run
// under -race by make test) and checks the original and each copy agree with
// a fresh parse.
func TestCopyIsIndependent(t *testing.T) {
	p, _ := ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	playUCI(t, p, "e1g1 a8b8")
	fen, key := p.FEN(), p.Key()
	var wg sync.WaitGroup
	counts := make([]uint64, 4)
	for i := range counts {
		wg.Add(1)
		q := p.Copy()
		go func() {
			defer wg.Done()
			counts[i] = q.Perft(3)
		}()
	}
	var r Position
	r.CopyFrom(p)
	m, _ := r.ParseUCIMove("d5e6")
	r.MakeMove(m)
	wg.Wait()
	for i, n := range counts {
		if n != counts[0] {
			t.Errorf("copy %d: perft %d, copy 0: %d", i, n, counts[0])
		}
	}
	if p.FEN() != fen || p.Key() != key || p.Ply() != 2 {
		t.Errorf("original changed: %s", p.FEN())
	}
	r.UnmakeMove()
	r.UnmakeMove() // the copy carries the history: it can take back a8b8 too
	if r.Ply() != 1 || r.Side() != Black {
		t.Errorf("copy history wrong: ply %d side %v", r.Ply(), r.Side())
	}
	if p.Ply() != 2 {
		t.Errorf("unmaking on the copy changed the original")
	}
}

func TestAccessors(t *testing.T) {
	p, _ := ParseFEN("r3k2r/8/8/3pP3/8/8/8/R3K2R w Kq d6 7 42")
	tests := []struct {
		name      string
		got, want any
	}{
		{"side", p.Side(), White},
		{"piece-at", p.PieceAt(NewSquare(3, 4)), MakePiece(Black, Pawn)},
		{"pieces", p.Pieces(White, Rook), SquareBB(A1) | SquareBB(H1)},
		{"by-type", p.ByType(Pawn), SquareBB(NewSquare(3, 4)) | SquareBB(NewSquare(4, 4))},
		{"by-color", p.ByColor(Black).Count(), 4},
		{"occupied", p.Occupied().Count(), 8},
		{"king-square", p.KingSquare(Black), E8},
		{"ep", p.EPSquare(), NewSquare(3, 5)},
		{"castling", p.Castling(), WhiteKingside | BlackQueenside},
		{"halfmove", p.HalfmoveClock(), 7},
		{"fullmove", p.FullmoveNumber(), 42},
		{"phase", p.Phase(), 4 * RookPhase},
		{"in-check", p.InCheck(), false},
		{"ply", p.Ply(), 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.got != tc.want {
				t.Errorf("got %v, want %v", tc.got, tc.want)
			}
		})
	}
}

// TestPSQConvention installs a table filled the documented way (black entries
// negated and flipped) and checks PSQ is 0 in the symmetric start position,
// equals White's material-and-square sum minus Black's elsewhere, and flips
// sign with a colour-flipped position.
func TestPSQConvention(t *testing.T) {
	var table [16][64]Score
	for pt := Pawn; pt <= King; pt++ {
		for sq := Square(0); sq < 64; sq++ {
			v := S(int(pt)*100+int(sq), int(pt)*90-int(sq))
			table[MakePiece(White, pt)][sq] = v
			table[MakePiece(Black, pt)][sq.Flip()] = -v
		}
	}
	old := psqTable
	SetPieceSquareTable(&table)
	defer func() { psqTable = old }()
	start, _ := ParseFEN(StartFEN)
	if start.PSQ() != 0 {
		t.Errorf("start position PSQ = (%d, %d), want 0", start.PSQ().Mg(), start.PSQ().Eg())
	}
	p, _ := ParseFEN("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1") // white pawn e2 extra
	want := table[MakePiece(White, Pawn)][NewSquare(4, 1)]
	if p.PSQ() != want {
		t.Errorf("PSQ = (%d, %d), want (%d, %d)", p.PSQ().Mg(), p.PSQ().Eg(), want.Mg(), want.Eg())
	}
	q, _ := ParseFEN("4k3/4p3/8/8/8/8/8/4K3 b - - 0 1") // the same, colours flipped
	if q.PSQ() != -want {
		t.Errorf("flipped PSQ = (%d, %d), want (%d, %d)", q.PSQ().Mg(), q.PSQ().Eg(), -want.Mg(), -want.Eg())
	}
}

// TestStateSet checks that state.set copies every field (statecopy_wasm.go
// lists them by hand): every byte of the source is set before the copy.
func TestStateSet(t *testing.T) {
	var src, dst state
	b := unsafe.Slice((*byte)(unsafe.Pointer(&src)), unsafe.Sizeof(src))
	for i := range b {
		b[i] = byte(i + 1)
	}
	dst.set(&src)
	if dst != src {
		t.Errorf("state.set copied %+v, want %+v", dst, src)
	}
}

// TestFullmoveNumber follows the fullmove number (derived from the ply, see
// Position.plies0) through moves, null moves and take-backs from positions
// with either side to move, against the FEN rule: it grows after each Black
// move.
func TestFullmoveNumber(t *testing.T) {
	tests := []struct {
		name  string
		fen   string
		moves []string // "0000" is a null move
		want  []int    // FullmoveNumber after each move
	}{
		{"white-first", StartFEN, []string{"e2e4", "e7e5", "g1f3", "0000", "0000"}, []int{1, 2, 2, 3, 3}},
		{"black-first", "4k3/8/8/8/8/8/8/4K3 b - - 3 41", []string{"e8d8", "e1d1", "0000", "d1c1"}, []int{42, 42, 43, 43}},
		{"largest", "4k3/8/8/8/8/8/8/4K3 b - - 0 1073741823", []string{"e8d8", "e1d1"}, []int{1073741824, 1073741824}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := ParseFEN(tc.fen)
			if err != nil {
				t.Fatal(err)
			}
			start := p.FullmoveNumber()
			var nulls []bool
			for i, s := range tc.moves {
				if s == "0000" {
					p.MakeNullMove()
				} else {
					m, err := p.ParseUCIMove(s)
					if err != nil {
						t.Fatal(err)
					}
					p.MakeMove(m)
				}
				nulls = append(nulls, s == "0000")
				if got := p.FullmoveNumber(); got != tc.want[i] {
					t.Errorf("after %v: fullmove %d, want %d", tc.moves[:i+1], got, tc.want[i])
				}
			}
			for i := len(nulls) - 1; i >= 0; i-- {
				if nulls[i] {
					p.UnmakeNullMove()
				} else {
					p.UnmakeMove()
				}
			}
			if got := p.FullmoveNumber(); got != start || p.FEN() != tc.fen {
				t.Errorf("after taking back: fullmove %d, FEN %q; want %d, %q", got, p.FEN(), start, tc.fen)
			}
		})
	}
}
