//go:build js && wasm

package search

// Go's js/wasm port runs every goroutine on one thread and switches only at
// calls, so a plain load or store of a word is never torn or interleaved and
// these types need none of the atomic operations of the native build
// (atomics.go). The compiler does not turn sync/atomic into instructions on
// wasm: each Load was one or two calls into internal/runtime/atomic. In a
// node --cpu-prof of the wasm TestBenchPrint at depth 10, the table's loads
// took 6 % of the CPU, more than the probe itself, and the stop flag cost
// four calls per node.

// ttWord is one 64-bit word of a table entry (see tt.go).
type ttWord struct{ v uint64 }

// Load returns the word.
func (w *ttWord) Load() uint64 { return w.v }

// Store sets the word.
func (w *ttWord) Store(x uint64) { w.v = x }

// stopFlag is the stop signal every node polls. Stop sets it from another
// goroutine; the searching goroutine sees it at its next poll because every
// poll is a real load (the search calls functions between polls, so the
// compiler cannot keep the value in a register across them).
type stopFlag struct{ v bool }

// Load reports whether the flag is set.
func (f *stopFlag) Load() bool { return f.v }

// Store sets or clears the flag.
func (f *stopFlag) Store(x bool) { f.v = x }
