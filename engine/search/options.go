package search

import (
	"errors"
	"strconv"
	"time"
)

// Options configures a Searcher. Zero fields take the defaults below.
type Options struct {
	// HashMB is the transposition table size in megabytes (default 16).
	HashMB int
	// Threads is the number of Lazy SMP search goroutines (default 1).
	Threads int
	// MultiPV is the number of best root lines to search and report (default 1).
	MultiPV int
	// MoveOverhead is subtracted from the clock for communication and GUI
	// latency before time is allotted (default 30 ms).
	MoveOverhead time.Duration
	// Eval chooses the static evaluation (the zero value: the built-in net,
	// as the engine's Use NNUE default).
	Eval Eval
	// Yield, if set, is called by the search goroutine of thread 0 about every
	// YieldInterval while a search runs (the clock is read every
	// few thousand nodes, so calls are at least that far apart). The wasm
	// bridge uses it to park briefly so the browser's event loop can deliver
	// messages; the hook may call Stop or PonderHit, and may read Stopping.
	Yield func()
	// YieldInterval is the time between Yield calls (default 10 ms).
	YieldInterval time.Duration
	// CurrMoveDelay is how long a search runs before it reports InfoCurrMove
	// events and aspiration-window bound lines (default 3 s, as is usual for
	// UCI engines, so short searches print only completed lines).
	CurrMoveDelay time.Duration
}

// Limits on option values.
const (
	MaxThreads = 256
	MaxMultiPV = 256
)

// Errors for out-of-range option values.
var (
	ErrThreads = errors.New("threads out of range")
	ErrMultiPV = errors.New("multipv out of range")
)

func (o *Options) fill() {
	if o.HashMB <= 0 {
		o.HashMB = 16
	}
	if o.Threads <= 0 {
		o.Threads = 1
	}
	if o.Threads > MaxThreads {
		o.Threads = MaxThreads
	}
	if o.MultiPV <= 0 {
		o.MultiPV = 1
	}
	if o.MultiPV > MaxMultiPV {
		o.MultiPV = MaxMultiPV
	}
	if o.MoveOverhead <= 0 {
		o.MoveOverhead = 30 * time.Millisecond
	}
	if o.YieldInterval <= 0 {
		o.YieldInterval = 10 * time.Millisecond
	}
	if o.CurrMoveDelay <= 0 {
		o.CurrMoveDelay = 3 * time.Second
	}
}

func rangeError(err error, v, lo, hi int) error {
	return errors.Join(err, errors.New(strconv.Itoa(v)+" not in "+strconv.Itoa(lo)+".."+strconv.Itoa(hi)))
}

// SetHashMB resizes (and clears) the transposition table. It must not be
// called while a search runs.
func (s *Searcher) SetHashMB(mb int) error {
	if mb < MinHashMB || mb > MaxHashMB {
		return rangeError(ErrHashSize, mb, MinHashMB, MaxHashMB)
	}
	s.opts.HashMB = mb
	s.tt.resize(mb)
	return nil
}

// SetThreads sets the number of search goroutines. It must not be called
// while a search runs.
func (s *Searcher) SetThreads(n int) error {
	if n < 1 || n > MaxThreads {
		return rangeError(ErrThreads, n, 1, MaxThreads)
	}
	s.opts.Threads = n
	s.ensureThreads()
	return nil
}

// SetMultiPV sets how many best lines the search reports. It must not be
// called while a search runs.
func (s *Searcher) SetMultiPV(n int) error {
	if n < 1 || n > MaxMultiPV {
		return rangeError(ErrMultiPV, n, 1, MaxMultiPV)
	}
	s.opts.MultiPV = n
	return nil
}

// SetMoveOverhead sets the time reserved per move for latency (≥ 0).
// It must not be called while a search runs.
func (s *Searcher) SetMoveOverhead(d time.Duration) {
	if d < 0 {
		d = 0
	}
	s.opts.MoveOverhead = d
}

// SetEval makes e the static evaluation of every thread from the next search
// on. It must not be called while a search runs.
func (s *Searcher) SetEval(e Eval) {
	s.opts.Eval = e
	for _, t := range s.threads {
		t.eval = nil
	}
}

// Options returns the current options.
func (s *Searcher) Options() Options { return s.opts }
