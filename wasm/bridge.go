//go:build js && wasm

package main

import (
	"errors"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall/js"
	"time"

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

	typed       atomic.Bool   // the latest message was typed: answer with events
	warming     atomic.Bool   // the warm-up search may still run (see warmUpLines)
	warmDone    chan struct{} // cap 1: the warm-up search has printed its bestmove
	hashDefault string        // the Hash option's default, restored after the warm-up
	quit        atomic.Bool   // "quit" was received: refuse further messages
	events      eventParser   // used only from output, which the handler serialises

	// goSeq counts the go commands received since the last stopflag
	// message: each one's number is what the page stores in the shared
	// flag to stop it (stopflag.go). Only send touches it.
	goSeq int32
}

func newBridge(host js.Value) *bridge {
	return &bridge{host: host, signal: make(chan struct{}, 1), warmDone: make(chan struct{}, 1)}
}

// send is the page's entry point: one postMessage payload. It never
// panics: parseMessage reads the payload without trusting it (jsread.go),
// and anything that still panics here is reported as an error event (a
// panic in a js.FuncOf callback would end the Go program for good).
func (b *bridge) send(_ js.Value, args []js.Value) (ret any) {
	defer func() {
		if r := recover(); r != nil {
			b.reportPanic("message", r)
		}
	}()
	if len(args) == 0 {
		b.reportError(false, msgErr("", "send needs one argument"))
		return nil
	}
	r, err := parseMessage(args[0])
	if b.quit.Load() {
		b.reportError(r.typed, errors.New("the engine has quit"))
		return nil
	}
	// Number the searches here, in the order the page sent them, counting
	// refused go messages too: the page counts what it sends.
	if r.stopFlag.Truthy() {
		b.goSeq = 0
	}
	r.firstGo = b.goSeq + 1
	b.goSeq += countGo(r)
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
	b.enqueue(r)
	return nil
}

// enqueue hands r to the command loop.
func (b *bridge) enqueue(r request) {
	b.mu.Lock()
	b.queue = append(b.queue, r)
	b.mu.Unlock()
	select {
	case b.signal <- struct{}{}:
	default:
	}
}

// refuseLine is the host's report of an input line it did not hand over,
// since it was longer than uci.MaxLineBytes: refuseLine(size, start), with
// the line's size in bytes and its first characters. It is answered in
// order with the lines around it, with the handler's error line for such a
// line (the node runner reads stdin itself; docs/protocol.md).
func (b *bridge) refuseLine(_ js.Value, args []js.Value) (ret any) {
	defer func() {
		if r := recover(); r != nil {
			b.reportPanic("message", r)
		}
	}()
	if len(args) != 2 || kindOf(args[0]) != kindNumber || kindOf(args[1]) != kindString || strLen(args[1]) > maxFieldChars {
		b.reportError(false, msgErr("", "refuseLine needs a size and the line's start"))
		return nil
	}
	r := request{refused: &refusedLine{size: int64(args[0].Float()), start: args[1].String()}}
	b.enqueue(r)
	return nil
}

// loop feeds queued requests to the handler until "quit", then waits for a
// running search to report and tells the host. Requests that leave the
// engine alone ("uci", "isready") and came before the engine started are
// answered before the warm-up search is set up, so that readyok does not
// wait for it.
func (b *bridge) loop() {
	if b.drain(request.leavesEngineAlone) {
		return
	}
	b.startWarmUp()
	for {
		select {
		case <-b.warmDone:
			if b.warming.Load() {
				b.endWarmUp()
			}
			continue
		case <-b.signal:
		}
		if b.drain(everyRequest) {
			return
		}
	}
}

// everyRequest is drain's take for a queue run to its end.
func everyRequest(request) bool { return true }

// drain runs queued requests in order while take accepts the next one. After
// "quit" it closes the handler, tells the host and reports true.
func (b *bridge) drain(take func(request) bool) (quit bool) {
	for {
		b.mu.Lock()
		if len(b.queue) == 0 || !take(b.queue[0]) {
			b.mu.Unlock()
			return false
		}
		r := b.queue[0]
		b.queue = b.queue[1:]
		b.mu.Unlock()
		if b.run(r) {
			b.h.Close()
			b.host.Call("quit")
			return true
		}
	}
}

// run executes one request and reports whether it was "quit". A panic
// while it runs is reported as an error event and the engine goes on.
func (b *bridge) run(r request) (quit bool) {
	defer func() {
		if p := recover(); p != nil {
			b.reportPanic("engine", p)
			quit = false
		}
	}()
	// Replies take the form of the message being processed; a running
	// search's lines follow the latest processed message.
	b.typed.Store(r.typed)
	if !r.onlyIsReady() {
		// A running bench or perft ends first (a "stop" message has
		// already ended it in send), so that the search numbers of the
		// shared stop flag follow the searches as they run.
		b.h.WaitIdle()
	}
	if b.warming.Load() && !r.leavesEngineAlone() {
		b.endWarmUp()
	}
	if r.refused != nil {
		b.h.RefuseLine(r.refused.size, r.refused.start)
		return false
	}
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
	next := r.firstGo
	for _, l := range r.lines {
		if yieldMode == "switch" && strings.HasPrefix(l, "yield ") {
			b.setYield(strings.TrimPrefix(l, "yield "))
			continue
		}
		switch {
		case isGo(l):
			b.hook.startSearch(next)
			next++
		case isBench(l):
			b.hook.startSearch(0) // a bench or perft ends with a stop message only
		}
		if b.handle(l) {
			return true
		}
	}
	return false
}

// isGo reports whether l is a UCI go command (the lines the shared stop
// flag numbers).
func isGo(l string) bool { return l == "go" || strings.HasPrefix(l, "go ") }

// isBench reports whether l is a bench or a plain perft (not "go perft",
// which the page numbers as a go).
func isBench(l string) bool {
	f := strings.Fields(l)
	return len(f) > 0 && (f[0] == "bench" || f[0] == "perft")
}

// countGo returns how many searches a message asks for, as the page counts
// them: one for an object of type 'go' (even one refused as malformed), one
// per go line of a string.
func countGo(r request) int32 {
	if r.typed {
		return r.goCount
	}
	var n int32
	for _, l := range r.lines {
		if isGo(l) {
			n++
		}
	}
	return n
}

// handle passes one line to the handler. A bench or perft runs as the
// handler's task (engine/uci/task.go): the handler returns at once, answers
// "isready" while it runs, lets "stop" (which send has already raised) end
// it, and runs every other line after it.
func (b *bridge) handle(l string) (quit bool) { return b.h.HandleLine(l) }

// output receives every line the handler writes.
func (b *bridge) output(line string) {
	if b.warming.Load() && (strings.HasPrefix(line, "bestmove") || strings.HasPrefix(line, "info ") && !strings.HasPrefix(line, "info string")) {
		// The warm-up search's output: hidden; its end lets the command
		// loop reset the engine while nothing waits.
		if strings.HasPrefix(line, "bestmove") {
			select {
			case b.warmDone <- struct{}{}:
			default:
			}
		}
		return
	}
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
		b.host.Call("line", b.h.ErrorLine(msg)) // in the chosen protocol's form
		return
	}
	e := event{"type": "error", "message": msg, "source": "message"}
	var me *messageError
	if errors.As(err, &me) && me.where != "" {
		e["where"] = me.where
	}
	b.event(e)
}

// reportPanic reports a recovered panic as an error event (and a line for
// string clients); source says where it happened ("message": reading a
// message, "engine": running one). Reporting itself must not panic again.
func (b *bridge) reportPanic(source string, p any) {
	msg := "internal error: " + panicText(p, 0)
	defer func() { _ = recover() }()
	b.host.Call("line", "info string error: "+msg)
	b.event(event{"type": "error", "message": msg, "source": source})
}

// warmUpLines is a short search run right after the engine reports ready.
// V8 compiles wasm functions lazily, on first call, so the first search after
// a load otherwise runs cold code: it crawls, and a stop waits long for an
// answer. Running the hot paths once (search, quiescence, move picker,
// evaluation, bestmove output) moves that compile time to where nothing
// waits on the engine. Run before ready, the same warm-up would delay
// readyok by seconds, so instead it runs in the background and the first
// message stops it (figures: docs/protocol-figures.md, "Warm-up").
var warmUpLines = []string{
	// A 1 MB table during the warm-up: endWarmUp then clears only that
	// (clearing 16 MB in not-yet-optimised code is slow) and gets a fresh,
	// already-zero 16 MB table.
	"setoption name Hash value 1",
	"position fen r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8",
	"go depth 6",
}

// startWarmUp starts the warm-up search and returns: "uci", "isready" and
// the like are answered while it runs; the first command that needs the
// engine ends it (endWarmUp).
func (b *bridge) startWarmUp() {
	b.hashDefault = "16"
	for _, o := range b.h.Session().Options() {
		if o.Name == "Hash" {
			b.hashDefault = o.Default
		}
	}
	b.warming.Store(true)
	for _, l := range warmUpLines {
		b.h.HandleSetupLine(l) // not the user's first command: xboard stays possible
	}
}

// endWarmUp stops the warm-up search and leaves the engine as new: start
// position, empty hash table (so searches stay reproducible).
func (b *bridge) endWarmUp() {
	b.h.Session().Stop()
	b.h.Session().Wait()
	b.warming.Store(false)
	b.h.HandleSetupLine("ucinewgame")
	b.h.HandleSetupLine("setoption name Hash value " + b.hashDefault)
	b.h.HandleSetupLine("position startpos")
}

// onlyIsReady reports whether r holds nothing but "isready" lines, which a
// running bench or perft answers at once.
func (r request) onlyIsReady() bool {
	if r.isBook || r.stopFlag.Truthy() || len(r.lines) == 0 {
		return false
	}
	for _, l := range r.lines {
		if l != "isready" {
			return false
		}
	}
	return true
}

// leavesEngineAlone reports whether every line of r can run beside the
// warm-up search without seeing its state.
func (r request) leavesEngineAlone() bool {
	if r.isBook || r.stopFlag.Truthy() {
		return false
	}
	for _, l := range r.lines {
		switch l {
		case "uci", "isready", "debug on", "debug off":
		default:
			return false
		}
	}
	return true
}

// setYield handles "yield off|on|<ms>|task|channel|floor <n>|stats|bench
// <n> [<k>]|burn <n> <k>" in measurement builds (see yieldMode). "floor <n>"
// sets the fewest hook calls (n x 256 nodes) between turns, 0 the default;
// "stats" prints the turns and the time spent in them since the last "yield
// stats"; bench and burn: see yieldBench.
func (b *bridge) setYield(arg string) {
	if n, ok := strings.CutPrefix(arg, "floor "); ok {
		f, err := strconv.Atoi(n)
		if err != nil || f < 0 || f > 1<<20 {
			b.output("info string error: yield: want floor <n>, 0 <= n <= 1048576, got " + strconv.Quote(n))
			return
		}
		b.hook.setFloor(f)
		b.output("info string yield " + arg)
		return
	}
	for _, cmd := range []string{"bench ", "burn "} {
		if rest, ok := strings.CutPrefix(arg, cmd); ok {
			b.yieldBench(rest, cmd == "bench ")
			return
		}
	}
	switch arg {
	case "stats":
		turns, d := b.hook.takeStats()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		b.output("info string yield stats turns " + strconv.FormatInt(turns, 10) + " us " + strconv.FormatInt(d.Microseconds(), 10) +
			" gc " + strconv.FormatUint(uint64(ms.NumGC), 10) + " alloc " + strconv.FormatUint(ms.TotalAlloc, 10) +
			" loop_us " + strconv.FormatInt(b.hook.y.loopNs/1000, 10) + " resume_us " + strconv.FormatInt(b.hook.y.resumNs/1000, 10))
		b.hook.y.loopNs, b.hook.y.resumNs = 0, 0
		return
	case "off":
		b.hook.setInterval(-1)
	case "on":
		b.hook.setInterval(0)
	case "task", "channel":
		if !b.hook.y.setPath(arg) {
			b.output("info string error: yield: no " + arg + " wake-up path here")
			return
		}
	default:
		ms, err := strconv.ParseFloat(arg, 64)
		if err != nil || ms <= 0 || ms > 1000 {
			b.output("info string error: yield: want off, on or an interval in ms (0 < ms <= 1000), got " + strconv.Quote(arg))
			return
		}
		b.hook.setInterval(time.Duration(ms * float64(time.Millisecond)))
	}
	b.output("info string yield " + arg)
}

// yieldBench runs "yield bench <n> [<k>]" and "yield burn <n> <k>" in
// measurement builds: n times k thousand steps of plain computing (k = 0:
// none), each followed by a turn of the event loop (bench) or not (burn). It
// runs on the command goroutine, not in a callback, so it may block. The
// difference between the two is what the turns cost once the thread has
// computed for a while, without a search around them.
func (b *bridge) yieldBench(arg string, turns bool) {
	n, steps, _ := strings.Cut(arg, " ")
	k, err := strconv.Atoi(n)
	m, err2 := strconv.Atoi(steps)
	if steps == "" {
		m, err2 = 0, nil
	}
	if err != nil || err2 != nil || k < 1 || k > 1e6 || m < 0 || m > 1e6 {
		b.output("info string error: yield: want bench|burn <n> [<k>], 1 <= n <= 1000000, 0 <= k <= 1000000, got " + strconv.Quote(arg))
		return
	}
	y := b.hook.y
	y.loopNs, y.resumNs = 0, 0
	t := time.Now()
	x := uint64(1)
	for range k {
		for range m * 1000 {
			x = x*6364136223846793005 + 1442695040888963407
		}
		if turns {
			y.yield()
		}
	}
	what := "burn "
	if turns {
		what = "bench "
	}
	b.output("info string yield " + what + arg + " us " + strconv.FormatInt(time.Since(t).Microseconds(), 10) +
		" loop_us " + strconv.FormatInt(y.loopNs/1000, 10) + " resume_us " + strconv.FormatInt(y.resumNs/1000, 10) +
		" x " + strconv.FormatUint(x&1, 10))
}
