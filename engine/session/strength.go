package session

import (
	"math"

	"github.com/azurite-chess/azurite/engine/board"
	"github.com/azurite-chess/azurite/engine/search"
)

// Weakened play. A level is a real number from 0 (beginner) to 20 (full
// strength), from Skill Level or, when UCI_LimitStrength is on, from UCI_Elo
// (which then takes precedence). Below 20 the engine
//
//   - searches at most weakDepth(level) plies and weakNodes(level) nodes, so it
//     misses deeper tactics the way a weaker player does;
//   - searches weakLines root moves with MultiPV and draws its move among the
//     lines scoring within weakMargin(level) of the best, weighting each by
//     exp(-loss/temperature), so it mostly plays good moves and its mistakes
//     are moves a human would consider (they all were among the engine's best
//     few), never a random blunder. A line that walks into a forced mate when
//     the best does not is never chosen. The draw uses the session's seeded
//     generator, so a fixed Config.Seed reproduces a game.
//
// These constants are a first guess, to be calibrated against rated anchors.
const (
	weakLines          = 4  // MultiPV lines considered by a weakened search
	weakMarginPerLevel = 15 // centipawns of allowed loss per level below 20
	// weakMinNodes is the node budget at level 0, doubling every two levels.
	// It must let depth 1 finish with weakLines lines (a few hundred to a few
	// thousand nodes in a middlegame): at 200 it often did not, and the move
	// then came from an unfinished iteration instead of the candidate draw
	// (seen in a gauntlet as moves with no score).
	weakMinNodes = 5000
)

// level returns the strength level in [0, 20] (mu held).
func (s *Session) levelLocked() float64 {
	if s.limitStrength {
		return float64(s.elo-MinElo) * maxSkill / float64(MaxElo-MinElo)
	}
	return float64(s.skill)
}

func weakDepth(level float64) int      { return 1 + int(level/2) }
func weakNodes(level float64) uint64   { return uint64(weakMinNodes * math.Pow(2, level/2)) }
func weakMargin(level float64) float64 { return (maxSkill - level) * weakMarginPerLevel }

// plan is how one search is run.
type plan struct {
	limits  search.Limits
	multiPV int     // lines the searcher computes
	shownPV int     // lines reported through onInfo
	weak    bool    // choose among lines by margin
	margin  float64 // centipawns
}

// planLocked turns the caller's limits into the search's (mu held).
func (s *Session) planLocked(pos *board.Position, l search.Limits) plan {
	p := plan{limits: l, multiPV: s.multiPV, shownPV: s.multiPV}
	if s.analyse || s.levelLocked() >= maxSkill {
		return p
	}
	level := s.levelLocked()
	p.weak = true
	p.margin = weakMargin(level)
	p.multiPV = max(p.multiPV, weakLines)
	if d := weakDepth(level); p.limits.Depth == 0 || p.limits.Depth > d {
		p.limits.Depth = d
	}
	if n := weakNodes(level); p.limits.Nodes == 0 || p.limits.Nodes > n {
		p.limits.Nodes = n
	}
	return p
}

// candidates remembers, for each MultiPV index, the first move and score of
// the deepest exact line seen.
type candidates struct {
	depth int
	lines []candidate
}

type candidate struct {
	move  board.Move
	score float64
	depth int
}

// observe records an info line (exact scores only: bounds are not final).
func (c *candidates) observe(in search.Info) {
	if in.Score.Bound != search.BoundExact || len(in.PV) == 0 || in.MultiPV < 1 {
		return
	}
	for len(c.lines) < in.MultiPV {
		c.lines = append(c.lines, candidate{})
	}
	c.lines[in.MultiPV-1] = candidate{move: in.PV[0], score: numeric(in.Score), depth: in.Depth}
	c.depth = max(c.depth, in.Depth)
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

// choose draws a move among the lines of the deepest completed depth whose
// score is within margin of the best; rnd supplies random bits.
func (c *candidates) choose(margin float64, rnd func() uint64) (board.Move, bool) {
	var pool []candidate
	bestScore := math.Inf(-1)
	for _, l := range c.lines {
		if l.move != board.NoMove && l.depth == c.depth {
			pool = append(pool, l)
			bestScore = max(bestScore, l.score)
		}
	}
	if len(pool) == 0 {
		return board.NoMove, false
	}
	temperature := max(margin/3, 1)
	var weights []float64
	total := 0.0
	for _, l := range pool {
		loss := bestScore - l.score
		w := 0.0
		mated := l.score <= -50000 && bestScore > -50000
		if loss <= margin && !mated {
			w = math.Exp(-loss / temperature)
		}
		weights = append(weights, w)
		total += w
	}
	r := float64(rnd()>>11) / (1 << 53) * total
	for i, w := range weights {
		if r < w {
			return pool[i].move, true
		}
		r -= w
	}
	for i, w := range weights {
		if w > 0 {
			return pool[i].move, true
		}
	}
	return board.NoMove, false
}
