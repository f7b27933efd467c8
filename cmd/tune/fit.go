package main

import (
	"flag"
	"fmt"
	"math"
	"os"
	"strings"
	"time"

	"github.com/azurite-chess/azurite/engine/eval"
	"github.com/azurite-chess/azurite/internal/golden"
)

// Texel tuning: minimise the mean squared error between game results and
// sigmoid(K · eval) over the samples, by full-batch gradient descent (Adam)
// on every weight's middlegame and endgame halves. K is fitted first, with
// the starting weights, and then held fixed.

// weights is the vector being fitted: mg and eg halves as floats.
type weights struct {
	mg, eg [eval.NumParams]float64
}

func fromParams(p *eval.Params) *weights {
	w := &weights{}
	for i, s := range p.V {
		w.mg[i], w.eg[i] = float64(s.Mg()), float64(s.Eg())
	}
	return w
}

func (w *weights) eval(s *sample) float64 {
	var mg, eg float64
	for j, i := range s.idx {
		n := float64(s.n[j])
		mg += n * w.mg[i]
		eg += n * w.eg[i]
	}
	return mg*s.mgF + eg*s.egF
}

// sigmoid maps a centipawn score to an expected result with scale K.
func sigmoid(k, cp float64) float64 { return 1 / (1 + math.Pow(10, -k*cp/400)) }

func mse(w *weights, samples []sample, k float64) float64 {
	var sum float64
	for i := range samples {
		d := samples[i].result - sigmoid(k, w.eval(&samples[i]))
		sum += d * d
	}
	return sum / float64(len(samples))
}

// fitK finds the K that minimises the error for fixed weights (golden-section search).
func fitK(w *weights, samples []sample) float64 {
	return golden.Min(func(k float64) float64 { return mse(w, samples, k) }, 0.1, 4.0, 1e-4)
}

// gradient returns the error's gradient with respect to every weight half.
func gradient(w *weights, samples []sample, k float64, g *weights) {
	*g = weights{}
	c := k * math.Ln10 / 400
	for i := range samples {
		s := &samples[i]
		p := sigmoid(k, w.eval(s))
		d := -2 * (s.result - p) * p * (1 - p) * c / float64(len(samples))
		dm, de := d*s.mgF, d*s.egF
		for j, idx := range s.idx {
			n := float64(s.n[j])
			g.mg[idx] += n * dm
			g.eg[idx] += n * de
		}
	}
}

type fitConfig struct {
	epochs int
	lr     float64
	decay  float64 // L2 pull towards the starting weights, per weight
}

// fit runs Adam for cfg.epochs full passes and returns the fitted weights.
func fit(start *weights, samples []sample, k float64, cfg fitConfig, logf func(epoch int, w *weights)) *weights {
	w := *start
	var g, m, v weights
	const b1, b2, eps = 0.9, 0.999, 1e-8
	for t := 1; t <= cfg.epochs; t++ {
		gradient(&w, samples, k, &g)
		c1 := 1 - math.Pow(b1, float64(t))
		c2 := 1 - math.Pow(b2, float64(t))
		for i := 0; i < eval.NumParams; i++ {
			gm := g.mg[i] + cfg.decay*(w.mg[i]-start.mg[i])
			ge := g.eg[i] + cfg.decay*(w.eg[i]-start.eg[i])
			m.mg[i] = b1*m.mg[i] + (1-b1)*gm
			m.eg[i] = b1*m.eg[i] + (1-b1)*ge
			v.mg[i] = b2*v.mg[i] + (1-b2)*gm*gm
			v.eg[i] = b2*v.eg[i] + (1-b2)*ge*ge
			w.mg[i] -= cfg.lr * (m.mg[i] / c1) / (math.Sqrt(v.mg[i]/c2) + eps)
			w.eg[i] -= cfg.lr * (m.eg[i] / c1) / (math.Sqrt(v.eg[i]/c2) + eps)
		}
		if logf != nil {
			logf(t, &w)
		}
	}
	return &w
}

// used marks the weights that appear in at least minCount samples; the rest
// are not fitted (too little evidence) and keep their starting values.
func used(samples []sample, minCount int) [eval.NumParams]bool {
	var cnt [eval.NumParams]int
	for i := range samples {
		for _, idx := range samples[i].idx {
			cnt[idx]++
		}
	}
	var u [eval.NumParams]bool
	for i, c := range cnt {
		u[i] = c >= minCount
	}
	return u
}

func runFit(args []string) error {
	fs := flag.NewFlagSet("fit", flag.ContinueOnError)
	data := fs.String("data", "", "labelled positions, FEN;result per line (required)")
	out := fs.String("out", "", "write the fitted weights as Go source to this file (e.g. engine/eval/weights.go)")
	epochs := fs.Int("epochs", 60, "full-batch gradient steps (the held-out error bottoms out early)")
	lr := fs.Float64("lr", 1.0, "Adam step size in centipawns")
	decay := fs.Float64("decay", 1e-7, "L2 pull towards the starting weights")
	minCount := fs.Int("min", 50, "fit only weights seen in at least this many positions")
	limit := fs.Int("limit", 0, "read at most this many positions (0 = all)")
	fromUntuned := fs.Bool("untuned", true, "start from the hand-set weights rather than the shipped ones")
	freeze := fs.String("freeze", "", "comma-separated Layout blocks or groups to keep at their starting values (e.g. PSQ,Mobility)")
	every := fs.Int("every", 50, "print the error every this many epochs")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *data == "" {
		return fmt.Errorf("fit: -data is required")
	}
	startParams := eval.Default()
	if *fromUntuned {
		startParams = eval.Untuned()
	}
	eval.SetParams(startParams)
	t0 := time.Now()
	samples, err := loadSamples(*data, *limit)
	if err != nil {
		return err
	}
	if len(samples) < 100 {
		return fmt.Errorf("fit: only %d usable positions in %s", len(samples), *data)
	}
	// Hold out every 10th block of 1000 consecutive positions (whole games,
	// mostly) to check that the fit generalises beyond the games it saw.
	var train, test []sample
	for i := range samples {
		if i/1000%10 == 9 {
			test = append(test, samples[i])
		} else {
			train = append(train, samples[i])
		}
	}
	fmt.Printf("positions: %d (train %d, test %d), traced in %s\n", len(samples), len(train), len(test), time.Since(t0).Round(time.Millisecond))

	start := fromParams(startParams)
	k := fitK(start, train)
	before, beforeTest := mse(start, train, k), mse(start, test, k)
	fmt.Printf("K = %.4f\nMSE before: train %.6f  test %.6f\n", k, before, beforeTest)

	mask := used(train, *minCount)
	for _, name := range strings.Split(*freeze, ",") {
		if name == "" {
			continue
		}
		found := false
		for _, b := range eval.Layout {
			if b.Name == name || b.Group == name {
				found = true
				for i := b.Start; i < b.Start+b.Len; i++ {
					mask[i] = false
				}
			}
		}
		if !found {
			return fmt.Errorf("fit: -freeze: no block or group %q", name)
		}
	}
	t1 := time.Now()
	w := fit(start, train, k, fitConfig{epochs: *epochs, lr: *lr, decay: *decay}, func(epoch int, w *weights) {
		for i := range mask {
			if !mask[i] {
				w.mg[i], w.eg[i] = start.mg[i], start.eg[i]
			}
		}
		if epoch%*every == 0 {
			fmt.Printf("epoch %4d  train %.6f  test %.6f  (%s)\n", epoch, mse(w, train, k), mse(w, test, k), time.Since(t1).Round(time.Second))
		}
	})
	after, afterTest := mse(w, train, k), mse(w, test, k)
	fmt.Printf("MSE after:  train %.6f  test %.6f  (%d epochs, %s)\n", after, afterTest, *epochs, time.Since(t1).Round(time.Second))
	if *out == "" {
		return nil
	}
	summary := fmt.Sprintf("%d positions from %s, K=%.4f, MSE %.6f -> %.6f (held-out %.6f -> %.6f), %d epochs",
		len(samples), *data, k, before, after, beforeTest, afterTest, *epochs)
	if err := writeWeights(*out, w, summary); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "tune: wrote %s\n", *out)
	return nil
}
