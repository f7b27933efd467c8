package main

import (
	"github.com/azurite-chess/azurite/engine/board"
	"github.com/azurite-chess/azurite/engine/eval"
)

// Quiescence for the data set: Texel's method wants quiet positions, so each
// sampled position is replaced by the leaf of its quiescence principal
// variation (captures and promotions only, stand-pat on the static eval).

const qMaxPly = 24

type qsearcher struct {
	ev    *eval.Evaluator
	lists [qMaxPly]board.MoveList
	pv    [qMaxPly + 1][qMaxPly + 1]board.Move
	pvLen [qMaxPly + 1]int
	nodes int
}

// quietLeaf returns pos advanced along its quiescence PV (pos itself if it is
// quiet), or nil if the leaf is in check.
func (q *qsearcher) quietLeaf(pos *board.Position) *board.Position {
	leaf := pos.Copy()
	q.nodes = 0
	q.search(leaf, -32000, 32000, 0)
	for i := 0; i < q.pvLen[0]; i++ {
		leaf.MakeMove(q.pv[0][i])
	}
	if leaf.InCheck() {
		return nil
	}
	return leaf
}

func (q *qsearcher) search(pos *board.Position, alpha, beta, ply int) int {
	q.pvLen[ply] = 0
	q.nodes++
	stand := q.ev.Evaluate(pos)
	if stand >= beta || ply >= qMaxPly || q.nodes > 20000 {
		return stand
	}
	alpha = max(alpha, stand)
	l := &q.lists[ply]
	l.N = 0
	pos.GenerateNoisy(l)
	moves := l.Slice()
	// Most valuable victim first, then least valuable attacker.
	key := func(m board.Move) int {
		return int(m.Captured().Type())*8 - int(m.Piece().Type()) + int(m.Promotion())*8
	}
	for i := 1; i < len(moves); i++ {
		for j := i; j > 0 && key(moves[j]) > key(moves[j-1]); j-- {
			moves[j], moves[j-1] = moves[j-1], moves[j]
		}
	}
	for _, m := range moves {
		if m.IsPromotion() && m.Promotion() != board.Queen {
			continue
		}
		pos.MakeMove(m)
		v := -q.search(pos, -beta, -alpha, ply+1)
		pos.UnmakeMove()
		if v > alpha {
			alpha = v
			q.pv[ply][0] = m
			copy(q.pv[ply][1:], q.pv[ply+1][:q.pvLen[ply+1]])
			q.pvLen[ply] = q.pvLen[ply+1] + 1
			if v >= beta {
				break
			}
		}
	}
	return alpha
}
