package search

import (
	"flag"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The ablation benchmark (`make ablation`) reproduces on Azurite the table
// of Brange & Lund (2021), "Evaluating Heuristic and Algorithmic
// Improvements for Alpha-Beta Search in a Chess Engine": time and nodes to
// reach a fixed depth with and without MVV-LVA capture ordering, the
// transposition table, iterative deepening, and with Lazy SMP on 2 threads.
// Every configuration searches each position right after the others
// (side by side, so load changes hit them alike), from a cleared state.
var (
	ablation      = flag.Bool("ablation", false, "TestAblation: run the ablation benchmark")
	ablationDepth = flag.Int("ablationdepth", 8, "TestAblation: fixed search depth")
	ablationSuite = flag.String("ablationsuite", "tactical/wac.epd", "TestAblation: positions (EPD under ../shared/data)")
	ablationMax   = flag.Int("ablationmax", 300, "TestAblation: at most this many positions")
	ablationSMP   = flag.Bool("smponly", false, "TestAblation: only the 1-thread vs 2-thread rows (time to depth)")
	ablationBase  = flag.Bool("ablationbase", false, "TestAblation: measure on the thesis-like baseline (no selectivity: no null move, futility, LMR, LMP, IIR, razoring, qsearch pruning)")
)

type ablationConfig struct {
	name    string
	feat    features
	threads int
}

var ablationConfigs = []ablationConfig{
	{"all features (1 thread)", features{}, 1},
	{"without MVV-LVA ordering", features{noMVVLVA: true}, 1},
	{"without transposition table", features{noTT: true}, 1},
	{"without iterative deepening", features{noID: true}, 1},
	{"Lazy SMP, 2 threads", features{}, 2},
}

func TestAblation(t *testing.T) {
	if !*ablation {
		t.Skip("no -ablation")
	}
	entries := readEPD(t, *ablationSuite)
	if len(entries) > *ablationMax {
		entries = entries[:*ablationMax]
	}
	configs := ablationConfigs
	if *ablationSMP {
		configs = []ablationConfig{configs[0], configs[len(configs)-1]}
	}
	searchers := make([]*Searcher, len(configs))
	for i, c := range configs {
		searchers[i] = New(Options{HashMB: 64, Threads: c.threads})
		searchers[i].feat = c.feat
		searchers[i].feat.noPrune = *ablationBase
	}
	n := len(configs)
	times := make([][]float64, n) // seconds per position
	nodes := make([][]float64, n)
	for _, e := range entries {
		pos := mustFEN(t, e.fen)
		for i, s := range searchers {
			s.Clear()
			r := s.Search(pos, Limits{Depth: *ablationDepth}, nil)
			times[i] = append(times[i], r.Time.Seconds())
			nodes[i] = append(nodes[i], float64(r.Nodes))
		}
	}
	var b strings.Builder
	b.WriteString("| configuration | total time | total nodes | time vs full | time reduction by the feature (totals) | median per-position time reduction | node reduction by the feature (totals) |\n")
	b.WriteString("|---|---|---|---|---|---|---|\n")
	for i, c := range configs {
		tt, tn := sum(times[i]), sum(nodes[i])
		row := "| " + c.name + " | " + time.Duration(tt*float64(time.Second)).Round(time.Millisecond).String() +
			" | " + strconv.FormatFloat(tn, 'f', 0, 64) + " | " + pct(tt/sum(times[0])) + " | "
		if i == 0 {
			row += "– | – | – |"
		} else {
			// Reduction the feature brings: 1 - with/without, per position.
			// For Lazy SMP "with" is 2 threads and "without" the full engine.
			var red []float64
			for p := range times[i] {
				with, without := times[0][p], times[i][p]
				if c.threads == 2 {
					with, without = times[i][p], times[0][p]
				}
				red = append(red, 1-with/without)
			}
			timeRed := 1 - sum(times[0])/tt
			if c.threads == 2 {
				timeRed = 1 - tt/sum(times[0])
			}
			nodeRed := 1 - sum(nodes[0])/tn
			if c.threads == 2 {
				nodeRed = 1 - tn/sum(nodes[0])
			}
			row += pct(timeRed) + " | " + pct(median(red)) + " | " + pct(nodeRed) + " |"
		}
		b.WriteString(row + "\n")
	}
	kind := "full engine"
	if *ablationBase {
		kind = "baseline without selectivity"
	}
	t.Logf("ablation (%s): %d positions from %s, depth %d, hash 64 MB, table cleared before each search\n%s",
		kind, len(entries), *ablationSuite, *ablationDepth, b.String())
}

func sum(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s
}

func median(xs []float64) float64 {
	ys := slices.Clone(xs)
	slices.Sort(ys)
	if len(ys)%2 == 1 {
		return ys[len(ys)/2]
	}
	return (ys[len(ys)/2-1] + ys[len(ys)/2]) / 2
}

func pct(x float64) string {
	return strconv.FormatFloat(math.Round(x*1000)/10, 'f', 1, 64) + " %"
}
