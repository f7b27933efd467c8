package uci

import (
	"strconv"
	"strings"
	"sync"

	"github.com/azurite-chess/azurite/engine/board"
)

// Long commands (bench, perft, go perft) run like a search: on a goroutine
// of their own, so the input loop keeps reading. While one runs, "isready"
// is answered at once and "stop" ends it (Session.Stop); every other line
// waits, in order, until it has printed its last line ("quit" and the end
// of input too: a bench or perft is finite, and `printf 'bench\nquit\n' |
// azurite` must print the whole bench). A "stop" is also kept in the queue
// when lines wait, so that it stops what they start, as it would have had
// they run at once.
type taskState struct {
	mu      sync.Mutex
	busy    bool          // a task runs, or the lines that waited for it are being run
	pending []string      // lines received while busy, in order
	idle    chan struct{} // closed when busy turns false
	gen     int           // counts started tasks: a queued task takes the queue over
}

// whileBusy deals with a line received while a task runs and reports
// whether it did (false: no task runs, handle the line now).
func (h *Handler) whileBusy(line, cmd string) bool {
	t := &h.task
	t.mu.Lock()
	if !t.busy || cmd == "quit" {
		t.mu.Unlock()
		return false
	}
	switch cmd {
	case "isready":
		t.mu.Unlock()
		h.emit("readyok")
		return true
	case "stop":
		h.sess.Stop()
		if len(t.pending) == 0 {
			t.mu.Unlock()
			return true
		}
	}
	t.pending = append(t.pending, line)
	t.mu.Unlock()
	return true
}

// waitIdle blocks until no task runs and no line waits for one.
func (h *Handler) waitIdle() {
	h.task.mu.Lock()
	busy, idle := h.task.busy, h.task.idle
	h.task.mu.Unlock()
	if busy {
		<-idle
	}
}

// WaitIdle blocks until a running bench or perft and the lines that arrived
// while it ran are done. Front ends that act on the session directly (the
// wasm bridge's book messages) call it first.
func (h *Handler) WaitIdle() { h.waitIdle() }

// startTask runs fn as the handler's task, then the lines that waited.
func (h *Handler) startTask(fn func()) {
	t := &h.task
	t.mu.Lock()
	if !t.busy {
		t.busy, t.idle = true, make(chan struct{})
	}
	t.gen++
	gen := t.gen
	t.mu.Unlock()
	go func() {
		fn()
		h.drain(gen)
	}()
}

// drain runs the lines that waited for task gen, until none is left or one
// of them starts the next task (which drains from then on).
func (h *Handler) drain(gen int) {
	t := &h.task
	for {
		t.mu.Lock()
		if t.gen != gen {
			t.mu.Unlock()
			return
		}
		if len(t.pending) == 0 {
			t.busy = false
			close(t.idle)
			t.mu.Unlock()
			return
		}
		line := t.pending[0]
		t.pending = t.pending[1:]
		t.mu.Unlock()
		h.dispatch(line, strings.Fields(line))
	}
}

// startPerft runs a divide of the current position to depth as a task:
// "move: count" per root move as it is known, then a blank line and
// "Nodes searched: N"; a stopped perft ends with "info string perft stopped
// after k of n moves" instead (a partial count is not the perft number).
func (h *Handler) startPerft(depth int) {
	pos := h.sess.Position()
	var l board.MoveList
	pos.GenerateAll(&l)
	done := 0
	run, err := h.sess.StartPerft(depth, func(m board.Move, n uint64) {
		done++
		h.emit(m.String() + ": " + strconv.FormatUint(n, 10))
	})
	if err != nil {
		h.errLine("perft: " + err.Error())
		return
	}
	h.startTask(func() {
		total, complete := run()
		switch {
		case !complete:
			h.emit("info string perft stopped after " + strconv.Itoa(done) + " of " + strconv.Itoa(l.N) + " moves")
		default:
			h.emit("")
			h.emit("Nodes searched: " + strconv.FormatUint(total, 10))
		}
	})
}
