package search

// defaultEvaluator is the evaluator used when Options.NewEvaluator is nil.
func defaultEvaluator() Evaluator { return MaterialEvaluator{} }
