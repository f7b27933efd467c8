package eval

import (
	"math/bits"

	"github.com/azurite-chess/azurite/engine/board"
)

// Endgame knowledge: exact or rule-based scores for a few material
// configurations (KPK by bitbase, mating with K+Q/R or K+B+N against a lone
// king, dead draws), and a scale factor that shrinks the endgame half of the
// score where the material balance is drawish (opposite-coloured bishops,
// no pawns and too little extra material, a rook pawn with the wrong bishop).

// scaleNormal is the scale factor of an ordinary endgame; 0 is a dead draw.
const scaleNormal = 128

// knownWin is the base score of an endgame the stronger side wins by
// technique: above any normal evaluation, far below mate scores.
const knownWin = 2000

// Rough piece values in pawns used only by the endgame rules (not tuned).
const (
	minorUnits = 3
	rookUnits  = 5
	queenUnits = 9
)

// material counts pieces per colour.
type material struct {
	pawns, knights, bishops, rooks, queens [2]int
	units                                  [2]int // non-pawn material in pawn units
}

func countMaterial(pos *board.Position) (m material) {
	cnt := func(c board.Color, pt board.PieceType) int {
		return bits.OnesCount64(uint64(pos.Pieces(c, pt)))
	}
	for c := board.White; c <= board.Black; c++ {
		m.pawns[c] = cnt(c, board.Pawn)
		m.knights[c] = cnt(c, board.Knight)
		m.bishops[c] = cnt(c, board.Bishop)
		m.rooks[c] = cnt(c, board.Rook)
		m.queens[c] = cnt(c, board.Queen)
		m.units[c] = minorUnits*(m.knights[c]+m.bishops[c]) + rookUnits*m.rooks[c] + queenUnits*m.queens[c]
	}
	return m
}

// specialEndgame returns White's score for material configurations that have
// their own rule, and ok = false for everything else.
func (e *evaluator[M]) specialEndgame(pos *board.Position) (v int, ok bool) {
	// Fast exit: with enough material on the board none of the rules applies
	// (evaluate tests this too, before calling).
	if pos.Occupied().Count() > 5 {
		return 0, false
	}
	m := countMaterial(pos)
	if m.pawns[0]+m.pawns[1] == 0 && m.units[0] <= minorUnits && m.units[1] <= minorUnits {
		return 0, e.special("Draw: no pawns, at most a minor each") // KK, KBK, KNK, KNKB, …
	}
	for strong := board.White; strong <= board.Black; strong++ {
		weak := strong.Other()
		if m.pawns[weak]+m.units[weak] != 0 {
			continue
		}
		sign := 1
		if strong == board.Black {
			sign = -1
		}
		sk, wk := pos.KingSquare(strong), pos.KingSquare(weak)
		switch {
		case m.pawns[strong] == 1 && m.units[strong] == 0:
			psq := pos.Pieces(strong, board.Pawn).LSB()
			if !KPKWin(strong, sk, wk, psq, pos.Side()) {
				return 0, e.special("KPK: draw (bitbase)")
			}
			return sign * (knownWin/2 + 20*psq.RelativeRank(strong)), e.special("KPK: win (bitbase)")
		case m.pawns[strong] == 0 && m.knights[strong] == 2 && m.units[strong] == 2*minorUnits:
			return 0, e.special("KNNK: draw")
		case m.pawns[strong] == 0 && m.knights[strong] == 1 && m.bishops[strong] == 1 && m.units[strong] == 2*minorUnits:
			// Mate is only possible in a corner of the bishop's colour.
			corners := bb(1)<<board.A1 | bb(1)<<board.H8 // dark corners
			if pos.Pieces(strong, board.Bishop)&darkSquares == 0 {
				corners = bb(1)<<board.H1 | bb(1)<<board.A8
			}
			a, b := corners.LSB(), board.Square(63-bits.LeadingZeros64(uint64(corners)))
			cd := min(distance[wk][a], distance[wk][b])
			v := knownWin + 60*(7-cd) + 10*pushToEdge(wk) + 15*(7-distance[sk][wk])
			return sign * v, e.special("KBNK: drive to the bishop's corner")
		case m.pawns[strong] == 0 && (m.queens[strong] > 0 || m.rooks[strong] > 0 ||
			(m.bishops[strong] >= 2 && pos.Pieces(strong, board.Bishop)&darkSquares != 0 && pos.Pieces(strong, board.Bishop)&^darkSquares != 0)):
			v := knownWin + 100*m.units[strong] + 30*pushToEdge(wk) + 15*(7-distance[sk][wk])
			return sign * v, e.special("Mating: drive the lone king to the edge")
		}
	}
	return 0, false
}

// pushToEdge is 0 in the centre and 6 in a corner (Manhattan distance from the centre).
func pushToEdge(sq board.Square) int {
	f, r := sq.File(), sq.Rank()
	return max(3-f, f-4) + max(3-r, r-4)
}

// special records the rule used while tracing and reports true.
func (e *evaluator[M]) special(name string) bool {
	if e.tracing() {
		e.tr.special = name
	}
	return true
}

// scale returns the factor (0..scaleNormal) for the endgame half of the score,
// judged for strong, the side the endgame half favours. Every rule below
// needs strong to have no pawns or exactly one bishop, and evaluate calls it
// only then (otherwise the factor is scaleNormal); a new rule that needs
// neither must widen that test too. It runs at every evaluation,
// so it counts the material in the rules' units (countMaterial's full count,
// a call returning a dozen words, was 1-2 % of the js/wasm search's
// instructions) only where a rule needs the count, the strong side without
// pawns; the other rules ask which pieces are left with masks.
//
// It is go:nosplit (see evalPieces).
//
//go:nosplit
func (e *evaluator[M]) scale(pos *board.Position, strong board.Color) int {
	weak := strong.Other()
	pawns := pos.Pieces(strong, board.Pawn)
	if pawns == 0 {
		// Non-pawn material in the rules' rough pawn units (material.units).
		minors := pos.ByType(board.Knight) | pos.ByType(board.Bishop)
		rooks, queens := pos.ByType(board.Rook), pos.ByType(board.Queen)
		units := func(own bb) int {
			return minorUnits*popCount(minors&own) + rookUnits*popCount(rooks&own) + queenUnits*popCount(queens&own)
		}
		// Without pawns a side needs more than a minor piece's worth of extra
		// material; with only a minor it can never win.
		if su, wu := units(pos.ByColor(strong)), units(pos.ByColor(weak)); su-wu <= minorUnits {
			if su < rookUnits {
				return 0
			}
			return 16
		}
	}
	// pieces: every piece but kings and pawns. A side whose only such piece
	// is a minor has material.units == minorUnits.
	pieces := pos.Occupied() &^ pos.ByType(board.King) &^ pos.ByType(board.Pawn)
	wb, bb_ := pos.Pieces(board.White, board.Bishop), pos.Pieces(board.Black, board.Bishop)
	if popCount(wb) == 1 && popCount(bb_) == 1 && (wb&darkSquares == 0) != (bb_&darkSquares == 0) {
		if pieces == wb|bb_ {
			return 48 // opposite-coloured bishops only
		}
		return 96
	}
	sb := pos.Pieces(strong, board.Bishop)
	if pieces&pos.ByColor(strong) == sb && popCount(sb) == 1 && pawns != 0 {
		// Rook pawns only and a bishop that does not control the promotion
		// square: a draw if the defending king holds the corner.
		for _, f := range [2]int{0, 7} {
			if pawns&^fileMask[f] != 0 {
				continue
			}
			q := relSquare(strong, board.NewSquare(f, 7))
			bishopDark := sb&darkSquares != 0
			if darkSquares.Has(q) != bishopDark && distance[pos.KingSquare(weak)][q] <= 1 {
				return 0
			}
		}
	}
	return scaleNormal
}
