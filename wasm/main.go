//go:build js && wasm

package main

import (
	"syscall/js"

	"github.com/azurite-chess/azurite/engine/session"
	"github.com/azurite-chess/azurite/engine/uci"
)

// wasmMaxHashMB is the largest Hash the browser build accepts: wasm32 memory
// ends at 4 GiB, and anything above this cannot fit beside the Go heap.
const wasmMaxHashMB = 4095

// version is set at build time: -ldflags "-X main.version=v1.2.3".
var version = "dev"

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
	y := newYielder()
	b := newBridge(host)
	b.h = uci.NewHandler(uci.Config{
		Name: "Azurite", Author: "the Azurite developers", Version: version,
		Session: session.Config{
			// The search parks in y.yield about every yieldInterval so the
			// event loop can deliver stop and isready (see yield.go).
			Yield:         y.yield,
			YieldInterval: yieldInterval,
			// Hash stays at its 16 MB default (phones); its maximum is what
			// wasm32 can address, and a device that cannot grow memory that
			// far stops the engine with an error event (worker.js). Go runs
			// one thread here, so Threads is fixed at 1.
			MaxHashMB:  wasmMaxHashMB,
			MaxThreads: 1,
		},
	}, b.output)
	send := js.FuncOf(b.send)
	api := js.Global().Get("Object").New()
	api.Set("send", send)
	host.Call("ready", api)
	b.loop()
	send.Release()
}
