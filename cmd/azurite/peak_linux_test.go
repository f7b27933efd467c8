package main

import (
	"bufio"
	"io"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
)

// TestMain lets a test start this test binary as the engine (the peak
// memory tests measure a process of its own).
func TestMain(m *testing.M) {
	if os.Getenv("AZURITE_TEST_RUN_ENGINE") == "1" {
		os.Exit(run(nil, os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// TestPeakMemory: the engine's memory follows the search, not the input
// (regressions, issue 32): a million-ply game with four search threads
// peaked at 4.3 GB (the accumulator stack and the history were per game
// ply, per thread), and a 100 MB line at 1.7 GB (it was held whole, then
// split into words several times). Each input streams into a process of
// its own, whose peak resident size (getrusage) must stay under 300 MB.
func TestPeakMemory(t *testing.T) {
	if testing.Short() && os.Getenv("CI") == "" {
		t.Log("runs in -short mode too: each case takes a few seconds")
	}
	const limitKB = 300 << 10
	tests := []struct {
		name  string
		write func(w *bufio.Writer)
		want  []string // lines that must appear, in order
	}{
		{"million-ply-game-four-threads", func(w *bufio.Writer) {
			w.WriteString("setoption name Threads value 4\nposition startpos moves")
			for range 250000 {
				w.WriteString(" g1f3 g8f6 f3g1 f6g8")
			}
			w.WriteString("\nd\ngo depth 5\n")
		}, []string{"Fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1000000 500001", "bestmove "}},
		{"100-MB-line", func(w *bufio.Writer) {
			for range 50_000_000 / 1000 {
				w.WriteString(strings.Repeat("a ", 1000))
			}
			w.WriteString("\nisready\n")
		}, []string{"info string error: input line too long: 100000001 bytes, at most 8388608 are read; it starts \"a a a", "readyok"}},
		{"100-MB-of-NUL-no-newline", func(w *bufio.Writer) {
			for range 100 {
				w.Write(make([]byte, 1<<20))
			}
			// "quit\n" follows on the same line: end of input ends the engine.
		}, []string{"info string error: input line too long: 104857605 bytes"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cmd := exec.Command(os.Args[0])
			cmd.Env = append(os.Environ(), "AZURITE_TEST_RUN_ENGINE=1")
			stdin, err := cmd.StdinPipe()
			if err != nil {
				t.Fatal(err)
			}
			stdout, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			go func() {
				w := bufio.NewWriterSize(stdin, 1<<20)
				tc.write(w)
				w.WriteString("quit\n")
				w.Flush()
				stdin.Close()
			}()
			out, _ := io.ReadAll(stdout)
			if err := cmd.Wait(); err != nil || strings.Contains(string(out), "error") != strings.Contains(tc.want[0], "error") {
				t.Fatalf("engine: %v; output:\n%.2000s", err, out)
			}
			rest := string(out)
			for _, w := range tc.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("no %q in the output:\n%.2000s", w, out)
				}
				rest = rest[i+len(w):]
			}
			peak := cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss
			t.Logf("peak resident size %d MB", peak>>10)
			if peak > limitKB {
				t.Fatalf("peak resident size %d MB, want under %d MB", peak>>10, limitKB>>10)
			}
		})
	}
}
