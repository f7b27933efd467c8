package search

import "github.com/azurite-chess/azurite/engine/eval"

// defaultEvaluator is the evaluator used when Options.NewEvaluator is nil:
// the engine's evaluation, one instance (with its pawn cache) per thread.
func defaultEvaluator() Evaluator { return eval.New() }
