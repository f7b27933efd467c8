package search

import (
	"math/rand"
	"testing"

	"github.com/azurite-chess/azurite/engine/board"
)

// TestPickBest checks pickBest (the branch-free variant in the js/wasm build)
// against a plain selection step on random lists with many equal scores: the
// move order, and so the search, must not depend on the build.
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
				var gs, ws [board.MaxMoves]int32
				for j := 0; j < tc.n; j++ {
					got[j] = board.Move(j + 1)
					switch {
					case tc.spread < 0:
						gs[j] = -rng.Int31n(1 << 30)
					default:
						gs[j] = rng.Int31n(tc.spread) - tc.spread/2
					}
					if j%5 == 0 {
						gs[j] = 1<<31 - 1 - rng.Int31n(2)
					}
				}
				want, ws = got, gs
				for i := 0; i < tc.n; i++ {
					pickBest(got[:tc.n], gs[:tc.n], i)
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
				}
			}
		})
	}
}
