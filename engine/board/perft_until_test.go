package board

import "testing"

// TestDivideUntil: without a stop it reports exactly Divide's counts, in
// order; a stop ends it at the next poll with complete false, and the
// position is unchanged either way.
func TestDivideUntil(t *testing.T) {
	for _, tc := range []struct {
		name      string
		depth     int
		stopAfter int // polls answered "go on" before "stop"; -1: never stop
		complete  bool
	}{
		{"kiwipete-d5-whole", 5, -1, true},
		{"kiwipete-d2-below-poll-depth", 2, -1, true},
		{"kiwipete-d5-stop-at-once", 5, 0, false},
		{"kiwipete-d5-stop-mid-move", 5, 30, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := ParseFEN(kiwipeteFEN)
			if err != nil {
				t.Fatal(err)
			}
			key, fen := p.Key(), p.FEN()
			want := p.Divide(tc.depth)
			polls := 0
			var got []DivideEntry
			complete := p.DivideUntil(tc.depth, func() bool {
				polls++
				return tc.stopAfter >= 0 && polls > tc.stopAfter
			}, func(e DivideEntry) { got = append(got, e) })
			if complete != tc.complete {
				t.Fatalf("complete = %v, want %v", complete, tc.complete)
			}
			if p.Key() != key || p.FEN() != fen {
				t.Fatalf("position changed: %s", p.FEN())
			}
			if len(got) > len(want) || (tc.complete && len(got) != len(want)) {
				t.Fatalf("%d entries, Divide has %d", len(got), len(want))
			}
			for i := range got {
				if got[i] != want[i] {
					t.Fatalf("entry %d: %v, want %v", i, got[i], want[i])
				}
			}
			if tc.stopAfter > 0 && len(got) >= len(want) {
				t.Fatalf("stopped after %d polls yet reported all %d moves", tc.stopAfter, len(got))
			}
		})
	}
}
