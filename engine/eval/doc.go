// Package eval is Azurite's static evaluation: a tapered (middlegame/endgame)
// score from White's and Black's own points of view, returned to the search
// from the side to move's point of view.
//
// Every weight lives in one vector, Params.V, laid out by named blocks
// (Layout); the board package keeps material and piece-square sums
// incrementally from the table SetParams installs. Each term is computed the
// same way for both colours, so the evaluation is symmetric by construction.
// The Texel tuner (cmd/tune) reads the linear form of an evaluation through
// TraceOf and writes fitted blocks into weights.go.
//
// Files:
//
//	params.go     the weight vector's layout and the board's piece-square table
//	untuned.go    hand-set starting weights (the tuner's starting point)
//	weights.go    tuned blocks written by cmd/tune; default.go lays them over Untuned
//	evaluator.go  Evaluator, Evaluate, taper, attack-map set-up; the generic
//	              evaluator compiled untraced (search) and traced (TraceOf),
//	              and the term functions compiled per colour (side)
//	pawns.go      pawn structure with the pawn hash table (which also keeps
//	              each king's pawn-only terms), passed-pawn terms
//	pieces.go     mobility, outposts, bishops, rooks, threats
//	king.go       king danger, pawn shield and storm, open files by the king, king–pawn distance
//	endgame.go    scale factors and special endgames (mates, dead draws, KPK)
//	kpk.go        the KPK bitbase, built by retrograde analysis at init
//	trace.go      traced evaluation for the tuner (TraceOf) and Explain
//	bitboards.go  masks, spans and distances used by the terms
package eval
