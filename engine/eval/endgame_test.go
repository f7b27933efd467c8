package eval

import "testing"

func TestEndgameRules(t *testing.T) {
	tests := []struct {
		name      string
		fen       string
		want      int // exact white-view score, or -1 to check the scale instead
		wantScale int
	}{
		{"KK", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", 0, 0},
		{"KBK", "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", 0, 0},
		{"KNK", "4k3/8/8/8/8/8/8/1N2K3 b - - 0 1", 0, 0},
		{"KNKB", "4k3/8/3b4/8/8/8/8/1N2K3 w - - 0 1", 0, 0},
		{"KNNK", "4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1", 0, 0},
		{"opposite-bishops-only", "4k3/8/4b3/8/8/2B1P3/8/4K3 w - - 0 1", -1, 48},
		{"opposite-bishops-with-rooks", "r3k3/8/4b3/8/8/2B1P3/8/R3K3 w - - 0 1", -1, 96},
		{"same-coloured-bishops", "4k3/8/3b4/8/8/2B1P3/8/4K3 w - - 0 1", -1, scaleNormal},
		{"rook-pawn-wrong-bishop", "k7/8/8/8/8/8/P7/2B1K3 w - - 0 1", -1, 0},
		{"rook-pawn-right-bishop", "k7/8/8/8/8/8/P7/3BK3 w - - 0 1", -1, scaleNormal},
		{"KRKB-drawish", "4k3/8/3b4/8/8/8/8/R3K3 w - - 0 1", -1, 16},
		{"lone-minor-cannot-win", "4k3/4p3/8/8/8/8/8/2B1K3 w - - 0 1", -1, 0},
		{"rook-vs-pawn-no-scaling", "4k3/4p3/8/8/8/8/8/R3K3 w - - 0 1", -1, scaleNormal},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e, v := traceFEN(t, tc.fen)
			if tc.want >= 0 {
				if v != tc.want {
					t.Errorf("eval %d, want %d", v, tc.want)
				}
				return
			}
			if e.tr.scale != tc.wantScale {
				t.Errorf("scale %d, want %d", e.tr.scale, tc.wantScale)
			}
		})
	}
}

func TestMatingEndgames(t *testing.T) {
	tests := []struct{ name, better, worse string }{
		{"KQK-edge-beats-centre", "7k/8/8/8/8/8/8/1Q2K3 b - - 0 1", "8/8/8/3k4/8/8/8/1Q2K3 b - - 0 1"},
		{"KRK-kings-close", "7k/8/5K2/8/8/8/8/1R6 b - - 0 1", "7k/8/8/8/8/8/8/1R2K3 b - - 0 1"},
		{"KBNK-right-corner", "8/8/8/8/8/2K5/8/k3BN2 b - - 0 1", "8/8/8/8/8/5K2/8/1N2B2k b - - 0 1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a, b := whiteEval(t, tc.better), whiteEval(t, tc.worse)
			if a <= b || b < knownWin {
				t.Errorf("better %d, worse %d (want both ≥ %d, better > worse)", a, b, knownWin)
			}
			if fa := -whiteEval(t, flipFEN(tc.better)); fa != a {
				t.Errorf("colour-flipped %d, want %d", fa, a)
			}
		})
	}
}
