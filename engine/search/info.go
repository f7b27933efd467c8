package search

import (
	"math"
	"time"

	"github.com/azurite-chess/azurite/engine/board"
)

// Bound says how exact a score is.
type Bound uint8

// Score bounds. BoundExact is the zero value. In UCI terms, BoundLower is
// "lowerbound" (the true score is at least this: the search failed high) and
// BoundUpper is "upperbound" (at most this: failed low).
const (
	BoundExact Bound = iota
	BoundLower
	BoundUpper
)

// Score is a search score as the protocols print it, always from the point
// of view of the side to move at the root.
type Score struct {
	// CP is the score in centipawns; meaningful when IsMate is false.
	CP int
	// IsMate is set for a forced mate; Mate then gives its distance.
	IsMate bool
	// Mate is the distance in full moves: +N means the side to move mates in N,
	// -N means it gets mated in N. With IsMate set, 0 means the side to move is
	// checkmated already (UCI "score mate 0").
	Mate int
	// Bound says whether this is an exact score or a lower/upper bound.
	Bound Bound
}

// makeScore converts an internal score (see score.go) into a Score.
func makeScore(v int, b Bound) Score {
	s := Score{CP: v, Bound: b}
	switch {
	case v >= mateInMaxPly:
		s.IsMate = true
		s.Mate = (mateValue - v + 1) / 2
		s.CP = 0
	case v <= -mateInMaxPly:
		s.IsMate = true
		s.Mate = -(mateValue + v) / 2
		s.CP = 0
	}
	return s
}

// WDL returns win/draw/loss probabilities in permille for the side to move,
// from a logistic model of the centipawn score (a mate is 1000/0/0 or
// 0/0/1000). The model is a plain fit of "a pawn up wins about a third of
// games"; it is for display (UCI_ShowWDL), not for search decisions.
func (s Score) WDL() (win, draw, loss int) {
	if s.IsMate {
		if s.Mate > 0 {
			return 1000, 0, 0
		}
		return 0, 0, 1000
	}
	w := wdlModel(float64(s.CP))
	l := wdlModel(float64(-s.CP))
	win = int(math.Round(1000 * w))
	loss = int(math.Round(1000 * l))
	return win, 1000 - win - loss, loss
}

// wdlScale and wdlOffset shape the win-probability curve: a score of
// wdlOffset centipawns wins half the games, and wdlScale sets how fast the
// probability rises around it.
const (
	wdlScale  = 60.0
	wdlOffset = 200.0
)

func wdlModel(cp float64) float64 {
	return 1 / (1 + math.Exp(-(cp-wdlOffset)/wdlScale))
}

// InfoKind says which event an Info reports.
type InfoKind uint8

// Info events.
const (
	// InfoPV is a completed (or, with a bound set, a failed-aspiration) line:
	// depth, seldepth, multipv, score, nodes, nps, hashfull, time and PV.
	InfoPV InfoKind = iota
	// InfoCurrMove reports the root move being searched: depth, CurrMove,
	// CurrMoveNumber, nodes and time. Sent only once the search has run for
	// Options.CurrMoveDelay.
	InfoCurrMove
)

// Info is the data of one UCI `info` line. An Info and its PV slice are only
// valid during the onInfo callback; copy the PV to keep it.
type Info struct {
	Kind     InfoKind
	Depth    int
	SelDepth int
	// MultiPV is the 1-based index of this line among the MultiPV best lines.
	MultiPV  int
	Score    Score
	Nodes    uint64
	NPS      uint64
	HashFull int // permille of the transposition table filled in this search
	Time     time.Duration
	PV       []board.Move
	// CurrMove and CurrMoveNumber (1-based) are set for InfoCurrMove.
	CurrMove       board.Move
	CurrMoveNumber int
}

// Result is the outcome of a search.
type Result struct {
	// BestMove is the move to play, or board.NoMove when the side to move has
	// no legal move (checkmate or stalemate: Score tells which).
	BestMove board.Move
	// PonderMove is the expected reply (second PV move), or board.NoMove.
	PonderMove board.Move
	// Score is the score of BestMove; mate 0 when checkmated, 0 cp for stalemate.
	Score Score
	// Depth is the last completed iteration depth.
	Depth int
	// Nodes is the total node count over all threads.
	Nodes uint64
	// Time is the wall time of the search.
	Time time.Duration
}
