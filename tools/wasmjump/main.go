// Command wasmjump rewrites a GOOS=js GOARCH=wasm binary so that its forward
// jumps between basic blocks branch directly instead of through each
// function's dispatch table, and Go's boolean tests take fewer instructions
// (see internal/wasmjump). Builds go through tools/wasmbuild, which applies
// the whole rewrite behind the one switch WASMJUMP; this tool is for
// comparisons, with a switch per pass (flags, or the environment variables
// of wasmjump.OptionsFromEnv).
//
//	go run ./tools/wasmjump [-o OUT] [-v] [-peephole=false] [-narrow=false] [-loops=false] [-unroll] [-unloop=false] IN
//
// Without -o the file is rewritten in place. A function it cannot decode is
// left unchanged and reported on stderr.
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime"

	"github.com/azurite-chess/azurite/internal/wasmjump"
)

func main() {
	out := flag.String("o", "", "write the result to `file` instead of rewriting IN in place")
	verbose := flag.Bool("v", false, "print what was rewritten")
	env := wasmjump.OptionsFromEnv() // WASMPEEP, WASMNARROW, WASMLOOP, WASMUNLOOP set the defaults
	peep := flag.Bool("peephole", !env.NoPeephole, "apply the peephole rules (default false if WASMPEEP=0)")
	narrow := flag.Bool("narrow", !env.NoNarrow, "compute wrapped i64 arithmetic in i32 (default false if WASMNARROW=0)")
	loops := flag.Bool("loops", !env.NoLoops, "make the backward jumps of loops without resume points direct (default false if WASMLOOP=0)")
	unroll := flag.Bool("unroll", env.Unroll, "let V8 unroll the new loops (default true if WASMLOOP=unroll)")
	unloop := flag.Bool("unloop", !env.NoUnloop, "make entry loops that nothing branches to blocks (default false if WASMUNLOOP=0)")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: wasmjump [-o OUT] [-v] [-peephole=false] [-narrow=false] [-loops=false] [-unroll] [-unloop=false] IN")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 {
		flag.Usage()
		os.Exit(2)
	}
	in := flag.Arg(0)
	if v := runtime.Version(); !wasmjump.Verified(v) {
		fmt.Fprintf(os.Stderr, "wasmjump: warning: not verified with %s (only %v); builds leave the rewrite out\n", v, wasmjump.VerifiedGo)
	}
	if *out == "" {
		*out = in
	}
	st, err := wasmjump.RewriteFileWith(in, *out, wasmjump.Options{NoPeephole: !*peep, NoNarrow: !*narrow, NoLoops: !*loops, Unroll: *unroll, NoUnloop: !*unloop})
	if err != nil {
		fmt.Fprintln(os.Stderr, "wasmjump:", err)
		os.Exit(1)
	}
	if *verbose || st.Skipped > 0 {
		fmt.Fprintf(os.Stderr, "wasmjump: %s: %v\n", in, st)
	}
}
