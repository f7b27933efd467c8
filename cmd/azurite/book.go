package main

import (
	_ "embed"
	"fmt"
	"io"
	"os"

	"github.com/azurite-chess/azurite/engine/board"
	"github.com/azurite-chess/azurite/engine/book"
)

// embeddedBook is the compact opening book built by `make book` from the
// public-domain GNU Chess book (see CompactOptions below).
//
//go:embed book.bin
var embeddedBook []byte

// compactOptions is how the embedded book is pruned from the GNU Chess book:
// the first 12 plies, entries of weight ≥ 2 that reach 5 % of the best move's
// weight in their position. Measured: 18,542 entries, 296,672 bytes.
var compactOptions = book.CompactOptions{MaxPly: 12, MinWeight: 2, MinShare: 5}

func cmdBook(args []string, data []byte, stdout, stderr io.Writer) int {
	switch {
	case len(args) >= 2 && args[0] == "probe":
		return bookProbe(joinFields(args[1:]), data, stdout, stderr)
	case len(args) == 3 && args[0] == "build":
		return bookBuild(args[1], args[2], stdout, stderr)
	}
	fmt.Fprintln(stderr, "usage: azurite book probe FEN | azurite book build SRC.bin DST.bin")
	return 2
}

// bookProbe lists the book moves of a position with weights and shares.
func bookProbe(fen string, data []byte, stdout, stderr io.Writer) int {
	if fen == "startpos" {
		fen = board.StartFEN
	}
	pos, err := board.ParseFEN(fen)
	if err != nil {
		fmt.Fprintln(stderr, "azurite book probe:", err)
		return 1
	}
	b, err := book.Parse(data)
	if err != nil {
		fmt.Fprintln(stderr, "azurite book probe:", err)
		return 1
	}
	cands, err := b.Probe(pos)
	if err != nil {
		fmt.Fprintln(stderr, "azurite book probe:", err)
	}
	fmt.Fprintf(stdout, "key %016x: %d book moves\n", pos.Key(), len(cands))
	total := 0
	for _, c := range cands {
		total += c.Weight
	}
	for _, c := range cands {
		fmt.Fprintf(stdout, "%-6s %-7s weight %5d  %5.1f%%\n", c.Move, pos.SAN(c.Move), c.Weight, 100*float64(c.Weight)/float64(max(total, 1)))
	}
	return 0
}

// bookBuild writes the compact book derived from src (`make book`).
func bookBuild(src, dst string, stdout, stderr io.Writer) int {
	data, err := os.ReadFile(src)
	if err != nil {
		fmt.Fprintln(stderr, "azurite book build:", err)
		return 1
	}
	b, err := book.Parse(data)
	if err != nil {
		fmt.Fprintln(stderr, "azurite book build:", src+":", err)
		return 1
	}
	out, err := book.Compact(b, compactOptions)
	if err != nil {
		fmt.Fprintln(stderr, "azurite book build:", err)
		return 1
	}
	if err := os.WriteFile(dst, out, 0o644); err != nil {
		fmt.Fprintln(stderr, "azurite book build:", err)
		return 1
	}
	fmt.Fprintf(stdout, "%s: %d entries, %d bytes\n", dst, len(out)/book.EntrySize, len(out))
	return 0
}
