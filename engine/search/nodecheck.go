//go:build !(js && wasm)

package search

// nodeCheckInterval is how many nodes pass between clock reads (a power of 2).
// At about 1 Mnps natively this is a read per ~1 ms. The js/wasm build reads
// the clock more often (nodecheck_wasm.go).
const nodeCheckInterval = 1024
