package board

import (
	"errors"
	"strings"
	"testing"
)

func TestBadFEN(t *testing.T) {
	tests := []struct {
		name, fen, want string // want: a fragment of the error message
	}{
		{"empty", "", "has 0 fields"},
		{"three-fields", "8/8/8/8/8/8/8/8 w -", "has 3 fields"},
		{"seven-fields", StartFEN + " x", "has 7 fields"},
		{"five-fields", "4k3/8/8/8/8/8/8/4K3 w - - 0", "has 5 fields"},
		{"bad-piece-letter", "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 7: bad piece letter 'x'"},
		{"nine-files", "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 7: more than 8 files"},
		{"nine-files-digits", "rnbqkbnr/pppppppp/81/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 6: more than 8 files"},
		{"seven-files", "rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 6: 7 files, want 8"},
		{"seven-ranks", "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "has 7 ranks"},
		{"zero-digit", "rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "bad piece letter '0'"},
		{"missing-white-king", "4k3/8/8/8/8/8/8/8 w - - 0 1", "no white king"},
		{"missing-black-king", "8/8/8/8/8/8/8/4K3 w - - 0 1", "no black king"},
		{"two-white-kings", "4k3/8/8/8/8/8/8/3KK3 w - - 0 1", "2 white kings"},
		{"two-black-kings", "3kk3/8/8/8/8/8/8/4K3 w - - 0 1", "2 black kings"},
		{"pawn-on-rank-8", "P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "rank 8: pawn on the first or last rank"},
		{"pawn-on-rank-1", "4k3/8/8/8/8/8/8/p3K3 w - - 0 1", "rank 1: pawn on the first or last rank"},
		{"nine-pawns", "4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1", "9 black pawns"},
		{"bad-side", "4k3/8/8/8/8/8/8/4K3 x - - 0 1", `field 2 (side to move): "x" is not w or b`},
		{"side-not-to-move-in-check", "4k3/8/8/8/8/8/8/4K2r b - - 0 1", "w (not to move) is in check"},
		{"triple-check", "4k3/8/8/8/8/3n1n2/8/r3K2r w - - 0 1", "more than two pieces"},
		{"castling-bad-letter", "r3k2r/8/8/8/8/8/8/R3K2R w KQkx - 0 1", "bad letter 'x'"},
		{"castling-repeated", "r3k2r/8/8/8/8/8/8/R3K2R w KK - 0 1", "right K repeated"},
		{"castling-no-rook", "r3k3/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "right k but no black rook on h8"},
		{"castling-king-moved", "r3k2r/8/8/8/8/8/8/R4K1R w KQkq - 0 1", "right K but no white king on e1"},
		{"ep-not-a-square", "4k3/8/8/8/4P3/8/8/4K3 b - e9 0 1", `"e9" is not a square`},
		{"ep-wrong-rank", "4k3/8/8/8/4P3/8/8/4K3 b - e4 0 1", "e4 is not on rank 3 with black to move"},
		{"ep-no-pawn", "4k3/8/8/8/8/8/8/4K3 b - e3 0 1", "e3 but no white pawn on e4"},
		// Regression (issue 32): the colour read "b", like the b-file.
		{"ep-no-black-pawn-says-black", "4k3/8/8/8/8/8/8/4K3 w - e6 0 1", "e6 but no black pawn on e5"},
		{"ep-square-occupied", "4k3/8/8/8/4P3/4N3/8/4K3 b - e3 0 1", "e3 or e2 is occupied"},
		{"ep-wrong-side", "4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1", "e3 is not on rank 6 with white to move"},
		{"halfmove-negative", "4k3/8/8/8/8/8/8/4K3 w - - -1 1", "field 5 (halfmove clock)"},
		{"fullmove-text", "4k3/8/8/8/8/8/8/4K3 w - - 0 x", "field 6 (fullmove number)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := ParseFEN(tc.fen)
			if err == nil {
				t.Fatalf("ParseFEN(%q) = %s, want an error", tc.fen, p.FEN())
			}
			if !errors.Is(err, ErrBadFEN) {
				t.Errorf("error %v does not wrap ErrBadFEN", err)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q does not say %q", err, tc.want)
			}
		})
	}
}

func TestSetFENErrorKeepsPosition(t *testing.T) {
	p, _ := ParseFEN(StartFEN)
	m, _ := p.ParseUCIMove("e2e4")
	p.MakeMove(m)
	before := p.FEN()
	if err := p.SetFEN("garbage"); err == nil {
		t.Fatal("want an error")
	}
	if p.FEN() != before || p.Ply() != 1 {
		t.Errorf("position changed by a failed SetFEN: %s", p.FEN())
	}
}

func TestGoodFEN(t *testing.T) {
	tests := []struct{ name, in, out string }{
		{"start", StartFEN, StartFEN},
		{"epd-four-fields", "4k3/8/8/8/8/8/8/4K3 w - -", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"},
		{"extra-spaces", "  4k3/8/8/8/8/8/8/4K3   b  -  -  12   40 ", "4k3/8/8/8/8/8/8/4K3 b - - 12 40"},
		{"castling-any-order", "r3k2r/8/8/8/8/8/8/R3K2R w qkQK - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"},
		{"ep-kept-when-capturable", "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1", "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1"},
		{"ep-dropped-when-no-capturer", "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1", "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1"},
		{"fullmove-zero-is-one", "4k3/8/8/8/8/8/8/4K3 w - - 0 0", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"},
		{"double-check", "4k3/8/8/8/8/5n2/8/r3K3 w - - 0 1", "4k3/8/8/8/8/5n2/8/r3K3 w - - 0 1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := ParseFEN(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			if got := p.FEN(); got != tc.out {
				t.Errorf("FEN() = %q, want %q", got, tc.out)
			}
		})
	}
}

// normalEP drops an en-passant field that no pawn of the side to move can use
// (the only normalisation FEN() applies besides default clocks).
func normalEP(t *testing.T, fields []string) string {
	p, err := ParseFEN(strings.Join(fields, " "))
	if err != nil {
		t.Fatal(err)
	}
	if p.EPSquare() == NoSquare {
		fields[3] = "-"
	}
	return strings.Join(fields, " ")
}

// TestFENRoundTrip parses every FEN of the shared perft and tactical suites
// and checks FEN() gives it back (clocks defaulted for EPD lines, an unusable
// en-passant square dropped), and that keys, PSQ and phase agree with a fresh parse.
func TestFENRoundTrip(t *testing.T) {
	var fens []string
	for _, file := range []string{"standard.epd", "named.epd"} {
		for _, c := range readPerftSuite(t, file) {
			fens = append(fens, c.fen)
		}
	}
	for _, f := range epdFENs(t) {
		fens = append(fens, f+" 0 1")
	}
	for _, fen := range fens {
		fields := strings.Fields(fen)
		want := normalEP(t, fields)
		p, err := ParseFEN(fen)
		if err != nil {
			t.Errorf("%s: %v", fen, err)
			continue
		}
		if got := p.FEN(); got != want {
			t.Errorf("round trip of %q gave %q", want, got)
		}
		q, err := ParseFEN(p.FEN())
		if err != nil || q.Key() != p.Key() || q.PawnKey() != p.PawnKey() {
			t.Errorf("%s: reparse differs: %v", fen, err)
		}
	}
	if len(fens) < 2000 {
		t.Errorf("only %d FENs read", len(fens))
	}
}
