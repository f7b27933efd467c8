package main

import (
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"

	"github.com/azurite-chess/azurite/engine/eval"
)

// runWiden writes a net of this build's hidden width (eval.NetHidden) and
// -buckets output buckets made from a narrower net file, or one of a single
// output bucket, with the same evaluation: the old units keep their
// weights; each new one gets the trainer's initial feature weights
// (newFloatNet's) and output weights of zero, so it changes nothing until
// training moves it; a single output layer is copied to every bucket. A
// larger net can then start from the shipped one instead of from nothing.
//
//	nnue widen -from 128 -buckets 8 -seed 1 -out wide.nnue nn-HASH.nnue
func runWiden(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("widen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	from := fs.Int("from", 128, "hidden width of the input net")
	buckets := fs.Int("buckets", 1, "output buckets of the net written (the input net has one or as many)")
	seed := fs.Uint64("seed", 1, "seed of the new units' feature weights")
	out := fs.String("out", "", "the wider net file to write")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 || *out == "" {
		return fmt.Errorf("widen: usage: nnue widen [-from N] [-buckets B] [-seed S] -out FILE NET")
	}
	data, err := os.ReadFile(fs.Arg(0))
	if err != nil {
		return fmt.Errorf("widen: %w", err)
	}
	q, err := widenNet(data, *from, *buckets, *seed)
	if err != nil {
		return fmt.Errorf("widen: %s: %w", fs.Arg(0), err)
	}
	if err := os.WriteFile(*out, eval.EncodeNet(q), 0o644); err != nil {
		return fmt.Errorf("widen: %w", err)
	}
	fmt.Fprintf(stdout, "%s: %d → %d hidden units, %d output buckets\n", *out, *from, eval.NetHidden, *buckets)
	return nil
}

// widenNet reads net file data of hidden width h0 and returns it at
// eval.NetHidden with b output buckets.
func widenNet(data []byte, h0, b int, seed uint64) (*eval.QuantNet, error) {
	h := eval.NetHidden
	if h0 < 1 || h0 > h {
		return nil, fmt.Errorf("-from %d: want 1 to %d, this build's width", h0, h)
	}
	if b < 1 || b > eval.MaxNetBuckets {
		return nil, fmt.Errorf("-buckets %d: want 1 to %d", b, eval.MaxNetBuckets)
	}
	old, err := eval.DecodeNetWidth(data, h0)
	if err != nil {
		return nil, err
	}
	b0 := old.Buckets()
	if b0 != 1 && b0 != b {
		return nil, fmt.Errorf("%d output buckets, want 1 or -buckets %d", b0, b)
	}
	rng := rand.New(rand.NewPCG(seed, 0x77696465))
	q := eval.NewQuantNet(b)
	ftW, ftB, outW := q[eval.TensorFeatureWeights], q[eval.TensorFeatureBias], q[eval.TensorOutputWeights]
	for f := range eval.NetInputs {
		copy(ftW[f*h:f*h+h0], old[eval.TensorFeatureWeights][f*h0:])
		for i := h0; i < h; i++ {
			ftW[f*h+i] = int32(math.Round(rng.NormFloat64() * initFeatureStd * eval.NetQA))
		}
	}
	copy(ftB, old[eval.TensorFeatureBias])
	for i := h0; i < h; i++ {
		ftB[i] = int32(math.Round(initFeatureBias * eval.NetQA))
	}
	for k := range b {
		k0 := k % b0          // the one old layer, or the same bucket's
		for side := range 2 { // the side to move's half, then the other's
			copy(outW[(2*k+side)*h:(2*k+side)*h+h0], old[eval.TensorOutputWeights][(2*k0+side)*h0:])
		}
		q[eval.TensorOutputBias][k] = old[eval.TensorOutputBias][k0]
	}
	return q, nil
}
