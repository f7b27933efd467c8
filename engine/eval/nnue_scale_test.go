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

// imbalance is a kind of material taken from one side: the squares a
// piece of that kind may stand on in the scale positions, Black's first.
type imbalance struct {
	name         string
	black, white []string
	lo, hi       float64 // the band of the hand-written evaluation's mean change (cp)
}

var imbalances = []imbalance{
	{"pawn", []string{"a7", "h7", "b7", "g7"}, []string{"a2", "h2", "b2", "g2"}, 50, 180},
	{"minor piece", []string{"c6", "f6", "e7", "d6", "d7"}, []string{"c3", "f3", "e2", "d3", "c4", "d2"}, 250, 450},
	{"rook", []string{"a8", "f8", "e8", "c8"}, []string{"a1", "f1", "e1", "c1"}, 350, 650},
}

// materialDiffs returns, for each scale position and each square of im,
// White's gain in evaluation (centipawns) when the piece there is removed
// from Black, and the loss when it is removed from White.
func materialDiffs(t *testing.T, im imbalance, evalWhite func(*board.Position) int) (gains, losses []int) {
	for _, fen := range scaleFENs {
		base := evalWhite(mustFEN(t, fen))
		for side, squares := range [][]string{im.black, im.white} {
			for _, sq := range squares {
				f := withoutPiece(t, fen, sq, im.name)
				if f == "" {
					continue
				}
				d := evalWhite(mustFEN(t, f)) - base
				if side == 0 {
					gains = append(gains, d)
				} else {
					losses = append(losses, d)
				}
			}
		}
	}
	return gains, losses
}

// withoutPiece returns fen with the piece on sq removed, or "" if sq holds
// no piece of the kind (a pawn, a knight or bishop, a rook) or removing it
// leaves the side to move's opponent in check.
func withoutPiece(t *testing.T, fen, sq, kind string) string {
	pos := mustFEN(t, fen)
	s := board.NewSquare(int(sq[0]-'a'), int(sq[1]-'1'))
	pt := pos.PieceAt(s).Type()
	switch {
	case kind == "pawn" && pt != board.Pawn,
		kind == "minor piece" && pt != board.Knight && pt != board.Bishop,
		kind == "rook" && pt != board.Rook:
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
	out := strings.Join(fields, " ")
	if p, err := board.ParseFEN(out); err != nil || p.InCheck() {
		return ""
	}
	return out
}

func meanOf(v []int) float64 {
	s := 0
	for _, x := range v {
		s += x
	}
	return float64(s) / float64(max(len(v), 1))
}

// TestNNUEScale pins the evaluations' scale with material imbalances in
// quiet middlegames: to the hand-written evaluation a pawn is worth about
// a pawn (100 centipawns), a minor piece about three, a rook about five,
// and to the net each is worth within a factor of 1.6 of what it is to the
// hand-written evaluation, so UCI scores, WDL, the review's win-chance
// curve and the eval bar keep their meaning with either evaluation.
func TestNNUEScale(t *testing.T) {
	net := defaultNetT(t)
	white := func(ev interface{ Evaluate(*board.Position) int }) func(*board.Position) int {
		return func(pos *board.Position) int {
			v := ev.Evaluate(pos)
			if pos.Side() == board.Black {
				return -v
			}
			return v
		}
	}
	hce, nn := white(New()), white(NewNNUE(net))
	for _, im := range imbalances {
		hg, hl := materialDiffs(t, im, hce)
		ng, nl := materialDiffs(t, im, nn)
		if len(hg) < 6 || len(hl) < 6 {
			t.Fatalf("%s: only %d/%d positions", im.name, len(hg), len(hl))
		}
		h := (meanOf(hg) - meanOf(hl)) / 2
		n := (meanOf(ng) - meanOf(nl)) / 2
		t.Logf("%s: hand-written %+.0f/%+.0f cp, net nn-%s %+.0f/%+.0f cp (%d/%d positions)",
			im.name, meanOf(hg), meanOf(hl), net.Hash(), meanOf(ng), meanOf(nl), len(hg), len(hl))
		if h < im.lo || h > im.hi {
			t.Errorf("%s: worth %.0f cp to the hand-written evaluation, want %.0f..%.0f", im.name, h, im.lo, im.hi)
		}
		if r := n / h; r < 1/1.6 || r > 1.6 {
			t.Errorf("%s: worth %.0f cp to the net, %.2f times the hand-written evaluation's %.0f (want within a factor of 1.6)", im.name, n, r, h)
		}
	}
}
