package main

import (
	"bufio"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"
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
// its own; once the engine has answered, its peak resident size (VmHWM
// of /proc/PID/status: getrusage's figure for a child starts from the
// parent's, which a test binary may have raised) must be under 300 MB.
func TestPeakMemory(t *testing.T) {
	const limitKB = 300 << 10
	tests := []struct {
		name  string
		write func(w *bufio.Writer)
		want  []string // lines that must appear, in order; the last ends the input
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
		{"100-MB-of-NUL", func(w *bufio.Writer) {
			for range 100 {
				w.Write(make([]byte, 1<<20))
			}
			w.WriteString("\nisready\n")
		}, []string{"info string error: input line too long: 104857601 bytes", "readyok"}},
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
			defer cmd.Wait()
			defer stdin.Close()
			go func() {
				w := bufio.NewWriterSize(stdin, 1<<20)
				tc.write(w)
				w.Flush()
			}()
			lines := make(chan string, 64)
			go func() {
				sc := bufio.NewScanner(stdout)
				sc.Buffer(make([]byte, 1<<16), 1<<20)
				for sc.Scan() {
					lines <- sc.Text()
				}
				close(lines)
			}()
			timeout := time.After(2 * time.Minute)
			var seen []string
			for _, w := range tc.want {
			wait:
				for {
					select {
					case l, ok := <-lines:
						if !ok {
							t.Fatalf("engine ended before %q; last lines %q", w, seen[max(0, len(seen)-5):])
						}
						if strings.Contains(l, "error") && !strings.Contains(tc.want[0], "error") {
							t.Fatalf("unexpected error line %q", l)
						}
						seen = append(seen, l)
						if strings.HasPrefix(l, w) {
							break wait
						}
					case <-timeout:
						t.Fatalf("no %q within 2 minutes; last lines %q", w, seen[max(0, len(seen)-5):])
					}
				}
			}
			status, err := os.ReadFile("/proc/" + strconv.Itoa(cmd.Process.Pid) + "/status")
			if err != nil {
				t.Fatal(err)
			}
			var peak int
			for _, l := range strings.Split(string(status), "\n") {
				if f := strings.Fields(l); len(f) == 3 && f[0] == "VmHWM:" {
					peak, _ = strconv.Atoi(f[1])
				}
			}
			t.Logf("peak resident size %d MB", peak>>10)
			if peak == 0 || peak > limitKB {
				t.Fatalf("peak resident size %d MB, want under %d MB", peak>>10, limitKB>>10)
			}
			io.WriteString(stdin, "quit\n")
		})
	}
}
