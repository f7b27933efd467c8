package search

import "github.com/azurite-chess/azurite/engine/board"

// Evaluator scores a quiet position statically, in centipawns from the side
// to move's point of view. The search creates one per thread through
// Options.NewEvaluator, so an Evaluator may keep unsynchronised caches.
type Evaluator interface {
	Evaluate(pos *board.Position) int
}
