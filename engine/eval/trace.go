package eval

import (
	"strconv"

	"github.com/azurite-chess/azurite/engine/board"
)

// Tracing records, for one evaluation, how many times each weight was applied
// for each side (in the Evaluator's coef). The evaluation is linear in the
// weights apart from the taper and the scale factor, so a trace plus the
// phase and scale reproduce it exactly: this is what the tuner fits and what
// Explain prints.

type trace struct {
	phase   int
	scale   int
	special string // name of the endgame rule that decided the score, if any
}

// tracePSQ records the material and piece-square weights behind pos.PSQ().
func (e *evaluator[M]) tracePSQ(pos *board.Position) {
	for c := board.White; c <= board.Black; c++ {
		for pt := board.Pawn; pt <= board.King; pt++ {
			for b := pos.Pieces(c, pt); b != 0; {
				sq := b.PopLSB()
				if pt != board.King {
					e.coef[c][pMaterial+int(pt)-1]++
				}
				e.coef[c][pPSQ+32*(int(pt)-1)+psqIndex(relSquare(c, sq))]++
			}
		}
	}
}

// Coef is one non-zero coefficient of a traced evaluation: weight Index is
// applied N times more for White than for Black.
type Coef struct {
	Index int
	N     int32
}

// Trace is the linear form of one position's evaluation, from White's point
// of view: Evaluate equals Taper(sum of N * V[Index] over Coefs) unless
// Special is set (an endgame rule, not a function of the weights).
type Trace struct {
	Coefs   []Coef
	Phase   int
	Scale   int
	Special bool
	Eval    int // the evaluation from White's point of view
}

// TraceOf evaluates pos with the current weights and returns its trace. It
// allocates; it is for the tuner, not for search.
func TraceOf(pos *board.Position) Trace {
	e := newTracer()
	v := e.evaluate(pos)
	t := Trace{Phase: e.tr.phase, Scale: e.tr.scale, Special: e.tr.special != "", Eval: v}
	for i := 0; i < NumParams; i++ {
		if n := e.coef[board.White][i] - e.coef[board.Black][i]; n != 0 {
			t.Coefs = append(t.Coefs, Coef{i, n})
		}
	}
	return t
}

// Taper blends a packed score by phase (0..board.TotalPhase, all middlegame at
// TotalPhase) and scales its endgame half by scale/128, as Evaluate does.
func Taper(s board.Score, phase, scale int) int { return taper(s, phase, scale) }

// Term is one line of Explain: a named part of the evaluation with each side's
// own middlegame/endgame contribution (from that side's point of view).
type Term struct {
	Name         string
	White, Black board.Score
}

// Explanation is the breakdown of one evaluation.
type Explanation struct {
	Terms   []Term
	Phase   int    // 0..board.TotalPhase
	Scale   int    // endgame scale factor, 128 = normal
	Special string // the endgame rule that decided the score, if one did
	White   int    // final score in centipawns, White's point of view
}

// Explain evaluates pos and breaks the score down by term group, for the UCI
// "eval" command. It allocates.
func Explain(pos *board.Position) Explanation {
	e := newTracer()
	v := e.evaluate(pos)
	x := Explanation{Phase: e.tr.phase, Scale: e.tr.scale, Special: e.tr.special, White: v}
	if x.Special != "" {
		return x
	}
	p := active
	for _, b := range Layout {
		k := len(x.Terms) - 1
		if k < 0 || x.Terms[k].Name != b.Group {
			x.Terms = append(x.Terms, Term{Name: b.Group})
			k++
		}
		for i := b.Start; i < b.Start+b.Len; i++ {
			x.Terms[k].White += p.V[i] * board.Score(e.coef[board.White][i])
			x.Terms[k].Black += p.V[i] * board.Score(e.coef[board.Black][i])
		}
	}
	return x
}

// Lines formats the explanation as a table for the UCI "eval" command: one
// line per term with each side's middlegame and endgame values and their
// difference, then the phase, the scale and the final score (White's view).
func (x Explanation) Lines() []string {
	pad := func(s string, n int) string {
		for len(s) < n {
			s = " " + s
		}
		return s
	}
	pair := func(s board.Score) string {
		return pad(strconv.Itoa(s.Mg()), 6) + pad(strconv.Itoa(s.Eg()), 6)
	}
	name := func(s string) string {
		for len(s) < 10 {
			s += " "
		}
		return s
	}
	out := []string{name("Term") + " " + pad("White mg/eg", 12) + "  " + pad("Black mg/eg", 12) + "  " + pad("Total mg/eg", 12)}
	if x.Special != "" {
		out = append(out, "Endgame rule: "+x.Special)
	}
	var total board.Score
	for _, t := range x.Terms {
		total += t.White - t.Black
		out = append(out, name(t.Name)+" "+pair(t.White)+"  "+pair(t.Black)+"  "+pair(t.White-t.Black))
	}
	if x.Special == "" {
		out = append(out, name("Total")+" "+pad("", 12)+"  "+pad("", 12)+"  "+pair(total))
	}
	out = append(out,
		"Phase "+strconv.Itoa(x.Phase)+"/"+strconv.Itoa(board.TotalPhase)+
			", endgame scale "+strconv.Itoa(x.Scale)+"/"+strconv.Itoa(scaleNormal),
		"Final evaluation "+strconv.Itoa(x.White)+" cp (White's view)")
	return out
}
