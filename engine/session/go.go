package session

import (
	"errors"
	"time"

	"github.com/azurite-chess/azurite/engine/board"
	"github.com/azurite-chess/azurite/engine/search"
)

// ErrBadLimits is wrapped by Go's errors about contradictory or negative limits.
var ErrBadLimits = errors.New("bad search limits")

// Go starts a search of the current position in its own goroutine and
// returns at once. onInfo (may be nil) receives each progress report;
// onBestMove is called exactly once with the move to play (legal in the
// searched position, or NoMove when there is none) and the expected reply
// (or NoMove). With limits.Infinite, or limits.Ponder until PonderHit,
// onBestMove waits for Stop/PonderHit even if the search ends earlier, as UCI
// requires.
//
// With OwnBook on (and not in analysis mode, not infinite, not pondering, no
// searchmoves), a book move is played without searching. With Skill Level
// below 20 or UCI_LimitStrength on, the search is shallower and the move is
// drawn among the best few within a margin (see strength.go).
//
// Go returns ErrSearching while a search runs and wraps ErrBadLimits for
// negative limits; the session is then unchanged.
func (s *Session) Go(limits search.Limits, onInfo func(search.Info), onBestMove func(best, ponder board.Move)) error {
	if err := checkLimits(&limits); err != nil {
		return err
	}
	if onBestMove == nil {
		onBestMove = func(best, ponder board.Move) {}
	}
	s.mu.Lock()
	if !s.idleLocked() {
		s.mu.Unlock()
		return ErrSearching
	}
	pos := s.pos.Copy()
	s.running, s.pondered = true, limits.Ponder
	s.done = make(chan struct{})
	m, ok, msgs := s.bookMoveLocked(pos, &limits)
	var p plan
	if !ok {
		p = s.planLocked(limits)
		s.installEvalLocked(s.evalModeFor(p))
		s.eng.prepare(p.threads, p.multiPV, time.Duration(s.overheadMS)*time.Millisecond)
	}
	s.mu.Unlock()
	// Callbacks run without the lock, so a front end's output function may
	// call back into the session.
	for _, msg := range msgs {
		s.log(msg)
	}
	if ok {
		go s.finish(func() { onBestMove(m, board.NoMove) })
	} else {
		go s.run(pos, p, onInfo, onBestMove)
	}
	return nil
}

// checkLimits rejects negative or contradictory limits.
func checkLimits(l *search.Limits) error {
	switch {
	case l.Depth < 0, l.Mate < 0, l.MovesToGo < 0:
		return &wrapError{"depth, mate and movestogo must not be negative", ErrBadLimits}
	case l.MoveTime < 0, l.WTime < 0, l.BTime < 0, l.WInc < 0, l.BInc < 0:
		return &wrapError{"times must not be negative", ErrBadLimits}
	case l.Infinite && l.Ponder:
		return &wrapError{"infinite and ponder are exclusive", ErrBadLimits}
	}
	return nil
}

// wrapError is a one-line error "err: msg" that wraps err.
type wrapError struct {
	msg string
	err error
}

func (e *wrapError) Error() string { return e.err.Error() + ": " + e.msg }
func (e *wrapError) Unwrap() error { return e.err }

// run is the search goroutine.
func (s *Session) run(pos *board.Position, plan plan, onInfo func(search.Info), onBestMove func(best, ponder board.Move)) {
	var lines candidates
	info := func(in search.Info) {
		if in.Kind == search.InfoPV {
			lines.observe(in)
		}
		if onInfo != nil && (in.MultiPV <= plan.shownPV || in.Kind != search.InfoPV) {
			onInfo(in)
		}
	}
	res := s.eng.search(pos, plan.limits, info)
	best, ponder := res.BestMove, res.PonderMove
	if plan.weak {
		if m, ok := lines.choose(pos, plan.margin, plan.temp, s.rngUint64); ok && m != best {
			best, ponder = m, board.NoMove
		}
	}
	// In infinite and ponder mode Search itself returns only after
	// Stop/PonderHit, so the bestmove waits as UCI requires.
	s.finish(func() { onBestMove(best, ponder) })
}

// finish reports the result and marks the session idle. The done channel
// closes only after onBestMove has returned, so a caller that Waits and then
// starts the next search sees the old bestmove first.
func (s *Session) finish(report func()) {
	s.mu.Lock()
	s.finishing = true
	s.mu.Unlock()
	report()
	s.mu.Lock()
	s.running, s.finishing = false, false
	close(s.done)
	s.done = nil
	s.mu.Unlock()
}

func (s *Session) rngUint64() uint64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.rng.Uint64()
}

// bookMoveLocked returns a book move for a playing search, if the book has
// one, and the messages to log about it (mu held; logged after unlocking).
func (s *Session) bookMoveLocked(pos *board.Position, l *search.Limits) (board.Move, bool, []string) {
	if !s.ownBook || s.book == nil || s.analyse || l.Infinite || l.Ponder || len(l.SearchMoves) > 0 || l.Mate > 0 {
		return board.NoMove, false, nil
	}
	var msgs []string
	m, ok, err := s.book.Pick(pos, s.variety, s.rng)
	if err != nil {
		msgs = append(msgs, "error: "+err.Error())
	}
	if ok {
		msgs = append(msgs, "book move "+m.String())
	}
	return m, ok, msgs
}
