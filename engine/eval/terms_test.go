package eval

import (
	"strconv"
	"strings"
	"testing"

	"github.com/azurite-chess/azurite/engine/board"
)

// TestTermDetection checks, on hand-made positions, that each term fires for
// the right side the right number of times (read from the trace, so the test
// does not depend on the tuned values).
func TestTermDetection(t *testing.T) {
	w, b := board.White, board.Black
	tests := []struct {
		name  string
		fen   string
		side  board.Color
		param int
		want  int
	}{
		{"knight-centre-mobility-8", "4k3/7p/8/8/3N4/8/8/4K3 w - - 0 1", w, pKnightMob + 8, 1},
		{"knight-corner-mobility-2", "4k3/7p/8/8/8/8/8/N3K3 w - - 0 1", w, pKnightMob + 2, 1},
		{"knight-mobility-excludes-pawn-attacks", "4k3/8/2p1p3/8/3N4/8/8/4K3 w - - 0 1", w, pKnightMob + 6, 1},
		{"passed-on-6th", "4k3/p7/4P3/8/8/8/7P/4K3 w - - 0 1", w, pPassed + 5, 1},
		{"passed-on-3rd", "4k3/p7/8/8/8/4P3/7P/4K3 w - - 0 1", w, pPassed + 2, 1},
		{"black-passed-on-its-6th", "4k3/8/8/8/8/4p3/P7/4K3 w - - 0 1", b, pPassed + 5, 1},
		{"not-passed-adjacent-stopper", "4k3/3p4/8/4P3/8/8/8/4K3 w - - 0 1", w, pPassed + 4, 0},
		{"candidate-with-helper", "4k3/3p4/8/4P3/5P2/8/8/4K3 w - - 0 1", w, pCandidate + 4, 1},
		{"no-candidate-without-helper", "4k3/3p4/8/4P3/8/8/8/4K3 w - - 0 1", w, pCandidate + 4, 0},
		{"isolated", "4k3/p7/8/8/8/8/P7/4K3 w - - 0 1", w, pIsolated, 1},
		{"doubled-counts-rear-pawn", "4k3/8/8/8/8/P7/P7/4K3 w - - 0 1", w, pDoubled, 1},
		{"backward", "4k3/8/8/8/2p5/4P3/3P4/4K3 w - - 0 1", w, pBackward, 1},
		{"phalanx-connected", "4k3/8/8/8/8/3PP3/8/4K3 w - - 0 1", w, pConnected + 2, 2},
		{"supported-connected", "4k3/8/8/8/4P3/3P4/8/4K3 w - - 0 1", w, pConnected + 3, 1},
		{"passed-free-stop-square", "4k3/p7/4P3/8/8/8/7P/4K3 w - - 0 1", w, pPassedFree + 5, 1},
		{"passed-blocked", "8/8/4n3/4P3/8/8/8/k3K3 w - - 0 1", w, pPassedFree + 4, 0},
		{"passed-safe-path", "7k/p7/8/4P3/8/8/8/4K3 w - - 0 1", w, pPassedSafe + 4, 1},
		{"passed-path-attacked-by-king", "8/p2k4/8/4P3/8/8/8/4K3 w - - 0 1", w, pPassedSafe + 4, 0},
		{"passed-path-attacked-by-rook", "3r3k/8/8/4P3/8/8/8/4K3 w - - 0 1", w, pPassedSafe + 4, 0},
		{"passed-own-king-distance", "7k/p7/8/4P3/8/8/8/4K3 w - - 0 1", w, pPassedOwnKing + 4, 5},
		{"passed-enemy-king-distance", "7k/p7/8/4P3/8/8/8/4K3 w - - 0 1", w, pPassedEnemyKing + 4, 3},
		{"shield-intact", "6k1/8/8/8/8/8/5PPP/6K1 w - - 0 1", w, pShield + 0, 3},
		{"shield-missing", "6k1/5ppp/8/8/8/8/8/6K1 w - - 0 1", w, pShield + 3, 3},
		{"king-semi-open-files", "6k1/5ppp/8/8/8/8/8/6K1 w - - 0 1", w, pKingSemiOpen, 3},
		{"king-open-files", "6k1/p7/8/8/8/8/P7/6K1 w - - 0 1", w, pKingOpen, 3},
		{"storm-pawn-on-4th", "6k1/8/8/8/6p1/8/5P1P/6K1 w - - 0 1", w, pStorm + 3, 1},
		{"bishop-pair", "4k3/p7/8/8/8/8/8/2B1KB2 w - - 0 1", w, pBishopPair, 1},
		{"no-pair-same-colour", "4k3/8/8/8/8/8/8/2B1K1B1 w - - 0 1", w, pBishopPair, 0},
		{"bishop-own-pawns-on-colour", "4k3/8/8/8/8/8/1P1P4/2B1K3 w - - 0 1", w, pBishopPawns, 2},
		{"rook-open-file", "4k3/7p/8/8/8/8/8/R3K3 w - - 0 1", w, pRookOpen, 1},
		{"rook-semi-open-file", "4k3/p7/8/8/8/8/8/R3K3 w - - 0 1", w, pRookSemiOpen, 1},
		{"rook-closed-file", "4k3/p7/8/8/8/8/P7/R3K3 w - - 0 1", w, pRookSemiOpen, 0},
		{"rook-seventh", "4k3/R6p/8/8/8/8/8/4K3 w - - 0 1", w, pRookSeventh, 1},
		{"knight-outpost", "4k3/8/8/3N4/4P3/8/8/4K3 w - - 0 1", w, pKnightOutpost, 1},
		{"no-outpost-pawn-can-attack", "4k3/2p5/8/3N4/4P3/8/8/4K3 w - - 0 1", w, pKnightOutpost, 0},
		{"bishop-outpost", "4k3/8/8/3B4/4P3/8/8/4K3 w - - 0 1", w, pBishopOutpost, 1},
		{"minor-behind-pawn", "4k3/8/8/8/8/3P4/3N4/4K3 w - - 0 1", w, pMinorBehindPwn, 1},
		{"pawn-attacks-knight", "4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", w, pThreatByPawn + 1, 1},
		{"hanging-knight", "4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", w, pHanging, 1},
		{"defended-knight-not-hanging", "4k3/8/2p5/3n4/4P3/8/8/4K3 w - - 0 1", w, pHanging, 0},
		{"minor-attacks-rook", "4k3/8/8/3r4/8/4N3/8/4K3 w - - 0 1", w, pThreatByMinor + 3, 1},
		{"rook-attacks-queen", "4k3/8/3q4/8/8/8/8/3RK3 w - - 0 1", w, pThreatByRook + 4, 1},
		{"long-diagonal-bishop", "4k3/7p/8/8/8/8/1B6/4K3 w - - 0 1", w, pBishopLongDiag, 1},
		{"long-diagonal-pieces-do-not-block", "4k3/7p/8/8/8/2N5/1B6/4K3 w - - 0 1", w, pBishopLongDiag, 1},
		{"long-diagonal-pawn-on-d4-blocks", "4k3/7p/8/8/3P4/8/1B6/4K3 w - - 0 1", w, pBishopLongDiag, 0},
		{"long-diagonal-blocked-by-own-pawn", "4k3/8/8/8/8/2P5/1B6/4K3 w - - 0 1", w, pBishopLongDiag, 0},
		{"bishop-off-long-diagonal", "4k3/7p/8/8/8/8/2B5/4K3 w - - 0 1", w, pBishopLongDiag, 0},
		{"king-next-to-pawn", "4k3/7p/8/8/8/8/4P3/4K3 w - - 0 1", w, pKingPawnDist + 1, 1},
		{"king-far-from-pawns", "4k3/p7/8/8/8/8/P7/7K w - - 0 1", w, pKingPawnDist + 7, 1},
		{"black-king-distance-3", "8/8/4k3/8/8/1P6/p7/7K w - - 0 1", b, pKingPawnDist + 3, 1},
		{"tempo-white", "4k3/7p/8/8/8/8/P7/4K3 w - - 0 1", w, pTempo, 1},
		{"tempo-black", "4k3/7p/8/8/8/8/P7/4K3 b - - 0 1", b, pTempo, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e, _ := traceFEN(t, tc.fen)
			if e.tr.special != "" {
				t.Fatalf("decided by endgame rule %q", e.tr.special)
			}
			if got := e.coefOf(tc.side, tc.param); got != tc.want {
				t.Errorf("%s applied %d times for %v, want %d", ParamName(tc.param), got, tc.side, tc.want)
			}
		})
	}
}

// TestKingDanger checks that two pieces attacking the king zone produce danger
// units, and that one lone minor attacker does not.
func TestKingDanger(t *testing.T) {
	danger := func(fen string) int {
		e, _ := traceFEN(t, fen)
		for i := 1; i < kingDangerSize; i++ {
			if e.coefOf(board.White, pKingDanger+i) != 0 {
				return i
			}
		}
		return 0
	}
	if u := danger("6k1/5ppp/8/8/6nq/8/5PPP/6K1 w - - 0 1"); u == 0 {
		t.Error("queen and knight on the king: no danger units")
	}
	if u := danger("6k1/5ppp/8/8/6n1/8/5PPP/6K1 w - - 0 1"); u != 0 {
		t.Errorf("a lone knight: %d danger units, want 0", u)
	}
}

// groupMg returns the middlegame value of one Explain group for c.
func groupMg(t *testing.T, fen, group string, c board.Color) int {
	t.Helper()
	for _, term := range Explain(mustFEN(t, fen)).Terms {
		if term.Name == group {
			if c == board.White {
				return term.White.Mg()
			}
			return term.Black.Mg()
		}
	}
	t.Fatalf("no group %q", group)
	return 0
}

// TestTermOrdering checks, with the shipped weights, that better positions of
// one term score better.
func TestTermOrdering(t *testing.T) {
	tests := []struct {
		name, better, worse string
	}{
		// Both kings are equally far from the two stop squares (c7, c4), so
		// only the pawn's rank differs.
		{"passed-6th-beats-3rd", "8/p7/2P4K/5k2/8/8/8/8 w - - 0 1", "8/p7/7K/5k2/8/2P5/8/8 w - - 0 1"},
		{"knight-centre-beats-corner", "4k3/7p/8/8/3N4/8/8/4K3 w - - 0 1", "4k3/7p/8/8/8/8/8/N3K3 w - - 0 1"},
		{"connected-beats-isolated", "4k3/8/8/8/8/3PP3/8/4K3 w - - 0 1", "4k3/8/8/8/8/2P2P2/8/4K3 w - - 0 1"},
		{"bishop-pair-beats-same-colour", "4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", "4k3/8/8/8/8/8/8/2B1K1B1 w - - 0 1"},
		{"rook-open-beats-closed", "4k3/p7/8/8/8/8/7P/R3K3 w - - 0 1", "4k3/p7/8/8/8/8/P7/R3K3 w - - 0 1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if a, b := whiteEval(t, tc.better), whiteEval(t, tc.worse); a <= b {
				t.Errorf("better %d <= worse %d", a, b)
			}
		})
	}
	t.Run("shield-intact-beats-none", func(t *testing.T) {
		intact := groupMg(t, "6k1/5ppp/8/8/8/8/5PPP/6K1 w - - 0 1", "King", board.White)
		none := groupMg(t, "6k1/5ppp/8/8/5PPP/8/8/6K1 w - - 0 1", "King", board.White)
		if intact <= none {
			t.Errorf("intact shield %d <= advanced pawns %d", intact, none)
		}
	})
	t.Run("king-attack-hurts", func(t *testing.T) {
		attacked := groupMg(t, "6k1/5ppp/8/8/6nq/8/5PPP/6K1 w - - 0 1", "King", board.White)
		quiet := groupMg(t, "6k1/5ppp/8/8/8/8/5PPP/nq4K1 w - - 0 1", "King", board.White)
		if attacked >= quiet {
			t.Errorf("attacked king %d >= quiet king %d", attacked, quiet)
		}
	})
}

func TestExplainSumsToEval(t *testing.T) {
	for _, tc := range benchFENs[:4] {
		pos := mustFEN(t, tc.fen)
		x := Explain(pos)
		var s board.Score
		for _, term := range x.Terms {
			s += term.White - term.Black
		}
		if got := Taper(s, x.Phase, x.Scale); got != x.White || x.White != New().evaluate(pos) {
			t.Errorf("%s: terms give %d, Explain says %d", tc.name, got, x.White)
		}
	}
}

func TestTunedWeightsMatchLayout(t *testing.T) {
	for _, w := range tunedWeights {
		found := false
		for _, b := range Layout {
			if b.Name == w.Name {
				found = true
				if b.Len != len(w.V) {
					t.Errorf("tuned block %s has %d weights, layout %d", w.Name, len(w.V), b.Len)
				}
			}
		}
		if !found {
			t.Errorf("tuned block %s is not in the layout", w.Name)
		}
	}
	last := Layout[len(Layout)-1]
	if last.Start+last.Len != NumParams {
		t.Errorf("layout ends at %d, NumParams = %d", last.Start+last.Len, NumParams)
	}
	for i := 1; i < len(Layout); i++ {
		if Layout[i].Start != Layout[i-1].Start+Layout[i-1].Len {
			t.Errorf("block %s does not follow %s", Layout[i].Name, Layout[i-1].Name)
		}
	}
}

func TestExplainLines(t *testing.T) {
	lines := Explain(mustFEN(t, board.StartFEN)).Lines()
	if len(lines) < 10 || lines[len(lines)-1] != "Final evaluation "+strconv.Itoa(New().evaluate(mustFEN(t, board.StartFEN)))+" cp (White's view)" {
		t.Errorf("unexpected explanation:\n%s", strings.Join(lines, "\n"))
	}
	kpk := Explain(mustFEN(t, "8/8/8/8/P3k3/8/8/7K b - - 0 1")).Lines()
	if !strings.Contains(strings.Join(kpk, "\n"), "Endgame rule: KPK: draw (bitbase)") {
		t.Errorf("KPK explanation:\n%s", strings.Join(kpk, "\n"))
	}
}
