package eco

import (
	"errors"
	"strings"
	"testing"
)

func TestReadTable(t *testing.T) {
	es, err := Read("data")
	if err != nil {
		t.Fatal(err)
	}
	if len(es) != 3807 {
		t.Errorf("read %d openings, want 3807 (the lines of a.tsv … e.tsv less their headers)", len(es))
	}
	src, err := Module(es)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"export const MAX_PLY = ", "export const FAMILIES = [", "export const HASHES = ", "export const ECO = \"A00A00", "export const FAMILY = ", "export const REST = "} {
		if !strings.Contains(src, want) {
			t.Errorf("module lacks %q", want)
		}
	}
}

func TestTransposition(t *testing.T) {
	// 1.d4 Nf6 2.c4 e6 3.Nf3 and 1.Nf3 Nf6 2.c4 e6 3.d4 reach one position.
	tsv := "eco\tname\tpgn\nE10\tIndian Defense: Anti-Nimzo-Indian\t1. d4 Nf6 2. c4 e6 3. Nf3\nA15\tEnglish Opening: Anglo-Indian Defense\t1. Nf3 Nf6 2. c4 e6 3. d4\n"
	es, err := parse(strings.NewReader(tsv), "t.tsv")
	if err != nil {
		t.Fatal(err)
	}
	if es[0].Key != es[1].Key || es[0].Key != "rnbqkb1r/pppp1ppp/4pn2/8/2PP4/5N2/PP2PPPP/RNBQKB1R b KQkq" {
		t.Errorf("keys %q and %q, want the same position", es[0].Key, es[1].Key)
	}
	src, err := Module(es)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(src, `ECO = "E10";`) || !strings.Contains(src, `REST = "Anti-Nimzo-Indian";`) {
		t.Errorf("want one row, the first line's:\n%s", src)
	}
}

func TestKeyAndHash(t *testing.T) {
	if got := Key("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"); got != "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq" {
		t.Errorf("Key = %q", got)
	}
	// Pinned: tests/web/openings.test.mjs checks web/openings.js against the same value.
	if got := Hash("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq"); got != 1709598787 {
		t.Errorf("Hash = %d, want 1709598787", got)
	}
}

func TestBadLines(t *testing.T) {
	for _, tc := range []struct{ name, tsv, want string }{
		{"illegal-move", "eco\tname\tpgn\nA00\tX\t1. e5\n", `t.tsv:2: move "e5"`},
		{"two-columns", "eco\tname\tpgn\nA00\t1. e4\n", "t.tsv:2: want eco, name and moves"},
		{"no-moves", "eco\tname\tpgn\nA00\tX\t1.\n", "t.tsv:2: no moves"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := parse(strings.NewReader(tc.tsv), "t.tsv")
			if err == nil || !errors.Is(err, ErrBadLine) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v, want %q wrapping ErrBadLine", err, tc.want)
			}
		})
	}
}
