// Command azurite is the native Azurite chess engine. Without arguments it
// speaks UCI (or xboard, if the first command is "xboard") on stdin/stdout.
//
// One-shot commands:
//
//	azurite bench [depth]        fixed-depth search signature: prints "Nodes searched: N"
//	azurite perft D [FEN]        divide per root move and the total node count
//	azurite book probe FEN       the embedded (or -book) book's moves and weights
//	azurite book build SRC DST   write the compact book derived from SRC (make book)
//	azurite -version             print the version
//	azurite -seed N              fix the random choices (book, weakened play) for reproducible games
//
// The Hash option's maximum is half the machine's memory (memory*.go): Go
// cannot survive an allocation the system refuses.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"time"

	"github.com/azurite-chess/azurite/engine/book"
	"github.com/azurite-chess/azurite/engine/eval"
	"github.com/azurite-chess/azurite/engine/search"
	"github.com/azurite-chess/azurite/engine/session"
	"github.com/azurite-chess/azurite/engine/uci"
)

// version is set at build time: -ldflags "-X main.version=v1.2.3".
var version = "dev"

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is main without the process: it returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("azurite", flag.ContinueOnError)
	fs.SetOutput(stderr)
	showVersion := fs.Bool("version", false, "print the version and exit")
	seed := fs.Uint64("seed", 0, "seed for book choices and weakened play (0: from the clock, so games vary)")
	bookPath := fs.String("book", "", "Polyglot book for `book probe` and OwnBook (default: the embedded compact book)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: azurite [-version] [-book FILE] [bench [depth] | perft D [FEN] | book probe FEN | book build SRC DST]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *showVersion {
		fmt.Fprintln(stdout, "Azurite "+version)
		return 0
	}
	bookData := embeddedBook
	if *bookPath != "" {
		data, err := book.ReadFile(*bookPath)
		if err != nil {
			fmt.Fprintln(stderr, "azurite:", err)
			return 1
		}
		bookData = data
	}
	if *seed == 0 {
		*seed = uint64(time.Now().UnixNano()) | 1
	}
	rest := fs.Args()
	if len(rest) == 0 {
		// Hash is capped by the memory read once here: a table larger than
		// the machine can hold would end the process (memory.go).
		maxHash, why := hashCap(machineMemory(), strconv.IntSize)
		cfg := uci.Config{
			Name: "Azurite", Author: "the Azurite developers", Version: version,
			Session: session.Config{DefaultBook: bookData, ReadFile: book.ReadFile, ReadNetFile: eval.ReadNetFile, Seed: *seed,
				MaxHashMB: maxHash, MaxHashWhy: why},
		}
		if err := uci.Run(stdin, stdout, cfg); err != nil {
			fmt.Fprintln(stderr, "azurite:", err)
			return 1
		}
		return 0
	}
	switch rest[0] {
	case "bench":
		return cmdBench(rest[1:], stdout, stderr)
	case "perft":
		return perftCommand(rest[1:], stdout, stderr)
	case "book":
		return cmdBook(rest[1:], bookData, stdout, stderr)
	}
	fs.Usage()
	return 2
}

func cmdBench(args []string, stdout, stderr io.Writer) int {
	depth, err := benchDepth(args)
	if err != nil {
		fmt.Fprintln(stderr, "azurite bench:", err)
		return 2
	}
	progress := func(line string) { fmt.Fprintln(stderr, line) }
	for _, l := range uci.BenchLines(depth, progress) {
		fmt.Fprintln(stdout, l)
	}
	return 0
}

// benchDepth reads the optional depth of "bench [depth]"; without one the
// bench runs at search.BenchDepth, the depth its signature is quoted at
// (depth 0 would mean "no depth limit" to the search and never finish).
func benchDepth(args []string) (int, error) {
	switch len(args) {
	case 0:
		return search.BenchDepth, nil
	case 1:
		n, err := strconv.Atoi(args[0])
		if err != nil || n < 1 {
			return 0, fmt.Errorf("depth must be a positive integer, got %q", args[0])
		}
		return n, nil
	default:
		return 0, errors.New("usage: azurite bench [depth]")
	}
}

// joinFields rebuilds a FEN passed either as one quoted argument or as six.
func joinFields(f []string) string {
	s := f[0]
	for _, x := range f[1:] {
		s += " " + x
	}
	return s
}
