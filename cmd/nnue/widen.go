package main

import (
	"encoding/binary"
	"flag"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"math/rand/v2"
	"os"

	"github.com/azurite-chess/azurite/engine/eval"
)

// runWiden writes a net of this build's hidden width (eval.NetHidden) made
// from a narrower net file, with the same evaluation: the old units keep
// their weights; each new one gets the trainer's initial feature weights
// (newFloatNet's) and output weights of zero, so it changes nothing
// until training moves it. A wider net can then start from the shipped one
// instead of from nothing.
//
//	nnue widen -from 128 -seed 1 -out wide.nnue nn-HASH.nnue
func runWiden(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("widen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	from := fs.Int("from", 128, "hidden width of the input net")
	seed := fs.Uint64("seed", 1, "seed of the new units' feature weights")
	out := fs.String("out", "", "the wider net file to write")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 || *out == "" {
		return fmt.Errorf("widen: usage: nnue widen [-from N] [-seed S] -out FILE NET")
	}
	data, err := os.ReadFile(fs.Arg(0))
	if err != nil {
		return fmt.Errorf("widen: %w", err)
	}
	q, err := widenNet(data, *from, *seed)
	if err != nil {
		return fmt.Errorf("widen: %s: %w", fs.Arg(0), err)
	}
	if err := os.WriteFile(*out, eval.EncodeNet(q), 0o644); err != nil {
		return fmt.Errorf("widen: %w", err)
	}
	fmt.Fprintf(stdout, "%s: %d → %d hidden units\n", *out, *from, eval.NetHidden)
	return nil
}

// netFileSize is the size of a net file with h hidden units (eval.NetFileSize
// for h = eval.NetHidden): header, the tensors of eval.NetTensors, CRC.
func netFileSize(h int) int { return 28 + 2*eval.NetInputs*h + 2*h + 4*h + 4 + 4 }

// widenNet reads net file data of hidden width h0 (the layout of
// eval.NetTensors at that width) and returns it at eval.NetHidden.
func widenNet(data []byte, h0 int, seed uint64) (*eval.QuantNet, error) {
	h := eval.NetHidden
	if h0 < 1 || h0 > h {
		return nil, fmt.Errorf("-from %d: want 1 to %d, this build's width", h0, h)
	}
	if size := netFileSize(h0); len(data) != size {
		return nil, fmt.Errorf("%d bytes, want %d for a %d→2×%d→1 net", len(data), size, eval.NetInputs, h0)
	}
	le := binary.LittleEndian
	if string(data[:4]) != "AZNN" {
		return nil, fmt.Errorf("header %q, want \"AZNN\"", data[:4])
	}
	if got, want := crc32.ChecksumIEEE(data[:len(data)-4]), le.Uint32(data[len(data)-4:]); got != want {
		return nil, fmt.Errorf("checksum %08x, file says %08x (corrupt or truncated)", got, want)
	}
	// The header as eval.EncodeNet writes it (version 1), at width h0.
	var header, want [6]uint32
	for i := range header {
		header[i] = le.Uint32(data[4+4*i:])
	}
	want = [6]uint32{1, eval.NetInputs, uint32(h0), eval.NetQA, eval.NetQB, eval.NetScale}
	if header != want {
		return nil, fmt.Errorf("version/inputs/hidden/QA/QB/scale %v, want %v", header, want)
	}
	off := 28
	next16 := func() int32 { v := int32(int16(le.Uint16(data[off:]))); off += 2; return v }
	rng := rand.New(rand.NewPCG(seed, 0x77696465))
	q := eval.NewQuantNet()
	ftW, ftB, outW := q[eval.TensorFeatureWeights], q[eval.TensorFeatureBias], q[eval.TensorOutputWeights]
	for f := range eval.NetInputs {
		for i := range h0 {
			ftW[f*h+i] = next16()
		}
		for i := h0; i < h; i++ {
			ftW[f*h+i] = int32(math.Round(rng.NormFloat64() * initFeatureStd * eval.NetQA))
		}
	}
	for i := range h {
		if i < h0 {
			ftB[i] = next16()
		} else {
			ftB[i] = int32(math.Round(initFeatureBias * eval.NetQA))
		}
	}
	for side := range 2 { // the side to move's half, then the other's
		for i := range h0 {
			outW[side*h+i] = next16()
		}
	}
	q[eval.TensorOutputBias][0] = int32(le.Uint32(data[off:]))
	return q, nil
}
