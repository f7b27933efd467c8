package wasmjump

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestGoProgram compiles testdata/prog for GOOS=js GOARCH=wasm, rewrites it
// and runs both binaries under node: the output must be the same as the
// native program's, every function must decode, and most jumps must have
// become direct. The program switches goroutines inside loops and recovers
// panics in them, so functions are re-entered at their resume points.
func TestGoProgram(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Fatal("node is needed to run the wasm binaries (it is installed with the project's npm tooling):", err)
	}
	dir := t.TempDir()
	orig := filepath.Join(dir, "prog.wasm")
	build := exec.Command("go", "build", "-o", orig, "./testdata/prog")
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("GOOS=js GOARCH=wasm go build ./testdata/prog: %v\n%s", err, out)
	}
	forward := filepath.Join(dir, "prog-forward.wasm")
	if _, err := RewriteFileWith(orig, forward, Options{NoLoops: true}); err != nil {
		t.Fatal(err)
	}
	rewritten := filepath.Join(dir, "prog-jump.wasm")
	st, err := RewriteFileWith(orig, rewritten, Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%v", st)
	if st.Skipped != 0 || st.NoLoops != nil {
		t.Errorf("%d functions could not be decoded: %v; loop pass: %v", st.Skipped, st.SkipErr, st.NoLoops)
	}
	if st.Forward*2 < st.Jumps || st.BrIf == 0 || st.Back == 0 {
		t.Errorf("only %d of %d jumps made direct (%d as br_if), %d backward", st.Forward, st.Jumps, st.BrIf, st.Back)
	}
	if v, err := exec.LookPath("wasm-validate"); err == nil {
		if out, err := exec.Command(v, rewritten).CombinedOutput(); err != nil {
			t.Errorf("wasm-validate: %v\n%s", err, out)
		}
	} else {
		t.Log("wasm-validate (wabt) not found: the rewritten module is only run, not validated")
	}
	mod, err := os.ReadFile(rewritten)
	if err != nil {
		t.Fatal(err)
	}
	// The loops without calls must have become WebAssembly loops; the one
	// with a call and a goroutine switch in it has resume points inside
	// and must keep its jump back on the table.
	for name, left := range map[string]bool{
		"main.serialise": false, "main.labelled": false, "main.selectSort": false, "main.midEntry": false, "main.callLoop": true,
	} {
		if n, err := tableBackJumps(mod, name); err != nil || (n > 0) != left {
			t.Errorf("%s: %d backward jumps left on the dispatch table (err %v), want some: %v", name, n, err, left)
		}
	}

	native, err := exec.Command("go", "run", "./testdata/prog", "a", "b").CombinedOutput()
	if err != nil {
		t.Fatalf("go run ./testdata/prog: %v\n%s", err, native)
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatalf("go env GOROOT: %v", err)
	}
	execJS := filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "go_js_wasm_exec")
	for _, bin := range []string{orig, forward, rewritten} {
		out, err := exec.Command(execJS, bin, "a", "b").CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", filepath.Base(bin), err, out)
		}
		if string(out) != string(native) {
			t.Errorf("%s printed\n%s\nthe native program\n%s", filepath.Base(bin), out, native)
		}
	}
}
