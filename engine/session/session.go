package session

import (
	"errors"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/azurite-chess/azurite/engine/board"
	"github.com/azurite-chess/azurite/engine/book"
	"github.com/azurite-chess/azurite/engine/eval"
	"github.com/azurite-chess/azurite/engine/search"
)

// ErrSearching is returned by calls that need the engine idle (Go,
// SetPosition, SetOption, NewGame, LoadBook) while a search runs. Call Stop
// and Wait first.
var ErrSearching = errors.New("a search is running (send stop first)")

// ErrBadPosition is wrapped by SetPosition's errors.
var ErrBadPosition = errors.New("bad position")

// Config is fixed for a session's lifetime.
type Config struct {
	// DefaultBook is a Polyglot book installed at start and whenever BookFile
	// is set to "" (the native binary embeds one). nil: no book until LoadBook.
	DefaultBook []byte
	// ReadFile loads a BookFile by name (os.ReadFile natively). nil: the
	// BookFile option only accepts "" (the browser hands books over as bytes).
	ReadFile func(name string) ([]byte, error)
	// ReadNetFile loads an EvalFile by name (eval.ReadNetFile natively).
	// nil: the EvalFile option only accepts "" (the built-in net).
	ReadNetFile func(name string) ([]byte, error)
	// Seed seeds the generator used for book choices and weakened play, so a
	// fixed seed reproduces the same games. 0 uses a fixed default seed.
	Seed uint64
	// Yield, if set, is called by the search about every YieldInterval while
	// it runs (search.Options.Yield): the wasm bridge parks there so the
	// browser's event loop can deliver stop and isready. nil: none natively;
	// runtime.Gosched on js/wasm, where a search that never yields would
	// keep Stop from ever running (yield_wasm.go).
	Yield func()
	// YieldInterval is the time between Yield calls (0: the search's default).
	YieldInterval time.Duration
	// MaxHashMB and MaxThreads lower the Hash and Threads options' maxima
	// (0: the search's limits). The wasm build sets them: wasm32 memory ends
	// at 4 GiB and the browser gives the engine one thread.
	MaxHashMB, MaxThreads int
	// MaxHashWhy, if set, says why Hash stops at MaxHashMB; SetOption adds
	// it to the error for a larger value (the native binary caps Hash to
	// what the machine's memory can hold).
	MaxHashWhy string
	// Log receives diagnostic messages produced while searching (book moves,
	// a corrupt book entry), without a prefix; the UCI front end prints them
	// as "info string …". May be nil. It is called from the search goroutine.
	Log func(msg string)
}

// Session is one engine instance: a position, options, an optional book and
// at most one running search. Its methods are safe for concurrent use; the
// callbacks of a search run on the search's goroutine and must not call Wait
// or Go.
type Session struct {
	cfg Config
	eng *engine

	mu       sync.Mutex
	pos      *board.Position // the current root position, history included
	rootFEN  string          // the FEN the position was set from
	rootMove []board.Move    // the moves played from rootFEN (4 bytes each, not strings)
	book     *book.Book
	rng      *rand.PCG

	// option values (declared in options.go's optionTable)
	hashMB, threads, multiPV, overheadMS, variety, elo, skill int
	ponder, ownBook, limitStrength, analyse, showWDL          bool
	bookFile                                                  string
	useNNUE                                                   bool
	evalFile                                                  string
	net                                                       *eval.Net // the net of EvalFile (or the built-in one)
	evalMode                                                  evalMode  // what the searcher evaluates with
	evalInstalled                                             bool      // evalMode is installed for the current net

	// the running search
	running bool
	bench   *search.Searcher // set while Bench runs (running is then true)
	// perftStop is set while Perft runs (running is then true); Stop raises it.
	perftStop *atomic.Bool
	done      chan struct{} // closed after onBestMove returned
	// finishing is set once the search has its result and is only calling
	// onBestMove: calls that need the engine idle then wait for done instead
	// of failing, so a front end may react to a bestmove at once.
	finishing bool
	pondered  bool // the search started in ponder mode and no ponderhit came yet
}

// New returns a session at the start position with default options. A
// DefaultBook that fails to parse is ignored and reported through cfg.Log.
func New(cfg Config) *Session {
	seed := cfg.Seed
	if seed == 0 {
		seed = 0x9e3779b97f4a7c15
	}
	if cfg.Yield == nil {
		cfg.Yield = defaultYield // Bench uses cfg.Yield too
	}
	s := &Session{cfg: cfg, eng: newEngine(search.Options{HashMB: defaultHashMB, Yield: cfg.Yield, YieldInterval: cfg.YieldInterval}), hashMB: defaultHashMB, rng: rand.NewPCG(seed, seed^0xda3e39cb94b95bdb)}
	for _, o := range optionTable {
		if o.Type != Button {
			if err := o.apply(s, o.Default); err != nil {
				panic("session: default of option " + o.Name + ": " + err.Error())
			}
		}
	}
	pos, err := board.ParseFEN(board.StartFEN)
	if err != nil {
		panic("session: start position: " + err.Error())
	}
	s.pos, s.rootFEN = pos, board.StartFEN
	if cfg.DefaultBook != nil {
		if b, err := book.Parse(cfg.DefaultBook); err == nil {
			s.book = b
		} else {
			s.log("error: built-in book: " + err.Error())
		}
	}
	return s
}

func (s *Session) log(msg string) {
	if s.cfg.Log != nil {
		s.cfg.Log(msg)
	}
}

// SetPosition sets the root to fen ("startpos" or "" for the standard start)
// followed by moves in UCI long algebraic form. On error (a bad FEN, an
// illegal or garbled move: the error names which and where) the previous
// position is kept.
func (s *Session) SetPosition(fen string, moves []string) error {
	fen = strings.TrimSpace(fen)
	if fen == "" || fen == "startpos" {
		fen = board.StartFEN
	}
	pos, err := board.ParseFEN(fen)
	if err != nil {
		return &posError{"", err}
	}
	played := make([]board.Move, len(moves))
	for i, mv := range moves {
		m, err := pos.ParseUCIMove(mv)
		if err != nil {
			return &posError{"move " + strconv.Itoa(i+1), err}
		}
		pos.MakeMove(m)
		played[i] = m
		if pos.Ply() >= 8*board.HistoryKeep {
			pos.TrimHistory(board.HistoryKeep) // bounded while it is read too
		}
	}
	// Memory follows the search, not the game: each search thread copies
	// the root, history included, and no rule reads further back than
	// board.HistoryKeep plies.
	pos.TrimHistory(board.HistoryKeep)
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.idleLocked() {
		return ErrSearching
	}
	s.pos, s.rootFEN, s.rootMove = pos, fen, played
	return nil
}

type posError struct {
	msg string
	err error
}

func (e *posError) Error() string {
	if e.msg == "" {
		return e.err.Error()
	}
	return e.msg + ": " + e.err.Error()
}
func (e *posError) Unwrap() []error { return []error{ErrBadPosition, e.err} }

// Position returns a copy of the current root position.
func (s *Session) Position() *board.Position {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.pos.Copy()
}

// Moves returns the FEN and the moves the current position was set from.
func (s *Session) Moves() (fen string, moves []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]string, len(s.rootMove))
	for i, m := range s.rootMove {
		out[i] = m.String()
	}
	return s.rootFEN, out
}

// ShowWDL reports whether UCI_ShowWDL is on.
func (s *Session) ShowWDL() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.showWDL
}

// PonderEnabled reports whether the Ponder option is on.
func (s *Session) PonderEnabled() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.ponder
}

// NewGame clears the search state (hash, history) for an unrelated game and
// returns to the start position.
func (s *Session) NewGame() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.idleLocked() {
		return ErrSearching
	}
	s.eng.newGame()
	pos, _ := board.ParseFEN(board.StartFEN)
	s.pos, s.rootFEN, s.rootMove = pos, board.StartFEN, nil
	return nil
}

// LoadBook installs a Polyglot book from its bytes (kept by the session; the
// caller must not modify them). A malformed book is rejected and the previous
// book kept.
func (s *Session) LoadBook(data []byte) error {
	b, err := book.Parse(data)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.idleLocked() {
		return ErrSearching
	}
	s.book = b
	return nil
}

// Book returns the installed book, or nil.
func (s *Session) Book() *book.Book {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.book
}

// setBookFile applies the BookFile option (mu held).
func (s *Session) setBookFile(name string) error {
	if name == "" {
		s.bookFile = ""
		s.book = nil
		if s.cfg.DefaultBook != nil {
			if b, err := book.Parse(s.cfg.DefaultBook); err == nil {
				s.book = b
			}
		}
		return nil
	}
	if s.cfg.ReadFile == nil {
		return errors.New("loading a book file is not available in this build; hand the book over as bytes")
	}
	data, err := s.cfg.ReadFile(name)
	if err != nil {
		return err
	}
	b, err := book.Parse(data)
	if err != nil {
		return &fileError{name, err}
	}
	s.book, s.bookFile = b, name
	return nil
}

// idleLocked waits out a search that is only reporting its result and
// reports whether the session is idle. mu is held on entry and on return.
// (A callback of the search itself must not get here: it would wait for
// its own return.)
func (s *Session) idleLocked() bool {
	for s.running && s.finishing {
		done := s.done
		s.mu.Unlock()
		<-done
		s.mu.Lock()
	}
	return !s.running
}

// fileError names what an error is about (a file, an option); it wraps the error.
type fileError struct {
	name string
	err  error
}

func (e *fileError) Error() string { return e.name + ": " + e.err.Error() }
func (e *fileError) Unwrap() error { return e.err }

// Searching reports whether a search is running.
func (s *Session) Searching() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.running
}

// Stop ends the running search (if any) as soon as possible; its onBestMove
// follows. It never blocks and is harmless when nothing runs.
func (s *Session) Stop() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.running {
		return
	}
	if s.bench != nil {
		s.bench.Stop()
		return
	}
	if s.perftStop != nil {
		s.perftStop.Store(true)
		return
	}
	s.eng.stop()
}

// PonderHit tells a search started in ponder mode that the opponent played
// the expected move: from now on it plays by its clock limits.
func (s *Session) PonderHit() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.running || !s.pondered {
		return
	}
	s.pondered = false
	s.eng.ponderHit()
}

// Wait blocks until the running search (if any) has called its onBestMove.
func (s *Session) Wait() {
	s.mu.Lock()
	done := s.done
	s.mu.Unlock()
	if done != nil {
		<-done
	}
}
