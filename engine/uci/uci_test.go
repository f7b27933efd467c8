package uci

import (
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/azurite-chess/azurite/engine/board"
	"github.com/azurite-chess/azurite/engine/book"
	"github.com/azurite-chess/azurite/engine/session"
)

const wait = 10 * time.Second // generous: the test machine is shared

// optionListing is what `uci` prints for a session of newRig, whatever
// values the options hold.
var optionListing = []string{
	"id name Azurite test",
	"id author the Azurite developers",
	"option name Hash type spin default 16 min 1 max 65536",
	"option name Clear Hash type button",
	"option name Threads type spin default 1 min 1 max 256",
	"option name MultiPV type spin default 1 min 1 max 256",
	"option name Ponder type check default false",
	"option name Move Overhead type spin default 30 min 0 max 5000",
	"option name OwnBook type check default false",
	"option name BookFile type string default <empty>",
	"option name Use NNUE type check default true",
	"option name EvalFile type string default <empty>",
	"option name Book Variety type spin default 50 min 0 max 100",
	"option name UCI_LimitStrength type check default false",
	"option name UCI_Elo type spin default 1500 min 600 max 2600",
	"option name Skill Level type spin default 20 min 0 max 20",
	"option name UCI_AnalyseMode type check default false",
	"option name UCI_ShowWDL type check default false",
	"uciok",
}

func TestOptionListing(t *testing.T) {
	r := newRig(t)
	r.send("uci")
	checkLines(t, r.until("uciok", wait), optionListing)
}

// TestOptionListingIgnoresValues: with every option set to a value other
// than its default (strings to a file that loads), `uci` lists the same
// lines, and each option reads its value back.
func TestOptionListingIgnoresValues(t *testing.T) {
	net, err := os.ReadFile("../eval/nets/default.nnue")
	if err != nil {
		t.Fatal(err)
	}
	start, _ := board.ParseFEN(board.StartFEN)
	bk := book.Encode([]book.Entry{{Key: start.Key(), Move: 0x31c, Weight: 5}}) // e2e4
	r := newRigWith(t, session.Config{
		Seed:        1,
		ReadFile:    func(string) ([]byte, error) { return bk, nil },
		ReadNetFile: func(string) ([]byte, error) { return net, nil },
	})
	want := map[string]string{}
	for _, o := range r.h.Session().Options() {
		v := ""
		switch o.Type {
		case session.Check:
			v = strconv.FormatBool(o.Default != "true")
		case session.Spin:
			v = strconv.Itoa(o.Min)
			if v == o.Default {
				v = strconv.Itoa(o.Max)
			}
		case session.String:
			v = "file-" + strings.ReplaceAll(o.Name, " ", "")
		case session.Combo:
			v = o.Vars[len(o.Vars)-1]
		}
		if o.Name == session.OptHash {
			v = "2" // not the test's 65536 MB
		}
		want[o.Name] = v
		r.send("setoption name " + o.Name + " value " + v)
	}
	r.send("isready")
	checkLines(t, r.until("readyok", wait), []string{"readyok"})
	r.send("uci")
	checkLines(t, r.until("uciok", wait), optionListing)
	for _, o := range r.h.Session().Options() {
		if o.Value != want[o.Name] {
			t.Errorf("%s reads back %q, want %q", o.Name, o.Value, want[o.Name])
		}
	}
}

func TestPositionWithMoves(t *testing.T) {
	tests := []struct {
		name, cmd, fen, key string
	}{
		{"startpos", "position startpos", board.StartFEN, "463b96181691fc9c"},
		{"startpos-moves", "position startpos moves e2e4 d7d5 e4e5 f7f5", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "22a48b5a8e47ff78"},
		{"fen-moves-castle", "position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1g1 e8c8", "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2", ""},
		{"fen-promotion", "position fen 8/P6k/8/8/8/8/8/K7 w - - 0 1 moves a7a8q", "Q7/7k/8/8/8/8/8/K7 b - - 0 1", ""},
		{"extra-spaces", "position   startpos   moves  g1f3 ", "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := newRig(t)
			r.send(tc.cmd, "d")
			got := r.until("Checkers:", wait)
			var fen, key string
			for _, l := range got {
				if v, ok := strings.CutPrefix(l, "Fen: "); ok {
					fen = v
				}
				if v, ok := strings.CutPrefix(l, "Key: "); ok {
					key = v
				}
			}
			if fen != tc.fen || (tc.key != "" && key != tc.key) {
				t.Fatalf("d shows fen %q key %s, want %q %s\n%s", fen, key, tc.fen, tc.key, strings.Join(got, "\n"))
			}
		})
	}
}

func TestGoDepthAndNodes(t *testing.T) {
	r := newRig(t)
	r.send("position startpos moves e2e4", "go depth 3")
	got := r.until("bestmove", wait)
	checkLines(t, mask(got), []string{
		"info depth 1 seldepth * multipv 1 score * nodes * nps * hashfull * tbhits 0 time * pv *",
		"info depth 2 seldepth * multipv 1 score * nodes * nps * hashfull * tbhits 0 time * pv *",
		"info depth 3 seldepth * multipv 1 score * nodes * nps * hashfull * tbhits 0 time * pv *",
		"bestmove *",
	})
	pos := mustFEN(t, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
	legalIn(t, pos, got[len(got)-1])

	r.send("go nodes 2000")
	got = r.until("bestmove", wait)
	legalIn(t, pos, got[len(got)-1])
	for _, l := range got[:len(got)-1] {
		if !strings.HasPrefix(mask([]string{l})[0], "info depth ") {
			t.Fatalf("unexpected line %q", l)
		}
	}
}

func TestGoPerft(t *testing.T) {
	r := newRig(t)
	r.send("position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "go perft 3")
	got := r.until("Nodes searched", wait)
	if len(got) != 50 || got[len(got)-1] != "Nodes searched: 97862" || got[len(got)-2] != "" {
		t.Fatalf("kiwipete perft 3: %d lines, last %q", len(got), got[len(got)-1])
	}
	r.send("perft 1")
	got = r.until("Nodes searched", wait)
	if got[len(got)-1] != "Nodes searched: 48" {
		t.Fatalf("perft 1: %v", got)
	}
}

func TestStopDuringInfinite(t *testing.T) {
	r := newRig(t)
	r.send("position startpos", "go infinite")
	r.until("info depth 1 ", wait)
	if extra := r.rest(300 * time.Millisecond); strings.Contains(strings.Join(extra, "\n"), "bestmove") {
		t.Fatal("bestmove before stop in infinite mode")
	}
	start := time.Now()
	r.send("stop")
	got := r.until("bestmove", wait)
	legalIn(t, mustFEN(t, board.StartFEN), got[len(got)-1])
	t.Logf("stop -> bestmove in %v", time.Since(start))
	r.send("isready")
	checkLines(t, r.until("readyok", wait), []string{"readyok"})
}

func TestStopRightAfterGo(t *testing.T) {
	r := newRig(t)
	for i := 0; i < 20; i++ {
		r.send("go infinite", "stop")
		got := r.until("bestmove", wait)
		legalIn(t, mustFEN(t, board.StartFEN), got[len(got)-1])
	}
}

func TestIsReadyDuringSearch(t *testing.T) {
	r := newRig(t)
	r.send("position startpos", "go infinite")
	r.until("info depth 1 ", wait)
	r.send("isready")
	got := r.until("readyok", wait)
	for _, l := range got {
		if strings.HasPrefix(l, "bestmove") {
			t.Fatal("search ended before readyok")
		}
	}
	r.send("stop")
	r.until("bestmove", wait)
}

func TestPonderThenPonderHit(t *testing.T) {
	r := newRig(t)
	r.send("setoption name Ponder value true", "position startpos moves e2e4 e7e5", "go ponder wtime 2000 btime 2000 winc 0 binc 0")
	r.until("info depth 1 ", wait)
	if extra := r.rest(300 * time.Millisecond); strings.Contains(strings.Join(extra, "\n"), "bestmove") {
		t.Fatal("bestmove while pondering")
	}
	r.send("ponderhit")
	got := r.until("bestmove", wait)
	legalIn(t, mustFEN(t, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"), got[len(got)-1])

	// ponder miss: stop ends the ponder search with a bestmove, then the real search.
	r.send("go ponder wtime 2000 btime 2000")
	r.until("info depth 1 ", wait)
	r.send("stop")
	r.until("bestmove", wait)
	r.send("position startpos moves e2e4 e7e5 g1f3", "go wtime 1000 btime 1000")
	got = r.until("bestmove", wait)
	legalIn(t, mustFEN(t, "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"), got[len(got)-1])
}

func TestMultiPV3(t *testing.T) {
	r := newRig(t)
	r.send("setoption name MultiPV value 3", "setoption name UCI_ShowWDL value true", "position startpos", "go depth 2")
	got := r.until("bestmove", wait)
	checkLines(t, mask(got), []string{
		"info depth 1 seldepth * multipv 1 score * wdl * * * nodes * nps * hashfull * tbhits 0 time * pv *",
		"info depth 1 seldepth * multipv 2 score * wdl * * * nodes * nps * hashfull * tbhits 0 time * pv *",
		"info depth 1 seldepth * multipv 3 score * wdl * * * nodes * nps * hashfull * tbhits 0 time * pv *",
		"info depth 2 seldepth * multipv 1 score * wdl * * * nodes * nps * hashfull * tbhits 0 time * pv *",
		"info depth 2 seldepth * multipv 2 score * wdl * * * nodes * nps * hashfull * tbhits 0 time * pv *",
		"info depth 2 seldepth * multipv 3 score * wdl * * * nodes * nps * hashfull * tbhits 0 time * pv *",
		"bestmove *",
	})
	// The three lines start with three different moves.
	first := map[string]bool{}
	for _, l := range got[3:6] {
		f := strings.Fields(l[strings.Index(l, " pv ")+4:])
		first[f[0]] = true
	}
	if len(first) != 3 {
		t.Fatalf("MultiPV lines do not start with 3 distinct moves:\n%s", strings.Join(got, "\n"))
	}
}

func TestMateAndStalemateRoots(t *testing.T) {
	tests := []struct{ name, fen, want string }{
		{"checkmated", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", "info depth 0 seldepth 0 multipv 1 score mate 0 nodes 0 nps 0 hashfull 0 tbhits 0 time"},
		{"stalemate", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "info depth 0 seldepth 0 multipv 1 score cp 0 nodes 0 nps 0 hashfull 0 tbhits 0 time"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := newRig(t)
			r.send("position fen "+tc.fen, "go depth 5")
			got := r.until("bestmove", wait)
			if got[len(got)-1] != "bestmove 0000" || !strings.HasPrefix(got[0], tc.want) {
				t.Fatalf("got %v", got)
			}
		})
	}
}

// TestBadInput: each bad line gives exactly one error line and the previous
// state survives (the position is checked with d, options with a search).
func TestBadInput(t *testing.T) {
	r := newRig(t)
	r.send("position startpos moves e2e4")
	tests := []struct{ in, want string }{
		{"foo", `info string error: unknown command "foo"`},
		{"position", `info string error: position: expected "startpos" or "fen <FEN>"`},
		{"position begin", `info string error: position: expected "startpos" or "fen", got "begin"`},
		{"position fen", `info string error: position: missing FEN after "fen"`},
		{"position fen 8/8/8/8/8/8/8/8 w - - 0 1", `info string error: position: bad FEN: field 1 (placement): no white king in "8/8/8/8/8/8/8/8 w - - 0 1"`},
		{"position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", `info string error: position: bad FEN`},
		{"position startpos moves e2e4 e7e5 e1e3", `info string error: position: move 3: bad move`},
		{"position startpos moves e2e4 zz", `info string error: position: move 2: bad move`},
		{"position startpos e2e4", `info string error: position: expected "moves", got "e2e4"`},
		{"go depth", "info string error: go: depth: missing value"},
		{"go depth x", `info string error: go: depth: "x" is not an integer`},
		{"go depth -1", "info string error: go: depth: -1 is negative"},
		{"go wtime -100 btime 100", "info string error: go: wtime: -100 is negative"},
		{"go infinite ponder", "info string error: go: infinite and ponder cannot be combined"},
		{"go depth 3 depth 4", "info string error: go: parameter depth given twice"},
		{"go fast", `info string error: go: unknown parameter "fast"`},
		{"go searchmoves e2e4", `info string error: go: searchmoves: "e2e4" is not a legal move here`},
		{"go perft 0", "info string error: go: perft: depth must be 1..15"},
		{"go perft 2 depth 3", "info string error: go: perft takes no other parameters"},
		{"setoption", `info string error: setoption: expected "setoption name <name> [value <value>]"`},
		{"setoption name Hash value abc", `info string error: setoption: option Hash: value "abc" is not an integer`},
		{"setoption name Hash value 0", `info string error: setoption: option Hash: value "0" is out of range 1..65536`},
		{"setoption name Threads value 9999", `info string error: setoption: option Threads: value "9999" is out of range 1..256`},
		{"setoption name Ponder value maybe", `info string error: setoption: option Ponder: value "maybe" is not true or false`},
		{"setoption name NoSuch value 1", `info string error: setoption: option "NoSuch" does not exist`},
		{"setoption name BookFile value /nonexistent/book.bin", `info string error: setoption: option BookFile: loading a book file is not available in this build`},
		{"debug maybe", `info string error: debug: expected "debug on" or "debug off"`},
		{"perft x", "info string error: perft: depth must be an integer 1..15"},
		{"bench 0", "info string error: bench: depth must be an integer 1..30"},
	}
	for _, tc := range tests {
		r.send(tc.in)
		got := r.rest(20 * time.Millisecond)
		if len(got) != 1 || !strings.HasPrefix(got[0], tc.want) {
			t.Errorf("%q:\n got %q\nwant one line starting %q", tc.in, got, tc.want)
		}
	}
	r.send("d")
	got := r.until("Fen:", wait)
	if got[len(got)-1] != "Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1" {
		t.Fatalf("position changed by bad input: %s", got[len(got)-1])
	}
	r.rest(20 * time.Millisecond)
	r.send("uci")
	for _, l := range r.until("uciok", wait) {
		if strings.HasPrefix(l, "option name Hash ") && !strings.Contains(l, "default 16") ||
			strings.HasPrefix(l, "option name") && strings.Contains(l, "Threads") && !strings.Contains(l, "default 1 ") {
			t.Fatalf("option changed: %s", l)
		}
	}
	r.send("go depth 1")
	legalIn(t, mustFEN(t, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"), last(r.until("bestmove", wait)))
}

func last(s []string) string { return s[len(s)-1] }

func TestSetOptionWhileSearching(t *testing.T) {
	r := newRig(t)
	r.send("go infinite")
	r.until("info depth 1 ", wait)
	r.send("setoption name Hash value 32")
	got := r.until("info string error", wait)
	if !strings.HasSuffix(last(got), "setoption: a search is running (send stop first)") {
		t.Fatalf("got %q", last(got))
	}
	r.send("stop")
	r.until("bestmove", wait)
	r.send("setoption name Hash value 32", "setoption name clear hash", "isready")
	checkLines(t, r.until("readyok", wait), []string{"readyok"})
}

func TestPositionDuringSearchStopsIt(t *testing.T) {
	r := newRig(t)
	r.send("go infinite")
	r.until("info depth 1 ", wait)
	r.send("position startpos moves d2d4", "go depth 2")
	got := r.until("bestmove", wait) // the infinite search's
	legalIn(t, mustFEN(t, board.StartFEN), last(got))
	got = r.until("bestmove", wait)
	legalIn(t, mustFEN(t, "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1"), last(got))
}

func TestOwnBook(t *testing.T) {
	r := newRig(t)
	// An in-memory book with one move for the start position, handed over as bytes.
	pos := mustFEN(t, board.StartFEN)
	if err := r.h.Session().LoadBook(bookBytes(pos.Key(), "b1c3", 7)); err != nil {
		t.Fatal(err)
	}
	r.send("go depth 1")
	if strings.Contains(last(r.until("bestmove", wait)), "info string book") {
		t.Fatal("book used with OwnBook off")
	}
	r.send("setoption name OwnBook value true", "go movetime 5000")
	checkLines(t, r.until("bestmove", wait), []string{"info string book move b1c3", "bestmove b1c3"})
	r.send("go infinite") // analysis never plays from the book
	r.until("info depth 1", wait)
	r.send("stop")
	r.until("bestmove", wait)
}

// bookBytes builds a one-entry Polyglot book.
func bookBytes(key uint64, mv string, weight uint16) []byte {
	m := uint16(mv[3]-'1')<<3 | uint16(mv[2]-'a') | uint16(mv[1]-'1')<<9 | uint16(mv[0]-'a')<<6
	b := make([]byte, 16)
	for i := 0; i < 8; i++ {
		b[i] = byte(key >> (56 - 8*i))
	}
	b[8], b[9], b[10], b[11] = byte(m>>8), byte(m), byte(weight>>8), byte(weight)
	return b
}

func TestWeakPlayIsLegalAndVaried(t *testing.T) {
	r := newRig(t)
	r.send("setoption name Skill Level value 0", "position startpos moves e2e4 e7e5 g1f3 b8c6")
	pos := mustFEN(t, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
	seen := map[board.Move]bool{}
	for i := 0; i < 12; i++ {
		r.send("go wtime 10000 btime 10000")
		got := r.until("bestmove", wait)
		for _, l := range got {
			if strings.Contains(l, "multipv 2") {
				t.Fatalf("weakened search showed a second line with MultiPV 1: %s", l)
			}
		}
		seen[legalIn(t, pos, last(got))] = true
	}
	if len(seen) < 2 {
		t.Fatalf("skill 0 played the same move 12 times: %v", seen)
	}
	r.send("setoption name UCI_LimitStrength value true", "setoption name UCI_Elo value 2600", "go depth 3")
	legalIn(t, pos, last(r.until("bestmove", wait)))
}

func TestEvalCommand(t *testing.T) {
	r := newRig(t)
	r.send("eval")
	got := r.until("Final evaluation:", wait)
	if len(got) < 5 || !strings.Contains(got[0], "Term") {
		t.Fatalf("eval output:\n%s", strings.Join(got, "\n"))
	}
}

func TestIllegalBookMove(t *testing.T) {
	r := newRig(t)
	pos := mustFEN(t, board.StartFEN)
	if err := r.h.Session().LoadBook(bookBytes(pos.Key(), "e2e5", 9)); err != nil {
		t.Fatal(err)
	}
	r.send("setoption name OwnBook value true", "go depth 2")
	got := r.until("bestmove", wait)
	if got[0] != "info string error: book move e2e5 illegal in "+board.StartFEN+" (key 463b96181691fc9c)" {
		t.Fatalf("first line %q", got[0])
	}
	legalIn(t, pos, last(got)) // it searched instead
	// A truncated book is refused and the previous one kept.
	if err := r.h.Session().LoadBook(make([]byte, 20)); err == nil {
		t.Fatal("truncated book accepted")
	}
}
