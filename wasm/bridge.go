//go:build js && wasm

package main

import (
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"syscall/js"

	"github.com/azurite-chess/azurite/engine/uci"
	"github.com/norunners/vert"
)

// bridge connects the host (worker.js or the node runner) to the handler.
//
// Concurrency: send runs inside a JavaScript callback and must return
// quickly, so it only parses, raises the stop flag and queues. loop runs the
// queue on the main goroutine; the handler's search runs on its own
// goroutine. In js/wasm all of them share one thread and switch only when a
// goroutine blocks, so the search's yields are what let send run mid-search.
type bridge struct {
	host js.Value // line(s), event(obj), quit()
	h    *uci.Handler
	hook *searchHook

	mu     sync.Mutex
	queue  []request
	signal chan struct{} // cap 1: "the queue is not empty"

	typed  atomic.Bool // the latest message was typed: answer with events
	quit   atomic.Bool // "quit" was received: refuse further messages
	events eventParser // used only from output, which the handler serialises
}

func newBridge(host js.Value) *bridge {
	return &bridge{host: host, signal: make(chan struct{}, 1)}
}

// send is the page's entry point: one postMessage payload.
func (b *bridge) send(_ js.Value, args []js.Value) any {
	if len(args) == 0 {
		b.reportError(false, msgErr("", "send needs one argument"))
		return nil
	}
	r, err := parseMessage(args[0])
	b.typed.Store(r.typed)
	if b.quit.Load() {
		b.reportError(r.typed, errors.New("the engine has quit"))
		return nil
	}
	if err != nil {
		b.reportError(r.typed, err)
		return nil
	}
	for _, l := range r.lines {
		switch l {
		case "stop":
			// Raise the flag now: the search sees it at its next node check,
			// without waiting for the command goroutine.
			b.h.Session().Stop()
		case "quit":
			b.quit.Store(true)
			b.h.Session().Stop()
		}
	}
	b.mu.Lock()
	b.queue = append(b.queue, r)
	b.mu.Unlock()
	select {
	case b.signal <- struct{}{}:
	default:
	}
	return nil
}

// loop feeds queued requests to the handler until "quit", then waits for a
// running search to report and tells the host.
func (b *bridge) loop() {
	for range b.signal {
		for {
			b.mu.Lock()
			if len(b.queue) == 0 {
				b.mu.Unlock()
				break
			}
			r := b.queue[0]
			b.queue = b.queue[1:]
			b.mu.Unlock()
			if b.run(r) {
				b.h.Close()
				b.host.Call("quit")
				return
			}
		}
	}
}

// run executes one request and reports whether it was "quit".
func (b *bridge) run(r request) (quit bool) {
	if r.stopFlag.Truthy() {
		b.hook.setFlag(r.stopFlag)
		b.event(event{"type": "stopflag"})
		return false
	}
	if r.isBook {
		if err := b.h.Session().LoadBook(r.book); err != nil {
			msg := strings.ReplaceAll("book: "+err.Error(), "\n", "; ")
			b.event(event{"type": "error", "message": msg, "where": "book", "source": "engine"})
			return false
		}
		b.event(event{"type": "book", "entries": float64(len(r.book) / 16)})
		return false
	}
	for _, l := range r.lines {
		if l == "go" || strings.HasPrefix(l, "go ") {
			b.hook.clearFlag()
		}
		if b.h.HandleLine(l) {
			return true
		}
	}
	return false
}

// output receives every line the handler writes.
func (b *bridge) output(line string) {
	if !b.typed.Load() {
		b.host.Call("line", line)
		return
	}
	for _, e := range b.events.parse(line) {
		b.event(e)
	}
}

func (b *bridge) event(e event) {
	b.host.Call("event", vert.ValueOf(map[string]any(e)).JSValue())
}

// reportError tells the page about a message the bridge refused: an error
// event (typed) or an "info string error:" line (strings), like the handler's
// own errors.
func (b *bridge) reportError(typed bool, err error) {
	msg := strings.ReplaceAll(err.Error(), "\n", "; ")
	if !typed {
		b.host.Call("line", "info string error: "+msg)
		return
	}
	e := event{"type": "error", "message": msg, "source": "message"}
	var me *messageError
	if errors.As(err, &me) && me.where != "" {
		e["where"] = me.where
	}
	b.event(e)
}
