// Package eval is Azurite's static evaluation, in two forms the search can
// use: a learned network (the default at full strength) and a hand-written
// tapered (middlegame/endgame) evaluation (weakened play, and Use NNUE off).
// Both return centipawns from the side to move's point of view.
//
// The net (Net, read by ParseNet from a file or the built-in
// nets/default.nnue) is 768 inputs (colour × piece type × square, seen from
// each side) → 2×128 hidden units (one accumulator per side, int16) → one
// output through the clipped squared ReLU, with the side to move's half
// first; a net file may hold several output layers (buckets), one per band
// of the piece count. An NNUE evaluator keeps a fixed ring of
// accumulators, one per ply of the recent history, and updates one from
// its parent's by the rows a move adds and removes. The accumulator and
// output arithmetic are kernels:
// SWAR on four int16 lanes per uint64 (nnue_swar.go, the portable path and
// the reference) or, in a GOEXPERIMENT=simd build for wasm, 128-bit SIMD
// (nnue_simd_wasm.go); every path gives exactly the same values. The net's
// tensors are declared once, in file order (NetTensors): parsing, encoding
// and the trainer's float net, quantisation, optimiser and checkpoints
// (cmd/nnue) iterate that list.
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
//	net.go        the net file format, ParseNet, EncodeNet, the feature index
//	default_net.go the built-in net (embedded nets/default.nnue)
//	nnue.go       NNUE: the per-thread evaluator, its accumulator ring, move deltas
//	nnue_swar.go  SWAR accumulator and output arithmetic (the reference)
//	nnue_kernels.go the kernels of builds without SIMD (the SWAR code)
//	nnue_simd_wasm.go the kernels with wasm SIMD (goexperiment.simd && wasm)
//	netcheck.go   Net.Plausible: reference positions a file's net must score sanely
//	netfile.go    ReadNetFile: an EvalFile read with a size limit (not in wasm)
package eval
