package book

import (
	"math/rand/v2"

	"github.com/azurite-chess/azurite/engine/board"
)

// MaxVariety is the largest variety Pick accepts (wander to any weighted move).
const MaxVariety = 100

// Choose picks one candidate. With variety 0 it returns the highest-weighted
// move (the first of cands, as Probe orders them). With variety v in 1..100 it
// draws, with probability proportional to weight, among the candidates whose
// weight is at least best·(100−v)/100: v=50 allows moves half as popular as
// the best one, v=100 every move with a positive weight. Weight-0 entries are
// never chosen (Polyglot's "do not play"). The draw uses only src, so a
// seeded source gives a reproducible choice. ok is false when no candidate
// has a positive weight.
func Choose(cands []Candidate, variety int, src rand.Source) (m board.Move, ok bool) {
	if len(cands) == 0 || cands[0].Weight <= 0 {
		return board.NoMove, false
	}
	best := cands[0].Weight
	if variety <= 0 || src == nil {
		return cands[0].Move, true
	}
	variety = min(variety, MaxVariety)
	floor := max(1, best*(MaxVariety-variety)/MaxVariety)
	total := 0
	for _, c := range cands {
		if c.Weight >= floor {
			total += c.Weight
		}
	}
	r := int(src.Uint64() % uint64(total))
	for _, c := range cands {
		if c.Weight < floor {
			continue
		}
		if r < c.Weight {
			return c.Move, true
		}
		r -= c.Weight
	}
	return cands[0].Move, true // unreachable: r < total
}

// Pick probes pos and chooses a move as Choose does. err reports book moves
// that were illegal in pos (they are skipped; a legal move may still be
// returned).
func (b *Book) Pick(pos *board.Position, variety int, src rand.Source) (board.Move, bool, error) {
	cands, err := b.Probe(pos)
	m, ok := Choose(cands, variety, src)
	return m, ok, err
}
