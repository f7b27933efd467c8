//go:build js && wasm

package search

import "github.com/azurite-chess/azurite/engine/board"

// pickBest swaps the best-scored move of moves[i:] into position i
// (selection sort, one step: most nodes use only the first few moves). Of
// equal scores the first wins, exactly as in the native loop (pickbest.go),
// so both builds search the same tree.
//
// Go's wasm back end turns every taken branch into a jump through the
// function's br_table dispatch, and the native loop took two per move (the
// compare and the back edge): 35 of the 380 dispatches per search node
// (instrumented wasm TestBenchPrint, depth 7). Here each score is packed
// with its index into one key,
//
//	key = score<<8 | (255 - j)    (j < MaxMoves = 256)
//
// so the largest key is the best score and, among equal scores, the lowest
// index; the maximum is taken without branches (best += d &^ (d>>63) adds
// d = key-best only when it is positive), four moves per loop turn.
func pickBest(moves []board.Move, scores []int32, i int) {
	n := len(moves)
	scores = scores[:n]
	if i >= n {
		return
	}
	best := int64(scores[i])<<8 | int64(255-i)
	j := i + 1
	for ; j+3 < n; j += 4 {
		s := scores[j : j+4 : j+4]
		d := (int64(s[0])<<8 | int64(255-j)) - best
		best += d &^ (d >> 63)
		d = (int64(s[1])<<8 | int64(254-j)) - best
		best += d &^ (d >> 63)
		d = (int64(s[2])<<8 | int64(253-j)) - best
		best += d &^ (d >> 63)
		d = (int64(s[3])<<8 | int64(252-j)) - best
		best += d &^ (d >> 63)
	}
	for ; j < n; j++ {
		d := (int64(scores[j])<<8 | int64(255-j)) - best
		best += d &^ (d >> 63)
	}
	if b := 255 - int(best&255); b != i {
		moves[i], moves[b] = moves[b], moves[i]
		scores[i], scores[b] = scores[b], scores[i]
	}
}
