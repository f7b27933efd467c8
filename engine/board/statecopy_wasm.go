//go:build wasm

package board

import "unsafe"

// set copies s into st as five 64-bit words. The Go wasm back end turns any
// copy of more than 16 bytes into memory.copy, which V8 runs as a call into
// the runtime; a state is 40 bytes and is copied twice per move (MakeMove
// pushes it, UnmakeMove restores it). Word loads and stores are fewer than
// the ten field copies written out before (Kiwipete perft 3 without bulk
// counting, wasm instructions per node: see the commit).
func (st *state) set(s *state) {
	d := (*[5]uint64)(unsafe.Pointer(st))
	c := (*[5]uint64)(unsafe.Pointer(s))
	d[0], d[1], d[2], d[3], d[4] = c[0], c[1], c[2], c[3], c[4]
}

// The copy above assumes a state of exactly 40 bytes: these fail to compile otherwise.
var (
	_ [unsafe.Sizeof(state{}) - 40]byte
	_ [40 - unsafe.Sizeof(state{})]byte
)
