package board

import (
	"encoding/json"
	"github.com/azurite-chess/azurite/internal/shareddata"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestZobristTableMatchesSource fails when zobrist_table.go is stale (run go generate).
func TestZobristTableMatchesSource(t *testing.T) {
	lines := shareddata.Lines(t, filepath.Join("polyglot", "random64.txt"))
	if len(lines) != len(polyglotRandom64) {
		t.Fatalf("random64.txt has %d numbers, table %d", len(lines), len(polyglotRandom64))
	}
	for i, s := range lines {
		v, err := strconv.ParseUint(s, 16, 64)
		if err != nil || v != polyglotRandom64[i] {
			t.Fatalf("entry %d: file %s, table %016x", i, s, polyglotRandom64[i])
		}
	}
}

// TestPolyglotKeyVectors checks Key() against the published Polyglot vectors,
// both for the FEN and for the position reached by playing the moves.
func TestPolyglotKeyVectors(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join(shareddata.Dir(t), "polyglot", "key_test_vectors.json"))
	if err != nil {
		t.Fatal(err)
	}
	var data struct {
		Vectors []struct{ Name, Moves, FEN, Key string }
	}
	if err := json.Unmarshal(raw, &data); err != nil {
		t.Fatal(err)
	}
	if len(data.Vectors) != 9 {
		t.Fatalf("%d vectors, want 9", len(data.Vectors))
	}
	for _, v := range data.Vectors {
		t.Run(v.Name, func(t *testing.T) {
			want, err := strconv.ParseUint(v.Key, 16, 64)
			if err != nil {
				t.Fatal(err)
			}
			p, err := ParseFEN(v.FEN)
			if err != nil {
				t.Fatal(err)
			}
			if p.Key() != want {
				t.Errorf("FEN key %016x, want %016x", p.Key(), want)
			}
			g, _ := ParseFEN(StartFEN)
			for _, s := range strings.Fields(v.Moves) {
				m, err := g.ParseUCIMove(s)
				if err != nil {
					t.Fatal(err)
				}
				g.MakeMove(m)
			}
			if g.Key() != want {
				t.Errorf("key after moves %016x, want %016x", g.Key(), want)
			}
			if g.FEN() != v.FEN {
				t.Errorf("FEN after moves %q, want %q", g.FEN(), v.FEN)
			}
			k, pk := g.computeKeys()
			if k != g.Key() || pk != g.PawnKey() {
				t.Errorf("incremental keys differ from recomputed ones")
			}
		})
	}
}
