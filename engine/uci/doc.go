// Package uci speaks the UCI protocol (and, when the first command is
// "xboard", the xboard/CECP v2 protocol) over lines of text, on top of the
// engine API in package session. It is transport-agnostic: the native binary,
// the wasm worker and tests all drive the same Handler.
//
// # Contract for front ends
//
// A Handler is fed one input line at a time and emits output lines through a
// callback:
//
//	h := uci.NewHandler(cfg, func(line string) { /* deliver one line, no trailing newline */ })
//	quit := h.HandleLine("position startpos moves e2e4")
//	h.Close() // at end of input: stops a running search and waits for its bestmove
//
// The rules:
//
//   - HandleLine never blocks on a running search: "go" starts the search in
//     its own goroutine and returns; "isready" is answered at once even while
//     searching; "stop" returns after raising the stop flag (bestmove follows
//     from the search goroutine). Commands that need the search to be over
//     ("position", "go", "ucinewgame" while a search runs) stop it and wait for
//     its bestmove first, so they block for at most the stop latency.
//   - The output callback may be called from the search goroutine as well as
//     from HandleLine's caller, but never concurrently: the Handler serialises
//     it. Lines carry no newline. The callback must not call back into the
//     Handler.
//   - HandleLine is called from one goroutine at a time (lines are ordered);
//     Session().Stop may be called from any goroutine to stop early.
//   - HandleLine returns true after "quit"; the caller should then call Close
//     and stop feeding lines.
//   - Bad input never panics and never changes state: it produces exactly one
//     "info string error: …" line (in xboard mode an "Error (…): …" line).
//
// Run loops over an io.Reader and writes lines to an io.Writer; it is what
// the native binary calls on stdin/stdout.
//
// UCI_Chess960 is not offered: the board package implements standard
// chess castling only.
//
// Files:
//
//	doc.go      this map and the front-end contract
//	handler.go  Handler, Config, Run, output serialisation, protocol choice
//	uci.go      the UCI commands: uci, setoption, position, go (every parameter, saturating), info lines
//	extras.go   non-standard commands: d (board, FEN, key), eval, perft
//	bench.go    bench: the search signature over the fixed positions
//	task.go     long commands (bench, perft) on a goroutine: isready and stop answered, the rest waits
//	xboard.go   xboard/CECP v2 on the same session: game state, clocks, thinking output
package uci
