package board

import (
	"testing"
)

// shallowLimit bounds the node count of the perft runs that always execute
// (make test); deeper counts run without -short (make perft-deep).
const shallowLimit = 200_000

func TestPerftShallow(t *testing.T) {
	for _, file := range []string{"standard.epd", "named.epd"} {
		for _, c := range readPerftSuite(t, file) {
			t.Run(c.name, func(t *testing.T) {
				runPerftCase(t, c, func(n uint64) bool { return n <= shallowLimit })
			})
		}
	}
}

func TestPerftDeep(t *testing.T) {
	if testing.Short() {
		t.Skip("deep perft skipped with -short (make perft-deep)")
	}
	for _, file := range []string{"standard.epd", "named.epd"} {
		for _, c := range readPerftSuite(t, file) {
			t.Run(c.name, func(t *testing.T) {
				runPerftCase(t, c, func(n uint64) bool { return n > shallowLimit })
			})
		}
	}
}

func runPerftCase(t *testing.T, c perftCase, want func(uint64) bool) {
	p, err := ParseFEN(c.fen)
	if err != nil {
		t.Fatalf("%s: %v", c.fen, err)
	}
	fen, key := p.FEN(), p.Key()
	for depth, n := range c.counts {
		if !want(n) {
			continue
		}
		if got := p.Perft(depth); got != n {
			t.Errorf("%s depth %d: got %d, want %d", c.fen, depth, got, n)
		}
		if p.FEN() != fen || p.Key() != key || p.Ply() != 0 {
			t.Fatalf("%s: position changed by perft: %s key %x", c.fen, p.FEN(), p.Key())
		}
	}
}
