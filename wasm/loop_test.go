//go:build js && wasm

package main

import (
	"syscall/js"
	"testing"
	"time"
)

// TestLoopAnswersEarlyLinesFirst: "uci" and "isready" sent before the
// engine started are answered before the warm-up search is set up (readyok
// does not wait for it); a later line that needs the engine ends the
// warm-up, and the lines after it are answered.
func TestLoopAnswersEarlyLinesFirst(t *testing.T) {
	host := newTestHost()
	defer host.release()
	var b *bridge
	warmAt := map[string]bool{}
	line := js.FuncOf(func(_ js.Value, a []js.Value) any {
		l := a[0].String()
		if l == "uciok" || l == "readyok" {
			warmAt[l] = b.warming.Load()
		}
		host.record(l)
		return nil
	})
	defer line.Release()
	host.object.Set("line", line)
	b = newEngine(host.object)
	send := func(s string) { b.send(js.Undefined(), []js.Value{js.ValueOf(s)}) }
	send("uci")
	send("isready")
	send("position startpos moves e2e4")
	send("isready")
	send("quit")
	done := make(chan struct{})
	go func() {
		b.loop()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("the loop did not end after quit")
	}
	for _, l := range []string{"uciok", "readyok"} {
		warm, seen := warmAt[l]
		if !seen || warm {
			t.Errorf("%s: seen %v, with the warm-up running %v; want it answered before the warm-up", l, seen, warm)
		}
	}
	if b.warming.Load() {
		t.Error("the warm-up still runs after a line that needs the engine")
	}
	if n := count(host.since(0), "readyok"); n != 2 {
		t.Errorf("%d readyok lines, want 2", n)
	}
}

func count(lines []string, s string) (n int) {
	for _, l := range lines {
		if l == s {
			n++
		}
	}
	return n
}
