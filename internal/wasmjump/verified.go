package wasmjump

import "slices"

// VerifiedGo lists the Go releases whose GOOS=js GOARCH=wasm output this
// package was checked against: TestGoProgram passes, and the engine's wasm
// bench equals the native one (make test). The rewrite relies on shapes of
// that output no specification promises: the entry loop and br_table
// dispatch, funcValueOffset = 0x1000 in the table of resume points,
// deferreturn entering a function at pc-1, sigpanic's br_if. A build on a
// release not listed here leaves the compiler's output as it is
// (internal/wasmbuild); add a release once TestGoProgram and
// make test-search-wasm pass with it.
var VerifiedGo = []string{"go1.26.8", "go1.27.3"}

// Verified reports whether goVersion (as runtime.Version or
// `go env GOVERSION` print it) is in VerifiedGo.
func Verified(goVersion string) bool { return slices.Contains(VerifiedGo, goVersion) }
