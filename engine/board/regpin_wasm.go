//go:build wasm

package board

import "unsafe"

// regZero is always 0; it is a variable so that the compiler cannot fold it.
var regZero uintptr

// pin returns x, and makes the compiler keep it in a wasm local: Go's wasm
// back end reloads a pointer argument from the stack frame in linear memory
// at every use (an argument is never given a register; a use reloads it onto
// the wasm operand stack), while a computed pointer lives in a local. V8
// cannot drop those reloads (they are memory loads between stores). The
// sites that call it are the ones where it pays (docs/wasm-speed.md, "Engine
// core"); natively it is the identity (regpin_other.go).
func pin[T any](x *T) *T {
	return (*T)(unsafe.Add(unsafe.Pointer(x), regZero))
}
