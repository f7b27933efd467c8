//go:build !(js && wasm)

package session

// defaultYield is nil natively: Stop and PonderHit come from goroutines on
// other threads (see yield_wasm.go).
var defaultYield func()
