package eval

import (
	"testing"

	"github.com/azurite-chess/azurite/engine/board"
)

// TestKPK checks the bitbase on positions whose result is textbook knowledge,
// for both colours and both wings.
func TestKPK(t *testing.T) {
	tests := []struct {
		name string
		fen  string
		win  bool
	}{
		{"stalemate-pawn-on-7th", "4k3/4P3/4K3/8/8/8/8/8 b - - 0 1", false},
		{"rook-pawn-king-in-corner", "k7/8/K7/P7/8/8/8/8 w - - 0 1", false},
		{"outside-the-square", "7k/8/8/8/P7/8/8/7K w - - 0 1", true},
		{"outside-the-square-black-to-move", "8/8/8/8/P5k1/8/8/7K b - - 0 1", true},
		{"inside-the-square", "8/8/8/8/P3k3/8/8/7K b - - 0 1", false},
		{"king-on-6th-in-front", "4k3/8/4K3/4P3/8/8/8/8 b - - 0 1", true},
		{"king-on-6th-in-front-wtm", "4k3/8/4K3/4P3/8/8/8/8 w - - 0 1", true},
		{"pawn-falls", "8/8/8/8/8/3k4/3P4/7K b - - 0 1", false},
	}
	mirror := func(fen string) string { // a-h mirror of the placement
		f := []byte(fen)
		end := 0
		for end < len(f) && f[end] != ' ' {
			end++
		}
		out := ""
		for _, rank := range splitRanks(string(f[:end])) {
			out += reverseRank(rank) + "/"
		}
		return out[:len(out)-1] + string(f[end:])
	}
	for _, tc := range tests {
		for _, v := range []struct{ suffix, fen string }{
			{"", tc.fen}, {"/flipped", flipFEN(tc.fen)}, {"/mirrored", mirror(tc.fen)},
		} {
			t.Run(tc.name+v.suffix, func(t *testing.T) {
				pos := mustFEN(t, v.fen)
				strong := board.White
				if pos.Pieces(board.Black, board.Pawn) != 0 {
					strong = board.Black
				}
				got := KPKWin(strong, pos.KingSquare(strong), pos.KingSquare(strong.Other()),
					pos.Pieces(strong, board.Pawn).LSB(), pos.Side())
				if got != tc.win {
					t.Errorf("KPKWin = %v, want %v", got, tc.win)
				}
				score := New().evaluate(pos)
				if strong == board.Black {
					score = -score
				}
				if tc.win && score < knownWin/2 || !tc.win && score != 0 {
					t.Errorf("eval %d for the pawn's side", score)
				}
			})
		}
	}
}

func splitRanks(s string) []string {
	var out []string
	start := 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == '/' {
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return out
}

func reverseRank(r string) string {
	b := []byte(r)
	for i, j := 0, len(b)-1; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
	return string(b)
}
