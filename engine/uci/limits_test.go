package uci

import (
	"strings"
	"testing"
	"time"

	"github.com/azurite-chess/azurite/engine/board"
)

// TestZeroLimits: a zero limit asks for the smallest search and gets a
// legal bestmove by itself (regression: each of these searched until
// "stop", since search.Limits reads 0 as "no limit").
func TestZeroLimits(t *testing.T) {
	tests := []struct {
		name, goLine string
		depth1       bool // the last info line is depth 1
	}{
		{"depth-0", "go depth 0", true},
		{"nodes-0", "go nodes 0", false},
		{"movetime-0", "go movetime 0", false},
		{"mate-0", "go mate 0", true},
		{"empty-clocks-with-increment", "go wtime 0 btime 0 winc 100 binc 100", false},
		{"empty-clock-black", "go wtime 1000 btime 0", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := newRig(t)
			r.send("position startpos moves e2e4", tc.goLine)
			got := r.until("bestmove", 5*time.Second)
			legalIn(t, mustFEN(t, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"), last(got))
			for _, l := range got[:len(got)-1] {
				if !strings.HasPrefix(l, "info depth ") {
					t.Fatalf("unexpected line %q", l)
				}
			}
			if tc.depth1 && (len(got) < 2 || !strings.HasPrefix(got[len(got)-2], "info depth 1 ")) {
				t.Fatalf("want a depth-1 search, got %q", got)
			}
		})
	}
}

// TestHugeClocks: every non-negative clock value is valid and gives a long
// think time (regression: "go wtime 200000000000 btime 200000000000" moved
// after 1 ms, "go wtime 10000000000000" was refused as negative, both from
// overflowing Duration arithmetic).
func TestHugeClocks(t *testing.T) {
	for _, goLine := range []string{
		"go wtime 200000000000 btime 200000000000",
		"go wtime 9000000000000 btime 1000",
		"go wtime 10000000000000 btime 10000000000000 winc 10000000000000 binc 10000000000000",
		"go wtime 99999999999999999999999 btime 5",
		"go movetime 9223372036854775807",
	} {
		t.Run(goLine, func(t *testing.T) {
			r := newRig(t)
			r.send("position startpos", goLine)
			r.until("info depth 1 ", wait)
			if extra := r.rest(300 * time.Millisecond); strings.Contains(strings.Join(extra, "\n"), "bestmove") {
				t.Fatalf("moved within 300 ms: %q", extra)
			}
			r.send("stop")
			got := r.until("bestmove", wait)
			legalIn(t, mustFEN(t, board.StartFEN), last(got))
		})
	}
}

// TestXboardClocks: xboard "time 0" is an empty clock (it read as "no time
// command yet" and a 5-minute base, and "level 0 0 1" + "time 0" then
// thought 5 s); huge and zero values give sane searches, never an error.
func TestXboardClocks(t *testing.T) {
	afterE4 := "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
	t.Run("time-0-moves-at-once", func(t *testing.T) {
		r := newRig(t)
		r.send("xboard", "new", "level 0 0 1", "time 0", "otim 0")
		start := time.Now()
		r.send("usermove e2e4")
		xbMove(t, r, mustFEN(t, afterE4))
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("time 0 took %v to move", d)
		}
	})
	for _, tc := range []struct{ name, setup string }{
		{"time-max", "time 9223372036854775807"},
		{"time-beyond-int64", "time 99999999999999999999999"},
		{"level-huge-base", "level 0 99999999999999999999 0"},
		{"level-huge-increment", "level 0 1 1e300"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newRig(t)
			r.send("xboard", "new", "post", tc.setup)
			if got := r.rest(20 * time.Millisecond); len(got) != 0 {
				t.Fatalf("%q: %q", tc.setup, got)
			}
			r.send("usermove e2e4")
			r.until("1 ", wait) // thinking output: depth 1 done
			if extra := r.rest(300 * time.Millisecond); strings.Contains(strings.Join(extra, "\n"), "move ") {
				t.Fatalf("moved within 300 ms: %q", extra)
			}
			r.send("?") // move now
			xbMove(t, r, mustFEN(t, afterE4))
		})
	}
	for _, tc := range []struct{ name, setup string }{
		{"st-0", "st 0"},
		{"sd-0", "sd 0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newRig(t)
			r.send("xboard", "new", tc.setup)
			if got := r.rest(20 * time.Millisecond); len(got) != 0 {
				t.Fatalf("%q: %q", tc.setup, got)
			}
			r.send("usermove e2e4")
			xbMove(t, r, mustFEN(t, afterE4))
		})
	}
}

// TestErrorsQuoteLittle: an error quotes at most about 200 bytes of the
// input (regression: a 16 MB unknown command gave a 16 MB error line).
func TestErrorsQuoteLittle(t *testing.T) {
	huge := strings.Repeat("x", 16<<20)
	for _, tc := range []struct{ name, setup, line string }{
		{"unknown-command", "", huge},
		{"go-parameter", "", "go " + huge},
		{"go-value", "", "go depth " + huge},
		{"position-keyword", "", "position " + huge},
		{"position-moves", "", "position startpos moves e2e4 " + huge},
		{"setoption-value", "", "setoption name Hash value " + huge},
		{"setoption-name", "", "setoption name " + huge + " value 1"},
		{"xboard-unknown", "xboard", huge},
		{"xboard-usermove", "xboard", "usermove " + huge},
		{"xboard-level", "xboard", "level 40 " + huge + " 0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newRig(t)
			if tc.setup != "" {
				r.send(tc.setup)
			}
			r.send(tc.line)
			got := r.rest(50 * time.Millisecond)
			if len(got) != 1 {
				t.Fatalf("%d lines, want one error", len(got))
			}
			if len(got[0]) > 400 {
				t.Fatalf("error line of %d bytes: %.120s…", len(got[0]), got[0])
			}
			t.Log(got[0])
		})
	}
}
