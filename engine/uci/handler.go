package uci

import (
	"errors"
	"io"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/azurite-chess/azurite/engine/session"
)

// Config names the engine and configures its session.
type Config struct {
	// Name and Author are printed by "uci" (id name / id author); Version is
	// appended to the name.
	Name, Author, Version string
	// Session configures the engine API (default book, BookFile loader, seed).
	// Its Log is set by the Handler.
	Session session.Config
}

// Handler parses protocol lines into session calls and formats session
// events into lines. See the package documentation for the contract.
type Handler struct {
	cfg  Config
	sess *session.Session

	outMu sync.Mutex
	out   func(string)

	started atomic.Bool // a first command was seen (protocol chosen)
	xboard  atomic.Bool // the first command was "xboard"
	xb      *xboardState
	debug   atomic.Bool
	task    taskState // a running bench or perft (task.go)
}

// NewHandler returns a handler in UCI mode (switching to xboard if the first
// command is "xboard") whose output lines go to out.
func NewHandler(cfg Config, out func(line string)) *Handler {
	h := &Handler{cfg: cfg, out: out}
	sc := cfg.Session
	sc.Log = func(msg string) {
		if h.xboard.Load() {
			h.emit("# " + msg)
		} else {
			h.emit("info string " + msg)
		}
	}
	h.sess = session.New(sc)
	return h
}

// Session returns the engine API the handler drives, for front ends that
// also send typed commands. Calls on it bypass the protocol layer.
func (h *Handler) Session() *session.Session { return h.sess }

// emit writes one output line; safe from any goroutine.
func (h *Handler) emit(line string) {
	h.outMu.Lock()
	defer h.outMu.Unlock()
	h.out(line)
}

// errLine reports bad input as one line in the protocol's error form. The
// message quotes input through quote (at most maxQuote bytes of it); a
// message that is still longer than maxErrorLen (a session error quoting a
// long value) is cut there.
func (h *Handler) errLine(msg string) { h.emit(h.errorLine(msg)) }

func (h *Handler) errorLine(msg string) string {
	msg = session.ClipInput(oneLine(msg), maxErrorLen)
	if h.xboard.Load() {
		return "Error (" + msg + ")"
	}
	return "info string error: " + msg
}

// Error lines quote input, and a line of input may be megabytes long.
const (
	// maxQuote is the most bytes of one input token or line an error quotes.
	maxQuote = 200
	// maxErrorLen bounds a whole error message.
	maxErrorLen = 1000
)

// quote is strconv.Quote of s clipped to maxQuote bytes.
func quote(s string) string { return strconv.Quote(session.ClipInput(s, maxQuote)) }

// oneLine folds a multi-line message (errors.Join) into one line.
func oneLine(s string) string { return strings.ReplaceAll(s, "\n", "; ") }

// HandleLine processes one input line (without its newline) and reports
// whether it was "quit". A line over MaxLineBytes is refused with an error
// line before it is split into words.
func (h *Handler) HandleLine(line string) (quit bool) {
	if len(line) > MaxLineBytes {
		h.errLine(LongLineError(int64(len(line)), line[:maxQuote]).Error())
		return false
	}
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return false
	}
	if !h.started.Swap(true) && fields[0] == "xboard" {
		h.xboard.Store(true)
		h.xb = newXboardState()
		return false
	}
	if h.whileBusy(line, fields[0]) {
		return false
	}
	if fields[0] == "quit" {
		h.waitIdle() // a running bench or perft finishes first (task.go)
	}
	return h.dispatch(line, fields)
}

// RefuseLine reports an input line that a front end read but did not hand
// over, since it was longer than MaxLineBytes (size bytes, starting with
// start), with the error line HandleLine gives for one.
func (h *Handler) RefuseLine(size int64, start string) {
	h.errLine(LongLineError(size, start).Error())
}

// ErrorLine formats msg (about input a front end refused before the
// handler saw it) as the chosen protocol's error line, for the front end
// to print: "info string error: msg" in UCI, "Error (msg)" in xboard.
func (h *Handler) ErrorLine(msg string) string { return h.errorLine(msg) }

// HandleSetupLine runs a UCI line that a front end sends on its own behalf
// (the worker's warm-up), not on the user's: it is not the first command
// that chooses between UCI and xboard, and it runs as UCI whichever
// protocol the user chose.
func (h *Handler) HandleSetupLine(line string) {
	if f := strings.Fields(line); len(f) > 0 {
		h.uciLine(f)
	}
}

// dispatch runs one line, split into fields, in the chosen protocol.
func (h *Handler) dispatch(line string, fields []string) (quit bool) {
	if h.xboard.Load() {
		return h.xboardLine(line, fields)
	}
	return h.uciLine(fields)
}

// Close ends the session: it lets a running bench or perft finish (and the
// lines waiting for it run), stops a running search and waits until its
// bestmove has been written. Call it at end of input.
func (h *Handler) Close() {
	h.waitIdle()
	h.sess.Stop()
	h.sess.Wait()
}

// stopAndWait ends a running search before a command that needs the engine idle.
func (h *Handler) stopAndWait() {
	h.sess.Stop()
	h.sess.Wait()
}

// Run reads lines from r until "quit" or end of input, feeding them to a
// Handler that writes to w. It returns after the last search has reported.
func Run(r io.Reader, w io.Writer, cfg Config) error {
	var werr error
	var mu sync.Mutex
	h := NewHandler(cfg, func(line string) {
		if _, err := io.WriteString(w, line+"\n"); err != nil {
			mu.Lock()
			werr = err
			mu.Unlock()
		}
	})
	lr := NewLineReader(r)
	for {
		line, err := lr.Next()
		if errors.Is(err, ErrLineTooLong) {
			h.errLine(err.Error())
			continue
		}
		if err == nil && h.HandleLine(line) {
			break
		}
		if err != nil {
			h.Close()
			if errors.Is(err, io.EOF) {
				err = nil
			}
			mu.Lock()
			defer mu.Unlock()
			return errors.Join(err, werr)
		}
	}
	h.Close()
	mu.Lock()
	defer mu.Unlock()
	return werr
}
