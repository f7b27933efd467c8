package search

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/azurite-chess/azurite/engine/board"
	"github.com/azurite-chess/azurite/internal/shareddata"
)

// epdEntry is one line of a suite: a FEN (with counters) and its operations.
type epdEntry struct {
	fen string
	id  string
	bm  []string
	am  []string
}

// readEPD reads an EPD (4 fields + ops) or perft-style (6-field FEN ; …) file.
func readEPD(t testing.TB, name string) []epdEntry {
	t.Helper()
	f, err := os.Open(filepath.Join(shareddata.Dir(t), name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []epdEntry
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		fields := strings.Fields(line)
		if strings.Contains(name, "perft/") {
			out = append(out, epdEntry{fen: strings.TrimSpace(strings.SplitN(line, ";", 2)[0]), id: name})
			continue
		}
		e := epdEntry{fen: strings.Join(fields[:4], " ") + " 0 1"}
		rest := strings.Join(fields[4:], " ")
		for _, op := range strings.Split(rest, ";") {
			op = strings.TrimSpace(op)
			k, v, _ := strings.Cut(op, " ")
			switch k {
			case "bm":
				e.bm = strings.Fields(v)
			case "am":
				e.am = strings.Fields(v)
			case "id":
				e.id = strings.Trim(v, "\"")
			}
		}
		out = append(out, e)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func mustFEN(t testing.TB, fen string) *board.Position {
	t.Helper()
	pos, err := board.ParseFEN(fen)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	return pos
}

func legalMoves(pos *board.Position) []board.Move {
	var l board.MoveList
	pos.GenerateAll(&l)
	return append([]board.Move(nil), l.Slice()...)
}

func isLegalMove(pos *board.Position, m board.Move) bool {
	for _, x := range legalMoves(pos) {
		if x == m {
			return true
		}
	}
	return false
}
