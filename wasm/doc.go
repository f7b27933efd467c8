//go:build js && wasm

// Command wasm is Azurite's GOOS=js GOARCH=wasm main: a thin bridge between
// Web Worker messages and the same UCI handler (engine/uci) the native binary
// runs. worker.js (browser) and tools/azurite-uci.mjs (node) load it; the
// message protocol is documented in docs/protocol.md.
//
// The bridge never runs engine code inside a JavaScript callback: the
// callback only converts the message into UCI lines, queues them and, for
// "stop", raises the stop flag at once. A command goroutine feeds the queue
// to the handler. The search runs in its own goroutine and, through
// search.Options.Yield, briefly hands the thread back to the event loop so
// that queued messages are delivered while it thinks (see yield.go for the
// mechanism and the measurements that chose it).
//
// Files:
//
//	doc.go       this map
//	main.go      start-up: the host object, the engine configuration, the send callback
//	bridge.go    the command queue, output routing (UCI strings or typed events), warm-up
//	stopflag.go  the search hook: shared stop flag (isolated pages; searches numbered
//	             by their go, see bridge.send) and event-loop turns
//	yield.go     giving the event loop a turn without the setTimeout clamp
//	message.go   typed messages -> UCI lines (github.com/norunners/vert for the fields)
//	jsread.go    reading page values without trusting them (BigInt, getters, Proxies, lengths)
//	event.go     UCI output lines -> typed events
package main
