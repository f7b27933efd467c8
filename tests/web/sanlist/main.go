// Command sanlist prints the engine's SAN for every legal move of the positions it
// reads (one FEN per line, EPD-style trailing fields ignored) and of the positions one
// move deeper, as "FEN<TAB>uci<TAB>san" lines. tests/web/san.test.mjs compares them
// with chess.js, so the page and the engine write the same notation.
package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"

	"github.com/azurite-chess/azurite/engine/board"
)

func main() {
	in := bufio.NewScanner(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for in.Scan() {
		fen := strings.TrimSpace(strings.SplitN(in.Text(), ";", 2)[0])
		if fen == "" {
			continue
		}
		pos, err := board.ParseFEN(fen)
		if err != nil {
			fmt.Fprintf(os.Stderr, "sanlist: %v\n", err)
			os.Exit(1)
		}
		print(out, pos)
		var l board.MoveList
		pos.GenerateAll(&l)
		for _, m := range l.Slice() {
			pos.MakeMove(m)
			print(out, pos)
			pos.UnmakeMove()
		}
	}
}

func print(w *bufio.Writer, pos *board.Position) {
	var l board.MoveList
	pos.GenerateAll(&l)
	fen := pos.FEN()
	for _, m := range l.Slice() {
		fmt.Fprintf(w, "%s\t%s\t%s\n", fen, m.String(), pos.SAN(m))
	}
}
