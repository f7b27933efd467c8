package eval

import "github.com/azurite-chess/azurite/engine/board"

// NNUE evaluates positions with a Net. It keeps one accumulator per ply of
// the position's recent history and brings the one for the evaluated
// position up to date lazily: from the nearest earlier ply whose
// accumulator still belongs to that ply's position (same key), it applies
// the moves played since, each touching two to four feature rows per side.
// Only when no such ply lies within nnueMaxLazy plies does it sum every
// piece again (a refresh). A search evaluates most nodes whose parent it
// evaluated, so nearly every evaluation costs one update.
//
// The accumulators form a ring of nnueRing slots indexed by the ply modulo
// nnueRing, so an evaluator's memory is fixed however long the game that
// led to the position: a search reads back at most nnueBackfill plies from
// a node at most MaxPly below its root. A slot is trusted only when its key
// is the key of the position at that ply, so a slot left by another ply
// that shares its index is never used by mistake.
//
// An NNUE is not safe for concurrent use: each search thread needs its own.
type NNUE struct {
	net   *Net
	stack *[nnueRing]accumulator // slot ply&nnueMask holds ply's accumulator
}

// accumulator is both sides' hidden-layer sums (before the activation) for
// the position with Zobrist key key; key 0 marks an unused slot.
type accumulator struct {
	v   [2][netWords]uint64 // four int16 units per word, as Net.ftW
	key uint64
}

// nnueMaxLazy bounds the moves an evaluation replays before a refresh is
// cheaper: a refresh adds about 30 rows per side, a move two to four.
const nnueMaxLazy = 8

// nnueBackfill is how many earlier plies a refresh also brings up to date,
// by undoing the moves that led to the position (a move's change is exact
// to reverse). Without it, a search whose interior nodes take their static
// evaluation from the transposition table (and so are never evaluated)
// found no valid ancestor for 38% of its evaluations and refreshed each
// time; with it, the plies down to the search's root are filled once and
// later evaluations replay from them.
const nnueBackfill = 16

// nnueRing is the number of accumulators an evaluator keeps: a power of two
// above the search's deepest ply (128) plus the plies read back from it, so
// that the slots of a search path never overwrite each other.
const (
	nnueRing = 256
	nnueMask = nnueRing - 1
)

// NewNNUE returns an evaluator using net, which must not be nil.
func NewNNUE(net *Net) *NNUE {
	return &NNUE{net: net, stack: new([nnueRing]accumulator)}
}

// Evaluate returns the net's score of pos in centipawns from the side to
// move's point of view.
func (e *NNUE) Evaluate(pos *board.Position) int {
	a := e.accumulate(pos)
	return e.net.output(a, pos)
}

// slot returns ply's accumulator slot.
func (e *NNUE) slot(ply int) *accumulator { return &e.stack[ply&nnueMask] }

// accumulate returns the up-to-date accumulator of pos.
func (e *NNUE) accumulate(pos *board.Position) *accumulator {
	ply := pos.Ply()
	top := e.slot(ply)
	if top.key == pos.Key() && top.key != 0 {
		return top
	}
	j := ply - 1
	for ; j >= 0 && ply-j <= nnueMaxLazy; j-- {
		if k := pos.KeyAt(j); e.slot(j).key == k && k != 0 {
			break
		}
	}
	if j < 0 || ply-j > nnueMaxLazy {
		e.net.refresh(top, pos)
		top.key = pos.Key()
		for i := ply - 1; i >= max(0, ply-nnueBackfill); i-- {
			e.net.undo(e.slot(i), e.slot(i+1), pos.MoveAt(i))
			e.slot(i).key = pos.KeyAt(i)
		}
		return top
	}
	for ; j < ply; j++ {
		e.net.update(e.slot(j+1), e.slot(j), pos.MoveAt(j))
		e.slot(j + 1).key = pos.KeyAt(j + 1)
	}
	return top
}

// Evaluate returns the net's score of pos from scratch (a refresh, no
// per-ply state), in centipawns from the side to move's point of view: for
// one-off evaluations such as the UCI eval command. Searches use an NNUE.
func (n *Net) Evaluate(pos *board.Position) int {
	var a accumulator
	n.refresh(&a, pos)
	return n.output(&a, pos)
}

// refresh computes a's sums from pos's pieces.
func (n *Net) refresh(a *accumulator, pos *board.Position) {
	a.v[0] = n.ftB
	a.v[1] = n.ftB
	for b := pos.Occupied(); b != 0; {
		sq := b.PopLSB()
		pc := pos.PieceAt(sq)
		addRow(&a.v[0], &n.ftW[Feature(board.White, pc, sq)])
		addRow(&a.v[1], &n.ftW[Feature(board.Black, pc, sq)])
	}
}

// update sets dst to src after m (NoMove: a null move, which moves nothing).
func (n *Net) update(dst, src *accumulator, m board.Move) {
	if m == board.NoMove {
		dst.v = src.v
		return
	}
	c := m.Change()
	for s := board.White; s <= board.Black; s++ {
		d := n.delta(s, &c)
		apply(&dst.v[s], &src.v[s], &d.add, &d.sub, d.na, d.ns)
	}
}

// undo sets dst to the accumulator before m from src, the one after it: the
// same rows as update, added and removed the other way.
func (n *Net) undo(dst, src *accumulator, m board.Move) {
	if m == board.NoMove {
		dst.v = src.v
		return
	}
	c := m.Change()
	for s := board.White; s <= board.Black; s++ {
		d := n.delta(s, &c)
		apply(&dst.v[s], &src.v[s], &d.sub, &d.add, d.ns, d.na)
	}
}

// rows is the change a move makes to one side's accumulator: the feature
// rows it adds and removes (one or two of each).
type rows struct {
	add, sub [2]*[netWords]uint64
	na, ns   int
}

// delta returns the rows a move adds and removes, seen from side s, from
// what the board says it changes (board.Move.Change): no rule is derived
// here again.
func (n *Net) delta(s board.Color, c *board.Change) rows {
	w := &n.ftW
	r := rows{na: 1, ns: 1}
	r.add[0], r.sub[0] = &w[Feature(s, c.Placed, c.To)], &w[Feature(s, c.Piece, c.From)]
	switch {
	case c.Rook != board.NoPiece:
		r.add[1], r.sub[1] = &w[Feature(s, c.Rook, c.RookTo)], &w[Feature(s, c.Rook, c.RookFrom)]
		r.na, r.ns = 2, 2
	case c.Captured != board.NoPiece:
		r.sub[1] = &w[Feature(s, c.Captured, c.CapturedOn)]
		r.ns = 2
	}
	return r
}

// apply sets d to s plus the na rows of add minus the ns rows of sub.
func apply(d, s *[netWords]uint64, add, sub *[2]*[netWords]uint64, na, ns int) {
	switch {
	case na == 1 && ns == 1:
		addSub(d, s, add[0], sub[0])
	case na == 1:
		addSubSub(d, s, add[0], sub[0], sub[1])
	case ns == 1:
		add2Sub(d, s, add[0], add[1], sub[0])
	default:
		addSub2(d, s, add[0], sub[0], add[1], sub[1])
	}
}

// output is the net's score of pos, whose accumulator is a, from the side
// to move's point of view in centipawns, by the output layer of pos's
// piece count.
func (n *Net) output(a *accumulator, pos *board.Position) int {
	us := pos.Side()
	bucket := 0
	if b := len(n.outB); b > 1 {
		bucket = OutputBucket(pos.Occupied().Count(), b)
	}
	own, other := &a.v[us&1], &a.v[us&1^1]
	w := &n.outW[bucket]
	wOwn := (*[NetHidden]int16)(w[:NetHidden])
	wOther := (*[NetHidden]int16)(w[NetHidden:])
	sum := outputSum(own, other, wOwn, wOther)
	// sum is in QA²·QB; one QA off gives the bias's QA·QB.
	return int((sum/netQA + int64(n.outB[bucket])) * NetScale / (netQA * netQB))
}
