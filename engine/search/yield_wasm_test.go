//go:build js && wasm

package search

import "runtime"

// testYield is the Yield hook of tests that stop or ponderhit a search from
// another goroutine. js/wasm runs every goroutine on one thread and never
// preempts a running one, so while a search computes, a test goroutine
// sleeping in time.Sleep or time.After never runs again unless the search
// lets it (TestStopInfinite hung here). The shipped browser build always
// yields through Options.Yield (wasm/stopflag.go); Gosched is the least a
// hook can do: it lets the scheduler run other goroutines whose timers fired.
var testYield = runtime.Gosched
