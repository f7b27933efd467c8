// Package session is the engine API that every front end (UCI and xboard text
// protocols, the wasm bridge, tests) drives: one position, a set of options,
// an optional opening book, and at most one search at a time.
//
// The contract (see session.go for the details):
//
//   - SetPosition(fen, moves) error: a FEN (or "startpos") and UCI moves.
//     On any error the previous position is untouched.
//   - Go(limits, onInfo, onBestMove) error starts a search in its own
//     goroutine and returns at once; onInfo is called for each progress report
//     and onBestMove exactly once at the end. A bestmove is always legal in the
//     searched position (or NoMove when there is none). In infinite and ponder
//     mode onBestMove waits for Stop or PonderHit, as UCI requires.
//   - Stop(), PonderHit() never block; Wait() blocks until the running search
//     (if any) has called onBestMove.
//   - NewGame(), SetOption(name, value) error, Options() describe and change
//     state; errors leave the previous state untouched.
//   - LoadBook([]byte) error installs a Polyglot book given as bytes (the
//     browser fetches it, the native binary embeds it).
//
// Calls that need the engine idle (Go, SetPosition, SetOption, NewGame,
// LoadBook) wait for a search that is only delivering its bestmove, so a
// front end may send the next command the moment it sees the bestmove.
//
// Files:
//
//	doc.go       this map
//	session.go   Session, Config, positions, book installation, Stop/PonderHit/Wait
//	go.go        Go: the search goroutine, book moves, limit checks
//	bench.go     Bench: the bench signature as a stoppable search with the session's Yield hook
//	perft.go     Perft: a divide of the current position as a stoppable search, the same way
//	options.go   the option table: each option declared once (kind, default, range, apply,
//	             read back), from which SetOption, Options and the UCI listing derive
//	evalopt.go   the evaluation: Use NNUE and EvalFile, installing the net or the hand-written one
//	strength.go  weakened play: Skill Level / UCI_Elo, MultiPV candidates within a margin
//	engine.go    the adapter to search.Searcher (a resize frees the old table first)
//	yield_*.go   the default Yield hook: none natively, runtime.Gosched on js/wasm
package session
