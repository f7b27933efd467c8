package eval

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/azurite-chess/azurite/engine/board"
	"github.com/azurite-chess/azurite/internal/shareddata"
)

// sharedFENs returns the position of every line of the shared perft and
// tactical EPD suites, as a FEN with counters.
func sharedFENs(t testing.TB) []string {
	t.Helper()
	fens := suiteFENs(t, "perft", "tactical")
	if len(fens) < 3000 {
		t.Fatalf("only %d shared positions found", len(fens))
	}
	return fens
}

// suiteFENs returns the position of every line of the EPD files in the given
// directories of the shared data, as a FEN with counters.
func suiteFENs(t testing.TB, dirs ...string) []string {
	t.Helper()
	data := shareddata.Dir(t)
	var files []string
	for _, dir := range dirs {
		m, err := filepath.Glob(filepath.Join(data, dir, "*.epd"))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	var fens []string
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			fields := strings.Fields(sc.Text())
			if len(fields) < 4 {
				continue
			}
			if strings.Trim(fields[2], "KQkq-") != "" {
				fields[2] = "-" // Chess960 castling letters: irrelevant to the evaluation
			}
			fens = append(fens, strings.Join(fields[:4], " ")+" 0 1")
		}
		f.Close()
	}
	return fens
}

// flipFEN returns the colour-flipped position: board mirrored top to bottom,
// colours swapped, the other side to move. Chess960 castling letters are
// dropped (the evaluation does not look at castling rights).
func flipFEN(fen string) string {
	f := strings.Fields(fen)
	ranks := strings.Split(f[0], "/")
	for i, j := 0, len(ranks)-1; i < j; i, j = i+1, j-1 {
		ranks[i], ranks[j] = ranks[j], ranks[i]
	}
	placement := swapCase(strings.Join(ranks, "/"))
	side := "w"
	if f[1] == "w" {
		side = "b"
	}
	castle := "-"
	if strings.Trim(f[2], "KQkq-") == "" && f[2] != "-" {
		var b strings.Builder
		for _, ch := range "KQkq" {
			// K in the flipped position exists iff k existed before, etc.
			if strings.ContainsRune(f[2], []rune(swapCase(string(ch)))[0]) {
				b.WriteRune(ch)
			}
		}
		castle = b.String()
	}
	ep := f[3]
	if ep != "-" {
		ep = string(ep[0]) + string('1'+'8'-ep[1])
	}
	rest := "0 1"
	if len(f) >= 6 {
		rest = f[4] + " " + f[5]
	}
	return placement + " " + side + " " + castle + " " + ep + " " + rest
}

func swapCase(s string) string {
	b := []byte(s)
	for i, c := range b {
		switch {
		case c >= 'a' && c <= 'z':
			b[i] = c - 'a' + 'A'
		case c >= 'A' && c <= 'Z':
			b[i] = c - 'A' + 'a'
		}
	}
	return string(b)
}

func mustFEN(t testing.TB, fen string) *board.Position {
	t.Helper()
	pos, err := board.ParseFEN(fen)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	return pos
}

// traceFEN evaluates fen with tracing on and returns the evaluator (its trace
// holds the per-side coefficients) and White's score.
func traceFEN(t testing.TB, fen string) (*evaluator[traced], int) {
	t.Helper()
	e := newTracer()
	v := e.evaluate(mustFEN(t, fen))
	return e, v
}

// coef returns how often weight i was applied for colour c.
func (e *evaluator[M]) coefOf(c board.Color, i int) int { return int(e.coef[c][i]) }

// whiteEval returns the evaluation of fen from White's point of view.
func whiteEval(t testing.TB, fen string) int {
	t.Helper()
	return New().evaluate(mustFEN(t, fen))
}
