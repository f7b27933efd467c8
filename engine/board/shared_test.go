package board

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// sharedData returns the path of ../shared/data beside the repository root
// (the directory holding go.mod), which works in a worktree and in CI.
func sharedData(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, "..", "shared", "data")
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the package directory")
		}
		dir = parent
	}
}

// readLines returns the non-empty lines of a shared data file.
func readLines(t testing.TB, rel string) []string {
	t.Helper()
	f, err := os.Open(filepath.Join(sharedData(t), rel))
	if err != nil {
		t.Fatal(err)
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
		t.Fatal(err)
	}
	return lines
}

// perftCase is one line of a perft suite.
type perftCase struct {
	name   string
	fen    string
	counts map[int]uint64
}

func readPerftSuite(t testing.TB, file string) []perftCase {
	t.Helper()
	var cases []perftCase
	for i, line := range readLines(t, filepath.Join("perft", file)) {
		parts := strings.Split(line, ";")
		c := perftCase{name: file + ":" + strconv.Itoa(i+1), fen: strings.TrimSpace(parts[0]), counts: map[int]uint64{}}
		for _, d := range parts[1:] {
			f := strings.Fields(d)
			if len(f) != 2 || !strings.HasPrefix(f[0], "D") {
				t.Fatalf("%s: bad depth field %q", c.name, d)
			}
			depth, err1 := strconv.Atoi(f[0][1:])
			n, err2 := strconv.ParseUint(f[1], 10, 64)
			if err1 != nil || err2 != nil {
				t.Fatalf("%s: bad depth field %q", c.name, d)
			}
			c.counts[depth] = n
		}
		cases = append(cases, c)
	}
	return cases
}

// epdFENs returns the FENs (first four fields) of every line of the tactical suites.
func epdFENs(t testing.TB) []string {
	t.Helper()
	var fens []string
	for _, file := range []string{"wac.epd", "bk.epd", "sbd.epd", "arasan2024.epd", "zugzwang.epd", "sts.epd"} {
		for _, line := range readLines(t, filepath.Join("tactical", file)) {
			f := strings.Fields(line)
			if len(f) < 4 {
				t.Fatalf("%s: short line %q", file, line)
			}
			fens = append(fens, strings.Join(f[:4], " "))
		}
	}
	return fens
}
