package uci

import (
	"strconv"
	"strings"

	"github.com/azurite-chess/azurite/engine/board"
	"github.com/azurite-chess/azurite/engine/eval"
)

// The non-standard commands every engine is expected to have: d, eval,
// perft and bench. d and eval run synchronously on a copy of the position
// and leave a running search alone (an analysis goes on through them);
// perft and bench run as a task (task.go) and are refused while a search
// runs, since only position and go stop one.

// cmdDisplay prints the board, its FEN, key and checkers ("d").
func (h *Handler) cmdDisplay() {
	for _, l := range BoardLines(h.sess.Position()) {
		h.emit(l)
	}
}

// BoardLines draws pos as text: an 8×8 diagram (White at the bottom), then
// the FEN, the Polyglot key and the checking pieces' squares.
func BoardLines(pos *board.Position) []string {
	const sep = " +---+---+---+---+---+---+---+---+"
	out := []string{"", sep}
	for r := 7; r >= 0; r-- {
		var b strings.Builder
		b.WriteString(" |")
		for f := 0; f < 8; f++ {
			b.WriteByte(' ')
			c := pos.PieceAt(board.NewSquare(f, r)).Char()
			b.WriteByte(c)
			b.WriteString(" |")
		}
		b.WriteString(" " + strconv.Itoa(r+1))
		out = append(out, b.String(), sep)
	}
	out = append(out, "   a   b   c   d   e   f   g   h", "")
	out = append(out, "Fen: "+pos.FEN())
	key := strconv.FormatUint(pos.Key(), 16)
	out = append(out, "Key: "+strings.Repeat("0", 16-len(key))+key)
	var checkers []string
	for bb := pos.Checkers(); bb != 0; {
		checkers = append(checkers, bb.PopLSB().String())
	}
	out = append(out, "Checkers: "+strings.Join(checkers, " "))
	return out
}

// cmdEval prints the evaluation's term breakdown ("eval").
func (h *Handler) cmdEval() {
	pos := h.sess.Position()
	for _, l := range EvalLines(pos) {
		h.emit(l)
	}
	if net := h.sess.Net(); net != nil {
		cp := net.Evaluate(pos)
		if pos.Side() == board.Black {
			cp = -cp
		}
		state := "in use"
		if !h.sess.UsesNNUE() {
			state = "not in use: Use NNUE is off"
		}
		h.emit("NNUE evaluation: " + pawns(cp) + " (white side), net nn-" + net.Hash() + " (" + state + ")")
	}
}

// EvalLines formats eval.Explain for pos: each term's middlegame and endgame
// value per side and their difference (White's view), then the phase and the
// final score.
func EvalLines(pos *board.Position) []string {
	x := eval.Explain(pos)
	out := []string{
		"         Term |     White     |     Black     |     Total",
		"              |    MG     EG  |    MG     EG  |    MG     EG",
		" -------------+---------------+---------------+---------------",
	}
	for _, t := range x.Terms {
		d := t.White - t.Black
		out = append(out, pad(t.Name, 13)+" | "+pair(t.White)+" | "+pair(t.Black)+" | "+pair(d))
	}
	if x.Special != "" {
		out = append(out, "Endgame rule: "+x.Special)
	}
	out = append(out, "Phase: "+strconv.Itoa(x.Phase)+"/"+strconv.Itoa(board.TotalPhase)+", endgame scale "+strconv.Itoa(x.Scale)+"/128")
	out = append(out, "Final evaluation: "+pawns(x.White)+" (white side)")
	return out
}

func pad(s string, n int) string {
	if len(s) >= n {
		return s
	}
	return strings.Repeat(" ", n-len(s)) + s
}

func pair(s board.Score) string { return pawnsW(s.Mg(), 6) + " " + pawnsW(s.Eg(), 6) }

func pawnsW(cp, w int) string { return pad(pawns(cp), w) }

// pawns renders centipawns as signed pawns with two decimals ("+0.25").
func pawns(cp int) string {
	sign := "+"
	if cp < 0 {
		sign, cp = "-", -cp
	}
	frac := strconv.Itoa(cp % 100)
	if len(frac) == 1 {
		frac = "0" + frac
	}
	return sign + strconv.Itoa(cp/100) + "." + frac
}

// cmdPerft handles the non-standard "perft N" on the current position (a
// task: see startPerft).
func (h *Handler) cmdPerft(f []string) {
	if len(f) != 1 {
		h.errLine("perft: expected \"perft <depth>\"")
		return
	}
	n, err := strconv.Atoi(f[0])
	if err != nil || n < 1 || n > maxPerftDepth {
		h.errLine("perft: depth must be an integer 1.." + strconv.Itoa(maxPerftDepth))
		return
	}
	h.startPerft(n)
}

// PerftLines returns "move: count" per legal root move, a blank line and
// "Nodes searched: N".
func PerftLines(pos *board.Position, depth int) []string {
	var out []string
	total := uint64(0)
	for _, e := range pos.Divide(depth) {
		out = append(out, e.Move.String()+": "+strconv.FormatUint(e.Nodes, 10))
		total += e.Nodes
	}
	return append(out, "", "Nodes searched: "+strconv.FormatUint(total, 10))
}
