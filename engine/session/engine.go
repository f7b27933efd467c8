package session

import (
	"runtime/debug"
	"time"

	"github.com/azurite-chess/azurite/engine/board"
	"github.com/azurite-chess/azurite/engine/search"
)

// Hash size bounds of the Hash option, from the search's table.
const (
	minHashMB = search.MinHashMB
	maxHashMB = search.MaxHashMB
)

// engine adapts search.Searcher to what the session needs, so that the
// session's logic does not depend on the searcher's setter names.
type engine struct {
	s *search.Searcher
}

func newEngine(opts search.Options) *engine { return &engine{s: search.New(opts)} }

// setHash replaces the table with one of mb megabytes. The old table is
// released to the system before the new one is allocated: otherwise both
// are held at once until the next collection (Go's heap goal grows with the
// live table, so a large resize need not trigger one), and resizing a
// table near the Hash cap would need twice the memory the cap allows. An
// allocation the system refuses is fatal in Go, not an error.
func (e *engine) setHash(mb int) error {
	if err := e.s.SetHashMB(minHashMB); err != nil {
		return err
	}
	debug.FreeOSMemory()
	return e.s.SetHashMB(mb)
}

func (e *engine) clearHash() { e.s.Clear() }
func (e *engine) newGame()   { e.s.Clear() }
func (e *engine) stop()      { e.s.Stop() }
func (e *engine) ponderHit() { e.s.PonderHit() }

// prepare sets the per-search parameters and arms the searcher, so that a
// Stop or PonderHit arriving before the search goroutine enters Search still
// applies to it. Called synchronously by Go, with no search running; the
// values were validated by the option table, so the setters cannot fail.
func (e *engine) prepare(threads, multiPV int, overhead time.Duration) {
	_ = e.s.SetThreads(threads)
	_ = e.s.SetMultiPV(multiPV)
	e.s.SetMoveOverhead(overhead)
	e.s.Prepare()
}

func (e *engine) search(pos *board.Position, l search.Limits, onInfo func(search.Info)) search.Result {
	return e.s.Search(pos, l, onInfo)
}
