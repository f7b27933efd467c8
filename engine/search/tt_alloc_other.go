//go:build !linux

package search

import "unsafe"

// hugePagesAdvised is false where no huge-page advice is given (js/wasm,
// and systems other than Linux): the table is a plain slice.
const hugePagesAdvised = false

// adviseHugePages does nothing here; see tt_alloc_linux.go.
func adviseHugePages(unsafe.Pointer, int) {}
