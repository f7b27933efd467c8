package session

import (
	"errors"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/azurite-chess/azurite/engine/board"
	"github.com/azurite-chess/azurite/engine/book"
	"github.com/azurite-chess/azurite/engine/search"
)

func TestSetPositionErrorsKeepState(t *testing.T) {
	s := New(Config{})
	if err := s.SetPosition("startpos", []string{"e2e4", "c7c5"}); err != nil {
		t.Fatal(err)
	}
	want := s.Position().FEN()
	tests := []struct {
		name, fen string
		moves     []string
		msg       string
	}{
		{"bad-fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0", nil, "bad FEN"},
		{"no-kings", "8/8/8/8/8/8/8/8 w - - 0 1", nil, "king"},
		{"illegal-move", "startpos", []string{"e2e4", "e7e5", "e4e5"}, "move 3"},
		{"garbled-move", "", []string{"e2e4", "x"}, "move 2"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := s.SetPosition(tc.fen, tc.moves)
			if !errors.Is(err, ErrBadPosition) || !strings.Contains(err.Error(), tc.msg) {
				t.Fatalf("err = %v, want ErrBadPosition mentioning %q", err, tc.msg)
			}
			if got := s.Position().FEN(); got != want {
				t.Fatalf("position changed to %s", got)
			}
		})
	}
}

// goAndWait runs one search and returns its bestmove.
func goAndWait(t *testing.T, s *Session, l search.Limits) board.Move {
	t.Helper()
	var best board.Move
	if err := s.Go(l, nil, func(b, _ board.Move) { best = b }); err != nil {
		t.Fatal(err)
	}
	s.Wait()
	return best
}

func TestGoIsNonBlockingAndExclusive(t *testing.T) {
	s := New(Config{})
	done := make(chan board.Move, 1)
	if err := s.Go(search.Limits{Infinite: true}, nil, func(b, _ board.Move) { done <- b }); err != nil {
		t.Fatal(err)
	}
	// Go returned while the search runs; everything that needs idleness refuses.
	if !s.Searching() {
		t.Fatal("not searching after Go")
	}
	for name, err := range map[string]error{
		"Go":          s.Go(search.Limits{Depth: 1}, nil, nil),
		"SetPosition": s.SetPosition("startpos", []string{"e2e4"}),
		"SetOption":   s.SetOption("Hash", "8"),
		"NewGame":     s.NewGame(),
	} {
		if !errors.Is(err, ErrSearching) {
			t.Errorf("%s during search: %v, want ErrSearching", name, err)
		}
	}
	select {
	case <-done:
		t.Fatal("infinite search reported before Stop")
	case <-time.After(100 * time.Millisecond):
	}
	s.Stop()
	s.Wait()
	if m := <-done; m == board.NoMove {
		t.Fatal("no move from the start position")
	}
	if s.Position().FEN() != board.StartFEN {
		t.Fatal("position changed by refused SetPosition")
	}
}

func TestStopBeforeSearchStarts(t *testing.T) {
	s := New(Config{})
	for i := 0; i < 50; i++ {
		var wg sync.WaitGroup
		wg.Add(1)
		if err := s.Go(search.Limits{Infinite: true}, nil, func(_, _ board.Move) { wg.Done() }); err != nil {
			t.Fatal(err)
		}
		s.Stop() // may arrive before the goroutine enters Search: must not be lost
		wg.Wait()
		s.Wait()
	}
}

func TestBadLimits(t *testing.T) {
	s := New(Config{})
	for _, l := range []search.Limits{{Depth: -1}, {MoveTime: -time.Second}, {WTime: -1}, {Infinite: true, Ponder: true}} {
		if err := s.Go(l, nil, nil); !errors.Is(err, ErrBadLimits) {
			t.Errorf("Go(%+v) = %v, want ErrBadLimits", l, err)
		}
	}
	if s.Searching() {
		t.Fatal("a refused Go left a search running")
	}
}

func TestOptions(t *testing.T) {
	s := New(Config{})
	tests := []struct {
		name, value string
		err         error
	}{
		{"hash", "32", nil},
		{"Hash", "0", ErrBadValue},
		{"MultiPV", "x", ErrBadValue},
		{"Ponder", "TRUE", nil},
		{"UCI_Elo", "100", ErrBadValue},
		{"Nonsense", "1", ErrUnknownOption},
		{"Clear Hash", "", nil},
		{"BookFile", "/tmp/none.bin", nil}, // not ErrBadValue: fails to load (no ReadFile)
	}
	for _, tc := range tests {
		err := s.SetOption(tc.name, tc.value)
		if tc.name == "BookFile" {
			if err == nil || !strings.Contains(err.Error(), "not available") {
				t.Errorf("BookFile without ReadFile: %v", err)
			}
			continue
		}
		if !errors.Is(err, tc.err) && !(err == nil && tc.err == nil) {
			t.Errorf("SetOption(%q, %q) = %v, want %v", tc.name, tc.value, err, tc.err)
		}
	}
	got := map[string]string{}
	for _, o := range s.Options() {
		got[o.Name] = o.Value
	}
	if got["Hash"] != "32" || got["Ponder"] != "true" || got["MultiPV"] != "1" || got["UCI_Elo"] != "1500" {
		t.Fatalf("option values %v", got)
	}
}

func TestBookFileAndLoadBook(t *testing.T) {
	start, _ := board.ParseFEN(board.StartFEN)
	one := book.Encode([]book.Entry{{Key: start.Key(), Move: 0x31c, Weight: 5}}) // e2e4 in Polyglot encoding
	files := map[string][]byte{"good.bin": one, "short.bin": one[:15]}
	s := New(Config{ReadFile: func(name string) ([]byte, error) {
		if b, ok := files[name]; ok {
			return b, nil
		}
		return nil, errors.New("open " + name + ": no such file")
	}})
	if err := s.SetOption("BookFile", "short.bin"); err == nil || !strings.Contains(err.Error(), "multiple of 16") {
		t.Fatalf("truncated book: %v", err)
	}
	if err := s.SetOption("BookFile", "missing.bin"); err == nil {
		t.Fatal("missing book accepted")
	}
	if s.Book() != nil {
		t.Fatal("a failed BookFile installed a book")
	}
	if err := s.SetOption("BookFile", "good.bin"); err != nil {
		t.Fatal(err)
	}
	if err := s.LoadBook(append(append([]byte{}, one...), 1)); !errors.Is(err, book.ErrBadBook) || s.Book() == nil {
		t.Fatalf("LoadBook(bad) = %v; book kept: %v", err, s.Book() != nil)
	}
	_ = s.SetOption("OwnBook", "true")
	if m := goAndWait(t, s, search.Limits{Depth: 5}); m.String() != "e2e4" {
		t.Fatalf("book move %v, want e2e4", m)
	}
	_ = s.SetOption("UCI_AnalyseMode", "true")
	var infos int
	if err := s.Go(search.Limits{Depth: 2}, func(search.Info) { infos++ }, nil); err != nil {
		t.Fatal(err)
	}
	s.Wait()
	if infos == 0 {
		t.Fatal("analysis mode played from the book instead of searching")
	}
}

func TestYieldHookIsCalled(t *testing.T) {
	var mu sync.Mutex
	calls := 0
	s := New(Config{YieldInterval: time.Millisecond, Yield: func() {
		mu.Lock()
		calls++
		mu.Unlock()
		if defaultYield != nil {
			defaultYield() // js/wasm: let this test's goroutine run (yield_wasm.go)
		}
	}})
	if err := s.Go(search.Limits{Infinite: true}, nil, nil); err != nil {
		t.Fatal(err)
	}
	// Poll rather than sleep a fixed 100 ms: under -race on a loaded 2-core CI
	// machine the search may not reach its first clock check that soon.
	n := 0
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		mu.Lock()
		n = calls
		mu.Unlock()
		if n > 0 {
			break
		}
	}
	s.Stop()
	s.Wait()
	if n == 0 {
		t.Fatal("Yield never called during a 10 s infinite search")
	}
}

func TestErrorsAreOneLine(t *testing.T) {
	s := New(Config{ReadFile: func(string) ([]byte, error) { return make([]byte, 17), nil }})
	errs := []error{
		s.Go(search.Limits{Depth: -1}, nil, nil),
		s.SetPosition("8/8 w - - 0 1", nil),
		s.SetPosition("startpos", []string{"e2e5"}),
		s.SetOption("BookFile", "x.bin"),
		s.SetOption("Hash", "-3"),
	}
	for _, err := range errs {
		if err == nil || strings.Contains(err.Error(), "\n") {
			t.Errorf("error %q: want one line", err)
		}
	}
	if !errors.Is(errs[3], book.ErrBadBook) || !errors.Is(errs[0], ErrBadLimits) {
		t.Errorf("wrapping lost: %v / %v", errs[3], errs[0])
	}
}

func TestMaxHashMB(t *testing.T) {
	s := New(Config{MaxHashMB: 256})
	if err := s.SetOption("Hash", "257"); !errors.Is(err, ErrBadValue) {
		t.Fatalf("Hash 257 with MaxHashMB 256: %v", err)
	}
	if err := s.SetOption("Hash", "256"); err != nil {
		t.Fatal(err)
	}
	for _, o := range s.Options() {
		if o.Name == OptHash && o.Max != 256 {
			t.Fatalf("Hash max %d", o.Max)
		}
	}
}

// TestMaxHashWhy: a Hash above a configured cap is refused with the cap's
// reason, the value is kept; other errors are unchanged.
func TestMaxHashWhy(t *testing.T) {
	s := New(Config{MaxHashMB: 64, MaxHashWhy: "half the machine's memory"})
	if err := s.SetOption("Hash", "32"); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, value, want string
	}{
		{"above-cap", "65", `option Hash: value "65" is out of range 1..64 (half the machine's memory)`},
		{"far-above-cap", " 70000 ", `option Hash: value "70000" is out of range 1..64 (half the machine's memory)`},
		{"below-min", "0", `option Hash: value "0" is out of range 1..64`},
		{"not-a-number", "lots", `option Hash: value "lots" is not an integer`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := s.SetOption("Hash", tc.value)
			if !errors.Is(err, ErrBadValue) || err.Error() != tc.want {
				t.Fatalf("err = %v, want %q", err, tc.want)
			}
			for _, o := range s.Options() {
				if o.Name == OptHash && o.Value != "32" {
					t.Fatalf("Hash changed to %s", o.Value)
				}
			}
		})
	}
}

// TestHashResizeReleasesOldTable: resizing the table does not hold the old
// and the new one at once (with automatic collection off, as when the heap
// goal is above both). Regression: near the memory cap, old + new tables
// together could exceed what the machine has.
func TestHashResizeReleasesOldTable(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	s := New(Config{})
	if err := s.SetOption("Hash", "32"); err != nil {
		t.Fatal(err)
	}
	runtime.GC() // earlier tests' garbage out of the baseline
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	if err := s.SetOption("Hash", "48"); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	// Released first: +16 MB (48 - 32); both held: +48 MB.
	grew := int64(after.HeapInuse-before.HeapInuse) >> 20
	t.Logf("heap in use grew by %d MB resizing 32 -> 48 MB", grew)
	if grew >= 32 {
		t.Fatalf("heap in use grew by %d MB resizing 32 -> 48 MB: the old table was kept", grew)
	}
	runtime.KeepAlive(s)
}
