package board

import (
	"math/rand/v2"
	"testing"
)

// checkCount fails unless countMoves equals GenerateAll's count in p.
func checkCount(t *testing.T, p *Position, where string) {
	t.Helper()
	var l MoveList
	p.GenerateAll(&l)
	if got := p.countMoves(); got != l.N {
		t.Fatalf("%s: %s: countMoves %d, GenerateAll %d", where, p.FEN(), got, l.N)
	}
}

// checkCountTree runs checkCount on every node of the tree of the given depth below p.
func checkCountTree(t *testing.T, p *Position, depth int, where string) {
	t.Helper()
	checkCount(t, p, where)
	if depth == 0 {
		return
	}
	var l MoveList
	p.GenerateAll(&l)
	for _, m := range l.Slice() {
		p.MakeMove(m)
		checkCountTree(t, p, depth-1, where+" "+m.String())
		p.UnmakeMove()
	}
}

// TestCountMoves checks perft's leaf counter against the generator: in the
// rule corners named below (with every node two plies beyond them), on every
// suite position, and along seeded random games from each of them.
func TestCountMoves(t *testing.T) {
	corners := []struct{ name, fen string }{
		{"check", "4k3/8/8/8/8/8/3q4/4K2R w K - 0 1"},
		{"double-check", "4k3/8/8/8/1b6/8/8/r3K3 w - - 0 1"},
		{"pins", "4k3/4r3/8/8/1b2R3/8/3N4/4K3 w - - 0 1"},
		{"pinned-slider-on-its-line", "4k3/8/8/8/1b6/2B5/8/Q3K2r w - - 0 1"},
		{"ep-pin-along-rank", "8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1"},
		{"ep-pin-along-diagonal", "8/8/8/2k5/3Pp3/8/8/4K2B b - d3 0 1"},
		{"ep-captures-checker", "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1"},
		{"ep-two-capturers", "4k3/8/8/3PpP2/8/8/8/4K3 w - e6 0 1"},
		{"promotions", "r3k3/1P6/8/8/8/8/6p1/4K2R w K - 0 1"},
		{"promotion-evades-check", "r3k3/1P6/8/8/8/8/8/r3K3 w - - 0 1"},
		{"castling-through-attack", "r3k2r/8/8/8/8/n7/6b1/R3K2R w KQkq - 0 1"},
		{"castling-path-blocked", "r3k2r/8/8/8/8/8/8/RN2K1NR w KQkq - 0 1"},
		{"stalemate", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"},
		{"checkmate", "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"},
	}
	for _, c := range corners {
		t.Run(c.name, func(t *testing.T) {
			p, err := ParseFEN(c.fen)
			if err != nil {
				t.Fatal(err)
			}
			checkCountTree(t, p, 2, c.name)
		})
	}

	plies := 300
	if testing.Short() {
		plies = 80
	}
	rng := rand.New(rand.NewPCG(3, 14))
	positions, games := 0, 0
	for _, p := range suitePositions(t) {
		fen := p.FEN()
		for ply := 0; ply < plies; ply++ {
			var l MoveList
			p.GenerateAll(&l)
			if got := p.countMoves(); got != l.N {
				t.Fatalf("%s after %d random plies: %s: countMoves %d, GenerateAll %d", fen, ply, p.FEN(), got, l.N)
			}
			positions++
			if l.N == 0 || p.IsFiftyMoveDraw() {
				break
			}
			p.MakeMove(l.Moves[rng.IntN(l.N)])
		}
		games++
	}
	t.Logf("%d positions along %d random games", positions, games)
}
