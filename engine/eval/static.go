package eval

import "github.com/azurite-chess/azurite/engine/board"

// Static is one search thread's static evaluation: a net's (through an
// NNUE, which owns the thread's accumulators) or the hand-written one
// (through an Evaluator, which owns its pawn cache), fixed when it is made.
// The search calls Static.Evaluate on its hot path: a concrete type, so
// the call inlines down to the evaluation it holds.
//
// A Static is not safe for concurrent use: each search thread needs its own.
type Static struct {
	nn  *NNUE      // the net's evaluator, or nil
	hce *Evaluator // the hand-written evaluation, when nn is nil
}

// NewStatic returns a thread's evaluation with net, or with the
// hand-written evaluation when net is nil.
func NewStatic(net *Net) *Static {
	if net != nil {
		return &Static{nn: NewNNUE(net)}
	}
	return &Static{hce: New()}
}

// Evaluate returns pos's score in centipawns from the side to move's point
// of view.
func (s *Static) Evaluate(pos *board.Position) int {
	if s.nn != nil {
		return s.nn.Evaluate(pos)
	}
	return s.hce.Evaluate(pos)
}
