//go:build js && wasm

package session

import "runtime"

// defaultYield is the search's Yield hook when Config.Yield is nil. js/wasm
// runs every goroutine on one thread and never preempts a running one, so
// without a hook a search would keep the thread until it ends: Stop or
// PonderHit from another goroutine (a front end's input loop, a test's
// timer) would never run, and an infinite search would never end. Gosched
// lets the scheduler run the goroutines that are ready. It does not give the
// JavaScript event loop a turn: a browser front end sets its own hook
// (wasm/stopflag.go).
var defaultYield = runtime.Gosched
