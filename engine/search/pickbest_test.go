package search

import (
	"math/rand"
	"testing"

	"github.com/azurite-chess/azurite/engine/board"
)

// TestPickBest checks pickBest on ordering keys against a plain selection
// step on the scores (strictly greater replaces, so the lowest index wins
// among equals) on random lists with many equal scores: the move order, and
// so the search, must be the one selection sort gives.
func TestPickBest(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for _, tc := range []struct {
		name   string
		n      int
		spread int32
	}{
		{"one", 1, 10}, {"few-ties", 7, 3}, {"quiets", 40, 1000},
		{"all-equal", 33, 1}, {"negative", 21, -1}, {"full", board.MaxMoves, 50},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for round := 0; round < 20; round++ {
				var got, want [board.MaxMoves]board.Move
				var keys [board.MaxMoves]int64
				var ws [board.MaxMoves]int32
				for j := 0; j < tc.n; j++ {
					got[j] = board.Move(j + 1)
					switch {
					case tc.spread < 0:
						ws[j] = -rng.Int31n(1 << 30)
					default:
						ws[j] = rng.Int31n(tc.spread) - tc.spread/2
					}
					if j%5 == 0 {
						ws[j] = 1<<31 - 1 - rng.Int31n(2)
					}
					if j%7 == 3 {
						ws[j] = -1 << 31
					}
					keys[j] = orderKey(ws[j], j)
				}
				want = got
				for i := 0; i < tc.n; i++ {
					pickBest(got[:tc.n], keys[:tc.n], i)
					best := i
					for j := i + 1; j < tc.n; j++ {
						if ws[j] > ws[best] {
							best = j
						}
					}
					want[i], want[best] = want[best], want[i]
					ws[i], ws[best] = ws[best], ws[i]
					if got[i] != want[i] {
						t.Fatalf("round %d step %d: picked %d, want %d", round, i, got[i], want[i])
					}
					for j := i; j < tc.n; j++ {
						if keys[j] != orderKey(ws[j], j) {
							t.Fatalf("round %d step %d: key %d is %#x, want %#x", round, i, j, keys[j], orderKey(ws[j], j))
						}
					}
				}
			}
		})
	}
}
