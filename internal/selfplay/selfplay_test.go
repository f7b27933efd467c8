package selfplay

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/azurite-chess/azurite/engine/board"
)

var testAdjudication = Adjudication{WinScore: 1000, WinPlies: 6, DrawScore: 15, DrawAfter: 60, DrawPlies: 12, MaxPlies: 400}

func TestThreefold(t *testing.T) {
	tests := []struct {
		name     string
		keys     []uint64
		halfmove int
		want     bool
	}{
		{"third-occurrence", []uint64{1, 2, 3, 4, 1, 2, 3, 4, 1}, 8, true},
		{"across-irreversible-move", []uint64{1, 2, 3, 4, 1, 2, 3, 4, 1}, 4, false},
		{"second-occurrence", []uint64{1, 2, 3, 4, 1}, 8, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := threefold(tc.keys, tc.halfmove); got != tc.want {
				t.Errorf("threefold = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestPlayDeterministic: the same start position gives the same game, the
// records are the positions the game went through, in order, with scores
// from White's view, and the result is one of the three.
func TestPlayDeterministic(t *testing.T) {
	p := NewPlayer(Config{Nodes: 300, HashMB: 1, Adjudication: testAdjudication})
	play := func() ([]string, Outcome) {
		var fens []string
		pos, _ := board.ParseFEN("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
		out := p.Play(pos, func(ply Ply) {
			if ply.N != len(fens) {
				t.Fatalf("record %d has N %d", len(fens), ply.N)
			}
			if ply.Search.BestMove == board.NoMove {
				t.Fatalf("ply %d recorded without a move", ply.N)
			}
			fens = append(fens, ply.Pos.FEN())
		})
		return fens, out
	}
	a, outA := play()
	b, outB := play()
	if !slices.Equal(a, b) || outA != outB {
		t.Fatalf("two plays differ: %v %d records, %v %d records", outA, len(a), outB, len(b))
	}
	if outA.Discarded || outA.Result > WhiteWins || outA.Plies < len(a) || len(a) < 10 {
		t.Fatalf("outcome %+v after %d records", outA, len(a))
	}
}

// TestVerification: a start position a queen up is discarded by either
// kind of verification and played without one; a level one is played.
func TestVerification(t *testing.T) {
	const queenUp = "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	tests := []struct {
		name          string
		fen           string
		maxOpen       int
		verifyNodes   uint64
		wantDiscarded bool
	}{
		{"first-search-discards", queenUp, 400, 0, true},
		{"verify-search-discards", queenUp, 400, 200, true},
		{"no-bound-plays", queenUp, 0, 200, false},
		{"level-plays", board.StartFEN, 400, 200, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			adj := testAdjudication
			adj.MaxPlies = 4 // enough to see the game start
			p := NewPlayer(Config{Nodes: 200, HashMB: 1, Adjudication: adj, MaxOpenScore: tc.maxOpen, VerifyNodes: tc.verifyNodes})
			pos, _ := board.ParseFEN(tc.fen)
			n := 0
			out := p.Play(pos, func(Ply) { n++ })
			if out.Discarded != tc.wantDiscarded || (out.Discarded && n != 0) || (!out.Discarded && out.Plies != 4) {
				t.Fatalf("outcome %+v, %d records", out, n)
			}
		})
	}
}

// TestOpening: the start position is a function of the generator's state,
// with between min and max plies played from one of the FENs.
func TestOpening(t *testing.T) {
	fens := []string{board.StartFEN, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"}
	for game := range uint64(20) {
		a, okA := Opening(fens, rand.New(rand.NewPCG(7, game)), 2, 5)
		b, okB := Opening(fens, rand.New(rand.NewPCG(7, game)), 2, 5)
		if !okA || !okB || a.FEN() != b.FEN() {
			t.Fatalf("game %d: %v %v, %v %v", game, okA, okB, a, b)
		}
		if n := a.Ply(); n < 2 || n > 5 {
			t.Errorf("game %d: %d plies played", game, n)
		}
	}
	if _, ok := Opening([]string{"not a fen"}, rand.New(rand.NewPCG(1, 1)), 0, 0); ok {
		t.Error("a bad FEN gave an opening")
	}
}
