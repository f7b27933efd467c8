package openings

import (
	"testing"

	"github.com/azurite-chess/azurite/engine/board"
)

func TestPGNOpenings(t *testing.T) {
	fens, err := Load("testdata/two-games.pgn")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"r2qk2r/pp1n1ppp/2p2n2/2b1p3/4P1b1/5NP1/PPPN1PBP/R1BQ1RK1 w kq - 1 9",
		"r1b1kbnr/1pp3pp/p4p2/2p5/4P3/1N6/PPP2PPP/RNBq1RK1 w kq - 0 9",
	}
	if len(fens) != len(want) {
		t.Fatalf("got %d openings, want %d", len(fens), len(want))
	}
	for i := range want {
		if fens[i] != want[i] {
			t.Errorf("opening %d: %s, want %s", i, fens[i], want[i])
		}
	}
}

func TestMatchSANErrors(t *testing.T) {
	pos, _ := board.ParseFEN(board.StartFEN)
	for _, san := range []string{"e5", "Nf4", "O-O", "Zz9", "x", "Qh5"} {
		if m, err := MatchSAN(pos, san); err == nil {
			t.Errorf("%q matched %v, want an error", san, m)
		}
	}
	// Two knights can reach d2: the file must disambiguate.
	pos, _ = board.ParseFEN("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1")
	if _, err := MatchSAN(pos, "Nd2"); err == nil {
		t.Error("ambiguous Nd2 accepted")
	}
	if m, err := MatchSAN(pos, "Nbd2"); err != nil || m.From() != board.B1 {
		t.Errorf("Nbd2 = %v, %v", m, err)
	}
}
