package search

import "github.com/azurite-chess/azurite/engine/board"

// Move-ordering statistics, one set per search thread (never shared, so no
// synchronisation): butterfly history by side/from/to, continuation history
// by (previous piece, previous to) x (piece, to) for the moves one and two
// plies back, capture history by moving piece/to/captured type, killers per
// ply and a counter-move per previous (piece, to).
//
// All history values are updated with "gravity":
//
//	h += bonus - h*|bonus|/historyMax
//
// which keeps |h| below historyMax and lets old information fade.
type history struct {
	butterfly [2][64][64]int16
	cont      [16][64][16][64]int16
	capture   [16][64][8]int16
	counter   [16][64]board.Move
	killers   [MaxPly + 4][2]board.Move
}

// historyMax bounds every history table value.
const historyMax = 16384

func (h *history) clear() { *h = history{} }

func gravity(v *int16, bonus int) {
	abs := bonus
	if abs < 0 {
		abs = -abs
	}
	n := int(*v) + bonus - int(*v)*abs/historyMax
	*v = int16(n)
}

// historyBonus is the reward for a move that caused a cutoff at depth
// (and the malus, negated, for the quiets tried before it).
func historyBonus(depth int) int {
	b := 160*depth - 120
	if b > 1600 {
		b = 1600
	}
	if b < 40 {
		b = 40
	}
	return b
}

// pieceTo is the continuation-history key of a move: moving piece and target.
type pieceTo struct {
	piece board.Piece
	to    board.Square
}

func keyOf(m board.Move) pieceTo { return pieceTo{m.Piece(), m.To()} }

// quietScore is the ordering score of quiet m given the continuation keys of
// the moves one and two plies back (piece 0 = none).
func (h *history) quietScore(side board.Color, m board.Move, c1, c2 pieceTo) int {
	pc, to := m.Piece(), m.To()
	s := int(h.butterfly[side][m.From()][to])
	s += int(h.cont[c1.piece][c1.to][pc][to])
	s += int(h.cont[c2.piece][c2.to][pc][to])
	return s
}

// quietScores sets keys[i] to the ordering key (orderKey) of
// quietScore(side, moves[i], c1, c2) for every quiet move, with the three
// table rows looked up once: in the per-move form the rows' indices are
// reloaded and bounds-checked for each move (a store to keys could alias
// them), which in the js/wasm build cost about 170 instructions per quiet
// move (instrumented TestBenchPrint, depth 7).
func (h *history) quietScores(side board.Color, moves []board.Move, keys []int64, c1, c2 pieceTo) {
	keys = keys[:len(moves)]
	bf := &h.butterfly[side&1]
	r1 := &h.cont[c1.piece&15][c1.to&63]
	r2 := &h.cont[c2.piece&15][c2.to&63]
	for i, m := range moves {
		pc, to := m.Piece(), m.To()
		keys[i] = orderKey(int32(int(bf[m.From()][to])+int(r1[pc][to])+int(r2[pc][to])), i)
	}
}

// noisyScores sets keys[i] to the ordering key of noisy moves[i], whose
// score is its MVV-LVA value plus a sixteenth of its capture history. A
// promotion without a capture reads the table's captured-type-0 slot, which
// stays 0 (only captures are updated, see updateCapture), so no branch is
// needed.
func (h *history) noisyScores(moves []board.Move, keys []int64) {
	keys = keys[:len(moves)]
	for i, m := range moves {
		keys[i] = orderKey(mvvLva(m)+int32(h.capture[m.Piece()][m.To()][m.Captured().Type()])/16, i)
	}
}

// updateQuiet rewards best (a quiet that caused a beta cutoff) and punishes
// the quiets searched before it.
func (h *history) updateQuiet(side board.Color, best board.Move, tried []board.Move, depth, ply int, c1, c2 pieceTo) {
	bonus := historyBonus(depth)
	h.addQuiet(side, best, bonus, c1, c2)
	for _, m := range tried {
		if m != best {
			h.addQuiet(side, m, -bonus, c1, c2)
		}
	}
	if h.killers[ply][0] != best {
		h.killers[ply][1] = h.killers[ply][0]
		h.killers[ply][0] = best
	}
	if c1.piece != board.NoPiece {
		h.counter[c1.piece][c1.to] = best
	}
}

func (h *history) addQuiet(side board.Color, m board.Move, bonus int, c1, c2 pieceTo) {
	pc, to := m.Piece(), m.To()
	gravity(&h.butterfly[side][m.From()][to], bonus)
	if c1.piece != board.NoPiece {
		gravity(&h.cont[c1.piece][c1.to][pc][to], bonus)
	}
	if c2.piece != board.NoPiece {
		gravity(&h.cont[c2.piece][c2.to][pc][to], bonus)
	}
}

// updateCapture rewards a capture that cut off and punishes the captures
// searched before it.
func (h *history) updateCapture(best board.Move, tried []board.Move, depth int) {
	bonus := historyBonus(depth)
	if best.IsCapture() {
		gravity(h.captureEntry(best), bonus)
	}
	for _, m := range tried {
		if m != best && m.IsCapture() {
			gravity(h.captureEntry(m), -bonus)
		}
	}
}

func (h *history) captureEntry(m board.Move) *int16 {
	return &h.capture[m.Piece()][m.To()][m.Captured().Type()]
}
