package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"sync"
	"time"

	"github.com/azurite-chess/azurite/engine/eval"
	"github.com/azurite-chess/azurite/internal/golden"
)

// trainConfig is everything a training run's result depends on besides the
// data; a run resumes from its checkpoint only with the same config.
type trainConfig struct {
	Data    string  `json:"data"`
	Epochs  int     `json:"epochs"`
	Batch   int     `json:"batch"`
	LR      float64 `json:"lr"`
	FinalLR float64 `json:"final_lr"`
	Lambda  float64 `json:"lambda"` // weight of the search score in the target
	// LambdaEnd, when set, is λ at the last step: λ moves linearly from
	// Lambda to it over the run, so the game result's weight 1−λ ramps
	// (0.8 → 0.5: the result's weight 0.2 → 0.5).
	LambdaEnd    *float64 `json:"lambda_end,omitempty"`
	Seed         uint64   `json:"seed"`
	ValidEvery   int      `json:"valid_every"`
	MaxPositions int      `json:"max_positions"`
	Chunks       int      `json:"chunks,omitempty"`  // read chunks 0..Chunks-1 of Data (0: all)
	Teacher      string   `json:"teacher,omitempty"` // "hce": targets from the hand-written evaluation
	Init         string   `json:"init,omitempty"`    // checkpoint whose weights start the run
	// Imitate names a second data directory whose training chunks join the
	// training set with the hand-written evaluation's scores as targets, so
	// a net learning from searches keeps what it imitated.
	Imitate       string `json:"imitate,omitempty"`
	ImitateMax    int    `json:"imitate_max,omitempty"`    // at most this many of them (0: all)
	ImitateChunks int    `json:"imitate_chunks,omitempty"` // read chunks 0..ImitateChunks-1 of Imitate (0: all)
	// Mirror adds each training position's left-right mirror image where
	// castling cannot tell them apart (dataset.mirrorable).
	Mirror bool `json:"mirror,omitempty"`
	// Buckets is the net's output buckets when more than one (0: one, so
	// the runs from before buckets resume).
	Buckets int `json:"buckets,omitempty"`
	// WDLScale is the scale, in centipawns, of the sigmoid that turns both
	// the search score and the net's output into a winning chance in the
	// training loss (0: eval.NetScale, so earlier runs resume). A result in
	// the target (λ < 1) pulls the output towards the scale on which scores
	// predict results; where that is far steeper than eval.NetScale, the
	// net's outputs grow (docs/nnue.md, "Training"). The net's output stays
	// in eval.NetScale units and the validation loss stays at
	// eval.NetScale, so runs compare.
	WDLScale float64 `json:"wdl_scale,omitempty"`
}

// wdlScale is the training loss's sigmoid scale in centipawns.
func (c *trainConfig) wdlScale() float64 {
	if c.WDLScale == 0 {
		return eval.NetScale
	}
	return c.WDLScale
}

// buckets is the net's number of output buckets.
func (c *trainConfig) buckets() int { return max(c.Buckets, 1) }

// lambdaAt is λ at optimiser step step of steps.
func (c *trainConfig) lambdaAt(step, steps int) float64 {
	if c.LambdaEnd == nil || steps <= 1 {
		return c.Lambda
	}
	return c.Lambda + (*c.LambdaEnd-c.Lambda)*float64(step)/float64(steps-1)
}

// finalLambda is λ at the last step: the target the validation loss measures,
// the same in every epoch, so epochs compare.
func (c *trainConfig) finalLambda() float64 {
	if c.LambdaEnd == nil {
		return c.Lambda
	}
	return *c.LambdaEnd
}

// quantTolerance is the largest mean |quantised − float| difference, in
// centipawns over the validation positions checked, that a written net may show.
const quantTolerance = 3.0

func runTrain(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("train", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var c trainConfig
	fs.StringVar(&c.Data, "data", defaultDataDir(), "data directory made by datagen, or several as DIR[:SET][@K],DIR[:SET][@K] (SET: N reads chunks 0 to N-1 only; 0-100+103 exactly those chunks; K multiplies the directory's search scores)")
	out := fs.String("out", filepath.Join(filepath.Dir(defaultDataDir()), "train"), "run directory: checkpoint, log.tsv, the net")
	fs.IntVar(&c.Epochs, "epochs", 20, "passes over the training set")
	fs.IntVar(&c.Batch, "batch", 16384, "positions per optimiser step")
	fs.Float64Var(&c.LR, "lr", 0.002, "Adam learning rate at the start (cosine decay to -final-lr)")
	fs.Float64Var(&c.FinalLR, "final-lr", 0.0001, "learning rate at the last step")
	fs.Float64Var(&c.Lambda, "lambda", 0.7, "weight of the search score against the game result in the target")
	fs.Uint64Var(&c.Seed, "seed", 1, "seed of the initial weights and the shuffles")
	fs.IntVar(&c.ValidEvery, "valid-every", 20, "hold out every N-th chunk (whole games) for validation")
	fs.IntVar(&c.MaxPositions, "max-positions", 0, "use at most this many training positions (0: all)")
	fs.StringVar(&c.Teacher, "teacher", "", `"hce": train on the hand-written evaluation's scores instead of the searches' (validation still uses the searches')`)
	fs.StringVar(&c.Init, "init", "", "start from the weights of this checkpoint or net file (a fresh optimiser)")
	fs.StringVar(&c.Imitate, "imitate", "", "also train on this data directory's positions, scored by the hand-written evaluation")
	fs.IntVar(&c.ImitateMax, "imitate-max", 0, "use at most this many -imitate positions (0: all)")
	fs.IntVar(&c.Chunks, "chunks", 0, "read only chunks 0 to N-1 of each -data directory without its own :N (0: all)")
	fs.IntVar(&c.ImitateChunks, "imitate-chunks", 0, "read only chunks 0 to N-1 of -imitate (0: all)")
	fs.BoolVar(&c.Mirror, "mirror", false, "also train on each position mirrored left to right where no side can castle")
	threads := fs.Int("threads", runtime.NumCPU(), "goroutines computing gradients")
	lambdaEnd := fs.Float64("lambda-end", -1, "λ at the last step, reached linearly from -lambda (-1: λ stays -lambda)")
	buckets := fs.Int("buckets", 1, "output buckets by piece count (an -init net must have as many: nnue widen -buckets makes them)")
	fs.Float64Var(&c.WDLScale, "wdl-scale", 0, "centipawns of the training loss's sigmoid, for the search scores and the net's output alike: the scale on which this data's scores predict its results (0: eval.NetScale)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *buckets < 1 || *buckets > eval.MaxNetBuckets {
		return fmt.Errorf("train: -buckets %d: want 1 to %d", *buckets, eval.MaxNetBuckets)
	}
	if *buckets > 1 {
		c.Buckets = *buckets
	}
	if *lambdaEnd != -1 {
		if *lambdaEnd < 0 || *lambdaEnd > 1 {
			return fmt.Errorf("train: -lambda-end %v: need 0 <= -lambda-end <= 1 (or -1: none)", *lambdaEnd)
		}
		c.LambdaEnd = lambdaEnd
	}
	if c.Epochs < 1 || c.Batch < 1 || *threads < 1 || c.Lambda < 0 || c.Lambda > 1 {
		return fmt.Errorf("train: need -epochs, -batch, -threads >= 1 and 0 <= -lambda <= 1")
	}
	if c.WDLScale != 0 && !(c.WDLScale >= 50 && c.WDLScale <= 2000) {
		return fmt.Errorf("train: -wdl-scale %v: want 50 to 2000 centipawns (or 0: %d, eval.NetScale)", c.WDLScale, eval.NetScale)
	}
	if c.WDLScale == eval.NetScale {
		c.WDLScale = 0
	}
	if c.Teacher != "" && c.Teacher != "hce" {
		return fmt.Errorf("train: -teacher %q: the only teacher is \"hce\"", c.Teacher)
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		return fmt.Errorf("train: %w", err)
	}
	start := time.Now()
	trainSet, validSet, err := loadSources(c.Data, c.ValidEvery, c.Chunks, c.MaxPositions)
	if err != nil {
		return fmt.Errorf("train: %w", err)
	}
	if trainSet.len() == 0 || validSet.len() == 0 {
		return fmt.Errorf("train: %d training and %d validation positions: need both (more chunks)", trainSet.len(), validSet.len())
	}
	fmt.Fprintf(stderr, "train: %d training, %d validation positions from %s (read in %.1f s)\n",
		trainSet.len(), validSet.len(), c.Data, time.Since(start).Seconds())

	fmt.Fprintf(stderr, "train: the hand-written evaluation's loss on the validation set: %.6f\n", hceLoss(validSet, c.Lambda))
	fmt.Fprintf(stderr, "train: the training set's results fit sigmoid(score/K) best at K = %.0f cp (-wdl-scale; eval.NetScale is %d)\n", resultScale(trainSet), eval.NetScale)
	if c.Teacher == "hce" {
		trainSet.labelWithHCE(*threads)
	}
	if c.Imitate != "" {
		extra, _, err := loadData(c.Imitate, c.ValidEvery, below(c.ImitateChunks), c.ImitateMax)
		if err != nil {
			return fmt.Errorf("train: -imitate: %w", err)
		}
		extra.labelWithHCE(*threads)
		trainSet.join(extra)
		fmt.Fprintf(stderr, "train: %d positions from %s scored by the hand-written evaluation join the training set\n", extra.len(), c.Imitate)
	}
	net, opt := newFloatNet(c.Seed, c.buckets()), newAdam(c.buckets())
	if c.Init != "" {
		if net, err = loadInit(c.Init); err != nil {
			return fmt.Errorf("train: -init: %w", err)
		}
		if net.buckets() != c.buckets() {
			return fmt.Errorf("train: -init %s has %d output buckets, -buckets asks for %d (nnue widen -buckets %d makes them)", c.Init, net.buckets(), c.buckets(), c.buckets())
		}
	}
	first := 0
	cfgPath := filepath.Join(*out, "config.json")
	ckPath := filepath.Join(*out, "checkpoint.bin")
	if old, err := os.ReadFile(cfgPath); err == nil {
		var prev trainConfig
		if json.Unmarshal(old, &prev) == nil && prev == c {
			if first, err = loadCheckpoint(ckPath, net, opt); err != nil && !errors.Is(err, os.ErrNotExist) {
				return fmt.Errorf("train: %w", err)
			}
			if first > 0 {
				fmt.Fprintf(stderr, "train: resuming %s after epoch %d\n", *out, first)
			}
		} else {
			return fmt.Errorf("train: %s holds a run with other settings: use another -out", *out)
		}
	}
	cfgJSON, _ := json.MarshalIndent(c, "", " ")
	if err := os.WriteFile(cfgPath, append(cfgJSON, '\n'), 0o644); err != nil {
		return fmt.Errorf("train: %w", err)
	}
	logf, err := os.OpenFile(filepath.Join(*out, "log.tsv"), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return fmt.Errorf("train: %w", err)
	}
	defer logf.Close()
	if first == 0 {
		fmt.Fprintln(logf, "epoch\ttrain_loss\tvalid_loss\tseconds\tpositions_per_s\tlr")
	}

	workers := make([]*grads, *threads)
	for i := range workers {
		workers[i] = newGrads(c.buckets())
	}
	base := make([]int32, trainSet.len(), 2*trainSet.len())
	for i := range base {
		base[i] = int32(i)
	}
	if c.Mirror {
		for i := range trainSet.len() {
			if trainSet.mirrorable(i) {
				base = append(base, int32(-i-1))
			}
		}
		fmt.Fprintf(stderr, "train: %d mirrored positions join the training set\n", len(base)-trainSet.len())
	}
	order := make([]int32, len(base))
	steps := c.Epochs * ((len(order) + c.Batch - 1) / c.Batch)
	step := first * ((len(order) + c.Batch - 1) / c.Batch)
	sum := zeroFloatNet(c.buckets())
	trainStart := time.Now()
	for epoch := first + 1; epoch <= c.Epochs; epoch++ {
		t0 := time.Now()
		rng := rand.New(rand.NewPCG(c.Seed, uint64(epoch)))
		copy(order, base)
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		var lossSum float64
		var lr float64
		for b := 0; b < len(order); b += c.Batch {
			batch := order[b:min(b+c.Batch, len(order))]
			lr = c.FinalLR + (c.LR-c.FinalLR)*0.5*(1+math.Cos(math.Pi*float64(step)/float64(steps)))
			lossSum += gradient(net, trainSet, batch, workers, c.lambdaAt(step, steps), c.wdlScale(), sum)
			opt.step(net, sum, lr)
			step++
		}
		secs := time.Since(t0).Seconds()
		trainLoss := lossSum / float64(len(order))
		validLoss := validationLoss(net, validSet, c.finalLambda(), *threads)
		fmt.Fprintf(logf, "%d\t%.6f\t%.6f\t%.1f\t%.0f\t%.6f\n", epoch, trainLoss, validLoss, secs, float64(len(order))/secs, lr)
		fmt.Fprintf(stderr, "train: epoch %d/%d: train loss %.6f, validation loss %.6f, %.0f s (%.0f positions/s), lr %.6f, lambda %.3f\n",
			epoch, c.Epochs, trainLoss, validLoss, secs, float64(len(order))/secs, lr, c.lambdaAt(step-1, steps))
		if err := saveCheckpoint(ckPath, net, opt, epoch); err != nil {
			return fmt.Errorf("train: %w", err)
		}
	}
	fmt.Fprintf(stderr, "train: %d epochs in %.0f s\n", c.Epochs-first, time.Since(trainStart).Seconds())
	return writeNet(net, validSet, *out, stdout, stderr)
}

// gradient sums the batch's gradients (divided by its size) into sum using
// every worker, and returns the batch's summed loss; wdlScale is the loss's
// sigmoid scale in centipawns (trainConfig.WDLScale).
func gradient(net *floatNet, d *dataset, batch []int32, workers []*grads, lambda, wdlScale float64, sum *floatNet) float64 {
	gain := float32(eval.NetScale / wdlScale)
	var wg sync.WaitGroup
	per := (len(batch) + len(workers) - 1) / len(workers)
	for w, g := range workers {
		lo, hi := min(w*per, len(batch)), min((w+1)*per, len(batch))
		wg.Add(1)
		go func() {
			defer wg.Done()
			g.reset()
			var s sample
			for _, i := range batch[lo:hi] {
				d.fill(int(i), &s, lambda, wdlScale)
				net.backward(&s, g, gain)
			}
		}()
	}
	wg.Wait()
	sum.clear()
	scale := 1 / float32(len(batch))
	loss := 0.0
	for _, g := range workers {
		loss += g.loss
		for k := range sum.t {
			if k == tFtW {
				// Rows no position of this worker's share used are zero.
				for f, used := range g.touched {
					if used {
						addScaled(sum.ftRow(f)[:], g.net.ftRow(f)[:], scale)
					}
				}
				continue
			}
			addScaled(sum.t[k], g.net.t[k], scale)
		}
	}
	return loss
}

// addScaled adds src·scale to dst.
func addScaled(dst, src []float32, scale float32) {
	for i := range dst {
		dst[i] += src[i] * scale
	}
}

// validationLoss is the mean loss over d.
func validationLoss(net *floatNet, d *dataset, lambda float64, threads int) float64 {
	n := d.len()
	losses := make([]float64, threads)
	var wg sync.WaitGroup
	per := (n + threads - 1) / threads
	for w := range threads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var s sample
			var a, b [hidden]float32
			for i := w * per; i < min((w+1)*per, n); i++ {
				d.fill(i, &s, lambda, eval.NetScale)
				p := sigmoid(float64(net.forward(&s, &a, &b)))
				losses[w] += (p - float64(s.target)) * (p - float64(s.target))
			}
		}()
	}
	wg.Wait()
	total := 0.0
	for _, l := range losses {
		total += l
	}
	return total / float64(n)
}

// writeNet quantises net, checks the quantised net against the float one on
// validation positions, and writes it as nn-HASH.nnue in dir.
func writeNet(net *floatNet, valid *dataset, dir string, stdout, stderr io.Writer) error {
	fmt.Fprintf(stderr, "train: search score ≈ %.3f × net output on validation positions within ±%d cp\n", scaleSlope(net, valid), slopeRange)
	data := eval.EncodeNet(net.quantise())
	qnet, err := eval.ParseNet(data)
	if err != nil {
		return fmt.Errorf("train: the written net does not read back: %w", err)
	}
	mean, p99, worst, n := quantError(net, qnet, valid, 20000)
	fmt.Fprintf(stderr, "train: quantised − float over %d validation positions: mean |Δ| %.2f cp, 99th percentile %.1f cp, max %.1f cp\n", n, mean, p99, worst)
	if mean > quantTolerance {
		return fmt.Errorf("train: quantisation error %.2f cp exceeds %.1f cp", mean, quantTolerance)
	}
	path := filepath.Join(dir, "nn-"+qnet.Hash()+".nnue")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		return fmt.Errorf("train: %w", err)
	}
	fmt.Fprintln(stdout, path)
	return nil
}

// hceLoss is the validation loss of the hand-written static evaluation, the
// figure a net has to beat.
func hceLoss(d *dataset, lambda float64) float64 {
	e := eval.New()
	var s sample
	total, n := 0.0, 0
	for i := range d.len() {
		d.fill(i, &s, lambda, eval.NetScale)
		_, pos, err := d.position(i)
		if err != nil {
			continue
		}
		p := sigmoid(float64(e.Evaluate(pos)) / eval.NetScale)
		total += (p - float64(s.target)) * (p - float64(s.target))
		n++
	}
	return total / float64(max(n, 1))
}

// resultScale is the K, in centipawns, for which sigmoid(score/K) predicts
// the game results of d's positions with the least squared error (every
// 7th position with |score| within slopeRange, a golden-section search over
// 50 to 2000 cp on a log scale, to 0.01 %): the -wdl-scale that keeps a
// target with a result in it on the scores' scale.
func resultScale(d *dataset) float64 {
	var scores, results []float64
	for i := 0; i < d.len(); i += 7 {
		r := d.record(i)
		if r.Score > slopeRange || r.Score < -slopeRange {
			continue
		}
		scores = append(scores, float64(r.Score)) // White's view, as the result
		results = append(results, float64(r.Result)/2)
	}
	mse := func(logK float64) float64 {
		k, e := math.Exp(logK), 0.0
		for i, s := range scores {
			d := sigmoid(s/k) - results[i]
			e += d * d
		}
		return e
	}
	return math.Exp(golden.Min(mse, math.Log(50), math.Log(2000), 1e-4))
}

// slopeRange bounds the search scores scaleSlope fits (centipawns).
const slopeRange = 1500

// scaleSlope is the least-squares slope b of score ≈ b·net over the
// validation positions whose search score is within ±slopeRange: 1 when the
// net is on the search's scale.
func scaleSlope(net *floatNet, valid *dataset) float64 {
	var s sample
	var a, b [hidden]float32
	var xy, xx float64
	for i := range valid.len() {
		r := valid.record(i)
		if r.Score > slopeRange || r.Score < -slopeRange {
			continue
		}
		valid.fill(i, &s, 1, eval.NetScale)
		x := float64(net.forward(&s, &a, &b)) * eval.NetScale
		y := float64(r.Score)
		if r.Side == 1 {
			y = -y
		}
		xy += x * y
		xx += x * x
	}
	return xy / max(xx, 1)
}

// quantError compares the quantised net's evaluation of up to limit
// validation positions with the float net's, in centipawns.
func quantError(net *floatNet, qnet *eval.Net, valid *dataset, limit int) (mean, p99, worst float64, n int) {
	e := eval.NewNNUE(qnet)
	var s sample
	var a, b [hidden]float32
	n = min(limit, valid.len())
	diffs := make([]float64, 0, n)
	for i := range n {
		valid.fill(i, &s, 1, eval.NetScale)
		f := float64(net.forward(&s, &a, &b)) * eval.NetScale
		_, pos, err := valid.position(i)
		if err != nil {
			continue
		}
		d := math.Abs(float64(e.Evaluate(pos)) - f)
		diffs = append(diffs, d)
		mean += d
	}
	if len(diffs) == 0 {
		return 0, 0, 0, 0
	}
	sort.Float64s(diffs)
	return mean / float64(len(diffs)), diffs[len(diffs)*99/100], diffs[len(diffs)-1], len(diffs)
}
