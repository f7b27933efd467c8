package main

import (
	"flag"
	"fmt"
	"io"
	"math"
	"os"

	"github.com/azurite-chess/azurite/engine/eval"
)

// runScale writes a net whose output is -by times the input net's: each
// output weight and bias is multiplied by the factor and rounded, the
// feature transformer is left as it is. A net trained with the game result
// in its target comes out with smaller scores than the searches that made
// its data (its slope, which train and valid print); scale makes the net
// of another slope, so that a match can tell which scale the search plays
// best with (docs/nnue.md has those matches).
//
//	nnue scale -by 1.141 -out scaled.nnue nn-HASH.nnue
func runScale(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("scale", flag.ContinueOnError)
	fs.SetOutput(stderr)
	by := fs.Float64("by", 1, "the factor, 0.25 to 4")
	out := fs.String("out", "", "the scaled net file to write")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 || *out == "" {
		return fmt.Errorf("scale: usage: nnue scale -by F -out FILE NET")
	}
	data, err := os.ReadFile(fs.Arg(0))
	if err != nil {
		return fmt.Errorf("scale: %w", err)
	}
	q, err := scaleNet(data, *by)
	if err != nil {
		return fmt.Errorf("scale: %s: %w", fs.Arg(0), err)
	}
	file := eval.EncodeNet(q)
	n, err := eval.ParseNet(file)
	if err != nil {
		return fmt.Errorf("scale: the scaled net does not parse: %w", err)
	}
	if err := os.WriteFile(*out, file, 0o644); err != nil {
		return fmt.Errorf("scale: %w", err)
	}
	fmt.Fprintf(stdout, "%s: nn-%s, output × %g\n", *out, n.Hash(), *by)
	return nil
}

// scaleNet reads net file data and returns its weights with the output
// layer multiplied by f. It refuses a factor outside [0.25, 4] and one
// that would push an output weight past its int16 range or its float
// limit, which the engine's arithmetic relies on.
func scaleNet(data []byte, f float64) (*eval.QuantNet, error) {
	if math.IsNaN(f) || f < 0.25 || f > 4 {
		return nil, fmt.Errorf("-by %g: want 0.25 to 4", f)
	}
	q, err := eval.DecodeNet(data)
	if err != nil {
		return nil, err
	}
	tensors := eval.NetTensorsFor(q.Buckets())
	for _, k := range []int{eval.TensorOutputWeights, eval.TensorOutputBias} {
		t := tensors[k]
		bound := math.Floor(t.Limit * t.Scale)
		for i, v := range q[k] {
			s := math.Round(float64(v) * f)
			if math.Abs(s) > bound {
				return nil, fmt.Errorf("-by %g: %s[%d] = %d would become %.0f, beyond ±%.0f", f, t.Name, i, v, s, bound)
			}
			q[k][i] = int32(s)
		}
	}
	return q, nil
}
