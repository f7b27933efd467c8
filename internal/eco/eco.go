// Package eco turns the lichess chess-openings tables (data/a.tsv … e.tsv: ECO
// code, name, and the moves as PGN; CC0, see data/COPYING.txt and
// docs/LICENSES.md) into the player's opening lookup, at build time: build.go
// bundles the JavaScript module that Module writes into app.js, and
// web/openings.js looks positions up in it. The table is keyed by position, not
// by move order, so a transposition into a named opening is named too.
//
// A key is a FEN's first three fields (placement, side to move, castling
// rights): the en-passant square is left out because the engine's FEN writes it
// after every double push and chess.js only when a capture is possible; the
// clocks never matter to an opening. Keys are stored as a 53-bit hash (two
// 32-bit FNV-1a hashes with different offset bases, see Hash); Module fails if
// two different positions of the table share one.
package eco

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/azurite-chess/azurite/engine/board"
)

// Files are the table's files, in the order their entries are read.
var Files = []string{"a.tsv", "b.tsv", "c.tsv", "d.tsv", "e.tsv"}

// ErrBadLine is wrapped by Read's errors for a line it cannot use.
var ErrBadLine = errors.New("bad opening line")

// Entry is one named opening: its ECO code, name, the key of the position its
// moves reach, and how many plies they are.
type Entry struct {
	ECO, Name, Key string
	Ply            int
}

// Key returns the lookup key of a FEN: its placement, side to move and castling
// fields joined by single spaces.
func Key(fen string) string {
	f := strings.Fields(fen)
	if len(f) > 3 {
		f = f[:3]
	}
	return strings.Join(f, " ")
}

// Hash is the 53-bit hash of a key that the player computes the same way
// (web/openings.js): FNV-1a over the key's bytes with offset basis 2166136261
// (h1) and 2538058380 (h2), then h1·2^21 + h2>>11, exact in a JavaScript number.
func Hash(key string) uint64 {
	h1, h2 := uint32(2166136261), uint32(2538058380)
	for i := 0; i < len(key); i++ {
		h1 = (h1 ^ uint32(key[i])) * 16777619
		h2 = (h2 ^ uint32(key[i])) * 16777619
	}
	return uint64(h1)<<21 | uint64(h2>>11)
}

// Read reads the table files from dir, in Files order, and plays each line's
// moves from the start position. An error names the file, line and move.
func Read(dir string) ([]Entry, error) {
	var out []Entry
	for _, name := range Files {
		f, err := os.Open(filepath.Join(dir, name))
		if err != nil {
			return nil, fmt.Errorf("eco: %w", err)
		}
		es, err := parse(f, name)
		f.Close()
		if err != nil {
			return nil, err
		}
		out = append(out, es...)
	}
	return out, nil
}

// parse reads one TSV file (header "eco\tname\tpgn", then one opening a line).
func parse(r io.Reader, name string) ([]Entry, error) {
	var out []Entry
	sc := bufio.NewScanner(r)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimRight(sc.Text(), "\r")
		if n == 1 || line == "" {
			continue
		}
		cols := strings.Split(line, "\t")
		if len(cols) != 3 || len(cols[0]) != 3 || cols[1] == "" {
			return nil, fmt.Errorf("%s:%d: want eco, name and moves separated by tabs: %w", name, n, ErrBadLine)
		}
		pos, err := board.ParseFEN(board.StartFEN)
		if err != nil {
			return nil, err
		}
		ply := 0
		for _, tok := range strings.Fields(cols[2]) {
			if strings.HasSuffix(tok, ".") {
				continue // a move number: "1." or "1..."
			}
			m, err := pos.ParseSAN(tok)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: move %q: %w (%w)", name, n, tok, ErrBadLine, err)
			}
			pos.MakeMove(m)
			ply++
		}
		if ply == 0 {
			return nil, fmt.Errorf("%s:%d: no moves: %w", name, n, ErrBadLine)
		}
		out = append(out, Entry{ECO: cols[0], Name: cols[1], Key: Key(pos.FEN()), Ply: ply})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return out, nil
}

// Module writes the lookup as a JavaScript module:
//
//	export const MAX_PLY = 36;                 // the longest line, in plies
//	export const FAMILIES = ["Sicilian Defense", …];
//	export const TABLE = "hash36 C20 3 variation\n…";
//
// one row per position, tab-separated: the key's Hash in base 36, the ECO code,
// the index of the name's family (the part before ": ") in FAMILIES in base 36,
// and the rest of the name (empty for a family's own line). When several lines
// reach one position the first in Files order names it.
func Module(entries []Entry) (string, error) {
	type row struct {
		hash uint64
		e    Entry
	}
	seen := map[uint64]string{}
	var rows []row
	maxPly := 0
	fam := map[string]int{}
	var families []string
	for _, e := range entries {
		h := Hash(e.Key)
		if k, ok := seen[h]; ok {
			if k != e.Key {
				return "", fmt.Errorf("eco: hash collision between %q and %q", k, e.Key)
			}
			continue
		}
		seen[h] = e.Key
		rows = append(rows, row{h, e})
		if e.Ply > maxPly {
			maxPly = e.Ply
		}
		f, _, _ := strings.Cut(e.Name, ": ")
		if _, ok := fam[f]; !ok {
			fam[f] = len(families)
			families = append(families, f)
		}
	}
	sort.Slice(rows, func(i, j int) bool { return rows[i].hash < rows[j].hash })
	var b strings.Builder
	b.WriteString("// Generated by build.go from internal/eco/data (lichess chess-openings, CC0). Do not edit.\n")
	fmt.Fprintf(&b, "export const MAX_PLY = %d;\n", maxPly)
	b.WriteString("export const FAMILIES = [")
	for i, f := range families {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Quote(f))
	}
	b.WriteString("];\nexport const TABLE = ")
	var t strings.Builder
	for i, r := range rows {
		if i > 0 {
			t.WriteByte('\n')
		}
		f, rest, _ := strings.Cut(r.e.Name, ": ")
		fmt.Fprintf(&t, "%s\t%s\t%s\t%s", strconv.FormatUint(r.hash, 36), r.e.ECO, strconv.FormatInt(int64(fam[f]), 36), rest)
	}
	b.WriteString(strconv.Quote(t.String()))
	b.WriteString(";\n")
	return b.String(), nil
}
