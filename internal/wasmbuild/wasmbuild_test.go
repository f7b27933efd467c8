package wasmbuild

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRewriteGate checks the one switch and the Go release gate: the
// module is rewritten only with WASMJUMP unset (or not 0) on a verified
// release, and the one line printed says which happened.
func TestRewriteGate(t *testing.T) {
	// The smallest module: magic and version, no sections.
	mod := []byte("\x00asm\x01\x00\x00\x00")
	for _, tc := range []struct {
		name, wasmjump, version, line string
	}{
		{"verified", "", "go1.26.8", ": 0 of 0 jumps through the dispatch table made direct"},
		{"switch-off", "0", "go1.26.8", "left as the compiler wrote it: WASMJUMP=0"},
		{"unlisted-release", "1", "go1.99.1", "left as the compiler wrote it: internal/wasmjump was not verified with go1.99.1 (only go1.26.8, go1.27.3)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("WASMJUMP", tc.wasmjump)
			goVersion = func() (string, error) { return tc.version, nil }
			defer func() { goVersion = GoVersion }()
			dir := t.TempDir()
			in, out := filepath.Join(dir, "in.wasm"), filepath.Join(dir, "out.wasm")
			if err := os.WriteFile(in, mod, 0o644); err != nil {
				t.Fatal(err)
			}
			var log bytes.Buffer
			if err := Rewrite(in, out, &log); err != nil {
				t.Fatal(err)
			}
			if got := log.String(); strings.Count(got, "\n") != 1 || !strings.Contains(got, tc.line) {
				t.Errorf("log %q, want one line containing %q", got, tc.line)
			}
			if got, err := os.ReadFile(out); err != nil || !bytes.Equal(got, mod) {
				t.Errorf("out = %q, %v; want the module unchanged", got, err)
			}
		})
	}
}

// TestInstalledGoVerified fails when the go command on PATH is not a
// release the rewrite was verified with: every wasm build would then ship
// without it. go.mod's toolchain line names the verified release.
func TestInstalledGoVerified(t *testing.T) {
	v, err := GoVersion()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := skip(); err != nil {
		t.Fatal(err)
	}
	if r, _ := skip(); r != "" && os.Getenv("WASMJUMP") != "0" {
		t.Errorf("%s: %s", v, r)
	}
}
