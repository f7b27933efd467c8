package board

import "testing"

// TestTrimHistory pins that a trimmed history changes no rule's answer: the
// FEN, the move number, repetitions and the fifty-move rule agree with the
// untrimmed position after every further move (regression, issue 32: a
// session kept every state of a million-ply game, per search thread).
func TestTrimHistory(t *testing.T) {
	dance := []string{"g1f3", "g8f6", "f3g1", "f6g8"}
	tests := []struct {
		name  string
		plies int // knight-dance plies played before the trim
		keep  int
	}{
		{"short-game-untouched", 40, HistoryKeep},
		{"past-fifty-move-rule", 1000, HistoryKeep},
		{"keep-zero-after-pawn-move", 3, 0},
		{"negative-keep-is-zero", 8, -5},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			full := mustFEN(t, StartFEN)
			if tc.name == "keep-zero-after-pawn-move" {
				full.MakeMove(mustMove(t, full, "e2e4"))
				full.MakeMove(mustMove(t, full, "e7e5"))
			}
			for i := range tc.plies {
				full.MakeMove(mustMove(t, full, dance[i%4]))
			}
			trimmed := full.Copy()
			trimmed.TrimHistory(tc.keep)
			if want := min(full.Ply(), max(tc.keep, 0)); trimmed.Ply() != want {
				t.Fatalf("Ply() = %d, want %d", trimmed.Ply(), want)
			}
			for i := range 12 {
				if trimmed.FEN() != full.FEN() || trimmed.FullmoveNumber() != full.FullmoveNumber() {
					t.Fatalf("after %d more plies: FEN %q (move %d), want %q (move %d)", i, trimmed.FEN(), trimmed.FullmoveNumber(), full.FEN(), full.FullmoveNumber())
				}
				if tc.keep >= HistoryKeep {
					for sp := range 3 {
						if a, b := trimmed.IsRepetition(sp), full.IsRepetition(sp); a != b {
							t.Fatalf("after %d more plies: IsRepetition(%d) = %v, untrimmed %v", i, sp, a, b)
						}
					}
					if a, b := trimmed.IsFiftyMoveDraw(), full.IsFiftyMoveDraw(); a != b {
						t.Fatalf("after %d more plies: IsFiftyMoveDraw = %v, untrimmed %v", i, a, b)
					}
				}
				mv := dance[(tc.plies+i)%4]
				full.MakeMove(mustMove(t, full, mv))
				trimmed.MakeMove(mustMove(t, trimmed, mv))
			}
			for range 12 {
				full.UnmakeMove()
				trimmed.UnmakeMove()
			}
			if trimmed.FEN() != full.FEN() {
				t.Fatalf("after unmaking: FEN %q, want %q", trimmed.FEN(), full.FEN())
			}
		})
	}
}

func mustFEN(t *testing.T, fen string) *Position {
	t.Helper()
	p, err := ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func mustMove(t *testing.T, p *Position, s string) Move {
	t.Helper()
	m, err := p.ParseUCIMove(s)
	if err != nil {
		t.Fatalf("%s in %s: %v", s, p.FEN(), err)
	}
	return m
}
