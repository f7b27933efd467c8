package board

import (
	"github.com/azurite-chess/azurite/internal/shareddata"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// perftCase is one line of a perft suite.
type perftCase struct {
	name   string
	fen    string
	counts map[int]uint64
}

func readPerftSuite(t testing.TB, file string) []perftCase {
	t.Helper()
	var cases []perftCase
	for i, line := range shareddata.Lines(t, filepath.Join("perft", file)) {
		parts := strings.Split(line, ";")
		c := perftCase{name: file + ":" + strconv.Itoa(i+1), fen: strings.TrimSpace(parts[0]), counts: map[int]uint64{}}
		for _, d := range parts[1:] {
			f := strings.Fields(d)
			if len(f) != 2 || !strings.HasPrefix(f[0], "D") {
				t.Fatalf("%s: bad depth field %q", c.name, d)
			}
			depth, err1 := strconv.Atoi(f[0][1:])
			n, err2 := strconv.ParseUint(f[1], 10, 64)
			if err1 != nil || err2 != nil {
				t.Fatalf("%s: bad depth field %q", c.name, d)
			}
			c.counts[depth] = n
		}
		cases = append(cases, c)
	}
	return cases
}

// epdFENs returns the FENs (first four fields) of every line of the tactical suites.
func epdFENs(t testing.TB) []string {
	t.Helper()
	var fens []string
	for _, file := range []string{"wac.epd", "bk.epd", "sbd.epd", "arasan2024.epd", "zugzwang.epd", "sts.epd"} {
		for _, line := range shareddata.Lines(t, filepath.Join("tactical", file)) {
			f := strings.Fields(line)
			if len(f) < 4 {
				t.Fatalf("%s: short line %q", file, line)
			}
			fens = append(fens, strings.Join(f[:4], " "))
		}
	}
	return fens
}
