package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/azurite-chess/azurite/engine/book"
	"github.com/azurite-chess/azurite/engine/search"
	"github.com/azurite-chess/azurite/internal/shareddata"
)

// TestEmbeddedBookIsFresh: the committed book.bin is exactly what `make book`
// produces from the shared GNU Chess book, and within the size budget.
func TestEmbeddedBookIsFresh(t *testing.T) {
	src := filepath.Join(shareddata.Root(t), "..", "shared", "data", "polyglot", "gnuchess-book.bin")
	dst := filepath.Join(t.TempDir(), "book.bin")
	var out, errOut bytes.Buffer
	if code := run([]string{"book", "build", src, dst}, nil, &out, &errOut); code != 0 {
		t.Fatalf("book build exit %d: %s", code, errOut.String())
	}
	fresh, err := os.ReadFile(dst)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(fresh, embeddedBook) {
		t.Fatalf("cmd/azurite/book.bin (%d bytes) differs from a fresh build (%d bytes): run make book", len(embeddedBook), len(fresh))
	}
	if len(embeddedBook) > 300*1024 {
		t.Fatalf("book is %d bytes, budget 300 KB", len(embeddedBook))
	}
	if _, err := book.Parse(embeddedBook); err != nil {
		t.Fatal(err)
	}
}

func TestOneShotCommands(t *testing.T) {
	tests := []struct {
		name string
		args []string
		code int
		want []string // substrings of stdout, in order
	}{
		{"version", []string{"-version"}, 0, []string{"Azurite dev"}},
		{"perft-start", []string{"perft", "3"}, 0, []string{"a2a3: 380", "Nodes searched: 8902"}},
		{"perft-fen", []string{"perft", "2", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"}, 0, []string{"e1g1: 43", "Nodes searched: 2039"}},
		{"perft-fen-split", append([]string{"perft", "1"}, strings.Fields("8/8/8/8/8/8/8/K6k w - - 0 1")...), 0, []string{"Nodes searched: 3"}},
		{"perft-bad-fen", []string{"perft", "1", "nonsense"}, 2, nil},
		{"perft-bad-depth", []string{"perft", "x"}, 2, nil},
		{"book-probe", []string{"book", "probe", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}, 0, []string{"key 463b96181691fc9c: 4 book moves", "e2e4   e4      weight 12135", "d2d4   d4      weight 11257", "c2c4"}},
		{"book-probe-none", []string{"book", "probe", "8/8/8/8/8/8/8/K6k w - - 0 1"}, 0, []string{": 0 book moves"}},
		{"book-usage", []string{"book"}, 2, nil},
		{"unknown", []string{"frobnicate"}, 2, nil},
		{"bench-bad-depth", []string{"bench", "0"}, 2, nil},
		{"bench-extra-args", []string{"bench", "3", "4"}, 2, nil},
		{"bench-depth-2", []string{"bench", "2"}, 0, []string{"Nodes searched: "}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := run(tc.args, strings.NewReader(""), &out, &errOut)
			if code != tc.code {
				t.Fatalf("exit %d, want %d; stderr %s", code, tc.code, errOut.String())
			}
			s := out.String()
			for _, w := range tc.want {
				i := strings.Index(s, w)
				if i < 0 {
					t.Fatalf("stdout lacks %q:\n%s", w, out.String())
				}
				s = s[i+len(w):]
			}
		})
	}
}

// TestBenchDepth pins the default: "azurite bench" runs at
// search.BenchDepth (depth 0 would be an unlimited search that never ends).
func TestBenchDepth(t *testing.T) {
	tests := []struct {
		args    []string
		want    int
		wantErr bool
	}{
		{nil, search.BenchDepth, false},
		{[]string{"7"}, 7, false},
		{[]string{"0"}, 0, true},
		{[]string{"-3"}, 0, true},
		{[]string{"x"}, 0, true},
		{[]string{"3", "4"}, 0, true},
	}
	for _, tc := range tests {
		got, err := benchDepth(tc.args)
		if (err != nil) != tc.wantErr || got != tc.want {
			t.Errorf("benchDepth(%q) = %d, %v; want %d, error %v", tc.args, got, err, tc.want, tc.wantErr)
		}
	}
}

// TestUCIOverStdio runs the default mode end to end on in-memory pipes.
func TestUCIOverStdio(t *testing.T) {
	in := strings.NewReader("uci\nsetoption name OwnBook value true\nisready\nposition startpos\ngo movetime 100\nquit\n")
	var out, errOut bytes.Buffer
	if code := run(nil, in, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if lines[0] != "id name Azurite dev" || !strings.Contains(out.String(), "\nuciok\nreadyok\n") {
		t.Fatalf("output:\n%s", out.String())
	}
	// With the embedded book on, the first move comes from it.
	if l := lines[len(lines)-1]; !strings.HasPrefix(l, "bestmove ") || !strings.Contains("e2e4 d2d4 g1f3 c2c4", strings.Fields(l)[1]) {
		t.Fatalf("last line %q is not a book move", l)
	}
}
