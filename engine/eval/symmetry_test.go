package eval

import (
	"testing"

	"github.com/azurite-chess/azurite/engine/board"
)

// TestSymmetry checks eval(pos) == eval(colour-flipped pos), both from the
// side to move's view, for every shared FEN, and that a traced evaluation (no
// pawn cache) and its linear reconstruction agree with the plain one.
func TestSymmetry(t *testing.T) {
	fens := sharedFENs(t)
	e := New()
	checked := 0
	for _, fen := range fens {
		pos, err := board.ParseFEN(fen)
		if err != nil {
			t.Errorf("%s: %v", fen, err)
			continue
		}
		flipped := mustFEN(t, flipFEN(fen))
		a, b := e.Evaluate(pos), e.Evaluate(flipped)
		if a != b {
			t.Errorf("%s: %d, flipped %s: %d", fen, a, flipFEN(fen), b)
			continue
		}
		tr := TraceOf(pos)
		white := e.evaluate(pos)
		if tr.Eval != white {
			t.Errorf("%s: traced eval %d, plain %d", fen, tr.Eval, white)
		}
		if !tr.Special {
			var s board.Score
			for _, c := range tr.Coefs {
				s += active.V[c.Index] * board.Score(c.N)
			}
			if got := Taper(s, tr.Phase, tr.Scale); got != white {
				t.Errorf("%s: linear reconstruction %d, eval %d", fen, got, white)
			}
		}
		checked++
	}
	if checked < 3000 {
		t.Fatalf("only %d of %d shared positions parsed", checked, len(fens))
	}
	t.Logf("%d positions symmetric", checked)
}

// TestPSQTrace checks that the installed board table and the traced material
// and piece-square weights give the same sum.
func TestPSQTrace(t *testing.T) {
	for _, fen := range sharedFENs(t)[:200] {
		pos, err := board.ParseFEN(fen)
		if err != nil {
			continue
		}
		e := newTracer()
		e.tracePSQ(pos)
		var s board.Score
		for i := pMaterial; i < pKnightMob; i++ {
			s += active.V[i] * board.Score(e.coef[board.White][i]-e.coef[board.Black][i])
		}
		if s != pos.PSQ() {
			t.Errorf("%s: traced PSQ %d/%d, board PSQ %d/%d", fen, s.Mg(), s.Eg(), pos.PSQ().Mg(), pos.PSQ().Eg())
		}
	}
}

func TestFlipFEN(t *testing.T) {
	got := flipFEN("r3k2r/8/8/3pP3/8/8/8/R3K3 w Qk d6 0 1")
	want := "r3k3/8/8/8/3Pp3/8/8/R3K2R b Kq d3 0 1"
	if got != want {
		t.Fatalf("flipFEN = %q, want %q", got, want)
	}
}

// TestCachedEqualsFresh checks that what the pawn entry caches (the pawn
// structure and each king's pawn-only terms) never changes an evaluation:
// after every legal move of shared positions (king moves keep the pawn entry
// and move the king, piece moves keep both), an evaluator that has seen the
// parent and the siblings agrees with a fresh, uncached trace.
func TestCachedEqualsFresh(t *testing.T) {
	fens := sharedFENs(t)
	if testing.Short() {
		fens = fens[:300]
	}
	e := New()
	var ml board.MoveList
	checked := 0
	for _, fen := range fens {
		pos := mustFEN(t, fen)
		e.evaluate(pos)
		ml.N = 0
		pos.GenerateAll(&ml)
		for _, m := range ml.Moves[:ml.N] {
			pos.MakeMove(m)
			if got, want := e.evaluate(pos), TraceOf(pos).Eval; got != want {
				t.Errorf("%s after %v: cached %d, fresh %d", fen, m, got, want)
			}
			pos.UnmakeMove()
			checked++
		}
	}
	t.Logf("%d positions", checked)
}
