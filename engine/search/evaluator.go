package search

import "github.com/azurite-chess/azurite/engine/eval"

// Eval chooses a search's static evaluation. The zero value is the
// built-in net, the engine's default (the session's Use NNUE); each search
// thread evaluates through its own eval.Static.
type Eval struct {
	// HandWritten evaluates with the hand-written evaluation instead of a
	// net (weakened play, whose levels were calibrated with it; the tuner).
	HandWritten bool
	// Net is the net to evaluate with; nil: the built-in one.
	Net *eval.Net
}

// HandWrittenEval is the Eval of the hand-written evaluation.
var HandWrittenEval = Eval{HandWritten: true}

// net returns the net e evaluates with, nil for the hand-written
// evaluation.
func (e Eval) net() *eval.Net {
	switch {
	case e.HandWritten:
		return nil
	case e.Net != nil:
		return e.Net
	}
	n, err := eval.DefaultNet()
	if err != nil {
		panic("search: the built-in net: " + err.Error()) // embedded and tested: cannot happen
	}
	return n
}
