package main

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/azurite-chess/azurite/engine/board"
	"github.com/azurite-chess/azurite/engine/eval"
)

// narrowFile encodes the first h0 hidden units of q (a net of this build's
// width) as a net file h0 units wide, with q's output buckets.
func narrowFile(q *eval.QuantNet, h0 int) []byte {
	h, n := eval.NetHidden, &eval.QuantNet{}
	for f := range eval.NetInputs {
		n[eval.TensorFeatureWeights] = append(n[eval.TensorFeatureWeights], q[eval.TensorFeatureWeights][f*h:f*h+h0]...)
	}
	n[eval.TensorFeatureBias] = q[eval.TensorFeatureBias][:h0]
	for half := range 2 * q.Buckets() { // each bucket's side to move's half, then the other's
		n[eval.TensorOutputWeights] = append(n[eval.TensorOutputWeights], q[eval.TensorOutputWeights][half*h:half*h+h0]...)
	}
	n[eval.TensorOutputBias] = q[eval.TensorOutputBias]
	return eval.EncodeNetWidth(n, h0)
}

// testFENs are the positions whose evaluations the widen tests compare.
var testFENs = []string{
	board.StartFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r1bq1rk1/pp2nppp/2n1p3/3pP3/1b1P4/2NB1N2/PP3PPP/R1BQK2R b KQ - 3 9",
	"6k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 40",
	"8/8/4k3/8/8/3K4/8/8 w - - 0 1",
}

// parseNets encodes each of qs and reads it back as the engine does.
func parseNets(t *testing.T, qs ...*eval.QuantNet) []*eval.Net {
	t.Helper()
	nets := make([]*eval.Net, len(qs))
	for i, q := range qs {
		n, err := eval.ParseNet(eval.EncodeNet(q))
		if err != nil {
			t.Fatal(err)
		}
		nets[i] = n
	}
	return nets
}

// evaluations is n's score of each of testFENs.
func evaluations(t *testing.T, n *eval.Net) []int {
	t.Helper()
	v := make([]int, len(testFENs))
	for i, fen := range testFENs {
		pos, err := board.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		v[i] = n.Evaluate(pos)
	}
	return v
}

// builtinNet returns the built-in net's file and its quantised weights.
func builtinNet(t *testing.T) ([]byte, *eval.QuantNet) {
	t.Helper()
	file, err := os.ReadFile(filepath.Join("..", "..", "engine", "eval", "nets", "default.nnue"))
	if err != nil {
		t.Fatal(err)
	}
	q, err := eval.DecodeNet(file)
	if err != nil {
		t.Fatal(err)
	}
	return file, q
}

// TestWidenKeepsTheEvaluation: the built-in net cut to its first 64 units
// and widened back evaluates every position exactly as the built-in net with
// the other units' output weights zeroed; the new units carry the trainer's
// initial feature weights and biases; at the same width widen is the
// identity, byte for byte.
func TestWidenKeepsTheEvaluation(t *testing.T) {
	file, q := builtinNet(t)
	b := q.Buckets()
	same, err := widenNet(file, eval.NetHidden, b, 1)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(eval.EncodeNet(same), file) {
		t.Fatal("widening to the same width changed the net")
	}

	const h0 = 64
	h := eval.NetHidden
	narrow := narrowFile(q, h0)
	header := 28
	if b > 1 {
		header += 4
	}
	if want := header + 2*eval.NetInputs*h0 + 2*h0 + b*(4*h0+4) + 4; len(narrow) != want {
		t.Fatalf("narrow file %d bytes, want %d", len(narrow), want)
	}
	wide, err := widenNet(narrow, h0, b, 1)
	if err != nil {
		t.Fatal(err)
	}
	cut := eval.NewQuantNet(b) // the built-in net, units h0.. silenced
	for k := range q {
		copy(cut[k], q[k])
	}
	for half := range 2 * b {
		for i := h0; i < h; i++ {
			cut[eval.TensorOutputWeights][half*h+i] = 0
		}
	}
	full, err := eval.DecodeNet(file)
	if err != nil {
		t.Fatal(err)
	}
	nets := parseNets(t, wide, cut, full)
	w, c, f := evaluations(t, nets[0]), evaluations(t, nets[1]), evaluations(t, nets[2])
	differs := false
	for i, fen := range testFENs {
		if w[i] != c[i] {
			t.Errorf("%s: widened net %d, the cut built-in net %d", fen, w[i], c[i])
		}
		differs = differs || f[i] != c[i]
	}
	if !differs {
		t.Error("silencing half the units changed no evaluation: the test cannot tell nets apart")
	}
	var sum, sq float64
	for f := range eval.NetInputs {
		for i := range h {
			w := wide[eval.TensorFeatureWeights][f*h+i]
			if i < h0 {
				if w != q[eval.TensorFeatureWeights][f*h+i] {
					t.Fatalf("feature %d unit %d: %d, want the old %d", f, i, w, q[eval.TensorFeatureWeights][f*h+i])
				}
				continue
			}
			sum, sq = sum+float64(w), sq+float64(w)*float64(w)
		}
	}
	n := float64(eval.NetInputs * (h - h0))
	if mean, std := sum/n, sq/n-(sum/n)*(sum/n); mean < -0.5 || mean > 0.5 || std < 11*11 || std > 14.5*14.5 {
		t.Errorf("new feature weights: mean %.2f, variance %.1f; want about 0 and (0.05·%d)² = %.1f", mean, std, eval.NetQA, 0.05*eval.NetQA*0.05*eval.NetQA)
	}
	for i := h0; i < h; i++ {
		if b := wide[eval.TensorFeatureBias][i]; b != 51 {
			t.Fatalf("new unit %d: bias %d, want round(0.2·255) = 51", i, b)
		}
	}
}

// TestWidenRefuses names what is wrong with a file it cannot widen.
func TestWidenRefuses(t *testing.T) {
	file, q := builtinNet(t)
	narrow := narrowFile(q, 32)
	corrupt := bytes.Clone(narrow)
	corrupt[100] ^= 1
	otherQA := bytes.Clone(narrow)
	binary.LittleEndian.PutUint32(otherQA[16:], 127)
	binary.LittleEndian.PutUint32(otherQA[len(otherQA)-4:], crc32.ChecksumIEEE(otherQA[:len(otherQA)-4]))
	for _, tc := range []struct {
		name string
		data []byte
		from int
		want string
	}{
		{"wider than this build", file, eval.NetHidden + 1, "want 1 to"},
		{"no width", file, 0, "want 1 to"},
		{"the wrong width", narrow, 64, "bytes, want"},
		{"truncated", narrow[:len(narrow)-1], 32, "bytes, want"},
		{"corrupt", corrupt, 32, "checksum"},
		{"other quantisation", otherQA, 32, "version/inputs/hidden/QA/QB/scale"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := widenNet(tc.data, tc.from, q.Buckets(), 1); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err %v, want one containing %q", err, tc.want)
			}
		})
	}
	dir := t.TempDir()
	var out, log bytes.Buffer
	if err := runWiden([]string{"-out", filepath.Join(dir, "w.nnue"), filepath.Join(dir, "missing.nnue")}, &out, &log); err == nil || !strings.Contains(err.Error(), "missing.nnue") {
		t.Fatalf("a missing file: err %v", err)
	}
	if err := runWiden([]string{filepath.Join(dir, "x.nnue")}, &out, &log); err == nil || !strings.Contains(err.Error(), "usage") {
		t.Fatalf("no -out: err %v", err)
	}
}
