package search

import (
	"testing"
	"time"
)

// fakeClock is a deterministic clock for the time-limit tests: time moves
// only with thread 0's node count (perNode each), plus one stall of length
// stall once stallAt has passed (the OS taking the CPU away mid-search).
// The search reads it exactly as it reads the real clock, so these tests
// check the limits logic without a timed test.
type fakeClock struct {
	s       *Searcher
	base    time.Time
	perNode time.Duration
	stallAt time.Duration
	stall   time.Duration
}

func (c *fakeClock) now() time.Time {
	var n uint64
	if len(c.s.threads) > 0 {
		n = c.s.threads[0].nodes
	}
	d := time.Duration(n) * c.perNode
	if c.stall > 0 && d >= c.stallAt {
		d += c.stall
	}
	return c.base.Add(d)
}

// TestHardLimitFakeClock: on a clock that advances with every node, the
// search returns within its hard limit, uses most of it, and always has a
// legal move; after a stall that jumps past the limit it stops at its next
// check.
func TestHardLimitFakeClock(t *testing.T) {
	const overhead = 30 * time.Millisecond
	tests := []struct {
		name    string
		lim     Limits
		perNode time.Duration
		stallAt time.Duration
		stall   time.Duration
		// hard is the expected hard limit; the search must return by
		// hard+late and not before hard-early.
		hard, late, early time.Duration
	}{
		{name: "movetime-native-speed", lim: Limits{MoveTime: 100 * time.Millisecond}, perNode: time.Microsecond,
			hard: 70 * time.Millisecond, early: 100 * time.Microsecond},
		{name: "movetime-overloaded-20us-per-node", lim: Limits{MoveTime: 100 * time.Millisecond}, perNode: 20 * time.Microsecond,
			hard: 70 * time.Millisecond, early: time.Millisecond},
		{name: "clock-300ms-inc-100ms-movestogo-1", lim: Limits{WTime: 300 * time.Millisecond, WInc: 100 * time.Millisecond, BTime: time.Second, MovesToGo: 1},
			perNode: 3 * time.Microsecond, hard: 189 * time.Millisecond, early: 200 * time.Microsecond},
		// Depth 1 (636 nodes here) fits in the 1 ms; at a slower rate it
		// would run past it (TestFirstIterationCompletes).
		{name: "clock-below-overhead-1ms", lim: Limits{WTime: 20 * time.Millisecond, BTime: time.Second}, perNode: time.Microsecond,
			hard: time.Millisecond, early: 400 * time.Microsecond},
		{name: "stall-before-deadline", lim: Limits{MoveTime: 100 * time.Millisecond}, perNode: time.Microsecond,
			stallAt: 20 * time.Millisecond, stall: 45 * time.Millisecond, hard: 70 * time.Millisecond, early: 100 * time.Microsecond},
		{name: "stall-past-deadline-stops-at-next-check", lim: Limits{MoveTime: 100 * time.Millisecond}, perNode: time.Microsecond,
			stallAt: 20 * time.Millisecond, stall: time.Second, hard: 70 * time.Millisecond,
			late: time.Second - 50*time.Millisecond + nodeCheckInterval*time.Microsecond, early: time.Hour},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			// The hand-written evaluation: the node figures above are its.
			s := New(Options{HashMB: 1, MoveOverhead: overhead, Eval: HandWrittenEval})
			c := &fakeClock{s: s, base: time.Unix(0, 0), perNode: tc.perNode, stallAt: tc.stallAt, stall: tc.stall}
			s.now = c.now
			pos := mustFEN(t, kiwipete)
			r := s.Search(pos, tc.lim, nil)
			if s.hard != tc.hard {
				t.Fatalf("hard limit %v, want %v", s.hard, tc.hard)
			}
			t.Logf("returned at %v (hard %v), %d nodes, depth %d", r.Time, s.hard, r.Nodes, r.Depth)
			if r.Time > tc.hard+tc.late {
				t.Errorf("returned at %v, hard limit %v", r.Time, tc.hard)
			}
			if r.Time < tc.hard-tc.early {
				t.Errorf("returned at %v, more than %v before the hard limit %v", r.Time, tc.early, tc.hard)
			}
			if !isLegalMove(pos, r.BestMove) {
				t.Errorf("illegal or no move %v", r.BestMove)
			}
		})
	}
}

// TestPonderHitFakeClock: after PonderHit the hard limit counts from the
// ponderhit. The fake clock itself plays the GUI: it calls PonderHit once
// 30 ms (30000 nodes) have passed, so the test is deterministic.
func TestPonderHitFakeClock(t *testing.T) {
	s := New(Options{HashMB: 1, MoveOverhead: 10 * time.Millisecond})
	c := &fakeClock{s: s, base: time.Unix(0, 0), perNode: time.Microsecond}
	const hitAt = 30 * time.Millisecond
	s.now = func() time.Time {
		now := c.now()
		if now.Sub(c.base) >= hitAt && !s.ponderHit.Load() {
			s.PonderHit()
		}
		return now
	}
	pos := mustFEN(t, kiwipete)
	// hard = 75% of (200 ms - 32 x 10 ms overhead) would be 1 ms; with the
	// 100 ms increment it is min(45 ms, 47.5 ms) = 45 ms.
	lim := Limits{Ponder: true, WTime: 200 * time.Millisecond, WInc: 100 * time.Millisecond, BTime: time.Second}
	r := s.Search(pos, lim, nil)
	t.Logf("returned at %v, ponderhit at %v, hard %v", r.Time, s.ponderHitAt, s.hard)
	if s.ponderHitAt < hitAt || s.ponderHitAt > hitAt+nodeCheckInterval*time.Microsecond {
		t.Errorf("ponderhit noticed at %v, sent at %v", s.ponderHitAt, hitAt)
	}
	// Counted from the start, the hard limit would have ended the search by
	// s.hard; counted from the ponderhit it ends it by ponderHitAt + s.hard. The
	// soft limit may end it sooner than that (how soon depends on the evaluation).
	if r.Time > s.ponderHitAt+s.hard || r.Time <= s.hard {
		t.Errorf("returned at %v, want after the hard limit %v from the start and by ponderhit %v + hard", r.Time, s.hard, s.ponderHitAt)
	}
	if !isLegalMove(pos, r.BestMove) {
		t.Errorf("illegal or no move %v", r.BestMove)
	}
}

// TestPreparedClockStartsAtPrepare: a prepared search counts its time from
// Prepare, so time lost before the search goroutine runs is not spent twice.
func TestPreparedClockStartsAtPrepare(t *testing.T) {
	s := New(Options{HashMB: 1, MoveOverhead: time.Millisecond})
	var now time.Time
	s.now = func() time.Time { return now }
	now = time.Unix(100, 0)
	s.Prepare()
	now = now.Add(60 * time.Millisecond) // the goroutine started late
	pos := mustFEN(t, kiwipete)
	r := s.Search(pos, Limits{MoveTime: 50 * time.Millisecond}, nil)
	if r.Time != 60*time.Millisecond {
		t.Errorf("result time %v, want 60ms (counted from Prepare)", r.Time)
	}
	if !isLegalMove(pos, r.BestMove) {
		t.Errorf("illegal or no move %v", r.BestMove)
	}
}

// TestCheckInterval pins the distance between clock reads near the limit.
func TestCheckInterval(t *testing.T) {
	us := time.Microsecond
	tests := []struct {
		name     string
		left, dt time.Duration
		dn       uint64
		next     uint64
		ok       bool
	}{
		{"far-from-limit", time.Second, 1024 * us, 1024, nodeCheckInterval, true},
		{"1ms-left-at-1us", time.Millisecond, 1024 * us, 1024, min(500, nodeCheckInterval), true},
		{"40us-left", 40 * us, 1024 * us, 1024, 20, true},
		{"20us-left-clamped-to-min", 20 * us, 1024 * us, 1024, minCheckInterval, true},
		{"15us-left-stops", 15 * us, 1024 * us, 1024, 0, false},
		{"past-limit", -us, 1024 * us, 1024, 0, false},
		{"no-time-measured", time.Millisecond, 0, 1024, nodeCheckInterval, true},
		{"slow-nodes-100us", 10 * time.Millisecond, 1600 * us, 16, 50, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			next, ok := checkInterval(tc.left, tc.dt, tc.dn)
			if next != tc.next || ok != tc.ok {
				t.Errorf("checkInterval(%v, %v, %d) = %d, %v; want %d, %v", tc.left, tc.dt, tc.dn, next, ok, tc.next, tc.ok)
			}
		})
	}
}

// TestAllotNeverPastClock: over a grid of clocks, increments, moves to go and
// overheads, the soft limit never exceeds the hard one, and the hard limit
// never exceeds the clock left after the overhead (when at least
// minThinkTime is left; below that the search must move at once).
func TestAllotNeverPastClock(t *testing.T) {
	ms := time.Millisecond
	for _, left := range []time.Duration{0, 5 * ms, 31 * ms, 100 * ms, 300 * ms, time.Second, 10 * time.Second, 100 * time.Second} {
		for _, inc := range []time.Duration{0, 10 * ms, 100 * ms, time.Second, 5 * time.Second} {
			for _, mtg := range []int{0, 1, 5, 40} {
				for _, oh := range []time.Duration{0, 30 * ms, 100 * ms} {
					l := Limits{WTime: left, WInc: inc, BTime: time.Second, MovesToGo: mtg}
					soft, hard := allot(&l, true, oh)
					if soft <= 0 || hard <= 0 || soft > hard {
						t.Errorf("%+v overhead %v: soft %v hard %v", l, oh, soft, hard)
					}
					if usable := left - oh; usable >= minThinkTime && hard > usable {
						t.Errorf("%+v overhead %v: hard %v past the usable %v", l, oh, hard, usable)
					}
				}
			}
		}
	}
}

// TestAllotSaturates: clock values near or at the largest Duration give
// long think times, never an overflowed (negative or tiny) one; the bug
// was "go wtime 200000000000" moving after 1 ms.
func TestAllotSaturates(t *testing.T) {
	const maxD = time.Duration(1<<63 - 1)
	for _, tc := range []struct {
		name string
		lim  Limits
	}{
		{"wtime-2e11ms", Limits{WTime: 200000000000 * time.Millisecond, BTime: 200000000000 * time.Millisecond}},
		{"wtime-9e12ms", Limits{WTime: 9000000000000 * time.Millisecond}},
		{"wtime-max", Limits{WTime: maxD, BTime: maxD}},
		{"winc-max", Limits{WTime: time.Hour, WInc: maxD}},
		{"wtime-winc-max-movestogo-1", Limits{WTime: maxD, WInc: maxD, MovesToGo: 1}},
		{"movetime-max", Limits{MoveTime: maxD}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			soft, hard := allot(&tc.lim, true, 30*time.Millisecond)
			if hard < 500*time.Millisecond || soft > hard || soft < 0 {
				t.Errorf("soft %v hard %v: want a long, ordered budget", soft, hard)
			}
		})
	}
}

// TestFirstIterationCompletes: a search whose hard limit passes before
// depth 1 is done still finishes depth 1 (the clock stalls past the limit
// at the first check); it stops at the next check after that.
func TestFirstIterationCompletes(t *testing.T) {
	s := New(Options{HashMB: 1, MoveOverhead: 30 * time.Millisecond, Eval: HandWrittenEval})
	c := &fakeClock{s: s, base: time.Unix(0, 0), perNode: time.Microsecond, stallAt: 0, stall: time.Second}
	s.now = c.now
	pos := mustFEN(t, kiwipete)
	var depths []int
	r := s.Search(pos, Limits{WTime: 20 * time.Millisecond, BTime: time.Second}, func(in Info) {
		if in.Kind == InfoPV {
			depths = append(depths, in.Depth)
		}
	})
	if r.Depth != 1 || len(depths) == 0 || depths[0] != 1 {
		t.Fatalf("completed depth %d, reported depths %v: want exactly depth 1 complete", r.Depth, depths)
	}
	if !isLegalMove(pos, r.BestMove) {
		t.Errorf("illegal or no move %v", r.BestMove)
	}
}
