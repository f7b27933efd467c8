// Package shareddata locates the project's shared test data for tests: the
// directory ../shared/data beside the repository root (the directory that
// holds go.mod). The layout is the same in a developer's checkout, a git
// worktree with a ../shared link, and CI's clean clone with ../shared beside
// it, so tests find the data by walking up from their package directory.
package shareddata

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Root returns the repository root, the nearest directory above the test's
// working directory (its package directory) that holds go.mod.
func Root(tb testing.TB) string {
	tb.Helper()
	dir, err := os.Getwd()
	if err != nil {
		tb.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			tb.Fatal("shareddata: no go.mod above the package directory")
		}
		dir = parent
	}
}

// Dir returns ../shared/data beside the repository root. A missing directory
// fails the test: the data is part of the test, never a reason to skip it.
func Dir(tb testing.TB) string {
	tb.Helper()
	dir := filepath.Join(Root(tb), "..", "shared", "data")
	if _, err := os.Stat(dir); err != nil {
		tb.Fatalf("shareddata: %v", err)
	}
	return dir
}

// Path returns the path of rel (e.g. "perft/standard.epd") in the shared data.
func Path(tb testing.TB, rel string) string {
	tb.Helper()
	return filepath.Join(Dir(tb), rel)
}

// Lines returns the non-empty lines of the shared data file rel, trimmed.
func Lines(tb testing.TB, rel string) []string {
	tb.Helper()
	f, err := os.Open(Path(tb, rel))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		if s := strings.TrimSpace(sc.Text()); s != "" {
			lines = append(lines, s)
		}
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return lines
}
