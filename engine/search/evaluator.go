package search

import "github.com/azurite-chess/azurite/engine/board"

// Evaluator scores a quiet position statically, in centipawns from the side
// to move's point of view. The search creates one per thread through
// Options.NewEvaluator, so an Evaluator may keep unsynchronised caches.
type Evaluator interface {
	Evaluate(pos *board.Position) int
}

// materialValue is the plain material count used by MaterialEvaluator.
var materialValue = [8]int{0, 100, 320, 330, 500, 950, 0, 0}

// MaterialEvaluator counts material plus the position's incremental
// piece-square score (whatever table is installed in the board package),
// tapered by game phase. It is the fallback when no evaluator is configured
// and a fixed, simple evaluation for tests and ablations.
type MaterialEvaluator struct{}

// Evaluate implements Evaluator.
func (MaterialEvaluator) Evaluate(pos *board.Position) int {
	v := 0
	for pt := board.Pawn; pt <= board.Queen; pt++ {
		v += materialValue[pt] * (pos.Pieces(board.White, pt).Count() - pos.Pieces(board.Black, pt).Count())
	}
	psq := pos.PSQ()
	ph := pos.Phase()
	if ph > board.TotalPhase {
		ph = board.TotalPhase
	}
	v += (psq.Mg()*ph + psq.Eg()*(board.TotalPhase-ph)) / board.TotalPhase
	if pos.Side() == board.Black {
		v = -v
	}
	return v
}
