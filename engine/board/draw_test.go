package board

import (
	"strings"
	"testing"
)

func playUCI(t *testing.T, p *Position, moves string) {
	t.Helper()
	for _, s := range strings.Fields(moves) {
		m, err := p.ParseUCIMove(s)
		if err != nil {
			t.Fatal(err)
		}
		p.MakeMove(m)
	}
}

func TestIsRepetition(t *testing.T) {
	tests := []struct {
		name      string
		moves     string
		searchPly int
		want      bool
	}{
		{"none", "g1f3 g8f6", 0, false},
		{"once-in-game", "g1f3 g8f6 f3g1 f6g8", 0, false},
		{"once-in-search", "g1f3 g8f6 f3g1 f6g8", 4, true},
		{"once-outside-search-path", "g1f3 g8f6 f3g1 f6g8", 3, false},
		{"threefold-in-game", "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8", 0, true},
		{"reset-by-pawn-move", "g1f3 g8f6 f3g1 f6g8 e2e4 e7e5 g1f3 g8f6 f3g1 f6g8", 0, false},
		{"capture-then-repeat", "e2e4 d7d5 e4d5 d8d5 g1f3 d5d8 f3g1 d8d5", 8, true},
		{"earlier-repeat-then-captures", "e2e4 d7d5 g1f3 d8d6 f3g1 d6d8 e4d5 e7e6 d5e6 f7e6", 10, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, _ := ParseFEN(StartFEN)
			playUCI(t, p, tc.moves)
			if got := p.IsRepetition(tc.searchPly); got != tc.want {
				t.Errorf("IsRepetition(%d) = %v, want %v", tc.searchPly, got, tc.want)
			}
		})
	}
}

func TestRepetitionStopsAtNullMove(t *testing.T) {
	p, _ := ParseFEN(StartFEN)
	playUCI(t, p, "g1f3")
	p.MakeNullMove()
	playUCI(t, p, "f3g1")
	p.MakeNullMove()
	// The start position again, White to move, but only across null moves.
	if p.IsRepetition(10) {
		t.Error("repetition found across a null move")
	}
}

func TestFiftyMove(t *testing.T) {
	tests := []struct {
		name, fen string
		want      bool
	}{
		{"99-plies", "4k3/8/8/8/8/8/8/R3K3 w - - 99 80", false},
		{"100-plies", "4k3/8/8/8/8/8/8/R3K3 w - - 100 80", true},
		{"100-plies-in-check", "4k3/8/8/8/8/8/8/4K2r w - - 100 80", true},
		{"100-plies-checkmated", "4k3/8/8/8/8/8/r7/r3K3 w - - 100 80", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := ParseFEN(tc.fen)
			if err != nil {
				t.Fatal(err)
			}
			if got := p.IsFiftyMoveDraw(); got != tc.want {
				t.Errorf("IsFiftyMoveDraw() = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestInsufficientMaterial(t *testing.T) {
	tests := []struct {
		name, fen string
		want      bool
	}{
		{"kings", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", true},
		{"knight", "4k3/8/8/8/8/8/8/4KN2 w - - 0 1", true},
		{"bishop", "4k3/8/8/8/8/8/8/4KB2 w - - 0 1", true},
		{"bishops-same-colour", "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", true},
		{"bishops-opposite-colour", "4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1", false},
		{"two-knights", "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", false},
		{"knight-vs-bishop", "4kb2/8/8/8/8/8/8/4KN2 w - - 0 1", false},
		{"pawn", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", false},
		{"rook", "4k3/8/8/8/8/8/8/4KR2 w - - 0 1", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := ParseFEN(tc.fen)
			if err != nil {
				t.Fatal(err)
			}
			if got := p.IsInsufficientMaterial(); got != tc.want {
				t.Errorf("IsInsufficientMaterial() = %v, want %v", got, tc.want)
			}
		})
	}
}
