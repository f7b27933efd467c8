//go:build !wasm

package board

// pin returns x: natively pointer arguments live in registers, so there is
// nothing to keep (see regpin_wasm.go).
func pin[T any](x *T) *T { return x }
