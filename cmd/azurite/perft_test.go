package main

import (
	"bytes"

	"strings"
	"testing"
)

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
