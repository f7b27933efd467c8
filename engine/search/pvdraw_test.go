package search

import (
	"fmt"
	"strings"
	"testing"

	"github.com/azurite-chess/azurite/engine/board"
)

// playUCI plays moves (UCI) on pos, failing the test on one that does not parse.
func playUCI(t *testing.T, pos *board.Position, moves ...string) {
	t.Helper()
	for _, u := range moves {
		m, err := pos.ParseUCIMove(u)
		if err != nil {
			t.Fatalf("%s: %v", u, err)
		}
		pos.MakeMove(m)
	}
}

// TestDrawCut: a line is reported up to and including the first move that
// reaches a draw by the search's rules, and the position is left as it was.
func TestDrawCut(t *testing.T) {
	tests := []struct {
		name    string
		fen     string
		history []string
		pv      []string
		want    int
	}{
		{"no draw", board.StartFEN, nil, []string{"e2e4", "e7e5", "g1f3"}, 3},
		{"a repetition inside the line", board.StartFEN, nil, []string{"g1f3", "g8f6", "f3g1", "f6g8", "e2e4", "e7e5"}, 4},
		{"the third time with the game's history", board.StartFEN, []string{"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"}, []string{"f6g8", "g1f3"}, 1},
		{"the fifty-move rule", "7k/8/8/8/8/8/Q7/7K w - - 99 80", nil, []string{"a2b2", "h8g8", "b2b7"}, 1},
		{"insufficient material", "7k/8/8/8/8/8/6r1/6NK w - - 0 1", nil, []string{"h1g2", "h8g8", "g2f3"}, 1},
		{"a mate ends the line itself", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", nil, []string{"a1a8"}, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			pos := mustFEN(t, tc.fen)
			playUCI(t, pos, tc.history...)
			before := pos.FEN()
			pv := make([]board.Move, 0, len(tc.pv))
			walk := mustFEN(t, tc.fen)
			playUCI(t, walk, tc.history...)
			for _, u := range tc.pv {
				m, err := walk.ParseUCIMove(u)
				if err != nil {
					t.Fatalf("%s: %v", u, err)
				}
				pv = append(pv, m)
				walk.MakeMove(m)
			}
			if got := drawCut(pos, pv); got != tc.want {
				t.Errorf("drawCut = %d, want %d", got, tc.want)
			}
			if pos.FEN() != before {
				t.Errorf("position changed: %s, want %s", pos.FEN(), before)
			}
		})
	}
}

// TestReportedLinesStopAtDraws: a perpetual check begun from the game's
// first position, a knight hanging on h4 and the e-file shut by White's own
// pawn. At depth 1 Qh5+ Kg8 repeats the first position a third time, and the
// quiescence search (which tests no repetitions) went on to Qxh4: the reported
// line must stop at Kg8, as a match runner requires (fastchess: "PV continues
// after threefold repetition"), at every depth.
func TestReportedLinesStopAtDraws(t *testing.T) {
	const fen = "6k1/6p1/8/7Q/2K1P2n/q7/1r6/8 w - - 0 1"
	history := []string{"h5e8", "g8h7", "e8h5", "h7g8", "h5e8", "g8h7"}
	pos := mustFEN(t, fen)
	playUCI(t, pos, history...)
	s := New(Options{HashMB: 4})
	lines := 0
	var first fmt.Stringer
	s.Search(pos, Limits{Depth: 6}, func(in Info) {
		if in.Kind != InfoPV {
			return
		}
		lines++
		if in.Depth == 1 && first == nil {
			first = append(lineOf(nil), in.PV...)
		}
		walk := mustFEN(t, fen)
		playUCI(t, walk, history...)
		for i, m := range in.PV {
			walk.MakeMove(m)
			draw := walk.IsRepetition(i+1) || walk.IsFiftyMoveDraw() || walk.IsInsufficientMaterial()
			if draw && i+1 < len(in.PV) {
				t.Errorf("depth %d: the line %v runs on after a draw at move %d", in.Depth, in.PV, i+1)
				return
			}
		}
	})
	if lines == 0 {
		t.Fatal("no line reported")
	}
	if first == nil || first.String() != "e8h5 h7g8" {
		t.Errorf("depth 1 reported %v, want e8h5 h7g8", first)
	}
}

// lineOf is a line as UCI moves joined by spaces.
type lineOf []board.Move

func (l lineOf) String() string {
	u := make([]string, len(l))
	for i, m := range l {
		u[i] = m.String()
	}
	return strings.Join(u, " ")
}

// TestNoPonderPastADraw: bestmove comes with no reply to ponder on when the
// best move itself ends the game in a draw, as the reported line stops
// there: with TestReportedLinesStopAtDraws's perpetual one ply later, Black's
// only move Kg8 repeats the first position a third time; with the halfmove
// clock at 99 every move of the lone king draws by the fifty-move rule. A
// move that does not draw keeps its ponder move.
func TestNoPonderPastADraw(t *testing.T) {
	perpetual := []string{"h5e8", "g8h7", "e8h5", "h7g8", "h5e8", "g8h7", "e8h5"}
	tests := []struct {
		name       string
		fen        string
		history    []string
		depth      int
		wantPonder bool
	}{
		{"a threefold repetition", "6k1/6p1/8/7Q/2K1P2n/q7/1r6/8 w - - 0 1", perpetual, 4, false},
		{"the fifty-move rule", "k7/8/8/8/8/4q3/8/7K w - - 99 90", nil, 6, false},
		{"the clock is not out", "k7/8/8/8/8/4q3/8/7K w - - 0 90", nil, 6, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := New(Options{HashMB: 4})
			pos := mustFEN(t, tc.fen)
			playUCI(t, pos, tc.history...)
			var last []board.Move
			res := s.Search(pos, Limits{Depth: tc.depth}, func(in Info) {
				if in.Kind == InfoPV {
					last = append([]board.Move(nil), in.PV...)
				}
			})
			if res.BestMove == board.NoMove {
				t.Fatal("no best move")
			}
			if got := res.PonderMove != board.NoMove; got != tc.wantPonder {
				t.Errorf("ponder move %v, want one: %v", res.PonderMove, tc.wantPonder)
			}
			if !tc.wantPonder && len(last) != 1 {
				t.Errorf("last line %v, want the best move alone", lineOf(last))
			}
		})
	}
}
