package search

import "github.com/azurite-chess/azurite/engine/board"

// Move ordering keys: each move's ordering score is packed with its index in
// the list into one key,
//
//	key = score<<8 | (255 - j)    (j < board.MaxMoves = 256)
//
// so the largest key is the best score and, among equal scores, the lowest
// index, and picking the best move is a plain maximum over the keys. The
// scoring functions (history.go) write keys, and pickBest keeps each key's
// index part equal to the move's current index when it swaps.

// orderKey returns the key of a move with ordering score s at index j.
func orderKey(s int32, j int) int64 { return int64(s)<<8 | int64(255-j) }

// pickBest swaps the best-keyed move of moves[i:] into position i (selection
// sort, one step: most nodes use only the first few moves). Of equal scores
// the one at the lowest index wins.
//
// The maximum is taken without branches (best += d &^ (d>>63) adds
// d = key-best only when it is positive), four keys per loop turn: Go's wasm
// back end turns every taken branch into a jump through the function's
// br_table dispatch, and a compare-and-branch loop took two per move. The
// builtin max is no help: here the compiler made it a compare and branch
// too, and V8's code for it ran 1.2 % more machine instructions per search
// node than this (valgrind, node --no-liftoff, bench depths 6 and 8). Keys
// rather than scores spare each move the packing of its score and index
// (the previous js/wasm variant built the key in the loop: 833 of the
// search's 12935 wasm instructions per node went to this function).
func pickBest(moves []board.Move, keys []int64, i int) {
	n := len(moves)
	keys = keys[:n]
	if i >= n {
		return
	}
	best := keys[i]
	j := i + 1
	for ; j+3 < n; j += 4 {
		k := keys[j : j+4 : j+4]
		d := k[0] - best
		best += d &^ (d >> 63)
		d = k[1] - best
		best += d &^ (d >> 63)
		d = k[2] - best
		best += d &^ (d >> 63)
		d = k[3] - best
		best += d &^ (d >> 63)
	}
	for ; j < n; j++ {
		d := keys[j] - best
		best += d &^ (d >> 63)
	}
	if b := 255 - int(best&255); b != i {
		moves[i], moves[b] = moves[b], moves[i]
		// The move that was at i moves to b: its key takes index b.
		keys[b] = keys[i]&^255 | int64(255-b)
		keys[i] = best&^255 | int64(255-i)
	}
}
