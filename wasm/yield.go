//go:build js && wasm

package main

import (
	"syscall/js"
	"time"
)

// yielder gives the JavaScript event loop a turn from inside a long Go
// computation.
//
// Go's js/wasm runtime returns to the event loop only when every goroutine is
// blocked. time.Sleep blocks, but its wake-up is a setTimeout, which browsers
// clamp to 4 ms once timers nest (a search that yields every few ms nests
// them at once). Instead the yielder posts a message to itself through a
// MessageChannel and blocks on a channel that the port's onmessage callback
// fills: message tasks are not clamped, and any message already waiting in
// the worker's queue (stop, isready) is delivered before ours because tasks
// of the same source run in order.
//
// Where the worker has scheduler.postTask (Chromium 94+, Firefox 142+) the
// yielder posts the wake-up as a task instead: a MessagePort message is
// routed through the browser's IPC even to the same thread, a posted task
// goes straight into the worker's own task queue, and a message from the page
// is still delivered before the next wake-up. Other browsers keep the
// MessageChannel path.
//
// Under node the yielder uses setImmediate instead: node drains a
// MessagePort's queue in one go, including messages posted while draining,
// so a MessageChannel ping-pong would starve stdin (a stop went unseen for
// seconds). setImmediate runs after each I/O poll and is not clamped.
//
// The cost of a turn on each path is in docs/protocol-figures.md ("Turn
// costs behind the wasm bridge").
type yielder struct {
	port      js.Value // port1 of a MessageChannel: we post to it; or
	immediate js.Value // setImmediate, under node; or
	scheduler js.Value // globalThis.scheduler, whose postTask we call
	useTask   bool     // post through scheduler (the default where it exists)
	wake      chan struct{}
	onWake    js.Func

	// Measurement builds (yieldMode "switch") split each turn into the
	// time until the wake-up callback ran (the event loop's part) and from
	// there until yield returned (the Go scheduler's part).
	posted, woke    time.Time
	loopNs, resumNs int64
}

// newYielder returns a yielder, or nil when the host has no MessageChannel
// (then the search falls back to a 1 ms sleep; see yield).
func newYielder() *yielder {
	y := &yielder{wake: make(chan struct{}, 1)}
	y.onWake = js.FuncOf(func(js.Value, []js.Value) any {
		if yieldMode == "switch" {
			y.woke = time.Now()
		}
		select {
		case y.wake <- struct{}{}:
		default:
		}
		return nil
	})
	if im := js.Global().Get("setImmediate"); im.Type() == js.TypeFunction {
		y.immediate = im
		return y
	}
	mc := js.Global().Get("MessageChannel")
	if mc.Type() != js.TypeFunction {
		y.onWake.Release()
		return nil
	}
	if sch := js.Global().Get("scheduler"); sch.Type() == js.TypeObject && sch.Get("postTask").Type() == js.TypeFunction {
		y.scheduler, y.useTask = sch, true
	}
	ch := mc.New()
	y.port = ch.Get("port1")
	p2 := ch.Get("port2")
	p2.Set("onmessage", y.onWake)
	// In node an active port keeps the process alive; the runner decides
	// when to exit, so neither port may hold it open.
	for _, p := range []js.Value{y.port, p2} {
		if u := p.Get("unref"); u.Type() == js.TypeFunction {
			p.Call("unref")
		}
	}
	return y
}

// yield blocks the calling goroutine until the event loop has run the tasks
// queued before this call. It must not be called from a js.FuncOf callback.
func (y *yielder) yield() {
	if y == nil {
		time.Sleep(time.Millisecond)
		return
	}
	if yieldMode == "switch" {
		y.posted = time.Now()
		defer func() {
			now := time.Now()
			y.loopNs += int64(y.woke.Sub(y.posted))
			y.resumNs += int64(now.Sub(y.woke))
		}()
	}
	switch {
	case y.immediate.Truthy():
		y.immediate.Invoke(y.onWake)
	case y.useTask:
		y.scheduler.Call("postTask", y.onWake)
	default:
		y.port.Call("postMessage", js.Null())
	}
	<-y.wake
}

// setPath picks the wake-up path in measurement builds: "task"
// (scheduler.postTask) or "channel" (MessageChannel). It reports false when
// the host lacks it.
func (y *yielder) setPath(p string) bool {
	switch {
	case y == nil || y.immediate.Truthy():
		return false
	case p == "task" && y.scheduler.Truthy():
		y.useTask = true
	case p == "channel":
		y.useTask = false
	default:
		return false
	}
	return true
}
