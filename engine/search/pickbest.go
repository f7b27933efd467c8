//go:build !(js && wasm)

package search

import "github.com/azurite-chess/azurite/engine/board"

// pickBest swaps the best-scored move of moves[i:] into position i
// (selection sort, one step: most nodes use only the first few moves). Of
// equal scores the first wins. The js/wasm build has a branch-free variant
// with the same result (pickbest_wasm.go).
func pickBest(moves []board.Move, scores []int32, i int) {
	best := i
	for j := i + 1; j < len(moves); j++ {
		if scores[j] > scores[best] {
			best = j
		}
	}
	if best != i {
		moves[i], moves[best] = moves[best], moves[i]
		scores[i], scores[best] = scores[best], scores[i]
	}
}
