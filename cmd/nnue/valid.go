package main

import (
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"strings"
)

// runValid scores nets on the held-out chunks of data directories without
// training: for each net, each directory of -data on its own and, when there
// are several, all of them together, the validation loss (as train reports
// it) and the least-squares slope of the searches' scores on the net's
// output. Nets trained on different sets are compared on the same positions
// this way, and a directory whose scores sit on another scale shows it.
//
// Output is a table, one line per (net, data): net, data, positions, loss,
// the hand-written evaluation's loss on the same positions, slope.
func runValid(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("valid", flag.ContinueOnError)
	fs.SetOutput(stderr)
	nets := fs.String("net", "", "net files (nn-HASH.nnue) or checkpoints to score, comma-separated")
	data := fs.String("data", defaultDataDir(), "data directories as train's -data: DIR[:SET][@K],DIR[:SET][@K]")
	lambda := fs.Float64("lambda", 1, "weight of the search score against the game result in the target")
	validEvery := fs.Int("valid-every", 20, "the held-out chunks: every N-th, as train's -valid-every")
	threads := fs.Int("threads", runtime.NumCPU(), "goroutines computing the loss")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *nets == "" {
		return fmt.Errorf("valid: -net: name at least one net file or checkpoint")
	}
	if *lambda < 0 || *lambda > 1 || *validEvery < 1 || *threads < 1 {
		return fmt.Errorf("valid: need 0 <= -lambda <= 1, -valid-every >= 1 and -threads >= 1")
	}
	// One set per directory (named with its :SET and @K, if any) and, when
	// there are several, their union, joined from them rather than read again.
	var names []string
	var sets []*dataset
	all := &dataset{}
	for _, p := range strings.Split(*data, ",") {
		// One training position is the least loadSources keeps; only the
		// held-out chunks are scored.
		_, v, err := loadSources(p, *validEvery, 0, 1)
		if err != nil {
			return fmt.Errorf("valid: %w", err)
		}
		if v.len() == 0 {
			return fmt.Errorf("valid: -data %q has no held-out positions (every %d-th chunk from 0)", p, *validEvery)
		}
		names, sets = append(names, filepath.Base(p)), append(sets, v)
		all.join(v)
	}
	if len(sets) > 1 {
		names, sets = append(names, "all"), append(sets, all)
	}
	hce := make([]float64, len(sets))
	for i, v := range sets {
		hce[i] = hceLoss(v, *lambda)
	}
	fmt.Fprintln(stdout, "net\tdata\tpositions\tloss\thce_loss\tslope")
	for _, path := range strings.Split(*nets, ",") {
		net, err := loadInit(path)
		if err != nil {
			return fmt.Errorf("valid: -net %s: %w", path, err)
		}
		for i, v := range sets {
			fmt.Fprintf(stdout, "%s\t%s\t%d\t%.6f\t%.6f\t%.3f\n", filepath.Base(path), names[i], v.len(),
				validationLoss(net, v, *lambda, *threads), hce[i], scaleSlope(net, v))
		}
	}
	return nil
}
