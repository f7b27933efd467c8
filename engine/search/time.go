package search

import "time"

// Time management. The search reads the clock itself (thread 0, every
// nodeCheckInterval nodes) instead of relying on a timer: under wasm a timer
// cannot fire while the only thread is searching.
//
//	hard  the search stops as soon as this much time has passed;
//	soft  no new iteration starts after soft × stability factor.
//
// Both are measured from the start of the search, or from PonderHit.
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
)

// allot computes the soft and hard limits (0 = none) for limits, with the
// side to move's clock (white reports whether white is to move).
func allot(l *Limits, white bool, overhead time.Duration) (soft, hard time.Duration) {
	if l.MoveTime > 0 {
		// A fixed move time is used in full: no soft limit, only the hard one.
		t := l.MoveTime - overhead
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
	mtg := l.MovesToGo
	if mtg <= 0 || mtg > defaultMovesToGo {
		mtg = defaultMovesToGo
	}
	// Reserve the overhead for every move of the horizon, not just this one:
	// the GUI's latency is paid on each move, and with a single reserve the
	// clock drained to a few hundred ms in 10+0.1 self-play on a loaded
	// machine and latency spikes then lost on time (the fix Stockfish uses).
	avail := left - overhead*time.Duration(mtg+2)
	if avail < minThinkTime {
		avail = minThinkTime
	}
	s := avail/time.Duration(mtg) + inc*incrementShare/4
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
