// Package wasmbuild is the one way this repository builds a GOOS=js
// GOARCH=wasm binary: the go command compiles it, then internal/wasmjump
// rewrites it, gated on one switch and on the Go release. build.go (the
// shipped azurite.wasm), the Makefile (through tools/wasmbuild), the go test
// -exec wrapper tools/wasm-exec.sh and the measurement scripts all call it,
// so every wasm binary that runs is the code that ships.
//
// The gate: WASMJUMP=0 in the environment leaves the compiler's output as it
// is (for comparisons); so does a Go release that is not in
// wasmjump.VerifiedGo, with one line saying so, because the rewrite depends
// on shapes of Go's output that a new release may change. The rewrite's
// per-pass switches (WASMPEEP, WASMNARROW, WASMLOOP, WASMUNLOOP) belong to
// tools/wasmjump and the tests, not to builds.
package wasmbuild

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"

	"github.com/azurite-chess/azurite/internal/wasmjump"
)

// Build runs `go ARGS... -o out pkg` with GOOS=js GOARCH=wasm, where args is
// the go subcommand and its flags ({"build", "-trimpath"} or {"test",
// "-c"}), then Rewrite(out, out, log). out is removed first: the go command
// does not write an output it finds up to date, and a rewritten file keeps
// the build ID it was compiled with, so WASMJUMP=0 would otherwise get the
// rewritten binary back. The go command's own output goes to log.
func Build(out, pkg string, args []string, log io.Writer) error {
	return BuildEnv(out, pkg, args, nil, log)
}

// SIMD is the environment of a build with the wasm SIMD kernels
// (engine/eval/nnue_simd_wasm.go): what the shipped azurite.wasm is built
// with. A build without it is the scalar fallback.
var SIMD = []string{"GOEXPERIMENT=simd"}

// BuildEnv is Build with env ("NAME=value" entries, such as SIMD) added to
// the go command's environment.
func BuildEnv(out, pkg string, args, env []string, log io.Writer) error {
	if len(args) == 0 {
		return errors.New("wasmbuild: no go subcommand given (want build or test -c)")
	}
	if err := os.Remove(out); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("wasmbuild: %w", err)
	}
	cmd := exec.Command("go", append(append(args[:len(args):len(args)], "-o", out), pkg)...)
	cmd.Env = append(append(os.Environ(), env...), "GOOS=js", "GOARCH=wasm")
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("wasmbuild: GOOS=js GOARCH=wasm go %s -o %s %s: %w", strings.Join(args, " "), out, pkg, err)
	}
	return Rewrite(out, out, log)
}

// Rewrite writes the wasm binary in to out (which may be in itself),
// rewritten by internal/wasmjump unless the gate says no (see the package
// comment); either way it prints one line to log that says which. A module
// the rewrite cannot parse is an error; a function it cannot decode is left
// as it was and counted in the line.
func Rewrite(in, out string, log io.Writer) error {
	if reason, err := skip(); err != nil {
		return err
	} else if reason != "" {
		fmt.Fprintf(log, "wasmbuild: %s left as the compiler wrote it: %s\n", in, reason)
		if in == out {
			return nil
		}
		return copyFile(in, out)
	}
	st, err := wasmjump.RewriteFile(in, out)
	if err != nil {
		return fmt.Errorf("wasmbuild: %w", err)
	}
	fmt.Fprintf(log, "wasmbuild: %s: %v\n", in, st)
	return nil
}

// SelfTest runs wasmjump's TestGoProgram (a Go program that switches
// goroutines and recovers panics inside loops, compiled, rewritten and run
// under node, its output compared with the native one) with the go command
// that builds the release, unless the gate leaves the rewrite out. The
// release build (build.go dist) calls it first.
func SelfTest(log io.Writer) error {
	if reason, err := skip(); err != nil {
		return err
	} else if reason != "" {
		fmt.Fprintf(log, "wasmbuild: no rewrite self-test: %s\n", reason)
		return nil
	}
	cmd := exec.Command("go", "test", "-count=1", "-run", "^TestGoProgram$", "github.com/azurite-chess/azurite/internal/wasmjump")
	cmd.Env = append(os.Environ(), "GOOS=", "GOARCH=")
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("wasmbuild: the rewrite's self-test (internal/wasmjump TestGoProgram) failed: %w", err)
	}
	return nil
}

// skip says why the rewrite is left out ("" when it runs).
func skip() (string, error) {
	if os.Getenv("WASMJUMP") == "0" {
		return "WASMJUMP=0", nil
	}
	v, err := goVersion()
	if err != nil {
		return "", err
	}
	if !wasmjump.Verified(v) {
		return fmt.Sprintf("internal/wasmjump was not verified with %s (only %s)", v, strings.Join(wasmjump.VerifiedGo, ", ")), nil
	}
	return "", nil
}

// goVersion is GoVersion, replaced in tests.
var goVersion = GoVersion

// GoVersion is the release of the go command on PATH, the one Build and go
// test compile with (`go env GOVERSION`, after any toolchain switch go.mod
// asks for).
func GoVersion() (string, error) {
	out, err := exec.Command("go", "env", "GOVERSION").Output()
	if err != nil {
		return "", fmt.Errorf("wasmbuild: go env GOVERSION: %w", err)
	}
	return strings.TrimSpace(string(out)), nil
}

func copyFile(in, out string) error {
	data, err := os.ReadFile(in)
	if err != nil {
		return fmt.Errorf("wasmbuild: %w", err)
	}
	if err := os.WriteFile(out, data, 0o755); err != nil {
		return fmt.Errorf("wasmbuild: %w", err)
	}
	return nil
}
