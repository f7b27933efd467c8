package main

import (
	"bytes"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestValid scores the built-in net on two small data directories: one line
// per directory and one for both, the both line's positions and loss the
// parts' sum and position-weighted mean, each loss the one train's
// validationLoss gives for the same positions.
func TestValid(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	var log bytes.Buffer
	for i, dir := range []string{a, b} {
		args := []string{"-out", dir, "-workers", "2", "-chunks", "4", "-games-per-chunk", "2", "-nodes", "300", "-seed", strconv.Itoa(11 + i)}
		if err := runDatagen(args, &log); err != nil {
			t.Fatalf("%v\n%s", err, log.String())
		}
	}
	netPath := filepath.Join("..", "..", "engine", "eval", "nets", "default.nnue")
	var out bytes.Buffer
	spec := a + "," + b + ":3"
	if err := runValid([]string{"-net", netPath, "-data", spec, "-valid-every", "2", "-threads", "2"}, &out, &log); err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 4 || lines[0] != "net\tdata\tpositions\tloss\thce_loss\tslope" {
		t.Fatalf("want a header and three lines, got:\n%s", out.String())
	}
	net, err := loadInit(netPath)
	if err != nil {
		t.Fatal(err)
	}
	var n [3]int
	var loss [3]float64
	for i, part := range []string{a, b + ":3", spec} {
		f := strings.Split(lines[i+1], "\t")
		if len(f) != 6 || f[0] != "default.nnue" {
			t.Fatalf("line %d: %q", i+1, lines[i+1])
		}
		wantName := filepath.Base(part)
		if i == 2 {
			wantName = "all"
		}
		if f[1] != wantName {
			t.Errorf("line %d names %q, want %q", i+1, f[1], wantName)
		}
		n[i], _ = strconv.Atoi(f[2])
		loss[i], _ = strconv.ParseFloat(f[3], 64)
		_, v, err := loadSources(part, 2, 0, 1)
		if err != nil {
			t.Fatal(err)
		}
		if v.len() != n[i] || n[i] == 0 {
			t.Errorf("%s: %d positions printed, %d held out", part, n[i], v.len())
		}
		if want := validationLoss(net, v, 1, 1); math.Abs(want-loss[i]) > 1e-6 {
			t.Errorf("%s: loss %v, validationLoss %v", part, loss[i], want)
		}
	}
	if n[2] != n[0]+n[1] {
		t.Errorf("all: %d positions, parts %d + %d", n[2], n[0], n[1])
	}
	if mean := (loss[0]*float64(n[0]) + loss[1]*float64(n[1])) / float64(n[2]); math.Abs(mean-loss[2]) > 2e-6 {
		t.Errorf("all: loss %v, the parts' weighted mean %v", loss[2], mean)
	}
}

// TestValidRefuses checks each bad invocation names what is wrong.
func TestValidRefuses(t *testing.T) {
	dir := t.TempDir()
	var log bytes.Buffer
	if err := runDatagen([]string{"-out", dir, "-workers", "1", "-chunks", "2", "-games-per-chunk", "1", "-nodes", "200", "-seed", "5"}, &log); err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	netPath := filepath.Join("..", "..", "engine", "eval", "nets", "default.nnue")
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"no net", []string{"-data", dir}, "-net: name at least one"},
		{"missing net", []string{"-net", filepath.Join(dir, "none.nnue"), "-data", dir}, "none.nnue"},
		{"not a net", []string{"-net", filepath.Join(dir, "manifest.json"), "-data", dir}, "neither a checkpoint nor a net file"},
		{"no held-out chunks", []string{"-net", netPath, "-data", dir + ":1-1"}, "no held-out positions"},
		{"bad lambda", []string{"-net", netPath, "-data", dir, "-lambda", "2"}, "0 <= -lambda <= 1"},
		{"missing chunk", []string{"-net", netPath, "-data", dir + ":0+5"}, "chunk 5 is named but missing"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out, errs bytes.Buffer
			err := runValid(tc.args, &out, &errs)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err %v, want it to contain %q", err, tc.want)
			}
		})
	}
}
