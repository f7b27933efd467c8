package uci

import (
	"strconv"
	"time"

	"github.com/azurite-chess/azurite/engine/search"
	"github.com/azurite-chess/azurite/engine/session"
)

// cmdBench handles "bench [depth]": the fixed-depth search over the bench
// positions whose node count is the search's signature. It runs as the
// handler's task (task.go) through the session (session.Bench), so isready
// is answered while it runs, the front end's Yield hook keeps running and
// stop ends it early; a stopped bench prints no summary, since its node
// count is not the signature.
func (h *Handler) cmdBench(f []string) {
	depth := search.BenchDepth
	if len(f) > 1 {
		h.errLine("bench: expected \"bench [depth]\"")
		return
	}
	if len(f) == 1 {
		n, err := strconv.Atoi(f[0])
		if err != nil || n < 1 || n > maxBenchDepth {
			h.errLine("bench: depth must be an integer 1.." + strconv.Itoa(maxBenchDepth))
			return
		}
		depth = n
	}
	done := 0
	run, err := h.sess.StartBench(depth, func(i int, fen string, r search.Result) {
		done++
		h.emit(benchProgress(i, fen, r))
	})
	if err != nil {
		h.errLine("bench: " + err.Error())
		return
	}
	h.startTask(func() {
		nodes, elapsed, complete := run()
		if !complete {
			h.emit("info string bench stopped after " + strconv.Itoa(done) + " of " + strconv.Itoa(len(search.BenchFENs())) + " positions")
			return
		}
		for _, l := range benchSummary(nodes, elapsed) {
			h.emit(l)
		}
	})
}

// maxBenchDepth bounds "bench N" (the bench is a signature, not an analysis).
const maxBenchDepth = 30

// BenchLines runs the bench at depth with a new session's default options
// (so with the default evaluation), calling progress with one line per
// position as it finishes, and returns the summary lines: "Nodes searched: N",
// "Nodes/second: R" and the total time. progress may be nil.
func BenchLines(depth int, progress func(string)) []string {
	nodes, elapsed, _, _ := session.New(session.Config{}).Bench(depth, func(i int, fen string, r search.Result) {
		if progress != nil {
			progress(benchProgress(i, fen, r))
		}
	})
	return benchSummary(nodes, elapsed)
}

// benchProgress is the line printed after bench position i.
func benchProgress(i int, fen string, r search.Result) string {
	return "Position " + strconv.Itoa(i+1) + "/" + strconv.Itoa(len(search.BenchFENs())) + ": " + fen +
		" bestmove " + r.BestMove.String() + " nodes " + strconv.FormatUint(r.Nodes, 10)
}

// benchSummary is the bench's closing lines.
func benchSummary(nodes uint64, elapsed time.Duration) []string {
	ms := max(elapsed.Milliseconds(), 1)
	return []string{
		"",
		"Total time (ms): " + strconv.FormatInt(ms, 10),
		"Nodes searched: " + strconv.FormatUint(nodes, 10),
		"Nodes/second: " + strconv.FormatUint(nodes*uint64(time.Second/time.Millisecond)/uint64(ms), 10),
	}
}
