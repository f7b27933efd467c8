// Command wasmbuild builds a GOOS=js GOARCH=wasm binary the one way the
// repository does (internal/wasmbuild): compile, then the rewrite of
// internal/wasmjump, unless WASMJUMP=0 or the Go release is not one the
// rewrite was verified with (one line says so).
//
//	go run ./tools/wasmbuild -o OUT PKG GOCMD [GOFLAGS…]   e.g. -o dist/azurite.wasm ./wasm build -trimpath -ldflags=-s
//	go run ./tools/wasmbuild -o OUT -rewrite IN            a binary go test compiled (tools/wasm-exec.sh)
//
// -q prints nothing when the rewrite ran. The per-pass switches are the
// wasmjump tool's (go run ./tools/wasmjump -h).
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/azurite-chess/azurite/internal/wasmbuild"
)

func main() {
	out := flag.String("o", "", "write the binary to `file`")
	in := flag.String("rewrite", "", "rewrite the wasm binary `file` instead of compiling one")
	quiet := flag.Bool("q", false, "print the summary line only when the rewrite was left out")
	simd := flag.Bool("simd", false, "build with GOEXPERIMENT=simd (the wasm SIMD kernels, as the shipped azurite.wasm)")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: wasmbuild [-q] [-simd] -o OUT PKG GOCMD [GOFLAGS...]\n       wasmbuild [-q] -o OUT -rewrite IN")
		flag.PrintDefaults()
	}
	flag.Parse()
	if *out == "" || (*in == "" && flag.NArg() < 2) || (*in != "" && flag.NArg() > 0) {
		flag.Usage()
		os.Exit(2)
	}
	var log io.Writer = os.Stderr
	var buf bytes.Buffer
	if *quiet {
		log = &buf
	}
	var err error
	if *in != "" {
		err = wasmbuild.Rewrite(*in, *out, log)
	} else {
		var env []string
		if *simd {
			env = wasmbuild.SIMD
		}
		err = wasmbuild.BuildEnv(*out, flag.Arg(0), flag.Args()[1:], env, log)
	}
	if *quiet && (err != nil || bytes.Contains(buf.Bytes(), []byte("left as the compiler wrote it"))) {
		os.Stderr.Write(buf.Bytes())
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
