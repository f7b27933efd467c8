package uci

import (
	"bytes"
	"errors"
	"io"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestAnalysisGoesOnThroughExtras: during "go infinite", eval and d answer
// without ending the analysis, and bench and perft are refused, since only
// position and go stop a search (regression, issue 32: all three ended it).
func TestAnalysisGoesOnThroughExtras(t *testing.T) {
	tests := []struct {
		name, line, want string
	}{
		{"eval", "eval", "Final evaluation:"},
		{"d", "d", "Fen: "},
		{"bench", "bench 2", "info string error: bench: a search is running (send stop first)"},
		{"perft", "perft 2", "info string error: perft: a search is running (send stop first)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := newRig(t)
			r.send("position startpos", "go infinite")
			r.until("info depth 1 ", 5*time.Second)
			r.send(tc.line)
			r.until(tc.want, 5*time.Second)
			r.send("isready")
			for _, l := range r.until("readyok", 5*time.Second) {
				if strings.HasPrefix(l, "bestmove") {
					t.Fatalf("%s ended the analysis: %q", tc.line, l)
				}
			}
			if !r.h.Session().Searching() {
				t.Fatalf("%s: the analysis is no longer running", tc.line)
			}
			r.send("stop")
			r.until("bestmove ", 5*time.Second)
		})
	}
}

// TestLineReader: lines over MaxLineBytes are skipped with their size and
// first bytes, the lines around them read as usual, with "\n" or "\r\n".
func TestLineReader(t *testing.T) {
	long := strings.Repeat("a ", MaxLineBytes/2+1) // MaxLineBytes+2 bytes
	nul := strings.Repeat("\x00", MaxLineBytes+1)
	tests := []struct {
		name  string
		input string
		want  []string // "!N" stands for a too-long line of N bytes
		start string   // the start such a line is quoted with
	}{
		{"plain", "uci\nisready\r\nquit", []string{"uci", "isready", "quit"}, ""},
		{"blank-lines", "\n\r\n\nx\n", []string{"", "", "", "x"}, ""},
		{"at-the-limit", strings.Repeat("b", MaxLineBytes) + "\r\nisready\n", []string{strings.Repeat("b", MaxLineBytes), "isready"}, ""},
		{"over-the-limit", "uci\n" + long + "\nisready\n", []string{"uci", "!8388611", "isready"}, long[:maxQuote]},
		{"nul-bytes-no-newline", nul, []string{"!8388609"}, nul[:maxQuote]},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			lr := NewLineReader(strings.NewReader(tc.input))
			var got []string
			for {
				l, err := lr.Next()
				if errors.Is(err, io.EOF) {
					break
				}
				var tl *lineTooLong
				switch {
				case errors.As(err, &tl):
					if tl.start != tc.start {
						t.Errorf("start %.40q, want the line's first %d bytes", tl.start, maxQuote)
					}
					l = "!" + strconv.FormatInt(tl.size, 10)
				case err != nil:
					t.Fatal(err)
				}
				got = append(got, l)
			}
			if len(got) != len(tc.want) {
				t.Fatalf("got %d lines, want %d", len(got), len(tc.want))
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Errorf("line %d: got %.40q, want %.40q", i, got[i], tc.want[i])
				}
			}
		})
	}
}

// TestRunRefusesLongLines: Run answers a line over the limit with one error
// line that says its size and quotes its start, then goes on with the next
// lines (regression, issue 32: a 100 MB line was split into words and took
// 1.7 GB).
func TestRunRefusesLongLines(t *testing.T) {
	in := "uci\n" + strings.Repeat("a ", MaxLineBytes) + "\nisready\n"
	var out bytes.Buffer
	if err := Run(strings.NewReader(in), &out, Config{}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	want := `info string error: input line too long: 16777217 bytes, at most 8388608 are read; it starts "` + strings.Repeat("a ", maxQuote/2) + `" and was skipped`
	if n := len(lines); n < 3 || lines[n-2] != want || lines[n-1] != "readyok" {
		t.Fatalf("last lines %q, want the error %q then readyok", lines[max(0, len(lines)-2):], want)
	}
	// HandleLine refuses the same line when a front end hands it over whole.
	r := newRig(t)
	r.send(strings.Repeat("a ", MaxLineBytes))
	if got := r.rest(10 * time.Millisecond); len(got) != 1 || !strings.HasPrefix(got[0], "info string error: input line too long: 16777216 bytes") {
		t.Fatalf("HandleLine: %q", got)
	}
}
