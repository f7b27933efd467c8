// Command wasmsimd checks that a wasm binary built to use wasm SIMD holds
// SIMD instructions and that its scalar fallback holds none:
//
//	go run ./tools/wasmsimd SIMD.wasm SCALAR.wasm
//
// It prints both counts and exits 1 if either is wrong (make wasm-deps, part
// of make test, runs it on dist/azurite.wasm and dist/azurite-scalar.wasm).
package main

import (
	"fmt"
	"os"

	"github.com/azurite-chess/azurite/internal/wasmjump"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: wasmsimd SIMD.wasm SCALAR.wasm")
		os.Exit(2)
	}
	ok := true
	for i, name := range os.Args[1:] {
		data, err := os.ReadFile(name)
		if err != nil {
			fmt.Fprintln(os.Stderr, "wasmsimd:", err)
			os.Exit(1)
		}
		n, err := wasmjump.CountSIMD(data)
		if err != nil {
			fmt.Fprintf(os.Stderr, "wasmsimd: %s: %v\n", name, err)
			os.Exit(1)
		}
		want := "some (the SIMD build)"
		if i == 1 {
			want = "none (the scalar fallback)"
		}
		fmt.Printf("wasmsimd: %s: %d SIMD instructions, want %s\n", name, n, want)
		if (i == 0) != (n > 0) {
			ok = false
		}
	}
	if !ok {
		os.Exit(1)
	}
}
