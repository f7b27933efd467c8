package board

import (
	"errors"
	"testing"
)

// FuzzParseFEN checks that ParseFEN never panics, that every error wraps
// ErrBadFEN, and that an accepted position is self-consistent: FEN() parses
// back to the same position and key, and every legal move can be made,
// printed and parsed back, and unmade.
func FuzzParseFEN(f *testing.F) {
	for _, s := range []string{
		StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
		"4k3/8/8/8/8/8/8/4K3 w - -",
		"8/8/8/8/8/8/8/8 w - - 0 1",
		"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"", "/////// w - -", "k7/8/8/8/8/8/8/K7 b KQkq e3 99999 -1",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, fen string) {
		p, err := ParseFEN(fen)
		if err != nil {
			if !errors.Is(err, ErrBadFEN) {
				t.Fatalf("error %v does not wrap ErrBadFEN", err)
			}
			return
		}
		out := p.FEN()
		q, err := ParseFEN(out)
		if err != nil || q.FEN() != out || q.Key() != p.Key() {
			t.Fatalf("FEN %q does not round-trip: %v", out, err)
		}
		var l MoveList
		p.GenerateAll(&l)
		for _, m := range l.Slice() {
			if !p.IsLegal(m) {
				t.Fatalf("%s: generated %v not IsLegal", out, m)
			}
			san := p.SAN(m)
			if back, err := p.ParseSAN(san); err != nil || back != m {
				t.Fatalf("%s: SAN %q of %v parses to %v, %v", out, san, m, back, err)
			}
			p.MakeMove(m)
			p.Perft(1)
			p.UnmakeMove()
		}
		if p.FEN() != out {
			t.Fatalf("moves did not unmake cleanly: %s", p.FEN())
		}
	})
}

// FuzzParseMove feeds arbitrary text to ParseUCIMove and ParseSAN in a few
// positions: never a panic, errors wrap ErrBadMove, and anything accepted is a
// legal move that prints back to something that parses to the same move.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"e2e4", "e7e8q", "e1g1", "0000", "Nf3", "exd6", "O-O-O+", "e8=Q#", "R1a2", "Qa1b2", "xx", "", "e2e4e5"} {
		f.Add(s)
	}
	fens := []string{
		StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
		"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
	}
	ps := make([]*Position, len(fens))
	for i, fen := range fens {
		ps[i], _ = ParseFEN(fen)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, p := range ps {
			for _, parse := range []func(string) (Move, error){p.ParseUCIMove, p.ParseSAN} {
				m, err := parse(s)
				if err != nil {
					if !errors.Is(err, ErrBadMove) || m != NoMove {
						t.Fatalf("%q: bad error %v / move %v", s, err, m)
					}
					continue
				}
				if !p.IsLegal(m) {
					t.Fatalf("%q: accepted illegal %v in %s", s, m, p.FEN())
				}
				if back, err := p.ParseSAN(p.SAN(m)); err != nil || back != m {
					t.Fatalf("%q: SAN round trip failed", s)
				}
			}
		}
	})
}
