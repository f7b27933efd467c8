package main

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/azurite-chess/azurite/engine/eval"
)

// TestScaleNet: a scaled net evaluates every test position at the factor
// times the built-in net, to within the rounding of its output weights
// (at most a centipawn or two); the feature transformer is untouched;
// a factor of 1 gives the same file, byte for byte; bad factors and ones
// that would overflow are refused with what and where.
func TestScaleNet(t *testing.T) {
	file, q := builtinNet(t)
	same, err := scaleNet(file, 1)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(eval.EncodeNet(same), file) {
		t.Fatal("scaling by 1 changed the net")
	}
	base := evaluations(t, parseNets(t, q)[0])
	for _, f := range []float64{0.5, 1.141, 2} {
		s, err := scaleNet(file, f)
		if err != nil {
			t.Fatalf("-by %g: %v", f, err)
		}
		for _, k := range []int{eval.TensorFeatureWeights, eval.TensorFeatureBias} {
			for i := range q[k] {
				if s[k][i] != q[k][i] {
					t.Fatalf("-by %g changed %s[%d]", f, eval.NetTensors[k].Name, i)
				}
			}
		}
		got := evaluations(t, parseNets(t, s)[0])
		moved := false
		for i, fen := range testFENs {
			want := f * float64(base[i])
			if math.Abs(float64(got[i])-want) > 2 {
				t.Errorf("-by %g: %s: %d, want %.1f ± 2 (the built-in net: %d)", f, fen, got[i], want, base[i])
			}
			moved = moved || got[i] != base[i]
		}
		if !moved {
			t.Errorf("-by %g changed no evaluation", f)
		}
	}

	tests := []struct {
		by   float64
		want string
	}{
		{0, "-by 0: want 0.25 to 4"},
		{-1, "-by -1: want 0.25 to 4"},
		{4.5, "-by 4.5: want 0.25 to 4"},
		{math.NaN(), "-by NaN: want 0.25 to 4"},
	}
	for _, tc := range tests {
		if _, err := scaleNet(file, tc.by); err == nil || err.Error() != tc.want {
			t.Errorf("-by %g: error %v, want %q", tc.by, err, tc.want)
		}
	}

	big := eval.NewQuantNet(q.Buckets()) // one output weight near its int16 limit
	for k := range q {
		copy(big[k], q[k])
	}
	big[eval.TensorOutputWeights][5] = 30000
	_, err = scaleNet(eval.EncodeNet(big), 1.5)
	if err == nil || !strings.Contains(err.Error(), "output weights[5] = 30000 would become 45000") {
		t.Errorf("overflow: error %v, want one naming output weights[5]", err)
	}
	if _, err := scaleNet(file[:100], 1.1); err == nil {
		t.Error("a truncated net file was accepted")
	}
}

// TestScaleCommand runs `nnue scale` end to end: the file it writes parses
// and its hash is the one it prints.
func TestScaleCommand(t *testing.T) {
	in := filepath.Join("..", "..", "engine", "eval", "nets", "default.nnue")
	out := filepath.Join(t.TempDir(), "scaled.nnue")
	var stdout, stderr bytes.Buffer
	if err := run([]string{"scale", "-by", "1.25", "-out", out, in}, &stdout, &stderr); err != nil {
		t.Fatalf("%v (%s)", err, stderr.String())
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	n, err := eval.ParseNet(data)
	if err != nil {
		t.Fatal(err)
	}
	if want := out + ": nn-" + n.Hash() + ", output × 1.25\n"; stdout.String() != want {
		t.Errorf("printed %q, want %q", stdout.String(), want)
	}
	if err := run([]string{"scale", "-by", "1.25", in}, &stdout, &stderr); err == nil ||
		err.Error() != "scale: usage: nnue scale -by F -out FILE NET" {
		t.Errorf("without -out: %v", err)
	}
}
