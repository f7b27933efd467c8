package eval

import (
	"strconv"

	"github.com/azurite-chess/azurite/engine/board"
)

// A net file can have a valid header and checksum and still hold weights
// no training produced (a truncated export, random bytes with a fresh
// checksum). Plausible evaluates a few reference positions and refuses a
// net whose scores lie outside what any trained net gives.

// plausibility is one reference position and the range its score (side to
// move's view, centipawns) must fall in.
type plausibility struct {
	what     string
	fen      string
	min, max int
}

var plausibilities = []plausibility{
	{"the start position", board.StartFEN, -200, 200},
	{"White a queen up, White to move", "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 500, 1 << 20},
	{"White a queen up, Black to move", "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1", -1 << 20, -500},
	{"Black a queen up, White to move", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1", -1 << 20, -500},
}

// Plausible returns an error wrapping ErrBadNet if n scores a reference
// position out of range: the start position beyond ±200 cp, or a side a
// queen up by less than 500 cp. Engines check a net from a file with it
// before using it.
func (n *Net) Plausible() error {
	for _, p := range plausibilities {
		pos, err := board.ParseFEN(p.fen)
		if err != nil {
			panic("eval: reference position: " + err.Error())
		}
		v := n.Evaluate(pos)
		if v >= p.min && v <= p.max {
			continue
		}
		want := "at most " + strconv.Itoa(p.max)
		switch {
		case p.min > -1<<20 && p.max < 1<<20:
			want = "within " + strconv.Itoa(p.min) + ".." + strconv.Itoa(p.max)
		case p.min > -1<<20:
			want = "at least " + strconv.Itoa(p.min)
		}
		return badNet("implausible weights: " + p.what + " scores " + strconv.Itoa(v) + " cp for the side to move, want " + want + " (not a trained net?)")
	}
	return nil
}
