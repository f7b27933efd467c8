package session

import (
	"math"

	"github.com/azurite-chess/azurite/engine/board"
	"github.com/azurite-chess/azurite/engine/search"
)

// Weakened play. A level is a real number from 0 (beginner) to 20 (full
// strength), from Skill Level or, when UCI_LimitStrength is on, from UCI_Elo
// through eloLevels (UCI_Elo then takes precedence). Below 20 the engine
//
//   - searches at most depth plies and nodes nodes with one thread, so it
//     misses deeper tactics the way a weaker player does, and plays the same
//     moves on any machine and in the browser (no clock involved);
//   - searches lines root moves with MultiPV and draws its move among the
//     lines of the deepest complete iteration that lose at most margin
//     centipawns against the best, each with weight exp(-loss/temp). Its
//     mistakes are moves its own search ranked among the best few: a piece
//     left to a tactic it did not see, a capture it passed up, a slow plan,
//     never a queen thrown away (the margin stays below a rook's worth);
//   - never plays a move that lets the opponent mate at once, nor a line its
//     search scores as getting mated, when another move avoids it;
//   - rarely walks its king while the opponent has a queen (idleKingWeight),
//     unless that is its search's best move.
//
// The draw uses the session's seeded generator, so a fixed Config.Seed
// reproduces a game.

// weakParams are the knobs of weakened play at one level.
type weakParams struct {
	depth  float64 // iterations searched (plies); a fraction f adds a ply with probability f
	nodes  uint64  // node cap of the search
	lines  int     // MultiPV lines the move is drawn from
	margin float64 // centipawns: a line losing more than this is never drawn
	temp   float64 // centipawns: a line losing x is drawn with weight exp(-x/temp)
}

// weakTable gives the parameters at a few levels; levels in between
// interpolate linearly (the node cap geometrically). A fractional depth is
// drawn per move (depth 2.25 searches 3 plies a quarter of the time), so
// strength rises smoothly with the level instead of in one step per ply.
// Calibrated by `make calibrate-levels` (docs/levels.md): the bottom row is
// a depth-1 search (captures resolved by quiescence) drawing among its 12
// best moves with a wide margin, so it drops pieces to two-move tactics and
// misses wins, but does not leave a piece hanging more often than the draw
// allows. Above skill 16 the rows trade MultiPV lines and margin for depth:
// skill 19 is a 14-ply search that strays only among moves within 10 cp of
// its best. The node caps bind only at the top (and guard against explosions
// below); they keep a move under about a second in the browser (the wasm
// build searches about 230k nodes per CPU-second, docs/protocol.md), so the
// page's movetime never cuts a weakened search short and a level plays the
// same moves on any machine.
var weakTable = [...]struct {
	level float64
	p     weakParams
}{
	{0, weakParams{depth: 1, nodes: 20000, lines: 12, margin: 450, temp: 180}},
	{4, weakParams{depth: 2, nodes: 40000, lines: 8, margin: 300, temp: 100}},
	{8, weakParams{depth: 3, nodes: 80000, lines: 6, margin: 200, temp: 55}},
	{12, weakParams{depth: 5, nodes: 100000, lines: 5, margin: 120, temp: 30}},
	{16, weakParams{depth: 7, nodes: 150000, lines: 4, margin: 60, temp: 15}},
	{17, weakParams{depth: 8, nodes: 150000, lines: 3, margin: 45, temp: 12}},
	{18, weakParams{depth: 10, nodes: 150000, lines: 2, margin: 30, temp: 8}},
	{19, weakParams{depth: 14, nodes: 150000, lines: 2, margin: 10, temp: 3}},
	// maxSkill is full strength, never weakened: this row only bounds the
	// interpolation for fractional levels above 19.
	{maxSkill, weakParams{depth: 16, nodes: 150000, lines: 1, margin: 0, temp: 1}},
}

// weakParamsAt interpolates weakTable at level (clamped to [0, maxSkill]).
func weakParamsAt(level float64) weakParams {
	level = math.Max(0, math.Min(maxSkill, level))
	i := 1
	for i < len(weakTable)-1 && weakTable[i].level < level {
		i++
	}
	lo, hi := weakTable[i-1], weakTable[i]
	f := (level - lo.level) / (hi.level - lo.level)
	lerp := func(a, b float64) float64 { return a + f*(b-a) }
	return weakParams{
		depth:  lerp(lo.p.depth, hi.p.depth),
		nodes:  uint64(math.Round(math.Exp(lerp(math.Log(float64(lo.p.nodes)), math.Log(float64(hi.p.nodes)))))),
		lines:  int(math.Round(lerp(float64(lo.p.lines), float64(hi.p.lines)))),
		margin: lerp(lo.p.margin, hi.p.margin),
		temp:   lerp(lo.p.temp, hi.p.temp),
	}
}

// eloLevels maps UCI_Elo onto the level, piecewise linearly. Every row is a
// level whose Elo was measured against the shared anchors (docs/levels.md:
// one joint fit of both calibration rounds; 95 % intervals from ±75 at
// skill 10 to ±245 at skill 14), rounded to 50,
// so UCI_Elo means that rating on the anchors' scale. UCI_Elo below the
// first row plays as the first row (skill 2, measured 597: skills 0 and 1 are
// weaker, about 380 and 420, but reachable only through Skill Level); MaxElo
// is the last row, skill 19 (measured 2579). Full strength (Skill Level 20, or
// UCI_LimitStrength off) is about 2880 in the native 10+0.1 gauntlet.
var eloLevels = [...]struct {
	elo   int
	level float64
}{
	{600, 2},
	{750, 4},
	{900, 6},
	{1050, 8},
	{1300, 10},
	{1700, 12},
	{1750, 14},
	{2000, 16},
	{2200, 17},
	{2350, 18},
	{MaxElo, 19},
}

// eloToLevel returns the level for a UCI_Elo value (clamped to the table).
func eloToLevel(elo int) float64 {
	if elo <= eloLevels[0].elo {
		return eloLevels[0].level
	}
	for i := 1; i < len(eloLevels); i++ {
		lo, hi := eloLevels[i-1], eloLevels[i]
		if elo <= hi.elo {
			return lo.level + float64(elo-lo.elo)*(hi.level-lo.level)/float64(hi.elo-lo.elo)
		}
	}
	return eloLevels[len(eloLevels)-1].level
}

// levelLocked returns the strength level in [0, 20] (mu held).
func (s *Session) levelLocked() float64 {
	if s.limitStrength {
		return eloToLevel(s.elo)
	}
	return float64(s.skill)
}

// plan is how one search is run.
type plan struct {
	limits  search.Limits
	threads int
	multiPV int     // lines the searcher computes
	shownPV int     // lines reported through onInfo
	weak    bool    // choose among lines by margin
	margin  float64 // centipawns
	temp    float64 // centipawns
}

// planLocked turns the caller's limits into the search's (mu held).
func (s *Session) planLocked(l search.Limits) plan {
	p := plan{limits: l, threads: s.threads, multiPV: s.multiPV, shownPV: s.multiPV}
	if s.analyse || s.levelLocked() >= maxSkill {
		return p
	}
	w := weakParamsAt(s.levelLocked())
	p.weak = true
	p.threads = 1 // exact node counts: the same moves on every machine
	p.margin, p.temp = w.margin, w.temp
	p.multiPV = max(p.multiPV, w.lines)
	depth := int(w.depth)
	if frac := w.depth - float64(depth); frac > 0 && float64(s.rng.Uint64()>>11)/(1<<53) < frac {
		depth++
	}
	if p.limits.Depth == 0 || p.limits.Depth > depth {
		p.limits.Depth = depth
	}
	if p.limits.Nodes == 0 || p.limits.Nodes > w.nodes {
		p.limits.Nodes = w.nodes
	}
	return p
}

// candidates keeps, for each completed depth, the first move and score of
// each MultiPV line.
type candidates struct {
	byDepth [][]candidate // index depth-1; lines in MultiPV order
}

type candidate struct {
	move  board.Move
	score float64
}

// observe records an info line (exact scores only: bounds are not final).
func (c *candidates) observe(in search.Info) {
	if in.Score.Bound != search.BoundExact || len(in.PV) == 0 || in.MultiPV < 1 || in.Depth < 1 {
		return
	}
	for len(c.byDepth) < in.Depth {
		c.byDepth = append(c.byDepth, nil)
	}
	lines := c.byDepth[in.Depth-1]
	for len(lines) < in.MultiPV {
		lines = append(lines, candidate{})
	}
	lines[in.MultiPV-1] = candidate{move: in.PV[0], score: numeric(in.Score)}
	c.byDepth[in.Depth-1] = lines
}

// complete returns the lines of the deepest iteration that reported as many
// lines as the shallowest one (a search stopped by its node cap may have
// finished only some lines of its last iteration).
func (c *candidates) complete() []candidate {
	full := 0
	for _, lines := range c.byDepth {
		if n := count(lines); n > 0 && full == 0 {
			full = n
		}
	}
	for d := len(c.byDepth) - 1; d >= 0; d-- {
		if full > 0 && count(c.byDepth[d]) == full {
			return c.byDepth[d]
		}
	}
	return nil
}

func count(lines []candidate) int {
	n := 0
	for _, l := range lines {
		if l.move != board.NoMove {
			n++
		}
	}
	return n
}

// numeric maps a score to one scale: mates beyond any centipawn value.
func numeric(sc search.Score) float64 {
	if !sc.IsMate {
		return float64(sc.CP)
	}
	if sc.Mate > 0 {
		return 100000 - float64(sc.Mate)
	}
	return -100000 - float64(sc.Mate)
}

// mateScore is where numeric mate scores start.
const mateScore = 50000

// choose draws a move among the complete lines whose score is within margin
// of the best, each weighted exp(-loss/temp); rnd supplies random bits.
// A line the search scores as mated, or (with pos given) a move after which
// the opponent mates at once, is never drawn while another line avoids it;
// an idle king move (with pos given) other than the best line has its weight
// scaled by idleKingWeight.
func (c *candidates) choose(pos *board.Position, margin, temp float64, rnd func() uint64) (board.Move, bool) {
	var pool []candidate
	for _, l := range c.complete() {
		if l.move != board.NoMove && (pos == nil || !allowsMateInOne(pos, l.move)) {
			pool = append(pool, l)
		}
	}
	if len(pool) == 0 {
		return board.NoMove, false
	}
	bestScore := math.Inf(-1)
	for _, l := range pool {
		bestScore = max(bestScore, l.score)
	}
	temp = max(temp, 1)
	weights := make([]float64, len(pool))
	total := 0.0
	for i, l := range pool {
		loss := bestScore - l.score
		mated := l.score <= -mateScore && bestScore > -mateScore
		if loss <= margin && !mated {
			weights[i] = math.Exp(-loss / temp)
			if loss > 0 && pos != nil && idleKingMove(pos, l.move) {
				weights[i] *= idleKingWeight
			}
			total += weights[i]
		}
	}
	r := float64(rnd()>>11) / (1 << 53) * total
	for i, w := range weights {
		if w > 0 && r < w {
			return pool[i].move, true
		}
		r -= w
	}
	for i := len(weights) - 1; i >= 0; i-- { // rounding: the last drawable line
		if weights[i] > 0 {
			return pool[i].move, true
		}
	}
	return board.NoMove, false
}

// idleKingWeight scales the draw weight of an idle king move (idleKingMove)
// that is not the search's best line. A shallow search sees nothing wrong in
// Kf1-e2-d3 while the queens are on, so the plain draw made weak levels walk
// their king about: 4.5-5.0 % of their middlegame moves at skills 0-4 in the
// first calibration games against 1.4 % for Stockfish at UCI_Elo 1500
// (docs/levels.md gives the counts after). A beginner blunders pieces;
// it does not take its king for a walk with the queens on the board.
const idleKingWeight = 0.1

// idleKingMove reports whether m (legal in pos) is a king move that is not
// castling, not a capture and not an answer to check, made while the opponent
// still has a queen: the kind of king move a human keeps for the endgame.
func idleKingMove(pos *board.Position, m board.Move) bool {
	return m.Piece().Type() == board.King && !m.IsCastle() && !m.IsCapture() &&
		!pos.InCheck() && pos.Pieces(pos.Side().Other(), board.Queen) != 0
}

// allowsMateInOne reports whether, after m (legal in pos), the opponent has
// a move that checkmates. pos is unchanged on return.
func allowsMateInOne(pos *board.Position, m board.Move) bool {
	pos.MakeMove(m)
	defer pos.UnmakeMove()
	var replies board.MoveList
	pos.GenerateAll(&replies)
	for _, r := range replies.Moves[:replies.N] {
		if !pos.GivesCheck(r) {
			continue
		}
		pos.MakeMove(r)
		var evasions board.MoveList
		pos.GenerateAll(&evasions)
		pos.UnmakeMove()
		if evasions.N == 0 {
			return true
		}
	}
	return false
}
