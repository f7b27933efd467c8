package main

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
)

// maskTime hides the nondeterministic timing line.
var timeLine = regexp.MustCompile(`(?m)^Time: .*$`)

func TestPerftCommand(t *testing.T) {
	tests := []struct {
		name string
		args []string
		code int
		want string // stdout with the Time line masked, or a stderr fragment
	}{
		{"kiwipete-depth-1-total", []string{"1", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R", "w", "KQkq", "-", "0", "1"}, 0, "Nodes searched: 48\n"},
		{"position-3-depth-3", []string{"3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"}, 0, "Nodes searched: 2812\n"},
		{"start-depth-2-divide", []string{"2"}, 0, "a2a3: 20\n"},
		{"bad-depth", []string{"x"}, 2, `depth "x"`},
		{"bad-fen", []string{"1", "8/8 w - - 0 1"}, 2, "bad FEN"},
		{"no-args", nil, 2, "usage"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := perftCommand(tc.args, &out, &errOut)
			if code != tc.code {
				t.Fatalf("exit %d, want %d (stderr %q)", code, tc.code, errOut.String())
			}
			got := out.String() + errOut.String()
			if !strings.Contains(got, tc.want) {
				t.Errorf("output %q lacks %q", got, tc.want)
			}
		})
	}
}

func TestMinimalUCITranscript(t *testing.T) {
	in := strings.Join([]string{
		"uci",
		"isready",
		"position startpos moves e2e4 e7e5",
		"d",
		"position startpos moves e2e5",
		"d",
		"go perft 1",
		"bogus",
		"quit",
		"isready",
	}, "\n")
	var out bytes.Buffer
	minimalUCI(strings.NewReader(in), &out)
	got := timeLine.ReplaceAllString(out.String(), "Time: *")
	lines := strings.Split(strings.TrimSpace(got), "\n")
	wantPrefix := []string{
		"id name Azurite",
		"id author the Azurite developers",
		"uciok",
		"readyok",
		"Fen: rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
		"Key: 0844931a6ef4b9a0",
		`info string error: position: move 1: bad move: not a legal move in rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 in "e2e5"`,
		"Fen: rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
	}
	for i, w := range wantPrefix {
		if i >= len(lines) || lines[i] != w {
			t.Fatalf("line %d = %q, want %q\nfull output:\n%s", i, lines[min(i, len(lines)-1)], w, got)
		}
	}
	tail := lines[len(lines)-4:]
	wantTail := []string{"", "Nodes searched: 29", "Time: *", `info string error: unknown command "bogus"`}
	for i := range wantTail {
		if tail[i] != wantTail[i] {
			t.Errorf("tail line %d = %q, want %q", i, tail[i], wantTail[i])
		}
	}
}
