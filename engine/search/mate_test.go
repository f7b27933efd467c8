package search

import (
	"bufio"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/azurite-chess/azurite/engine/board"
)

// The mate set (testdata/mate23.epd) holds every position of the shared
// tactical suites where the side to move mates in 2 or 3 moves at best, as
// found by the brute-force prover below (full-width AND/OR search, no
// evaluation, no pruning besides "a mating move gives check"). Regenerate it
// with `make mate-suite`.
var genMates = flag.Bool("genmates", false, "TestGenMateSuite: rebuild testdata/mate23.epd from the shared suites")

// mateIn reports whether the side to move can force mate within n moves.
func proveMate(pos *board.Position, n int) bool {
	var l board.MoveList
	pos.GenerateAll(&l)
	moves := l.Slice()
	for _, m := range moves {
		if n == 1 && !pos.GivesCheck(m) {
			continue
		}
		pos.MakeMove(m)
		ok := allRepliesMated(pos, n-1)
		pos.UnmakeMove()
		if ok {
			return true
		}
	}
	return false
}

// allRepliesMated reports whether the side to move (the defender) is
// checkmated now (n == 0) or, whatever it plays, gets mated within n moves.
func allRepliesMated(pos *board.Position, n int) bool {
	var l board.MoveList
	pos.GenerateAll(&l)
	if l.N == 0 {
		return pos.InCheck()
	}
	if n == 0 {
		return false
	}
	for _, m := range l.Slice() {
		pos.MakeMove(m)
		ok := proveMate(pos, n)
		pos.UnmakeMove()
		if !ok {
			return false
		}
	}
	return true
}

func TestGenMateSuite(t *testing.T) {
	if !*genMates {
		t.Skip("no -genmates")
	}
	var out []string
	for _, f := range []string{"tactical/wac.epd", "tactical/bk.epd", "tactical/arasan2024.epd",
		"tactical/sbd.epd", "tactical/zugzwang.epd"} {
		for _, e := range readEPD(t, f) {
			pos := mustFEN(t, e.fen)
			if proveMate(pos, 1) {
				continue
			}
			for n := 2; n <= 3; n++ {
				if proveMate(pos, n) {
					out = append(out, e.fen+"; dm "+strconv.Itoa(n)+"; id \""+e.id+"\"")
					t.Logf("%s mate in %d", e.id, n)
					break
				}
			}
		}
	}
	if err := os.WriteFile(filepath.Join("testdata", "mate23.epd"), []byte(strings.Join(out, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d positions", len(out))
}

// TestMateSuite: the search finds the shortest mate in every position of the
// mate set, and the move it plays really mates in that many moves.
func TestMateSuite(t *testing.T) {
	f, err := os.Open(filepath.Join("testdata", "mate23.epd"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	s := New(Options{HashMB: 8})
	sc := bufio.NewScanner(f)
	count := 0
	for sc.Scan() {
		parts := strings.Split(sc.Text(), ";")
		fen := strings.TrimSpace(parts[0])
		n, err := strconv.Atoi(strings.TrimPrefix(strings.TrimSpace(parts[1]), "dm "))
		if err != nil {
			t.Fatalf("%s: %v", sc.Text(), err)
		}
		count++
		if raceEnabled && count > 8 {
			break
		}
		pos := mustFEN(t, fen)
		s.Clear()
		r := s.Search(pos, Limits{Mate: n, Nodes: 3_000_000}, nil)
		if !r.Score.IsMate || r.Score.Mate != n {
			t.Errorf("%s: score %+v, want mate %d (best %v)", parts[2], r.Score, n, r.BestMove)
			continue
		}
		pos.MakeMove(r.BestMove)
		ok := allRepliesMated(pos, n-1)
		pos.UnmakeMove()
		if !ok {
			t.Errorf("%s: %v does not mate in %d", parts[2], r.BestMove, n)
		}
	}
	if count == 0 {
		t.Fatal("empty mate set")
	}
}
