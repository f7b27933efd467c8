package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/azurite-chess/azurite/engine/board"
	"github.com/azurite-chess/azurite/engine/eval"
)

func TestQuietLeafIsQuiet(t *testing.T) {
	q := qsearcher{ev: eval.New()}
	// White can win a queen with a pawn: the leaf is after the capture.
	pos, _ := board.ParseFEN("4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1")
	leaf := q.quietLeaf(pos)
	if leaf == nil || leaf.Pieces(board.Black, board.Queen) != 0 {
		t.Fatalf("leaf %v still has the black queen", leaf)
	}
	var l board.MoveList
	leaf.GenerateNoisy(&l)
	for _, m := range l.Slice() {
		if m.Captured().Type() == board.Pawn {
			t.Errorf("leaf %s: capture %v left", leaf.FEN(), m)
		}
	}
}

// TestFitReducesError checks that the tuner converges on a small sample of
// self-play positions: the error on both the fitted and the held-out
// positions goes down.
func TestFitReducesError(t *testing.T) {
	eval.SetParams(eval.Untuned())
	defer eval.SetParams(eval.Default())
	samples, err := loadSamples("testdata/selfplay-sample.txt", 0)
	if err != nil {
		t.Fatal(err)
	}
	var train, test []sample
	for i := range samples {
		if i%10 == 9 {
			test = append(test, samples[i])
		} else {
			train = append(train, samples[i])
		}
	}
	start := fromParams(eval.Untuned())
	k := fitK(start, train)
	if k < 0.1 || k > 4 {
		t.Fatalf("K = %v out of range", k)
	}
	epochs := 60
	if testing.Short() {
		epochs = 20
	}
	w := fit(start, train, k, fitConfig{epochs: epochs, lr: 1, decay: 1e-7}, nil)
	b, a := mse(start, train, k), mse(w, train, k)
	bt, at := mse(start, test, k), mse(w, test, k)
	t.Logf("%d positions, K=%.3f, train MSE %.5f -> %.5f, held-out %.5f -> %.5f", len(samples), k, b, a, bt, at)
	if a >= b || at >= bt {
		t.Errorf("error did not go down: train %.5f -> %.5f, held-out %.5f -> %.5f", b, a, bt, at)
	}
}

func TestWriteWeights(t *testing.T) {
	path := filepath.Join(t.TempDir(), "weights.go")
	if err := writeWeights(path, fromParams(eval.Untuned()), "test"); err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range eval.Layout {
		if !strings.Contains(string(src), `{"`+b.Name+`", []board.Score{`) {
			t.Errorf("block %s missing", b.Name)
		}
	}
}

func TestDeadDraw(t *testing.T) {
	pos, _ := board.ParseFEN("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1")
	if !deadDraw(pos) {
		t.Error("KBK not a dead draw")
	}
}

func TestSTSSubset(t *testing.T) {
	entries := make([]stsEntry, 7)
	for i := range entries {
		entries[i].id = string(rune('a' + i))
	}
	tests := []struct {
		name  string
		every int
		want  string
	}{
		{"all", 1, "abcdefg"},
		{"every-3rd-from-the-first", 3, "adg"},
		{"longer-than-the-suite", 10, "a"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := ""
			for _, e := range stride(entries, tc.every) {
				got += e.id
			}
			if got != tc.want {
				t.Errorf("stride(%d) = %q, want %q", tc.every, got, tc.want)
			}
		})
	}
}

func TestSTSThemeKey(t *testing.T) {
	// The v3.0 theme spells its name two ways in the suite; both are one theme.
	a := themeKey("STS(v3.0) Knight Outposts/Repositioning/Centralization")
	b := themeKey("STS(v3.0) Knight Outposts/Centralization/Repositioning")
	if a != b || a != "STS(v3.0)" {
		t.Errorf("themeKey: %q and %q, want both STS(v3.0)", a, b)
	}
	if themeKey("STS(v1.0) Undermine") == themeKey("STS(v10.0) Simplification") {
		t.Error("v1.0 and v10.0 share a key")
	}
}
