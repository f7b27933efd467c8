package uci

import (
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/azurite-chess/azurite/engine/board"
	"github.com/azurite-chess/azurite/engine/session"
)

// rig drives a Handler as a GUI would and records its output lines.
type rig struct {
	t    *testing.T
	h    *Handler
	mu   sync.Mutex
	cond *sync.Cond
	out  []string
	read int // lines consumed by expect/until
}

func newRig(t *testing.T) *rig {
	t.Helper()
	return newRigWith(t, session.Config{Seed: 1})
}

// newRigWith is newRig with a session configuration of the test's own.
func newRigWith(t *testing.T, cfg session.Config) *rig {
	t.Helper()
	r := &rig{t: t}
	r.cond = sync.NewCond(&r.mu)
	r.h = NewHandler(Config{Name: "Azurite", Author: "the Azurite developers", Version: "test", Session: cfg}, func(line string) {
		r.mu.Lock()
		r.out = append(r.out, line)
		r.mu.Unlock()
		r.cond.Broadcast()
	})
	t.Cleanup(r.h.Close)
	return r
}

func (r *rig) send(lines ...string) {
	for _, l := range lines {
		r.h.HandleLine(l)
	}
}

// until returns the unread lines up to and including the first one that
// starts with prefix, failing the test after timeout.
func (r *rig) until(prefix string, timeout time.Duration) []string {
	r.t.Helper()
	deadline := time.Now().Add(timeout)
	timer := time.AfterFunc(timeout, r.cond.Broadcast)
	defer timer.Stop()
	r.mu.Lock()
	defer r.mu.Unlock()
	for {
		for i := r.read; i < len(r.out); i++ {
			if strings.HasPrefix(r.out[i], prefix) {
				got := append([]string(nil), r.out[r.read:i+1]...)
				r.read = i + 1
				return got
			}
		}
		if time.Now().After(deadline) {
			r.t.Fatalf("no %q line within %v; unread output:\n%s", prefix, timeout, strings.Join(r.out[r.read:], "\n"))
		}
		r.cond.Wait()
	}
}

// rest returns the unread lines after a short settling time.
func (r *rig) rest(settle time.Duration) []string {
	time.Sleep(settle)
	r.mu.Lock()
	defer r.mu.Unlock()
	got := append([]string(nil), r.out[r.read:]...)
	r.read = len(r.out)
	return got
}

// masks replace the values of fields that depend on timing or on the search
// and evaluation code (which other packages tune), keeping the line's shape.
var masks = []struct {
	re   *regexp.Regexp
	with string
}{
	{regexp.MustCompile(` (seldepth|nodes|nps|time|hashfull|currmovenumber) \d+`), " $1 *"},
	{regexp.MustCompile(` score (cp|mate) -?\d+( lowerbound| upperbound)?`), " score *"},
	{regexp.MustCompile(` wdl \d+ \d+ \d+`), " wdl * * *"},
	{regexp.MustCompile(` (pv|currmove)( [a-h][1-8][a-h][1-8][nbrq]?)+$`), " $1 *"},
	{regexp.MustCompile(`^bestmove [a-h][1-8][a-h][1-8][nbrq]?( ponder [a-h][1-8][a-h][1-8][nbrq]?)?$`), "bestmove *"},
}

func mask(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		for _, m := range masks {
			l = m.re.ReplaceAllString(l, m.with)
		}
		out[i] = l
	}
	return out
}

// checkLines compares got with want line by line.
func checkLines(t *testing.T, got, want []string) {
	t.Helper()
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("transcript differs\n--- got\n%s\n--- want\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// legalIn checks that a bestmove line names a legal move of pos (or 0000
// when pos has none), and that its ponder move is legal after it.
func legalIn(t *testing.T, pos *board.Position, line string) board.Move {
	t.Helper()
	f := strings.Fields(line)
	if len(f) < 2 || f[0] != "bestmove" {
		t.Fatalf("not a bestmove line: %q", line)
	}
	var l board.MoveList
	pos.GenerateAll(&l)
	if f[1] == "0000" {
		if l.N != 0 {
			t.Fatalf("bestmove 0000 with %d legal moves in %s", l.N, pos.FEN())
		}
		return board.NoMove
	}
	m, err := pos.ParseUCIMove(f[1])
	if err != nil {
		t.Fatalf("illegal bestmove %q in %s: %v", f[1], pos.FEN(), err)
	}
	if len(f) == 4 && f[2] == "ponder" {
		p := pos.Copy()
		p.MakeMove(m)
		if _, err := p.ParseUCIMove(f[3]); err != nil {
			t.Fatalf("illegal ponder move %q after %s: %v", f[3], f[1], err)
		}
	}
	return m
}

func mustFEN(t *testing.T, fen string) *board.Position {
	t.Helper()
	p, err := board.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
