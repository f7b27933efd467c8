package main

import (
	"testing"

	"github.com/azurite-chess/azurite/engine/board"
)

// TestSelfPlayGame plays one short self-play game and checks its output: a
// valid result and quiet, legal positions that are not in check.
func TestSelfPlayGame(t *testing.T) {
	g := newGamePlayer(300)
	res, fens := g.play("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
	if res != 0 && res != 0.5 && res != 1 {
		t.Fatalf("result %v", res)
	}
	if len(fens) < 10 {
		t.Fatalf("only %d positions recorded", len(fens))
	}
	for _, fen := range fens {
		pos, err := board.ParseFEN(fen)
		if err != nil {
			t.Fatalf("recorded %q: %v", fen, err)
		}
		if pos.InCheck() {
			t.Errorf("recorded a position in check: %s", fen)
		}
	}
	t.Logf("result %v after %d recorded positions", res, len(fens))
}
