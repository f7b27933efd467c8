//go:build js && wasm

package main

import (
	"strings"
	"sync"
	"syscall/js"
	"testing"
	"time"
)

// testHost is a host object (see main) that records what the engine says.
type testHost struct {
	mu     sync.Mutex
	lines  []string // UCI lines, and typed events as "event <type>"
	funcs  []js.Func
	object js.Value
}

func newTestHost() *testHost {
	h := &testHost{object: js.Global().Get("Object").New()}
	add := func(name string, f func(args []js.Value)) {
		fn := js.FuncOf(func(_ js.Value, args []js.Value) any { f(args); return nil })
		h.funcs = append(h.funcs, fn)
		h.object.Set(name, fn)
	}
	add("line", func(a []js.Value) { h.record(a[0].String()) })
	add("event", func(a []js.Value) { h.record("event " + a[0].Get("type").String()) })
	add("quit", func([]js.Value) {})
	return h
}

func (h *testHost) record(s string) {
	h.mu.Lock()
	h.lines = append(h.lines, s)
	h.mu.Unlock()
}

// since returns the lines recorded from index i on.
func (h *testHost) since(i int) []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]string(nil), h.lines[i:]...)
}

func (h *testHost) mark() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.lines)
}

func (h *testHost) release() {
	for _, f := range h.funcs {
		f.Release()
	}
}

// stopFlagRig is an engine with a shared stop flag, driven without the
// message loop: send delivers a message as the page would, process runs what
// send queued, as the command goroutine would.
type stopFlagRig struct {
	t    *testing.T
	host *testHost
	b    *bridge
	flag js.Value
}

func newStopFlagRig(t *testing.T) *stopFlagRig {
	host := newTestHost()
	r := &stopFlagRig{t: t, host: host, b: newEngine(host.object)}
	t.Cleanup(func() {
		r.b.h.Session().Stop()
		r.b.h.Session().Wait()
		host.release()
	})
	r.flag = js.Global().Get("Int32Array").New(js.Global().Get("SharedArrayBuffer").New(4))
	msg := js.Global().Get("Object").New()
	msg.Set("type", "stopflag")
	msg.Set("buffer", r.flag.Get("buffer"))
	r.send(msg)
	r.process()
	if got := host.since(0); len(got) != 1 || got[0] != "event stopflag" {
		t.Fatalf("stopflag install: %q", got)
	}
	return r
}

func (r *stopFlagRig) send(msg any) { r.b.send(js.Undefined(), []js.Value{js.ValueOf(msg)}) }

func (r *stopFlagRig) typed(fields map[string]any) { r.send(fields) }

func (r *stopFlagRig) process() { r.b.drain(everyRequest) }

func (r *stopFlagRig) store(n int) {
	js.Global().Get("Atomics").Call("store", r.flag, 0, n)
}

// waitIdle waits up to d for the running search to report its bestmove.
func (r *stopFlagRig) waitIdle(d time.Duration) bool {
	done := make(chan struct{})
	go func() {
		r.b.h.Session().Wait()
		close(done)
	}()
	select {
	case <-done:
		return true
	case <-time.After(d):
		return false
	}
}

// TestStopFlagNumbersSearches: the page stores the number of the search it
// wants stopped. Regression: the flag was reset when the engine processed a
// go, so a stop stored before the engine reached that go was lost and the
// infinite search never ended.
func TestStopFlagNumbersSearches(t *testing.T) {
	r := newStopFlagRig(t)

	// Search 1: stopped before the engine has even seen its go.
	m := r.host.mark()
	r.send("position startpos\ngo infinite")
	r.store(1)
	r.process()
	if !r.waitIdle(10 * time.Second) {
		t.Fatalf("search 1 still running 10 s after a stop stored before its go was processed (%d lines of output)", len(r.host.since(m)))
	}
	if out := r.host.since(m); len(out) == 0 || !strings.HasPrefix(out[len(out)-1], "bestmove ") {
		t.Fatalf("search 1 output %q, want a bestmove last", out)
	}

	// Search 2: the stop for search 1 does not end it.
	m = r.host.mark()
	r.send("go depth 4")
	r.process()
	if !r.waitIdle(30 * time.Second) {
		t.Fatal("go depth 4 did not finish")
	}
	out := r.host.since(m)
	if !containsPrefix(out, "info depth 4 ") || !strings.HasPrefix(out[len(out)-1], "bestmove ") {
		t.Fatalf("search 2 (go depth 4) output %q: cut short by the stop for search 1?", out)
	}

	// Search 3 runs; a refused typed go still takes number 4; search 5
	// is not stopped by a stop for 4, but by one for 5.
	r.typed(map[string]any{"type": "go", "infinite": true})
	r.process()
	r.typed(map[string]any{"type": "go", "depth": "deep"})
	r.store(3)
	if !r.waitIdle(10 * time.Second) {
		t.Fatal("search 3 not stopped by a stored 3")
	}
	m = r.host.mark()
	r.send("go infinite")
	r.process()
	r.store(4)
	if r.waitIdle(300 * time.Millisecond) {
		t.Fatalf("search 5 stopped by a stop for search 4 (the refused go was not counted?); output %q", r.host.since(m))
	}
	r.store(5)
	if !r.waitIdle(10 * time.Second) {
		t.Fatal("search 5 not stopped by a stored 5")
	}

	// A second stopflag message restarts the numbering.
	r.store(0)
	msg := js.Global().Get("Object").New()
	msg.Set("type", "stopflag")
	msg.Set("buffer", r.flag.Get("buffer"))
	r.send(msg)
	r.send("go infinite")
	r.store(1)
	r.process()
	if !r.waitIdle(10 * time.Second) {
		t.Fatal("after reinstalling the flag, search 1 not stopped by a stored 1")
	}
}

func containsPrefix(lines []string, p string) bool {
	for _, l := range lines {
		if strings.HasPrefix(l, p) {
			return true
		}
	}
	return false
}
