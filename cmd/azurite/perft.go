package main

import (
	"bufio"
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

// minimalUCI is the stand-in UCI loop until engine/uci lands: uci, isready,
// ucinewgame, position startpos|fen … [moves …], go perft N, d, quit. Bad
// lines get an `info string error: …` reply and change nothing.
func minimalUCI(in io.Reader, out io.Writer) {
	pos, _ := board.ParseFEN(board.StartFEN)
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 {
			continue
		}
		switch fields[0] {
		case "uci":
			fmt.Fprintln(out, "id name Azurite")
			fmt.Fprintln(out, "id author the Azurite developers")
			fmt.Fprintln(out, "uciok")
		case "isready":
			fmt.Fprintln(out, "readyok")
		case "ucinewgame":
			pos, _ = board.ParseFEN(board.StartFEN)
		case "position":
			p, err := parsePosition(fields[1:])
			if err != nil {
				fmt.Fprintln(out, "info string error:", err)
				continue
			}
			pos = p
		case "go":
			if len(fields) == 3 && fields[1] == "perft" {
				d, err := strconv.Atoi(fields[2])
				if err != nil || d < 1 || d > 20 {
					fmt.Fprintf(out, "info string error: perft depth %q is not a number from 1 to 20\n", fields[2])
					continue
				}
				writeDivide(out, pos, d)
				continue
			}
			fmt.Fprintln(out, "info string error: only `go perft N` is supported by this build")
		case "d":
			fmt.Fprintln(out, "Fen:", pos.FEN())
			fmt.Fprintf(out, "Key: %016x\n", pos.Key())
		case "quit":
			return
		default:
			fmt.Fprintf(out, "info string error: unknown command %q\n", fields[0])
		}
	}
}

// parsePosition parses the arguments of a UCI `position` command.
func parsePosition(args []string) (*board.Position, error) {
	if len(args) == 0 {
		return nil, fmt.Errorf("position: want startpos or fen")
	}
	var fenFields []string
	rest := args[1:]
	switch args[0] {
	case "startpos":
		fenFields = strings.Fields(board.StartFEN)
	case "fen":
		i := 0
		for i < len(rest) && rest[i] != "moves" {
			i++
		}
		fenFields, rest = rest[:i], rest[i:]
	default:
		return nil, fmt.Errorf("position: want startpos or fen, got %q", args[0])
	}
	pos, err := board.ParseFEN(strings.Join(fenFields, " "))
	if err != nil {
		return nil, err
	}
	if len(rest) == 0 {
		return pos, nil
	}
	if rest[0] != "moves" {
		return nil, fmt.Errorf("position: unexpected %q (want moves)", rest[0])
	}
	for i, s := range rest[1:] {
		m, err := pos.ParseUCIMove(s)
		if err != nil {
			return nil, fmt.Errorf("position: move %d: %w", i+1, err)
		}
		pos.MakeMove(m)
	}
	return pos, nil
}
