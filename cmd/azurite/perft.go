package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/azurite-chess/azurite/engine/board"
)

// perftCommand runs `azurite perft DEPTH [FEN]`: the divide (one line per
// root move, in UCI notation) and the total, like Stockfish's `go perft`.
// It returns the process exit code.
func perftCommand(args []string, out, errOut io.Writer) int {
	if len(args) < 1 {
		fmt.Fprintln(errOut, "usage: azurite perft DEPTH [FEN]")
		return 2
	}
	depth, err := strconv.Atoi(args[0])
	if err != nil || depth < 1 || depth > 20 {
		fmt.Fprintf(errOut, "azurite perft: depth %q is not a number from 1 to 20\n", args[0])
		return 2
	}
	fen := board.StartFEN
	if len(args) > 1 {
		fen = strings.Join(args[1:], " ")
	}
	pos, err := board.ParseFEN(fen)
	if err != nil {
		fmt.Fprintln(errOut, "azurite perft:", err)
		return 2
	}
	writeDivide(out, pos, depth)
	return 0
}

// writeDivide prints the divide of pos at depth, the total and the speed.
func writeDivide(out io.Writer, pos *board.Position, depth int) {
	start := time.Now()
	var total uint64
	for _, e := range pos.Divide(depth) {
		fmt.Fprintf(out, "%s: %d\n", e.Move, e.Nodes)
		total += e.Nodes
	}
	elapsed := time.Since(start)
	fmt.Fprintf(out, "\nNodes searched: %d\n", total)
	fmt.Fprintf(out, "Time: %d ms, %d nps\n", elapsed.Milliseconds(), int64(float64(total)/max(elapsed.Seconds(), 1e-9)))
}
