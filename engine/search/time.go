package search

import "time"

// Time management. The search reads the clock itself (thread 0, at most
// nodeCheckInterval nodes apart, more often near the hard limit) instead of
// relying on a timer: under wasm a timer cannot fire while the only thread
// is searching.
//
//	hard  the search stops before this much time has passed;
//	soft  no new iteration starts after soft × stability factor.
//
// Both are measured from Prepare (the front end's `go`) or the start of
// Search, or from PonderHit.
const (
	// defaultMovesToGo is the horizon used in sudden death: plan as if this
	// many moves remain.
	defaultMovesToGo = 30
	// incrementShare is the part of the increment spent on this move (of 4).
	incrementShare = 3
	// hardFactor: the hard limit is at most this many soft limits…
	hardFactor = 5
	// …and at most this share (of 100) of the remaining clock.
	hardClockShare = 75
	// minThinkTime keeps a move's budget positive on a nearly empty clock.
	minThinkTime = time.Millisecond
	// lowClockIncShare: on a clock too low for the per-move reserve, a move
	// may still spend this share (of 100) of what the increment brings
	// beyond the overhead, so the clock keeps growing…
	lowClockIncShare = 50
	// …but never more than this share (of 100) of the clock left after the
	// overhead: a margin proportional to the remaining time.
	lowClockShare = 25
	// reserveClockShare caps the overhead reserve (of 100) of the clock.
	reserveClockShare = 50
	// incClockShare caps the increment's part of a move's budget at this
	// share (of 100) of the clock above the floor (incFloorOverheads).
	incClockShare = 5
	// incFloorOverheads: no increment is spent while the clock holds less
	// than this many overheads (120 ms at the default 30 ms).
	incFloorOverheads = 4
	// maxClock bounds every time allot reads (about 13 days): clock values
	// beyond it plan as if they were it, and allot's products (at most
	// ×100) stay far from overflowing.
	maxClock = time.Duration(1) << 50
)

// Clock checks near the hard limit (see checkInterval).
const (
	// firstCheckNodes is where thread 0 first reads the clock: early, so a
	// budget of a millisecond holds even at wasm speed, and so the node
	// rate is measured before it sets the distance to the next check.
	firstCheckNodes = 16
	// minCheckInterval is the fewest nodes between two clock reads.
	minCheckInterval = 16
)

// checkInterval returns how many nodes thread 0 may search before it reads
// the clock again, given the time left before the hard limit and the time
// dt that the last dn nodes took (wall clock, so time the machine gave to
// other processes counts: the estimate is the rate this search really
// gets). The next check is planned at about half the time left, so checks
// close in on the deadline geometrically, between minCheckInterval and
// nodeCheckInterval nodes apart. ok is false when the search must stop now:
// the limit has passed, or less time is left than minCheckInterval nodes
// take, so waiting for the next check would overrun it.
//
// For example, at 1 µs per node with 3 ms left the next check comes after
// 1024 nodes (the maximum); with 1 ms left, after 500; with 40 µs left,
// after 20; with 15 µs left the search stops.
func checkInterval(left, dt time.Duration, dn uint64) (next uint64, ok bool) {
	if left <= 0 {
		return 0, false
	}
	if dt <= 0 || dn == 0 {
		// No measurable time passed: nodes are cheap against the clock's
		// resolution; check again at the usual distance.
		return nodeCheckInterval, true
	}
	perNode := float64(dt) / float64(dn)
	if float64(left) <= perNode*minCheckInterval {
		return 0, false
	}
	n := float64(left) / perNode / 2
	switch {
	case n < minCheckInterval:
		return minCheckInterval, true
	case n > nodeCheckInterval:
		return nodeCheckInterval, true
	}
	return uint64(n), true
}

// allot computes the soft and hard limits (0 = none) for limits, with the
// side to move's clock (white reports whether white is to move). Every
// duration is clamped to maxClock first, so no product below overflows and
// any non-negative clock gives a think time in proportion to it.
func allot(l *Limits, white bool, overhead time.Duration) (soft, hard time.Duration) {
	overhead = clampClock(overhead)
	if l.MoveTime > 0 {
		// A fixed move time is used in full: no soft limit, only the hard one.
		t := clampClock(l.MoveTime) - overhead
		if t < minThinkTime {
			t = minThinkTime
		}
		hard = t
	}
	if !l.hasClock() {
		return soft, hard
	}
	left, inc := l.WTime, l.WInc
	if !white {
		left, inc = l.BTime, l.BInc
	}
	left, inc = clampClock(left), clampClock(inc)
	// usable is what the clock holds once this move's overhead is paid: no
	// plan may go past it.
	usable := left - overhead
	mtg := l.MovesToGo
	if mtg <= 0 || mtg > defaultMovesToGo {
		mtg = defaultMovesToGo
	}
	// Reserve the overhead for every move of the horizon, not just this one:
	// the GUI's latency is paid on each move, and with a single reserve the
	// clock drained to a few hundred ms in 10+0.1 self-play on a loaded
	// machine and latency spikes then lost on time (the fix Stockfish uses).
	// The reserve takes at most reserveClockShare of the clock: at 30 ms
	// overhead it is 960 ms, more than a 0.5 s bullet clock holds, and the
	// whole game was then played at the 1 ms minimum.
	reserve := min(overhead*time.Duration(mtg+2), left*reserveClockShare/100)
	avail := left - reserve
	if avail < minThinkTime {
		avail = minThinkTime
	}
	// The increment's share is bounded by the clock above a floor of
	// incFloorOverheads overheads: where the increment is most of what
	// there is (bullet), spending 3/4 of it on every move let the clock
	// settle a few milliseconds above zero, where any stall of the machine
	// lost on time; now it settles just above the floor. Every move spends
	// what the increment brings either way, so the higher floor costs only
	// the time not spent on the way down to it.
	incRoom := max(left-overhead*incFloorOverheads, 0)
	s := avail/time.Duration(mtg) + min(inc*incrementShare/4, incRoom*incClockShare/100)
	h := s * hardFactor
	maxHard := avail * hardClockShare / 100
	if mtg == 1 {
		// Last move before the time control: the whole remainder may go.
		maxHard = avail * 9 / 10
	}
	if h > maxHard {
		h = maxHard
	}
	if s > h {
		s = h
	}
	// On a low clock the reserve above leaves (almost) nothing, yet every
	// move brings the increment: spend part of what it adds beyond the
	// overhead, so the clock still grows, and keep three quarters of the
	// usable clock as a margin. At 300 ms + 100 ms with 30 ms overhead this
	// is 35 ms a move (it was 1 ms).
	if inc > overhead && usable > 0 {
		low := min((inc-overhead)*lowClockIncShare/100, usable*lowClockShare/100)
		h = max(h, low)
		s = max(s, low)
	}
	// Never plan past the usable clock; with less than minThinkTime of it
	// left, move at once.
	h = min(h, max(usable, minThinkTime))
	s = min(s, h)
	if s < minThinkTime {
		s = minThinkTime
	}
	if h < minThinkTime {
		h = minThinkTime
	}
	if hard == 0 || h < hard {
		soft, hard = s, h
	}
	return soft, hard
}

// clampClock limits a duration to [0, maxClock].
func clampClock(d time.Duration) time.Duration { return min(max(d, 0), maxClock) }

// softStop reports whether, after an iteration, the main thread should not
// start another. stable counts iterations the best move has not changed;
// drop is how much the score fell since the previous iteration.
func softStop(elapsed, soft time.Duration, stable, drop int) bool {
	if soft <= 0 {
		return false
	}
	f := 1.0
	switch {
	case stable == 0:
		f = 1.5
	case stable >= 4:
		f = 0.6
	case stable >= 2:
		f = 0.85
	}
	if drop > 30 {
		f *= 1.3
	}
	return float64(elapsed) >= float64(soft)*f
}
