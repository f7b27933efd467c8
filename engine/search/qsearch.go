package search

import "github.com/azurite-chess/azurite/engine/board"

// deltaMargin is the safety margin of delta pruning: a capture whose victim,
// plus this, cannot lift the static evaluation to alpha is skipped.
const deltaMargin = 150

// qsearch resolves captures (and queen promotions) until the position is
// quiet, so the static evaluation is only trusted where nothing hangs. The
// side to move may "stand pat" on its evaluation; in check all evasions are
// searched and a mate is recognised.
func (t *thread) qsearch(alpha, beta, ply int) int {
	pos := t.pos
	t.pvLen[ply] = ply
	if t.tick() {
		t.checkpoint()
	}
	if t.s.stop.Load() {
		return 0
	}
	t.seldepth = max(t.seldepth, ply) // a select (see negamax)
	if pos.IsFiftyMoveDraw() || pos.IsInsufficientMaterial() {
		return drawScore
	}
	inCheck := pos.InCheck()
	if ply >= MaxPly-1 {
		if inCheck {
			return drawScore
		}
		return t.evaluate()
	}
	pvNode := beta-alpha > 1

	key := pos.Key()
	var hit ttHit
	ok := false
	if !t.feat.noTT {
		hit, ok = t.tt.probe(key)
	}
	ttMove := board.NoMove
	ttScore := 0
	if ok {
		ttScore = scoreFromTT(hit.score(), ply)
		if !pvNode && boundAllows(hit.bound(), ttScore, beta) {
			return ttScore
		}
		if hit.move() != 0 { // no calls for an entry without a move (see negamax)
			if m := unpackMove(pos, hit.move()); m != board.NoMove && pos.IsLegal(m) {
				ttMove = m
			}
		}
	}

	best := -infinity
	staticEval := noEval
	if !inCheck {
		if ok && hit.eval() != noEval {
			staticEval = hit.eval()
		} else {
			staticEval = t.evaluate()
		}
		best = staticEval
		if ok && (hit.bound() == ttExact || hit.bound() == ttLower && ttScore > best || hit.bound() == ttUpper && ttScore < best) {
			best = ttScore
		}
		if best >= beta {
			if !ok && !t.feat.noTT {
				t.tt.store(key, 0, scoreToTT(best, ply), staticEval, qsDepth, ttLower)
			}
			return best
		}
		if best > alpha {
			alpha = best
		}
	}

	pk := &t.stack[ply].pick
	if inCheck {
		pk.init(ttMove, board.NoMove, board.NoMove, board.NoMove, pieceTo{}, pieceTo{})
	} else {
		pk.initQ(ttMove)
	}
	bestMove := board.NoMove
	moveCount := 0
	origAlpha := alpha
	for m := pk.next(t, pos); m != board.NoMove; m = pk.next(t, pos) {
		moveCount++
		if !inCheck && !t.feat.noPrune {
			// Delta pruning: even winning the victim for free stays below alpha.
			if !m.IsPromotion() && staticEval+seeValue[m.Captured().Type()]+deltaMargin <= alpha && !pos.GivesCheck(m) {
				if v := staticEval + seeValue[m.Captured().Type()] + deltaMargin; v > best {
					best = v
				}
				continue
			}
			// SEE pruning: a capture that loses material is not worth a look,
			// unless it gives check. A sacrifice with check (Qxg7+, Rxh7+)
			// is how most mating attacks start; pruned here, it is found only
			// once the main search reaches it with depth to spare. Keeping
			// them solved WAC 288 -> 290 at 1M nodes (docs/search-suites.md);
			// GivesCheck runs only for the SEE losers, so the cost is small.
			if !seeGE(pos, m, 0) && !pos.GivesCheck(m) {
				continue
			}
		}
		pos.MakeMove(m)
		t.stack[ply].move, t.stack[ply].cont = m, keyOf(m)
		v := -t.qsearch(-beta, -alpha, ply+1)
		pos.UnmakeMove()
		if t.s.stop.Load() {
			return 0
		}
		if v > best {
			best = v
			if v > alpha {
				bestMove = m
				if pvNode {
					t.updatePV(ply, m)
				}
				if v >= beta {
					break
				}
				alpha = v
			}
		}
	}
	if inCheck && moveCount == 0 {
		return matedIn(ply)
	}
	if !t.feat.noTT {
		bound := ttUpper
		switch {
		case best >= beta:
			bound = ttLower
		case pvNode && best > origAlpha:
			bound = ttExact
		}
		t.tt.store(key, packMove(bestMove), scoreToTT(best, ply), staticEval, qsDepth, bound)
	}
	return best
}

// qsDepth is the table depth of quiescence results: below any real search.
const qsDepth = 0
