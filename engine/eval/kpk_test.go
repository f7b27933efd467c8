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

// TestKPKMatchesReference checks the bitboard generator (kpk.go) against the
// first, position-by-position retrograde analysis, kept here as the
// reference: every one of the 196 608 positions must have the same result.
func TestKPKMatchesReference(t *testing.T) {
	ref := kpkReference()
	wins, bad := 0, 0
	for i, r := range ref {
		wk, bk, stm, psq := kpkRefDecode(i)
		got := kpkWins[kpkSlot(psq)][stm][wk].Has(bk)
		if r == kpkWin {
			wins++
		}
		if got != (r == kpkWin) {
			if bad++; bad <= 10 {
				t.Errorf("wk %v bk %v stm %v pawn %v: win %v, reference %v", wk, bk, stm, psq, got, r)
			}
		}
	}
	if bad > 0 {
		t.Fatalf("%d of %d positions differ", bad, len(ref))
	}
	t.Logf("%d won positions of %d", wins, len(ref))
}

// BenchmarkKPKGenerate measures building the bitbase from scratch, which
// every start-up pays (run it natively and as wasm). It leaves the table as
// init built it.
func BenchmarkKPKGenerate(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		kpkWins = [kpkSlots][2][64]bb{}
		kpkGenerate()
	}
}

// kpkRefSize is the number of positions of the reference generator's layout
// (196 608):
//
//	bit  0-5   white king square
//	bit  6-11  black king square
//	bit  12    side to move (0 White, 1 Black)
//	bit 13-17  pawn: file (0-3) * 6 + rank - 1 (ranks 2-7)
const kpkRefSize = 2 * 64 * 64 * 24

func kpkRefIndex(wk, bk board.Square, stm board.Color, psq board.Square) int {
	return int(wk) | int(bk)<<6 | int(stm)<<12 | (psq.File()*6+psq.Rank()-1)<<13
}

// kpkResult is a position's state during generation.
type kpkResult uint8

const (
	kpkUnknown kpkResult = iota
	kpkInvalid
	kpkDraw
	kpkWin
)

// kpkReference classifies the positions that are invalid or immediately
// decided, then repeatedly resolves the rest from their successors until
// nothing changes; what is still unknown then is a draw.
func kpkReference() []kpkResult {
	res := make([]kpkResult, kpkRefSize)
	for i := range res {
		res[i] = kpkRefInitial(i)
	}
	for changed := true; changed; {
		changed = false
		for i := range res {
			if res[i] == kpkUnknown {
				if r := kpkRefFromSuccessors(i, res); r != kpkUnknown {
					res[i] = r
					changed = true
				}
			}
		}
	}
	return res
}

func kpkRefDecode(i int) (wk, bk board.Square, stm board.Color, psq board.Square) {
	wk = board.Square(i & 63)
	bk = board.Square(i >> 6 & 63)
	stm = board.Color(i >> 12 & 1)
	pi := i >> 13
	psq = board.NewSquare(pi/6, pi%6+1)
	return
}

func kpkRefInitial(i int) kpkResult {
	wk, bk, stm, psq := kpkRefDecode(i)
	if wk == bk || wk == psq || bk == psq || distance[wk][bk] <= 1 {
		return kpkInvalid
	}
	pawnAtt := board.PawnAttacks(board.White, psq)
	if stm == board.White && pawnAtt.Has(bk) {
		return kpkInvalid // Black would be in check with White to move
	}
	if stm == board.White && psq.Rank() == 6 {
		// The pawn promotes at once unless the square is blocked; the new
		// queen survives unless the black king can take it undefended.
		q := psq + 8
		if q != wk && q != bk && (distance[bk][q] > 1 || distance[wk][q] == 1) {
			return kpkWin
		}
	}
	if stm == board.Black {
		moves := board.KingAttacks(bk) &^ board.KingAttacks(wk) &^ pawnAtt
		if moves == 0 && !pawnAtt.Has(bk) {
			return kpkDraw // stalemate
		}
		if board.KingAttacks(bk).Has(psq) && !board.KingAttacks(wk).Has(psq) {
			return kpkDraw // the pawn falls
		}
		if moves == 0 {
			return kpkWin // checked by the pawn with nowhere to go: mate
		}
	}
	return kpkUnknown
}

// kpkRefFromSuccessors returns Win (White to move: some move wins; Black
// to move: every move loses), Draw (the converse) or Unknown.
func kpkRefFromSuccessors(i int, res []kpkResult) kpkResult {
	wk, bk, stm, psq := kpkRefDecode(i)
	if stm == board.White {
		allDraw := true
		consider := func(r kpkResult) bool { // reports a win
			if r == kpkWin {
				return true
			}
			if r != kpkDraw && r != kpkInvalid {
				allDraw = false
			}
			return false
		}
		for b := board.KingAttacks(wk) &^ board.KingAttacks(bk); b != 0; {
			to := b.PopLSB()
			if to == psq {
				continue
			}
			if consider(res[kpkRefIndex(to, bk, board.Black, psq)]) {
				return kpkWin
			}
		}
		if psq.Rank() < 6 {
			one := psq + 8
			if one != wk && one != bk {
				if consider(res[kpkRefIndex(wk, bk, board.Black, one)]) {
					return kpkWin
				}
				two := psq + 16
				if psq.Rank() == 1 && two != wk && two != bk {
					if consider(res[kpkRefIndex(wk, bk, board.Black, two)]) {
						return kpkWin
					}
				}
			}
		}
		if allDraw {
			return kpkDraw
		}
		return kpkUnknown
	}
	allWin := true
	for b := board.KingAttacks(bk) &^ board.KingAttacks(wk) &^ board.PawnAttacks(board.White, psq); b != 0; {
		to := b.PopLSB()
		if to == psq {
			continue // an undefended pawn was handled at init; this one is defended
		}
		switch res[kpkRefIndex(wk, to, board.White, psq)] {
		case kpkDraw:
			return kpkDraw
		case kpkWin:
		default:
			allWin = false
		}
	}
	if allWin {
		return kpkWin
	}
	return kpkUnknown
}
