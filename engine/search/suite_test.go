package search

import (
	"flag"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/azurite-chess/azurite/engine/board"
)

// Test-suite runs are long, so they sit behind flags and Makefile targets
// (`make wac`), not in `make test`:
//
//	go test -run TestSuite -suite tactical/wac.epd -nodes 1000000 ./engine/search
var (
	suiteFile    = flag.String("suite", "", "run TestSuite on this EPD file (relative to ../shared/data)")
	suiteNodes   = flag.Uint64("nodes", 1_000_000, "TestSuite: node budget per position")
	suiteTime    = flag.Duration("movetime", 0, "TestSuite: time per position instead of nodes")
	suiteThreads = flag.Int("threads", 1, "TestSuite: search threads")
	suiteHash    = flag.Int("hash", 64, "TestSuite: hash MB")
	suiteVerbose = flag.Bool("suiteverbose", false, "TestSuite: log every position")
	suiteIDs     = flag.String("ids", "", "TestSuite: only these ids (comma-separated)")
)

// TestSuite runs a best-move suite at a fixed node budget per position (so
// the result is reproducible) and reports the solved count.
func TestSuite(t *testing.T) {
	if *suiteFile == "" {
		t.Skip("no -suite given")
	}
	entries := readEPD(t, *suiteFile)
	if *suiteIDs != "" {
		want := strings.Split(*suiteIDs, ",")
		var sub []epdEntry
		for _, e := range entries {
			for _, id := range want {
				if e.id == id {
					sub = append(sub, e)
				}
			}
		}
		entries = sub
	}
	s := New(Options{HashMB: *suiteHash, Threads: *suiteThreads})
	solved := 0
	var nodes uint64
	var elapsed time.Duration
	var failed []string
	for _, e := range entries {
		pos := mustFEN(t, e.fen)
		s.Clear()
		lim := Limits{Nodes: *suiteNodes}
		if *suiteTime > 0 {
			lim = Limits{MoveTime: *suiteTime}
		}
		// solvedAt is the node count of the first PV line from which the
		// best move stayed a solution (0 while it is not one): the
		// time-to-solution, which tells a near miss from a far one.
		var solvedAt uint64
		onInfo := func(in Info) {
			if in.Kind != InfoPV || in.MultiPV != 1 || len(in.PV) == 0 {
				return
			}
			good := (len(e.bm) == 0 || sanIn(pos, in.PV[0], e.bm)) && (len(e.am) == 0 || !sanIn(pos, in.PV[0], e.am))
			switch {
			case !good:
				solvedAt = 0
			case solvedAt == 0:
				solvedAt = max(in.Nodes, 1)
			}
		}
		r := s.Search(pos, lim, onInfo)
		nodes += r.Nodes
		elapsed += r.Time
		san := pos.SAN(r.BestMove)
		ok := len(e.bm) > 0 || len(e.am) > 0
		if len(e.bm) > 0 && !sanIn(pos, r.BestMove, e.bm) {
			ok = false
		}
		if len(e.am) > 0 && sanIn(pos, r.BestMove, e.am) {
			ok = false
		}
		if !ok {
			solvedAt = 0
		} else if solvedAt == 0 {
			solvedAt = r.Nodes
		}
		if ok {
			solved++
		} else {
			failed = append(failed, e.id+" ("+san+" not "+strings.Join(e.bm, "/")+")")
		}
		if *suiteVerbose {
			t.Logf("%-10s %-7s ok=%v depth %d nodes %d solved at %d", e.id, san, ok, r.Depth, r.Nodes, solvedAt)
		}
	}
	nps := uint64(0)
	if elapsed > 0 {
		nps = uint64(float64(nodes) / elapsed.Seconds())
	}
	t.Logf("failed: %s", strings.Join(failed, ", "))
	budget := fmt.Sprintf("nodes %d per position", *suiteNodes)
	if *suiteTime > 0 {
		budget = fmt.Sprintf("movetime %v per position, %d threads", *suiteTime, *suiteThreads)
	}
	t.Logf("%s: solved %d/%d (%s; total nodes %d, time %v, nps %d)",
		*suiteFile, solved, len(entries), budget, nodes, elapsed.Round(time.Millisecond), nps)
}

// sanIn reports whether m matches one of the SAN moves (check marks and
// annotations ignored).
func sanIn(pos *board.Position, m board.Move, sans []string) bool {
	for _, s := range sans {
		if x, err := pos.ParseSAN(s); err == nil && x == m {
			return true
		}
	}
	return false
}
