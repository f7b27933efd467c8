package eval

import (
	"strings"
	"testing"

	"github.com/azurite-chess/azurite/engine/board"
)

// scaleFENs are quiet, roughly level middlegames; the scale test takes a
// rook's pawn away from one side.
var scaleFENs = []string{
	"r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 9",
	"r2q1rk1/pp1nbppp/2p1pn2/3p4/2PP4/1PN1PN2/P4PPP/R1BQ1RK1 w - - 0 10",
	"r1bqr1k1/pp3ppp/2nb1n2/3p4/3P4/2NB1N2/PP3PPP/R1BQR1K1 w - - 0 11",
	"2rq1rk1/pp2bppp/2n1pn2/3p4/3P4/2NBPN2/PP3PPP/2RQ1RK1 w - - 0 12",
	"r2qr1k1/1p1nbppp/p1p1pn2/8/2BP4/2N1PN2/PP3PPP/R2Q1RK1 w - - 0 12",
	"r4rk1/pp1qbppp/2n1pn2/3p4/3P4/2N1PN2/PPQ1BPPP/R4RK1 w - - 0 12",
}

// pawnUpDiffs returns, for each scale position and each rook's pawn of the
// side that loses it, White's gain in evaluation (centipawns) when that
// pawn is removed from Black, and the loss when it is removed from White.
func pawnUpDiffs(t *testing.T, evalWhite func(*board.Position) int) (gains, losses []int) {
	for _, fen := range scaleFENs {
		base := evalWhite(mustFEN(t, fen))
		for _, sq := range []string{"a7", "h7", "a2", "h2"} {
			f := withoutPiece(t, fen, sq)
			if f == "" {
				continue
			}
			d := evalWhite(mustFEN(t, f)) - base
			if sq[1] == '7' {
				gains = append(gains, d)
			} else {
				losses = append(losses, d)
			}
		}
	}
	return gains, losses
}

// withoutPiece returns fen with the piece on sq removed, or "" if the square
// is empty.
func withoutPiece(t *testing.T, fen, sq string) string {
	pos := mustFEN(t, fen)
	s := board.NewSquare(int(sq[0]-'a'), int(sq[1]-'1'))
	if pos.PieceAt(s) == board.NoPiece {
		return ""
	}
	fields := strings.Fields(fen)
	var rows [8][]byte
	for i, row := range strings.Split(fields[0], "/") {
		for _, c := range []byte(row) {
			if c >= '1' && c <= '8' {
				rows[i] = append(rows[i], strings.Repeat(".", int(c-'0'))...)
			} else {
				rows[i] = append(rows[i], c)
			}
		}
	}
	rows[7-s.Rank()][s.File()] = '.'
	var b strings.Builder
	for i, row := range rows {
		n := 0
		for _, c := range row {
			if c == '.' {
				n++
				continue
			}
			if n > 0 {
				b.WriteByte(byte('0' + n))
				n = 0
			}
			b.WriteByte(c)
		}
		if n > 0 {
			b.WriteByte(byte('0' + n))
		}
		if i < 7 {
			b.WriteByte('/')
		}
	}
	fields[0] = b.String()
	return strings.Join(fields, " ")
}

func meanOf(v []int) float64 {
	s := 0
	for _, x := range v {
		s += x
	}
	return float64(s) / float64(max(len(v), 1))
}

// TestNNUEScale pins the net's scale to the search's: a clean extra pawn in
// a quiet middlegame is worth about a pawn (100 centipawns), as it is to
// the hand-written evaluation, so UCI scores, WDL, the review's win-chance
// curve and the eval bar keep their meaning with either evaluation.
func TestNNUEScale(t *testing.T) {
	net := defaultNetT(t)
	e, h := NewNNUE(net), New()
	white := func(ev interface{ Evaluate(*board.Position) int }) func(*board.Position) int {
		return func(pos *board.Position) int {
			v := ev.Evaluate(pos)
			if pos.Side() == board.Black {
				return -v
			}
			return v
		}
	}
	for _, tc := range []struct {
		name string
		f    func(*board.Position) int
	}{{"hand-written", white(h)}, {"net nn-" + net.Hash(), white(e)}} {
		gains, losses := pawnUpDiffs(t, tc.f)
		g, l := meanOf(gains), meanOf(losses)
		t.Logf("%s: a pawn up %+.0f cp (%v), a pawn down %+.0f cp (%v)", tc.name, g, gains, l, losses)
		if len(gains) < 8 || len(losses) < 8 {
			t.Fatalf("only %d/%d pawn-up/down positions", len(gains), len(losses))
		}
		if g < 50 || g > 180 || l > -50 || l < -180 {
			t.Errorf("%s: a pawn up is %+.0f cp and a pawn down %+.0f cp on average, want about ±100 (50..180)", tc.name, g, l)
		}
	}
}
