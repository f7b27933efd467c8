package search

import (
	"time"

	"github.com/azurite-chess/azurite/engine/board"
)

// Limits holds every parameter of a UCI `go` command. The zero value means
// "no limit at all": the search runs until Stop (like `go infinite`).
// Several limits may be combined; the search ends at the first one reached.
type Limits struct {
	// Depth stops after completing this many iterations (plies); 0 = no limit.
	Depth int
	// Nodes stops once this many nodes were searched (all threads together);
	// 0 = no limit. With Threads=1 the count is exact and deterministic.
	Nodes uint64
	// SoftNodes starts no new iteration once this many nodes were searched:
	// the iteration under way finishes (up to Nodes, when set), so a
	// move's search ends at a completed depth. 0 = no soft limit.
	SoftNodes uint64
	// MoveTime is the exact time to spend on this move; 0 = not given.
	MoveTime time.Duration
	// WTime, BTime are the players' remaining clock times, WInc, BInc their
	// increments per move. A clock is "given" when Clock is set or WTime or
	// BTime is nonzero; the side to move's values drive time management.
	// Any non-negative value is valid (values beyond about 13 days count as
	// 13 days).
	WTime, BTime time.Duration
	WInc, BInc   time.Duration
	// Clock marks the clock as given even when both times are 0 (UCI "go
	// wtime 0 btime 0"): an empty clock means "move at once", not "no limit".
	Clock bool
	// MovesToGo is the number of moves to the next time control; 0 = sudden death.
	MovesToGo int
	// Mate searches for a mate in at most this many moves and stops when one is
	// found; 0 = not given.
	Mate int
	// Infinite searches until Stop; the search never returns on its own, even
	// when it has proven a mate.
	Infinite bool
	// Ponder starts in ponder mode: the search runs without time limits until
	// PonderHit (then the clock limits apply, counted from the ponderhit) or Stop.
	Ponder bool
	// SearchMoves restricts the root to these moves; moves that are not legal
	// in the position are ignored, and if none is legal all moves are searched.
	SearchMoves []board.Move
}

// hasClock reports whether a clock-based limit was given.
func (l *Limits) hasClock() bool { return l.Clock || l.WTime > 0 || l.BTime > 0 }
