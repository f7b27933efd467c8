package board

import "unsafe"

// regZero is always 0; it is a variable so that the compiler cannot fold it.
var regZero uintptr

// pin returns x. In the js/wasm port it makes the compiler keep x in a wasm
// local: Go's wasm back end reloads a pointer argument from the stack frame
// in linear memory at every use (an argument is never given a register; a
// use reloads it onto the wasm operand stack), while a computed pointer
// lives in a local. V8 cannot drop those reloads (they are memory loads
// between stores). Natively it is x itself.
func pin[T any](x *T) *T {
	if !isWasm {
		return x
	}
	return (*T)(unsafe.Add(unsafe.Pointer(x), regZero))
}
