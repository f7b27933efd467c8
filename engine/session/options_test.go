package session

import (
	"os"
	"testing"

	"github.com/azurite-chess/azurite/engine/board"
	"github.com/azurite-chess/azurite/engine/book"
)

// TestOptionsRoundTrip: every option reads back through Options() its
// default on a new session and a non-default value once set, the other
// options keep their values, and what the listing shows (type, default,
// range) does not change. Regression: Use NNUE and EvalFile read back "".
func TestOptionsRoundTrip(t *testing.T) {
	net, err := os.ReadFile("../eval/nets/default.nnue")
	if err != nil {
		t.Fatal(err)
	}
	start, _ := board.ParseFEN(board.StartFEN)
	bk := book.Encode([]book.Entry{{Key: start.Key(), Move: 0x31c, Weight: 5}}) // e2e4
	cfg := Config{
		ReadFile:    func(string) ([]byte, error) { return bk, nil },
		ReadNetFile: func(string) ([]byte, error) { return net, nil },
	}
	// One row per option, in listing order; value is a non-default one and
	// want how it reads back ("" for the button, which has no value).
	tests := []struct{ name, value, want string }{
		{OptHash, "32", "32"},
		{OptClearHash, "", ""},
		{OptThreads, "3", "3"},
		{OptMultiPV, "4", "4"},
		{OptPonder, "TRUE", "true"},
		{OptMoveOverhead, " 100 ", "100"},
		{OptOwnBook, "true", "true"},
		{OptBookFile, "some.bin", "some.bin"},
		{OptUseNNUE, "false", "false"},
		{OptEvalFile, "some.nnue", "some.nnue"},
		{OptBookVariety, "0", "0"},
		{OptLimitStrength, "true", "true"},
		{OptElo, "2600", "2600"},
		{OptSkillLevel, "5", "5"},
		{OptAnalyseMode, "true", "true"},
		{OptShowWDL, "true", "true"},
	}
	fresh := New(cfg).Options()
	if len(fresh) != len(tests) {
		t.Fatalf("%d options, %d test rows: every option needs a row", len(fresh), len(tests))
	}
	for i, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			def := fresh[i]
			if def.Name != tc.name {
				t.Fatalf("option %d is %q, the row says %q", i, def.Name, tc.name)
			}
			if def.Value != def.Default && def.Type != Button {
				t.Fatalf("new session: value %q, default %q", def.Value, def.Default)
			}
			if def.Type == Button && def.Value != "" {
				t.Fatalf("button with value %q", def.Value)
			}
			if tc.want == def.Default && def.Type != Button {
				t.Fatalf("row value %q is the default", tc.want)
			}
			s := New(cfg)
			if err := s.SetOption(tc.name, tc.value); err != nil {
				t.Fatal(err)
			}
			for j, o := range s.Options() {
				want := fresh[j]
				if j == i {
					want.Value = tc.want
				}
				if o.Name != want.Name || o.Type != want.Type || o.Default != want.Default ||
					o.Min != want.Min || o.Max != want.Max || len(o.Vars) != len(want.Vars) || o.Value != want.Value {
					t.Errorf("after setting %s to %q: %+v, want %+v", tc.name, tc.value, o, want)
				}
			}
		})
	}
}

// TestOptionsLimitedByConfig: the configuration lowers the Hash and Threads
// maxima that Options reports and SetOption enforces.
func TestOptionsLimitedByConfig(t *testing.T) {
	s := New(Config{MaxHashMB: 64, MaxThreads: 1})
	for _, o := range s.Options() {
		switch o.Name {
		case OptHash:
			if o.Max != 64 {
				t.Errorf("Hash max %d, want 64", o.Max)
			}
		case OptThreads:
			if o.Max != 1 {
				t.Errorf("Threads max %d, want 1", o.Max)
			}
		}
	}
	if err := s.SetOption(OptThreads, "2"); err == nil {
		t.Error("Threads 2 accepted with MaxThreads 1")
	}
}
