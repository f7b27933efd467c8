package uci

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/azurite-chess/azurite/engine/board"
	"github.com/azurite-chess/azurite/engine/session"
)

var thinking = regexp.MustCompile(`^\d+ -?\d+ \d+ \d+( [a-h][1-8][a-h][1-8][nbrq]?)+$`)

// xbMove waits for the engine's "move" line, checks every line before it is
// thinking output, and returns the move, which must be legal in pos.
func xbMove(t *testing.T, r *rig, pos *board.Position) board.Move {
	t.Helper()
	got := r.until("move ", wait)
	for _, l := range got[:len(got)-1] {
		if !thinking.MatchString(l) {
			t.Fatalf("unexpected line before move: %q", l)
		}
	}
	m, err := pos.ParseUCIMove(strings.TrimPrefix(last(got), "move "))
	if err != nil {
		t.Fatalf("illegal engine move %q in %s", last(got), pos.FEN())
	}
	return m
}

func TestXboardShortGame(t *testing.T) {
	r := newRig(t)
	r.send("xboard", "protover 2")
	checkLines(t, r.until("feature", wait), []string{
		`feature ping=1 setboard=1 usermove=1 time=1 draw=0 sigint=0 sigterm=0 reuse=1 analyze=1 colors=0 san=0 memory=1 smp=1 variants="normal" myname="Azurite test" done=1`,
	})
	r.send("accepted usermove", "new", "level 40 5 0", "post", "sd 3", "time 30000", "otim 30000", "usermove e2e4")
	pos := mustFEN(t, board.StartFEN)
	pos.MakeMove(mustMove(t, pos, "e2e4"))
	pos.MakeMove(xbMove(t, r, pos)) // black's reply

	// Our second move, any legal one; the engine answers again.
	var l board.MoveList
	pos.GenerateAll(&l)
	r.send("time 29000", "otim 29500", "usermove "+l.Moves[0].String())
	pos.MakeMove(l.Moves[0])
	pos.MakeMove(xbMove(t, r, pos))

	// Take back the last full move in force mode: the engine replays it.
	r.send("force", "remove", "ping 7")
	checkLines(t, r.until("pong", wait), []string{"pong 7"})
	pos.UnmakeMove()
	pos.UnmakeMove()
	r.send("usermove " + l.Moves[0].String())
	if got := r.rest(100 * time.Millisecond); len(got) != 0 {
		t.Fatalf("engine answered in force mode: %v", got)
	}
	pos.MakeMove(l.Moves[0])
	r.send("go")
	pos.MakeMove(xbMove(t, r, pos))
	r.send("undo", "undo", "ping 8")
	checkLines(t, r.until("pong", wait), []string{"pong 8"})

	// setboard and a mate in one: the engine mates and claims the result.
	r.send("force", "setboard 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "nopost", "go")
	checkLines(t, r.until("1-0", wait), []string{"move d1d8", "1-0 {White mates}"})
	r.send("result 1-0 {White mates}", "ping 9")
	checkLines(t, r.until("pong", wait), []string{"pong 9"})
}

func mustMove(t *testing.T, pos *board.Position, s string) board.Move {
	t.Helper()
	m, err := pos.ParseUCIMove(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestXboardTimeControls(t *testing.T) {
	r := newRig(t)
	r.send("xboard", "new", "st 0.2", "force", "usermove e2e4", "go")
	pos := mustFEN(t, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
	start := time.Now()
	xbMove(t, r, pos)
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("st 0.2 took %v", d)
	}
	// A bare move (a GUI that ignores usermove=1) is understood too.
	r.send("new", "level 0 0:30 0.5", "time 300", "otim 300", "d2d4")
	pos = mustFEN(t, "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1")
	xbMove(t, r, pos)
}

func TestXboardAnalyze(t *testing.T) {
	r := newRig(t)
	r.send("xboard", "protover 2", "new", "force", "analyze")
	r.until("feature", wait)
	got := r.until("1 ", wait)
	if !thinking.MatchString(last(got)) {
		t.Fatalf("analysis output %q", last(got))
	}
	r.send("usermove e2e4") // restarts the analysis on the new position
	r.send("exit", "ping 3")
	got = r.until("pong", wait)
	for _, l := range got[:len(got)-1] {
		if !thinking.MatchString(l) {
			t.Fatalf("unexpected line %q", l)
		}
	}
}

func TestXboardBadInput(t *testing.T) {
	r := newRig(t)
	r.send("xboard", "new", "force", "sd 2")
	tests := []struct{ in, want string }{
		{"usermove e2e5", "Illegal move: e2e5"},
		{"usermove", "Error (usermove needs one move): usermove"},
		{"e9e4", "Error (unknown command): e9e4"},
		{"setboard 8/8/8 w - - 0 1", "Error (illegal position): setboard 8/8/8 w - - 0 1: bad FEN"},
		{"undo", "Error (no move to take back): undo"},
		{"level 40 x 0", "Error (bad level values): level 40 x 0"},
		{"time soon", "Error (expected centiseconds): time soon"},
		{"sd -1", "Error (expected a depth): sd -1"},
		{"st -1", "Error (expected seconds per move): st -1"},
		{"memory lots", `Error (option Hash: value "lots" is not an integer): memory lots`},
		{"variant crazyhouse", "Error (unsupported variant): variant crazyhouse"},
		{"ping", "Error (ping needs one argument): ping"},
	}
	for _, tc := range tests {
		r.send(tc.in)
		got := r.rest(20 * time.Millisecond)
		if len(got) != 1 || !strings.HasPrefix(got[0], tc.want) {
			t.Errorf("%q: got %q, want one line starting %q", tc.in, got, tc.want)
		}
	}
	// The game is untouched: e2e4 is still legal and the engine answers it.
	r.send("usermove e2e4", "go")
	xbMove(t, r, mustFEN(t, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"))
}

// TestXboardMemoryAndCoresAreLimits: "memory N" and "cores N" say how much
// the engine may use, so a value above the Hash or Threads maximum sets the
// maximum instead of failing (regression: "memory 100000" on a machine whose
// Hash cap is lower was an Error and left the default 16 MB).
func TestXboardMemoryAndCoresAreLimits(t *testing.T) {
	r := newRigWith(t, session.Config{Seed: 1, MaxHashMB: 64, MaxThreads: 2})
	r.send("xboard", "protover 2")
	r.until("feature ", time.Second)
	tests := []struct {
		in, hash, threads string
		out               []string
	}{
		{"memory 32", "32", "1", nil},
		{"memory 100000", "64", "1", []string{"# memory 100000: Hash set to its maximum, 64"}},
		{"cores 8", "64", "2", []string{"# cores 8: Threads set to its maximum, 2"}},
		{"memory 0", "64", "2", []string{`Error (option Hash: value "0" is out of range 1..64): memory 0`}},
		{"cores 1", "64", "1", nil},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			r.send(tc.in)
			got := r.rest(20 * time.Millisecond)
			if strings.Join(got, "\n") != strings.Join(tc.out, "\n") {
				t.Fatalf("output %q, want %q", got, tc.out)
			}
			opts := map[string]string{}
			for _, o := range r.h.Session().Options() {
				opts[o.Name] = o.Value
			}
			if opts["Hash"] != tc.hash || opts["Threads"] != tc.threads {
				t.Fatalf("Hash %s, Threads %s; want %s, %s", opts["Hash"], opts["Threads"], tc.hash, tc.threads)
			}
		})
	}
}

// TestXboardGoOnFinishedGame: "go" on a position where the game is over
// answers with xboard's result line instead of nothing (regression, issue
// 32: a GUI that does not adjudicate waited forever), and a ping after it
// is answered, so nothing else was printed in between.
func TestXboardGoOnFinishedGame(t *testing.T) {
	tests := []struct {
		name, fen, want string
	}{
		{"white-mated", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", "0-1 {Black mates}"},
		{"black-mated", "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4", "1-0 {White mates}"},
		{"stalemate", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "1/2-1/2 {Stalemate}"},
		{"bare-kings", "8/8/4k3/8/8/3K4/8/8 w - - 0 1", "1/2-1/2 {Insufficient material}"},
		{"fifty-moves", "8/8/4k3/8/8/3K4/8/R7 w - - 100 80", "1/2-1/2 {Fifty move rule}"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := newRig(t)
			r.send("xboard", "protover 2", "new", "st 1", "setboard "+tc.fen, "go", "ping 7")
			r.until("feature", wait)
			checkLines(t, r.until("pong 7", wait), []string{tc.want, "pong 7"})
		})
	}
}
