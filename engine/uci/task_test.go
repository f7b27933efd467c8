//go:build !js

// The native input loop (Run on an OS pipe); the worker's equivalent is in
// tests/wasm/runner.test.mjs.

package uci

import (
	"bufio"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/azurite-chess/azurite/engine/session"
)

// pipeEngine runs Run on a pipe, as the native binary runs on stdin and
// stdout, and returns a writer for input and a channel of output lines.
// The input is an OS pipe, whose buffer lets the test write while the
// engine does not read (as a GUI can).
func pipeEngine(t *testing.T) (in *os.File, lines <-chan string, done <-chan error) {
	t.Helper()
	inR, inW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	outR, outW := io.Pipe()
	errc := make(chan error, 1)
	go func() {
		errc <- Run(inR, outW, Config{Name: "Azurite", Session: session.Config{Seed: 1}})
		outW.Close()
	}()
	ch := make(chan string, 1024)
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			ch <- sc.Text()
		}
		close(ch)
	}()
	t.Cleanup(func() { inW.Close() })
	return inW, ch, errc
}

// expectLine reads lines until one starts with prefix, within d.
func expectLine(t *testing.T, lines <-chan string, prefix string, d time.Duration) []string {
	t.Helper()
	var got []string
	timeout := time.After(d)
	for {
		select {
		case l, ok := <-lines:
			if !ok {
				t.Fatalf("output ended before %q; got %q", prefix, got)
			}
			got = append(got, l)
			if strings.HasPrefix(l, prefix) {
				return got
			}
		case <-timeout:
			t.Fatalf("no %q within %v; got %q", prefix, d, got)
		}
	}
}

// TestLongCommandsKeepAnswering: natively, bench, perft and go perft run
// like a search: isready is answered while they run and stop ends them
// (regression: both waited until the command was over, 20 s and more).
func TestLongCommandsKeepAnswering(t *testing.T) {
	for _, tc := range []struct{ cmd, stopped string }{
		{"bench 30", "info string bench stopped after "},
		{"perft 9", "info string perft stopped after "},
		{"go perft 9", "info string perft stopped after "},
	} {
		t.Run(tc.cmd, func(t *testing.T) {
			in, lines, done := pipeEngine(t)
			io.WriteString(in, "position startpos\n"+tc.cmd+"\n")
			time.Sleep(50 * time.Millisecond)
			start := time.Now()
			io.WriteString(in, "isready\n")
			expectLine(t, lines, "readyok", 2*time.Second)
			t.Logf("readyok after %v", time.Since(start))
			start = time.Now()
			io.WriteString(in, "stop\n")
			got := expectLine(t, lines, tc.stopped, 5*time.Second)
			t.Logf("%q after %v", got[len(got)-1], time.Since(start))
			// The engine is idle and intact.
			io.WriteString(in, "go depth 2\n")
			best := expectLine(t, lines, "bestmove", wait)
			legalIn(t, mustFEN(t, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), best[len(best)-1])
			io.WriteString(in, "quit\n")
			if err := <-done; err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestLinesWaitForLongCommands: lines sent during a perft run after it, in
// order, and quit (or the end of input) lets it finish, so a script such
// as `printf 'perft 4\nquit\n' | azurite` prints the whole count.
func TestLinesWaitForLongCommands(t *testing.T) {
	in, lines, done := pipeEngine(t)
	io.WriteString(in, "perft 4\nposition startpos moves e2e4\ngo depth 2\nisready\n")
	got := expectLine(t, lines, "readyok", wait)
	got = append(got, expectLine(t, lines, "bestmove", wait)...)
	var order []string
	for _, l := range got {
		switch {
		case l == "readyok", strings.HasPrefix(l, "Nodes searched"), strings.HasPrefix(l, "bestmove"):
			order = append(order, strings.Fields(l)[0])
		}
	}
	// isready is answered at once (perft 4 may or may not be over by then);
	// the go waits for the perft and searches the position after e2e4.
	if n := strings.Join(order, ","); n != "readyok,Nodes,bestmove" && n != "Nodes,readyok,bestmove" {
		t.Fatalf("order %s in %q", n, got)
	}
	if !containsLine(got, "Nodes searched: 197281") {
		t.Fatalf("perft 4 total missing: %q", got)
	}
	legalIn(t, mustFEN(t, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"), got[len(got)-1])
	io.WriteString(in, "position startpos\nperft 4\nquit\n")
	got = expectLine(t, lines, "Nodes searched", wait)
	if got[len(got)-1] != "Nodes searched: 197281" {
		t.Fatalf("perft 4 before quit: %q", got)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

func containsLine(lines []string, l string) bool {
	for _, x := range lines {
		if x == l {
			return true
		}
	}
	return false
}
