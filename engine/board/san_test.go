package board

import (
	"errors"
	"testing"
)

func TestSAN(t *testing.T) {
	tests := []struct {
		name, fen, uci, san string
	}{
		{"pawn-push", StartFEN, "e2e4", "e4"},
		{"knight", StartFEN, "g1f3", "Nf3"},
		{"pawn-capture", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", "exd5"},
		{"en-passant", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", "exd6"},
		{"promotion", "8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e7e8q", "e8=Q"},
		{"underpromotion-capture", "3r4/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e7d8n", "exd8=N"},
		{"promotion-mate", "k7/2P5/1K6/8/8/8/8/8 w - - 0 1", "c7c8q", "c8=Q#"},
		{"promotion-check", "8/k1P5/8/8/8/8/8/4K3 w - - 0 1", "c7c8q", "c8=Q"},
		{"rook-promotion-check", "k7/2P5/8/8/8/8/8/4K3 w - - 0 1", "c7c8r", "c8=R+"},
		{"back-rank-mate", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", "Ra8#"},
		{"castle-short", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "O-O"},
		{"castle-long-check", "3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1", "O-O-O+"},
		{"disambiguate-file", "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "b1d2", "Nbd2"},
		{"disambiguate-rank", "4k3/8/8/8/R7/8/8/R3K3 w - - 0 1", "a1a2", "R1a2"},
		{"disambiguate-rank-not-square", "4k3/8/8/8/8/Q1Q5/8/Q3K3 w - - 0 1", "a1b2", "Q1b2"},
		{"disambiguate-square", "4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", "a1b2", "Qa1b2"},
		{"pinned-piece-no-ambiguity", "4k3/8/8/b1N5/8/8/3N4/4K3 w - - 0 1", "c5b3", "Nb3"},
		{"pinned-other-knight", "4k3/8/8/b7/8/8/3N4/4K1N1 w - - 0 1", "g1f3", "Nf3"},
		{"capture-check", "4k3/8/8/8/8/8/4r3/4K2R w - - 0 1", "e1e2", "Kxe2"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := ParseFEN(tc.fen)
			if err != nil {
				t.Fatal(err)
			}
			m, err := p.ParseUCIMove(tc.uci)
			if err != nil {
				t.Fatal(err)
			}
			if got := p.SAN(m); got != tc.san {
				t.Errorf("SAN(%s) = %q, want %q", tc.uci, got, tc.san)
			}
			back, err := p.ParseSAN(tc.san)
			if err != nil || back != m {
				t.Errorf("ParseSAN(%q) = %v, %v; want %v", tc.san, back, err, m)
			}
		})
	}
}

func TestParseSANLenient(t *testing.T) {
	tests := []struct{ name, fen, san, uci string }{
		{"zero-castling", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "0-0-0", "e1c1"},
		{"annotations", StartFEN, "e4!?", "e2e4"},
		{"no-capture-sign", "4k3/8/8/3p4/8/4N3/8/4K3 w - - 0 1", "Nd5", "e3d5"},
		{"promotion-without-equals", "8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e8Q", "e7e8q"},
		{"ep-suffix", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "exd6e.p.", "e5d6"},
		{"redundant-disambiguation", StartFEN, "Ng1f3", "g1f3"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, _ := ParseFEN(tc.fen)
			m, err := p.ParseSAN(tc.san)
			if err != nil || m.String() != tc.uci {
				t.Errorf("ParseSAN(%q) = %v, %v; want %s", tc.san, m, err, tc.uci)
			}
		})
	}
}

func TestBadMoves(t *testing.T) {
	tests := []struct {
		name, fen, in string
		san           bool
	}{
		{"san-illegal", StartFEN, "e5", true},
		{"san-ambiguous", "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "Nd2", true},
		{"san-garbage", StartFEN, "Zz9", true},
		{"san-empty", StartFEN, "", true},
		{"san-capture-nothing", StartFEN, "Nxf3", true},
		{"san-piece-promotes", StartFEN, "Nf3=Q", true},
		{"san-castle-illegal", StartFEN, "O-O", true},
		{"san-pawn-capture-without-file", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "xd5", true},
		{"uci-short", StartFEN, "e2e", false},
		{"uci-off-board", StartFEN, "e2e9", false},
		{"uci-illegal", StartFEN, "e2e5", false},
		{"uci-bad-promo", "8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e7e8k", false},
		{"uci-missing-promo", "8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e7e8", false},
		{"uci-null", StartFEN, "0000", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, _ := ParseFEN(tc.fen)
			var err error
			if tc.san {
				_, err = p.ParseSAN(tc.in)
			} else {
				_, err = p.ParseUCIMove(tc.in)
			}
			if !errors.Is(err, ErrBadMove) {
				t.Errorf("got %v, want an ErrBadMove", err)
			}
		})
	}
}

// TestSANRoundTrip prints every legal move of every suite position as SAN and
// parses it back to the same move; the SAN strings of one position are unique.
func TestSANRoundTrip(t *testing.T) {
	n := 0
	for _, p := range suitePositions(t) {
		var l MoveList
		p.GenerateAll(&l)
		seen := map[string]bool{}
		for _, m := range l.Slice() {
			s := p.SAN(m)
			if seen[s] {
				t.Fatalf("%s: SAN %q twice", p.FEN(), s)
			}
			seen[s] = true
			back, err := p.ParseSAN(s)
			if err != nil || back != m {
				t.Fatalf("%s: %v -> %q -> %v, %v", p.FEN(), m, s, back, err)
			}
			u, err := p.ParseUCIMove(m.String())
			if err != nil || u != m {
				t.Fatalf("%s: UCI %v -> %v, %v", p.FEN(), m, u, err)
			}
			n++
		}
	}
	t.Logf("%d moves", n)
}
