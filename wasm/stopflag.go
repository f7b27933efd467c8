//go:build js && wasm

package main

import (
	"sync"
	"sync/atomic"
	"syscall/js"
	"time"
)

// Intervals of the search hook (see yield.go and docs/protocol.md for the
// measurements).
const (
	// hookInterval is how often the search calls the hook: cheap when it only
	// reads the shared stop flag.
	hookInterval = time.Millisecond
	// loopInterval is how often the hook hands the thread to the event loop
	// when no shared stop flag is installed: a stop waits for the next turn,
	// half an interval on average. 10 ms keeps the turns' cost to a few
	// percent of search time and answers a stop within about 10 ms; 20 ms
	// misses that aim (docs/protocol-figures.md, "Turn costs behind the wasm
	// bridge").
	loopInterval = 10 * time.Millisecond
	// loopIntervalShared is the event-loop interval when the page shares a
	// stop flag: stop no longer needs the event loop, only isready and the
	// other messages do, so turns can be rarer and the search faster.
	loopIntervalShared = 20 * time.Millisecond
	// minCallsPerTurn is the fewest hook calls between two turns. The
	// search calls the hook at most once per clock read (every 256 nodes),
	// so this is a floor of 512 nodes of work per turn. It does not bind on
	// a running search (10 ms hold thousands of nodes), but on a CPU-starved
	// one, where every clock read finds the interval gone, it keeps turns
	// from eating the little CPU the search gets. A floor of 4 calls made a
	// stop wait several times longer, so it stays at 2 (same page).
	minCallsPerTurn = 2
)

// searchHook is what the search calls about every hookInterval. It raises
// the stop flag when the page set the shared flag, and gives the event loop a
// turn every loopInterval (or loopIntervalShared).
//
// The shared flag ({type:'stopflag', buffer}) exists only on cross-origin
// isolated pages, where SharedArrayBuffer is available. The searches the page
// starts after installing it are numbered 1, 2, 3, … in the order their `go`
// reaches the engine (see bridge.send); to stop search n the page stores n
// in element 0 of an Int32Array over it, and search n (or any earlier one
// still running) sees it within about a millisecond, without waiting for a
// turn of the event loop. The engine never writes the flag, so a stop stored
// before the engine has even started search n is not lost, and a stop for
// search n cannot end search n+1.
type searchHook struct {
	y       *yielder
	atomics js.Value

	mu       sync.Mutex
	flag     js.Value // Int32Array over a SharedArrayBuffer, or undefined
	lastLoop time.Time
	calls    int // hook calls since the last turn (search goroutine only)
	stop     func()

	// search is the number of the running search (set by the command
	// goroutine when it starts a go; see bridge.send), 0 when the flag does
	// not apply (a bench, the warm-up): the flag stops the search when its
	// value is at least this.
	search atomic.Int32

	// every overrides loopInterval when > 0; < 0 turns event-loop turns
	// off; floor overrides minCallsPerTurn when > 0. Set only by the
	// "yield" command of measurement builds (yieldMode "switch", see
	// main.go).
	every atomic.Int64
	floor atomic.Int64

	// turns and turnTime count the event-loop turns and the wall time spent
	// in them (the clock is read before and after each turn anyway), for
	// "yield stats" in measurement builds.
	turns    atomic.Int64
	turnTime atomic.Int64
}

func newSearchHook(y *yielder) *searchHook {
	return &searchHook{y: y, atomics: js.Global().Get("Atomics"), flag: js.Undefined()}
}

// setInterval overrides the event-loop interval: d > 0 sets it, d < 0 turns
// turns off (the search then cannot be stopped without a shared flag), 0
// restores loopInterval. For measurement builds only.
func (h *searchHook) setInterval(d time.Duration) { h.every.Store(int64(d)) }

// setFloor overrides minCallsPerTurn (n > 0) or restores it (n = 0). For
// measurement builds only.
func (h *searchHook) setFloor(n int) { h.floor.Store(int64(n)) }

// takeStats returns the turns and the time spent in them since the last call.
func (h *searchHook) takeStats() (turns int64, d time.Duration) {
	return h.turns.Swap(0), time.Duration(h.turnTime.Swap(0))
}

// setFlag installs the page's shared stop flag (from the command goroutine);
// bridge.send restarts the numbering of searches.
func (h *searchHook) setFlag(f js.Value) {
	h.mu.Lock()
	h.flag = f
	h.mu.Unlock()
	h.search.Store(0) // a running search's number belongs to the old flag
}

// startSearch tells the hook the number of the search about to start (0:
// one the flag cannot stop). Called by the command goroutine.
func (h *searchHook) startSearch(n int32) { h.search.Store(n) }

// stopRequested reports whether the shared flag asks to stop the running
// search: it holds that search's number or a later one.
func (h *searchHook) stopRequested(f js.Value) bool {
	n := h.search.Load()
	return n > 0 && h.atomics.Call("load", f, 0).Int() >= int(n)
}

// call is the search.Options.Yield hook; it runs on the search goroutine.
func (h *searchHook) call() {
	h.mu.Lock()
	f := h.flag
	h.mu.Unlock()
	every := loopInterval
	if f.Truthy() {
		every = loopIntervalShared
		if h.stopRequested(f) {
			h.stop()
		}
	}
	if o := time.Duration(h.every.Load()); o < 0 {
		return
	} else if o > 0 {
		every = o
	}
	floor := minCallsPerTurn
	if f := int(h.floor.Load()); f > 0 {
		floor = f
	}
	h.calls++
	if now := time.Now(); h.calls >= floor && now.Sub(h.lastLoop) >= every {
		h.y.yield()
		h.lastLoop = time.Now()
		h.calls = 0
		h.turns.Add(1)
		h.turnTime.Add(int64(h.lastLoop.Sub(now)))
	}
}

// parseStopFlag reads {type:'stopflag', buffer}: a SharedArrayBuffer (or an
// Int32Array over one) of at least 4 bytes.
func parseStopFlag(msg js.Value) (request, error) {
	g := js.Global()
	sab := g.Get("SharedArrayBuffer")
	if sab.Type() != js.TypeFunction {
		return request{}, msgErr("stopflag.buffer", "SharedArrayBuffer is not available (the page is not cross-origin isolated)")
	}
	buf, err := getProp(msg, "buffer")
	if err != nil {
		return request{}, msgErr("stopflag.buffer", "cannot read: "+err.Error())
	}
	// The built-in getters check what buf really is (jsread.go): a
	// SharedArrayBuffer, or a typed array over one; the flag is a new
	// Int32Array over its first 4 bytes.
	typedArray := jsReflect.Call("getPrototypeOf", g.Get("Int32Array").Get("prototype"))
	arr, err := jsCall(func() js.Value {
		if kindOf(buf) != kindObject {
			return js.Null()
		}
		if n, err := jsCall(func() js.Value { return builtinGet(sab.Get("prototype"), "byteLength", buf) }); err == nil {
			if n.Float() < 4 {
				return js.Null()
			}
			return g.Get("Int32Array").New(buf, 0, 1)
		}
		b := builtinGet(typedArray, "buffer", buf)
		off, n := builtinGet(typedArray, "byteOffset", buf), builtinGet(typedArray, "byteLength", buf)
		builtinGet(sab.Get("prototype"), "byteLength", b) // throws unless b is shared
		if n.Float() < 4 {
			return js.Null()
		}
		return g.Get("Int32Array").New(b, off, 1)
	})
	if err != nil || arr.IsNull() {
		return request{}, msgErr("stopflag.buffer", "want a SharedArrayBuffer of at least 4 bytes or an Int32Array over one")
	}
	return request{stopFlag: arr}, nil
}
