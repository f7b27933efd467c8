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
// clocks never matter to an opening. Keys are stored as their 32-bit FNV-1a hash
// (Hash); Module fails if two different positions of the table share one. A
// position outside the table is taken for a named one with odds of about
// 3 806 in 2^32 (one in a million) per position looked up.
package eco

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
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

// Hash is the 32-bit FNV-1a hash of a key's bytes, which the player computes the
// same way (web/openings.js).
func Hash(key string) uint32 {
	h := uint32(2166136261)
	for i := 0; i < len(key); i++ {
		h = (h ^ uint32(key[i])) * 16777619
	}
	return h
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

// Module writes the lookup as a JavaScript module of columns (one entry per
// position, in table order, which keeps similar names together and the module
// small once compressed):
//
//	export const MAX_PLY = 36;                 // the longest line, in plies
//	export const FAMILIES = ["Amar Opening", …]; // the names' parts before ": "
//	export const HASHES = "1x2k9a,…";          // each position's Hash, base 36
//	export const ECO = "A00A00…";              // 3 characters each
//	export const FAMILY = "0,0,…";             // index into FAMILIES, base 36
//	export const REST = "Paris Gambit\n…";     // the name after ": " ("" for a family's own line)
//
// When several lines reach one position the first in Files order names it.
func Module(entries []Entry) (string, error) {
	seen := map[uint32]string{}
	maxPly := 0
	fam := map[string]int{}
	var families, hashes, ecos, famIdx, rests []string
	for _, e := range entries {
		h := Hash(e.Key)
		if k, ok := seen[h]; ok {
			if k != e.Key {
				return "", fmt.Errorf("eco: hash collision between %q and %q", k, e.Key)
			}
			continue
		}
		seen[h] = e.Key
		if e.Ply > maxPly {
			maxPly = e.Ply
		}
		f, rest, _ := strings.Cut(e.Name, ": ")
		if _, ok := fam[f]; !ok {
			fam[f] = len(families)
			families = append(families, f)
		}
		hashes = append(hashes, strconv.FormatUint(uint64(h), 36))
		ecos = append(ecos, e.ECO)
		famIdx = append(famIdx, strconv.FormatInt(int64(fam[f]), 36))
		rests = append(rests, rest)
	}
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
	b.WriteString("];\n")
	fmt.Fprintf(&b, "export const HASHES = %s;\n", strconv.Quote(strings.Join(hashes, ",")))
	fmt.Fprintf(&b, "export const ECO = %s;\n", strconv.Quote(strings.Join(ecos, "")))
	fmt.Fprintf(&b, "export const FAMILY = %s;\n", strconv.Quote(strings.Join(famIdx, ",")))
	fmt.Fprintf(&b, "export const REST = %s;\n", strconv.Quote(strings.Join(rests, "\n")))
	return b.String(), nil
}
