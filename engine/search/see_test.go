package search

import (
	"testing"

	"github.com/azurite-chess/azurite/engine/board"
)

// TestSeeGEShortcut checks seeGE's inline answer against the full exchange
// (seeExchange) for every legal move of the shared perft and WAC positions
// at the thresholds the search uses and a few beyond: the shortcut must
// never answer where the exchange disagrees, or the search would change.
func TestSeeGEShortcut(t *testing.T) {
	thresholds := []int{-20001, -20000, -1225, -720, -100, -90, -25, -1, 0, 1, 100, 230, 950}
	files := []string{"perft/standard.epd", "tactical/wac.epd"}
	moves, shortcuts := 0, 0
	for _, name := range files {
		for _, e := range readEPD(t, name) {
			pos := mustFEN(t, e.fen)
			var ml board.MoveList
			pos.GenerateAll(&ml)
			for _, m := range ml.Moves[:ml.N] {
				moves++
				for _, th := range thresholds {
					want := seeExchange(pos, m, th)
					if seeDiff[m>>12&0x77] >= th {
						shortcuts++
						if !want {
							t.Fatalf("%s: %v at threshold %d: shortcut true, exchange false", e.fen, m, th)
						}
					}
					if got := seeGE(pos, m, th); got != want {
						t.Fatalf("%s: %v at threshold %d: seeGE %v, exchange %v", e.fen, m, th, got, want)
					}
				}
			}
		}
	}
	if moves == 0 || shortcuts == 0 {
		t.Fatalf("%d moves, %d shortcut answers: the test tested nothing", moves, shortcuts)
	}
	t.Logf("%d moves × %d thresholds, %d answered by the shortcut", moves, len(thresholds), shortcuts)
}
