package uci

import (
	"bytes"
	"errors"
	"io"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/azurite-chess/azurite/engine/board"
	"github.com/azurite-chess/azurite/engine/session"
)

// budget caps for fuzzed commands, so a random "go depth 40" or
// "setoption name Hash value 60000" cannot stall or exhaust the fuzzer.
var fuzzCaps = map[string]int64{
	"nodes": 3000, "depth": 4, "movetime": 30, "wtime": 500, "btime": 500,
	"winc": 50, "binc": 50, "perft": 3, "mate": 3,
}

// tame rewrites one fuzzed line into one with a tiny budget.
func tame(line string) (string, bool) {
	f := strings.Fields(line)
	if len(f) == 0 {
		return line, true
	}
	switch f[0] {
	case "bench", "xboard":
		return "", false // bench is a fixed long run; xboard mode is fuzzed elsewhere
	case "setoption":
		for i := range f {
			if i > 0 && f[i-1] == "value" && (strings.EqualFold(strings.Join(f[:i], " "), "setoption name hash value")) {
				if n, err := strconv.Atoi(f[i]); err == nil && n > 16 {
					f[i] = "16"
				}
			}
		}
	case "perft":
		if len(f) > 1 {
			if n, err := strconv.Atoi(f[1]); err == nil && n > 3 {
				f[1] = "3"
			}
		}
	case "go":
		hasNodes := false
		for i := 1; i < len(f); i++ {
			if c, ok := fuzzCaps[f[i-1]]; ok {
				if n, err := strconv.ParseInt(f[i], 10, 64); err == nil && n > c {
					f[i] = strconv.FormatInt(c, 10)
				}
			}
			hasNodes = hasNodes || f[i] == "nodes"
		}
		if !hasNodes && !strings.Contains(line, "perft") {
			f = append(f, "nodes", "3000")
		}
	}
	return strings.Join(f, " "), true
}

// FuzzHandler feeds random command sequences to a UCI handler and checks that
// it never panics, answers every isready, and that every bestmove is legal in
// the position its search started from.
func FuzzHandler(f *testing.F) {
	for _, seed := range []string{
		"uci\nisready\nposition startpos moves e2e4 e7e5\ngo depth 3\nisready",
		"position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1\ngo infinite\nisready\nstop",
		"setoption name MultiPV value 3\ngo nodes 500\nsetoption name Skill Level value 3\ngo depth 2",
		"go ponder\nponderhit\nisready\ngo searchmoves e2e4 d2d4 depth 2",
		"position startpos moves e2e4 zz\ngo depth -1\nposition fen 8/8/8\ngo wtime 10 btime 10\nucinewgame\ngo perft 2",
		"position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\ngo depth 2\nd\neval\nstop\nstop",
		"go infinite\nposition startpos moves g1f3\ngo movetime 10\nsetoption name UCI_LimitStrength value true\ngo",
		"setoption name Threads value 2\ngo nodes 1000\nquit\ngo infinite",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, script string) {
		var mu sync.Mutex
		var out []string
		h := NewHandler(Config{Session: session.Config{Seed: 7}}, func(line string) {
			mu.Lock()
			out = append(out, line)
			mu.Unlock()
		})
		snapshot := func() int {
			mu.Lock()
			defer mu.Unlock()
			return len(out)
		}
		since := func(n int) []string {
			mu.Lock()
			defer mu.Unlock()
			return append([]string(nil), out[n:]...)
		}
		var searched []*board.Position // root of each started search, in order
		lines := strings.Split(script, "\n")
		if len(lines) > 40 {
			lines = lines[:40]
		}
		h.HandleLine("uci") // fix the protocol: xboard has its own fuzz coverage in tests
		for _, raw := range lines {
			line, ok := tame(raw)
			if !ok {
				continue
			}
			n := snapshot()
			quit := h.HandleLine(line)
			f := strings.Fields(line)
			if len(f) == 0 {
				continue
			}
			newLines := since(n)
			switch f[0] {
			case "isready":
				answered := false
				for _, l := range newLines {
					answered = answered || l == "readyok"
				}
				if !answered {
					t.Fatalf("isready not answered; output %q", newLines)
				}
			case "go":
				failed := false
				for _, l := range newLines {
					failed = failed || strings.HasPrefix(l, "info string error: go")
				}
				if !failed && !strings.Contains(line, "perft") {
					searched = append(searched, h.Session().Position())
				}
			}
			if quit {
				break
			}
		}
		h.Close()
		var best []string
		for _, l := range since(0) {
			if strings.Contains(l, "\n") {
				t.Fatalf("output line contains a newline: %q", l)
			}
			if strings.HasPrefix(l, "bestmove") {
				best = append(best, l)
			}
		}
		if len(best) != len(searched) {
			t.Fatalf("%d searches started, %d bestmoves:\n%s", len(searched), len(best), strings.Join(since(0), "\n"))
		}
		for i, l := range best {
			checkBestMove(t, searched[i], l)
		}
	})
}

// checkBestMove is legalIn without the test helpers' Fatalf context.
func checkBestMove(t *testing.T, pos *board.Position, line string) {
	t.Helper()
	legalIn(t, pos, line)
}

// tameXboard rewrites one fuzzed xboard line so that searches stay tiny.
func tameXboard(line string) (string, bool) {
	f := strings.Fields(line)
	if len(f) == 0 {
		return line, true
	}
	switch f[0] {
	case "memory":
		return "", false // huge tables are the user's call, not the fuzzer's
	case "analyze":
		return "", false // an analysis never ends by itself; covered by TestXboardAnalyze
	case "go", "usermove", "playother", "undo", "remove", "setboard", "new":
	}
	return strings.Join(f, " "), true
}

// FuzzXboard feeds random xboard command sequences (after "xboard", with a
// small fixed depth and clock) and checks: no panic, every ping answered by
// its pong, every output a single line.
func FuzzXboard(f *testing.F) {
	for _, seed := range []string{
		"protover 2\nnew\nusermove e2e4\nping 1\nforce\nundo\nundo\ngo",
		"new\nforce\nsetboard 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1\ngo\nping 2\nresult 1-0",
		"new\nlevel 40 0:10 0\nst 0.05\ntime 100\notim 100\nusermove d2d4\n?\nremove\nusermove zz\npost\nnopost\ncores 2",
		"new\nusermove e2e4\nsetboard bad\nundo\nplayother\nusermove e7e5\nexit\nquit",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, script string) {
		var mu sync.Mutex
		var out []string
		h := NewHandler(Config{Session: session.Config{Seed: 7}}, func(line string) {
			mu.Lock()
			out = append(out, line)
			mu.Unlock()
		})
		h.HandleLine("xboard")
		h.HandleLine("sd 2")
		h.HandleLine("st 0.05")
		lines := strings.Split(script, "\n")
		if len(lines) > 40 {
			lines = lines[:40]
		}
		pings := 0
		for _, raw := range lines {
			line, ok := tameXboard(raw)
			if !ok {
				continue
			}
			f := strings.Fields(line)
			if len(f) > 0 && (f[0] == "sd" || f[0] == "st" || f[0] == "level" || f[0] == "time" || f[0] == "otim") {
				continue // keep the tiny fixed budget
			}
			if len(f) == 2 && f[0] == "ping" {
				pings++
			}
			if h.HandleLine(line) {
				break
			}
		}
		h.Close()
		mu.Lock()
		defer mu.Unlock()
		pongs := 0
		for _, l := range out {
			if strings.Contains(l, "\n") {
				t.Fatalf("output line contains a newline: %q", l)
			}
			if strings.HasPrefix(l, "pong ") {
				pongs++
			}
		}
		if pongs != pings {
			t.Fatalf("%d pings, %d pongs:\n%s", pings, pongs, strings.Join(out, "\n"))
		}
	})
}

// FuzzXboardTime feeds random arguments to the xboard clock commands (time,
// otim, level, st, sd) and checks that the search limits built from them
// are never negative, that a well-formed non-negative value is never
// refused (huge ones saturate), and that a clock given as 0 stays a real,
// empty clock (not "no time control").
func FuzzXboardTime(f *testing.F) {
	for _, s := range [][5]string{
		{"0", "0", "0 0 1", "0", "0"},
		{"9223372036854775807", "100", "40 5 0", "0.5", "3"},
		{"99999999999999999999999", "-5", "0 99999999999999999999 1e300", "1e300", "99999999999999999999"},
		{"30000", "30000", "40 0:30 0.5", "x", "-1"},
		{"-1", "1e3", "1 2:61 0", "NaN", "0"},
	} {
		f.Add(s[0], s[1], s[2], s[3], s[4], uint8(0))
	}
	// One handler for every input (a session allocates its hash table);
	// each input starts from a fresh xboard state and no search runs.
	var mu sync.Mutex
	var out []string
	h := NewHandler(Config{Session: session.Config{Seed: 7}}, func(line string) {
		mu.Lock()
		out = append(out, line)
		mu.Unlock()
	})
	h.HandleLine("xboard")
	f.Fuzz(func(t *testing.T, tm, otim, level, st, sd string, which uint8) {
		h.xb = newXboardState()
		cmds := []string{"level " + level, "time " + tm, "otim " + otim}
		switch which % 3 {
		case 1:
			cmds = append(cmds, "st "+st)
		case 2:
			cmds = append(cmds, "sd "+sd)
		}
		for _, c := range cmds {
			if strings.ContainsAny(c, "\n\r") {
				return
			}
			mu.Lock()
			n := len(out)
			mu.Unlock()
			h.HandleLine(c)
			mu.Lock()
			errs := out[n:]
			mu.Unlock()
			if f := strings.Fields(c); len(f) == 2 && f[0] != "level" && wellFormed(f[1]) && len(errs) > 0 {
				t.Fatalf("%q refused: %q", c, errs)
			}
		}
		for _, side := range []string{board.StartFEN, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"} {
			pos, _ := board.ParseFEN(side)
			h.xb.mu.Lock()
			l := h.xb.limits(pos)
			timeSet := h.xb.myTimeSet
			h.xb.mu.Unlock()
			if l.WTime < 0 || l.BTime < 0 || l.WInc < 0 || l.BInc < 0 || l.MoveTime < 0 || l.Depth < 0 || l.MovesToGo < 0 {
				t.Fatalf("negative limits %+v from %q", l, cmds)
			}
			if timeSet && l.MoveTime == 0 && !l.Clock {
				t.Fatalf("a time command came, yet no clock and no move time: %+v from %q", l, cmds)
			}
			if l.MoveTime == 0 && !l.Clock && l.Depth == 0 {
				t.Fatalf("no limit at all: %+v from %q", l, cmds)
			}
		}
	})
}

// wellFormed reports whether s is a plain non-negative decimal integer,
// which every xboard clock argument must accept.
func wellFormed(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// FuzzLineReader: with a small limit, every line of the input comes back
// once, in order, either whole (without its "\r\n" ending) or as a too-long
// error whose size is its length and whose start is its first bytes; the
// sizes add up to the input's length (issue 32: lines had no limit).
func FuzzLineReader(f *testing.F) {
	for _, s := range []string{"", "uci\n", "a\r\nbb\n\nccc", strings.Repeat("x", 40) + "\nok\n", "\x00\x00\x00", "\r\r\n\n", strings.Repeat("y ", 30)} {
		f.Add([]byte(s), uint8(8))
	}
	f.Fuzz(func(t *testing.T, in []byte, limit uint8) {
		lr := NewLineReader(bytes.NewReader(in))
		lr.limit = int(limit%64) + 1
		var total int64
		rest := in
		for {
			l, err := lr.Next()
			if errors.Is(err, io.EOF) {
				break
			}
			// The input's next line, with its "\n" if it has one.
			raw := rest
			if i := bytes.IndexByte(rest, '\n'); i >= 0 {
				raw = rest[:i+1]
			}
			rest = rest[len(raw):]
			want := bytes.TrimRight(raw, "\r\n")
			var tl *lineTooLong
			switch {
			case errors.As(err, &tl):
				if len(lineBody(raw)) <= lr.limit || tl.size != int64(len(raw)) || !bytes.HasPrefix(raw, []byte(tl.start)) || len(tl.start) > maxQuote {
					t.Fatalf("too long: size %d start %q for line %q (limit %d)", tl.size, tl.start, raw, lr.limit)
				}
				total += tl.size
			case err != nil:
				t.Fatal(err)
			default:
				if l != string(want) || len(lineBody(raw)) > lr.limit {
					t.Fatalf("line %q, want %q (limit %d)", l, want, lr.limit)
				}
				total += int64(len(raw))
			}
		}
		if total != int64(len(in)) || len(rest) != 0 {
			t.Fatalf("lines add up to %d of %d bytes", total, len(in))
		}
	})
}
