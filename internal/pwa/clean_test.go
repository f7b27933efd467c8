package pwa

import (
	"os"
	"path/filepath"
	"sort"
	"testing"
)

// TestCleanThenScan is the make-dist-then-make-serve sequence of issue 21: a release
// build left hashed copies beside the plain names, and the development build's
// service worker listed both (34 entries, two copies of the engine). After Clean and
// a fresh (here: simulated) development build, Scan lists each file once.
func TestCleanThenScan(t *testing.T) {
	dist := t.TempDir()
	write := func(rel, body string) {
		t.Helper()
		p := filepath.Join(dist, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// What make dist leaves: hashed names, sw.js, and another target's scratch.
	for _, rel := range []string{"index.html", "app.1a2b3c4d5e.js", "azurite.0123456789.wasm", "assets/pieces/standard.9f8e7d6c5b.svg", "sw.js"} {
		write(rel, "release "+rel)
	}
	write("bench/board-native.test", "scratch")
	if err := Clean(dist); err != nil {
		t.Fatal(err)
	}
	var left []string
	filepath.WalkDir(dist, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(dist, p)
			left = append(left, filepath.ToSlash(rel))
		}
		return nil
	})
	if len(left) != 1 || left[0] != "bench/board-native.test" {
		t.Fatalf("after Clean: %v, want only bench/board-native.test", left)
	}
	// The development build writes plain names.
	for _, rel := range []string{"index.html", "app.js", "azurite.wasm", "assets/pieces/standard.svg"} {
		write(rel, "dev "+rel)
	}
	info, err := Scan(dist)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for k := range info.Files {
		got = append(got, k)
	}
	sort.Strings(got)
	want := []string{"./", "app.js", "assets/pieces/standard.svg", "azurite.wasm"}
	if len(got) != len(want) {
		t.Fatalf("precached %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("precached %v, want %v", got, want)
		}
	}
}

func TestCleanMissingDist(t *testing.T) {
	if err := Clean(filepath.Join(t.TempDir(), "nope")); err != nil {
		t.Fatalf("Clean of a missing dist: %v", err)
	}
}
