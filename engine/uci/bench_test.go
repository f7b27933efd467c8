package uci

import (
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/azurite-chess/azurite/engine/search"
)

// TestBenchStopped: Session().Stop during "bench" (what the wasm bridge does
// for a "stop" message) ends it after the running position, with one
// "info string bench stopped …" line and no summary, whose node count would
// not be the signature; the handler then works as before.
func TestBenchStopped(t *testing.T) {
	r := newRig(t)
	stopped := make(chan struct{})
	go func() {
		time.Sleep(500 * time.Millisecond)
		r.h.Session().Stop()
		close(stopped)
	}()
	r.send("bench 30") // depth 30 would take hours: only the Stop ends it
	<-stopped
	got := r.until("info string bench", 10*time.Second)
	// The stop lands in the first position's search (then that position is
	// reported) or, on a slow machine, while its table is still being set
	// up (then nothing is).
	n := strconv.Itoa(len(search.BenchFENs()))
	want := []string{"info string bench stopped after 0 of " + n + " positions"}
	if len(got) == 2 && strings.HasPrefix(got[0], "Position 1/"+n+": ") {
		want = []string{got[0], "info string bench stopped after 1 of " + n + " positions"}
	}
	if !slices.Equal(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
	r.send("isready")
	if l := r.until("readyok", 5*time.Second); len(l) != 1 {
		t.Fatalf("after the bench: %q", l)
	}
}
