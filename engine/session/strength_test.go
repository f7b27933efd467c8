package session

import (
	"strconv"
	"testing"

	"github.com/azurite-chess/azurite/engine/board"
	"github.com/azurite-chess/azurite/engine/search"
)

func TestEloToLevel(t *testing.T) {
	tests := []struct {
		name string
		elo  int
		want float64
	}{
		{"below-range-clamps", MinElo - 100, eloLevels[0].level},
		{"min", MinElo, eloLevels[0].level},
		{"max", MaxElo, eloLevels[len(eloLevels)-1].level},
		{"above-range-clamps", MaxElo + 500, eloLevels[len(eloLevels)-1].level},
	}
	for i, row := range eloLevels {
		tests = append(tests, struct {
			name string
			elo  int
			want float64
		}{"table-row-" + strconv.Itoa(i), row.elo, row.level})
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := eloToLevel(tc.elo); got != tc.want {
				t.Fatalf("eloToLevel(%d) = %v, want %v", tc.elo, got, tc.want)
			}
		})
	}
	t.Run("monotonic", func(t *testing.T) {
		prev := -1.0
		for elo := MinElo; elo <= MaxElo; elo += 10 {
			l := eloToLevel(elo)
			if l < prev || l < 0 || l > maxSkill {
				t.Fatalf("eloToLevel(%d) = %v after %v: not increasing within [0, 20]", elo, l, prev)
			}
			prev = l
		}
	})
}

func TestWeakParams(t *testing.T) {
	tests := []struct {
		name  string
		level float64
		want  weakParams
	}{
		{"beginner-row", 0, weakTable[0].p},
		{"negative-clamps", -3, weakTable[0].p},
		{"top-row", maxSkill, weakTable[len(weakTable)-1].p},
		{"halfway-0-4", 2, weakParams{depth: 1.5, nodes: 28284, lines: 10, margin: 375, temp: 140}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := weakParamsAt(tc.level); got != tc.want {
				t.Fatalf("weakParamsAt(%v) = %+v, want %+v", tc.level, got, tc.want)
			}
		})
	}
	t.Run("stronger-never-weaker", func(t *testing.T) {
		prev := weakParamsAt(0)
		for l := 0.25; l <= maxSkill; l += 0.25 {
			p := weakParamsAt(l)
			if p.depth < prev.depth || p.nodes < prev.nodes || p.lines > prev.lines || p.margin > prev.margin || p.temp > prev.temp {
				t.Fatalf("level %v: %+v is weaker than the level below: %+v", l, p, prev)
			}
			// Never throw away a rook or a queen by choice.
			if p.margin >= 500 {
				t.Fatalf("level %v: margin %v cp allows dropping a rook", l, p.margin)
			}
			prev = p
		}
	})
}

func TestFractionalDepthIsDrawn(t *testing.T) {
	tests := []struct {
		name       string
		skill      int
		depths     map[int]bool
		wantShare1 float64 // share of the shallower depth, ±0.1
	}{
		{"skill-0-depth-1", 0, map[int]bool{1: true}, 1},
		{"skill-2-depth-1.5", 2, map[int]bool{1: true, 2: true}, 0.5},
		{"skill-4-depth-2", 4, map[int]bool{2: true}, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := New(Config{Seed: 3})
			if err := s.SetOption(OptSkillLevel, strconv.Itoa(tc.skill)); err != nil {
				t.Fatal(err)
			}
			seen := map[int]int{}
			const n = 400
			s.mu.Lock()
			for i := 0; i < n; i++ {
				p := s.planLocked(search.Limits{})
				seen[p.limits.Depth]++
			}
			s.mu.Unlock()
			for d, k := range seen {
				if !tc.depths[d] {
					t.Fatalf("depth %d drawn %d times; want only %v", d, k, tc.depths)
				}
			}
			if share := float64(seen[minKey(seen)]) / n; share < tc.wantShare1-0.1 || share > tc.wantShare1+0.1 {
				t.Fatalf("depths %v: share of the shallower %v, want %v", seen, share, tc.wantShare1)
			}
		})
	}
}

func minKey(m map[int]int) int {
	k := 1 << 30
	for d := range m {
		k = min(k, d)
	}
	return k
}

// moveCase is one row of a table test of a move predicate.
type moveCase struct {
	name, fen, move string
	want            bool
}

// testMovePredicate runs fn over the rows and checks that it leaves the
// position as it found it.
func testMovePredicate(t *testing.T, fnName string, fn func(*board.Position, board.Move) bool, tests []moveCase) {
	t.Helper()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			pos, err := board.ParseFEN(tc.fen)
			if err != nil {
				t.Fatal(err)
			}
			m, err := pos.ParseUCIMove(tc.move)
			if err != nil {
				t.Fatal(err)
			}
			if got := fn(pos, m); got != tc.want {
				t.Fatalf("%s(%s) = %v, want %v", fnName, tc.move, got, tc.want)
			}
			if pos.FEN() != tc.fen {
				t.Fatalf("position changed to %s", pos.FEN())
			}
		})
	}
}

func TestAllowsMateInOne(t *testing.T) {
	// Back rank: the rook on d1 guards e1 against Re8-e1#.
	const backRank = "4r1k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"
	testMovePredicate(t, "allowsMateInOne", allowsMateInOne, []moveCase{
		{"rook-leaves-back-rank", backRank, "d1d2", true},
		{"rook-to-e1-is-taken-with-mate", backRank, "d1e1", true},
		{"king-to-f1", backRank, "g1f1", false},
		{"luft", backRank, "h2h3", false},
		{"fools-mate-allowed", "rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w KQkq - 0 2", "g2g4", true},
		{"fools-mate-avoided", "rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w KQkq - 0 2", "e2e4", false},
	})
}

func TestChooseWithinMargin(t *testing.T) {
	var c candidates
	add := func(k, depth, cp int, mv board.Move) {
		c.observe(search.Info{Kind: search.InfoPV, MultiPV: k, Depth: depth, Score: search.Score{CP: cp}, PV: []board.Move{mv}})
	}
	seq := uint64(0)
	rnd := func() uint64 { seq += 0x9e3779b97f4a7c15; return seq }
	add(1, 5, 50, 1)
	add(2, 5, 40, 2)
	add(3, 5, -200, 3) // outside any small margin
	c.observe(search.Info{Kind: search.InfoPV, MultiPV: 4, Depth: 5, Score: search.Score{IsMate: true, Mate: -2}, PV: []board.Move{4}})
	add(1, 6, 45, 1) // depth 6 stopped by the node cap after one line
	counts := map[board.Move]int{}
	for i := 0; i < 2000; i++ {
		m, _ := c.choose(nil, 30, 10, rnd)
		counts[m]++
	}
	if counts[3] != 0 || counts[4] != 0 || counts[1] == 0 || counts[2] == 0 {
		t.Fatalf("counts %v: only moves within 30 cp of the best of depth 5 may be drawn", counts)
	}
	if counts[1] <= counts[2] {
		t.Fatalf("counts %v: the better move must be drawn more often", counts)
	}
	// With a margin wide enough for everything, a mated line is still never drawn.
	counts = map[board.Move]int{}
	for i := 0; i < 2000; i++ {
		m, _ := c.choose(nil, 1e6, 1e6, rnd)
		counts[m]++
	}
	if counts[4] != 0 || counts[3] == 0 {
		t.Fatalf("counts %v: the mated line must never be drawn, the others may", counts)
	}
}

// playWeak plays plies moves of self-play at Skill Level skill with the given
// seed from fen and returns the moves. Every move is checked for legality and
// for not allowing a mate in one when some legal move avoids it.
func playWeak(t *testing.T, fen string, skill, plies int, seed uint64) []string {
	t.Helper()
	s := New(Config{Seed: seed})
	if err := s.SetOption(OptSkillLevel, strconv.Itoa(skill)); err != nil {
		t.Fatal(err)
	}
	var moves []string
	for len(moves) < plies {
		if err := s.SetPosition(fen, moves); err != nil {
			t.Fatal(err)
		}
		pos := s.Position()
		m := goAndWait(t, s, search.Limits{})
		if m == board.NoMove {
			break // mate or stalemate
		}
		if !pos.IsLegal(m) {
			t.Fatalf("seed %d ply %d: illegal move %v in %s", seed, len(moves), m, pos.FEN())
		}
		if allowsMateInOne(pos, m) && someMoveAvoidsMate(pos) {
			t.Fatalf("seed %d ply %d: %v allows mate in one in %s", seed, len(moves), m, pos.FEN())
		}
		moves = append(moves, m.String())
	}
	return moves
}

func someMoveAvoidsMate(pos *board.Position) bool {
	var l board.MoveList
	pos.GenerateAll(&l)
	for _, m := range l.Moves[:l.N] {
		if !allowsMateInOne(pos, m) {
			return true
		}
	}
	return false
}

func TestWeakPlayNeverIllegalNorIntoMate(t *testing.T) {
	tests := []struct {
		name, fen string
		skill     int
		plies     int
	}{
		// The rook may leave the back rank only once Black cannot mate on e1.
		{"back-rank", "4r1k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 0, 2},
		{"fools-mate-setup", "rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w KQkq - 0 2", 0, 1},
		{"opening-beginner", board.StartFEN, 0, 40},
		{"opening-club", board.StartFEN, 10, 20},
	}
	seeds := 24
	if testing.Short() {
		seeds = 8
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for seed := 1; seed <= seeds; seed++ {
				playWeak(t, tc.fen, tc.skill, tc.plies, uint64(seed))
			}
		})
	}
}

func TestWeakPlayIsSeeded(t *testing.T) {
	a := playWeak(t, board.StartFEN, 0, 24, 7)
	b := playWeak(t, board.StartFEN, 0, 24, 7)
	if strconv.Quote(join(a)) != strconv.Quote(join(b)) {
		t.Fatalf("same seed, different games:\n%v\n%v", a, b)
	}
	c := playWeak(t, board.StartFEN, 0, 24, 8)
	if join(a) == join(c) {
		t.Fatalf("seeds 7 and 8 played the same 24 plies: %v", a)
	}
}

func join(moves []string) string {
	out := ""
	for _, m := range moves {
		out += m + " "
	}
	return out
}

func TestIdleKingMove(t *testing.T) {
	const open = "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 4 5"
	testMovePredicate(t, "idleKingMove", idleKingMove, []moveCase{
		{"king-walk-with-queens-on", open, "e1e2", true},
		{"king-to-f1-with-queens-on", open, "e1f1", true},
		{"castling", open, "e1g1", false},
		{"knight-move", open, "f3g5", false},
		{"check-evasion", "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1", "e1f1", false},
		{"king-capture", "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1", "e1d2", false},
		{"endgame-no-enemy-queen", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "e1f2", false},
	})
}

// TestChooseDampsIdleKingMoves pins the fix for weak levels walking their king
// about: an idle king move scored like a quiet developing move is drawn about
// idleKingWeight times as often, and still played when it is the best line.
func TestChooseDampsIdleKingMoves(t *testing.T) {
	pos, err := board.ParseFEN("r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 4 5")
	if err != nil {
		t.Fatal(err)
	}
	mv := func(s string) board.Move {
		m, err := pos.ParseUCIMove(s)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	best, quiet, king := mv("e1g1"), mv("d2d3"), mv("e1e2")
	seq := uint64(0)
	rnd := func() uint64 { seq += 0x9e3779b97f4a7c15; return seq }
	draw := func(c *candidates) map[board.Move]int {
		counts := map[board.Move]int{}
		for i := 0; i < 4000; i++ {
			m, _ := c.choose(pos, 300, 100, rnd)
			counts[m]++
		}
		return counts
	}
	var c candidates
	for k, l := range []candidate{{best, 40}, {quiet, 20}, {king, 20}} {
		c.observe(search.Info{Kind: search.InfoPV, MultiPV: k + 1, Depth: 2, Score: search.Score{CP: int(l.score)}, PV: []board.Move{l.move}})
	}
	counts := draw(&c)
	if ratio := float64(counts[king]) / float64(counts[quiet]); ratio < idleKingWeight/2 || ratio > idleKingWeight*2 {
		t.Fatalf("counts %v: king move drawn %.3f times as often as an equal quiet move, want about %v", counts, ratio, idleKingWeight)
	}
	var top candidates
	for k, l := range []candidate{{king, 40}, {quiet, 39}} {
		top.observe(search.Info{Kind: search.InfoPV, MultiPV: k + 1, Depth: 2, Score: search.Score{CP: int(l.score)}, PV: []board.Move{l.move}})
	}
	if counts := draw(&top); counts[king] < counts[quiet]/2 {
		t.Fatalf("counts %v: the best line is a king move and must not be damped", counts)
	}
}
