//go:build !(js && wasm)

package search

// testYield is nil natively: other goroutines run on their own threads, so
// the searches of the stop and ponder tests need no hook (see
// yield_wasm_test.go).
var testYield func()
