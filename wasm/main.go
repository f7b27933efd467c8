//go:build js && wasm

package main

import (
	"syscall/js"

	"github.com/azurite-chess/azurite/engine/session"
	"github.com/azurite-chess/azurite/engine/uci"
)

// wasmMaxHashMB is the largest Hash the browser build accepts: wasm32 memory
// ends at 4 GiB, and the table must fit beside the rest of the Go heap
// (about 40 MB, more with a book) and what the garbage collector needs.
// 4095 MB did not: Go's runtime died with "cannot allocate" (a fatal error,
// not one it can recover from). 512 MB are left for the rest; runner.test.mjs
// sets this maximum and searches with it under node.
const wasmMaxHashMB = 3584

// version is set at build time: -ldflags "-X main.version=v1.2.3".
var version = "dev"

// yieldMode "switch" (-ldflags "-X main.yieldMode=switch") builds an engine
// that also accepts "yield off", "yield on" and "yield <ms>" (the event-loop
// interval), so one worker can measure what yielding costs with the same
// positions interleaved (make wasm-figures). Shipped builds leave it empty:
// with turns off a search cannot be stopped.
var yieldMode = ""

// main expects the host to have defined globalThis.azuriteHost with
//
//	line(text)    one UCI output line (string mode)
//	event(obj)    one typed event (typed mode)
//	ready(api)    called once with {send(msg)} when the engine accepts messages
//	quit()        called after "quit" once the last bestmove has been written
//
// and runs until "quit".
func main() {
	host := js.Global().Get("azuriteHost")
	if host.Type() != js.TypeObject {
		js.Global().Get("console").Call("error", "azurite: globalThis.azuriteHost is missing; load the engine through worker.js or tools/azurite-uci.mjs")
		return
	}
	b := newEngine(host)
	send := js.FuncOf(b.send)
	api := js.Global().Get("Object").New()
	refuse := js.FuncOf(b.refuseLine)
	api.Set("send", send)
	api.Set("refuseLine", refuse)
	host.Call("ready", api)
	b.loop()
	send.Release()
	refuse.Release()
}

// newEngine returns a bridge to a new engine that reports to host.
func newEngine(host js.Value) *bridge {
	b := newBridge(host)
	b.hook = newSearchHook(newYielder())
	yield := b.hook.call
	b.h = uci.NewHandler(uci.Config{
		Name: "Azurite", Author: "the Azurite developers", Version: version,
		Session: session.Config{
			// The search calls the hook about every hookInterval; it reads
			// the page's shared stop flag, if any, and parks the search so
			// the event loop can deliver stop and isready (stopflag.go,
			// yield.go).
			Yield:         yield,
			YieldInterval: hookInterval,
			// Hash stays at its 16 MB default (phones); its maximum is what
			// wasm32 can address, and a device that cannot grow memory that
			// far stops the engine with an error event (worker.js). Go runs
			// one thread here, so Threads is fixed at 1.
			MaxHashMB:  wasmMaxHashMB,
			MaxThreads: 1,
		},
	}, b.output)
	b.hook.stop = b.h.Session().Stop
	return b
}
