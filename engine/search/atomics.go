//go:build !(js && wasm)

package search

import "sync/atomic"

// The words that search threads share in the hot path. Natively several
// threads run at once, so they are atomic; the js/wasm build has plain
// variants (atomics_wasm.go).

// ttWord is one 64-bit word of a table entry (see tt.go).
type ttWord struct{ atomic.Uint64 }

// stopFlag is the stop signal every node polls.
type stopFlag struct{ atomic.Bool }
