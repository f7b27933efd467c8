package search

import (
	"math"

	"github.com/azurite-chess/azurite/engine/board"
)

// Selectivity parameters. Depths are in plies, margins in centipawns.
const (
	rfpMaxDepth    = 8   // reverse futility pruning only this close to the leaves
	rfpMargin      = 80  // per ply of remaining depth
	razorMaxDepth  = 3   // razoring: drop to quiescence when far below alpha
	razorMargin    = 250 // depth 1; from depth 2: razorBase + razorMargin × depth²
	razorBase      = 300 // see razorMarginAt
	nmpMinDepth    = 3   // null move needs this much depth left
	nmpVerifyDepth = 12  // from this depth a null-move cutoff is verified
	futilityDepth  = 8   // futility pruning of quiets up to this (reduced) depth
	futilityBase   = 90
	futilityMul    = 100
	seeQuietMargin = 25 // quiets losing more than this × lmrDepth² are pruned
	seeNoisyMargin = 90 // captures losing more than this × depth are pruned
	iirMinDepth    = 4  // internal iterative reduction without a TT move
	lmrMinDepth    = 2
	historyLMRDiv  = 8192 // history points per ply of LMR adjustment
)

// lmrTable[d][n] is the base late-move reduction at depth d for the n-th
// move, computed once at init: ln(d)·ln(n)/2.25 + 0.75 for quiets. The
// logarithms are taken once per number, not twice per entry: 65 000 calls
// of math.Log were 18 million wasm instructions of start-up.
var lmrTable [MaxPly + 1][board.MaxMoves]int8

func init() {
	var logs [max(MaxPly+1, board.MaxMoves)]float64
	for i := 1; i < len(logs); i++ {
		logs[i] = math.Log(float64(i))
	}
	for d := 1; d <= MaxPly; d++ {
		for n := 1; n < board.MaxMoves; n++ {
			lmrTable[d][n] = int8(0.75 + logs[d]*logs[n]/2.25)
		}
	}
}

// lmpLimit is the number of quiet moves tried at a node of the given depth
// before late-move pruning skips the rest.
func lmpLimit(depth int, improving bool) int {
	if improving {
		return 5 + 2*depth*depth
	}
	return 3 + depth*depth
}

// razorMarginAt is the razoring margin at depth 1..razorMaxDepth: 250 cp at
// depth 1, then 1300 and 2550. A margin of 250 cp per ply sent the
// attacker's nodes two or three plies after a queen sacrifice (a queen
// down, about to mate with a quiet move) into quiescence, which has no
// quiet moves: WAC.049, .222 and .241 (Qxh7+/Bf6 and a mate in 6) were
// found at 1M nodes only with the wider margins. Depth 1 keeps 250: the
// variant that also widened it (550) lost 17 Elo over 400 fixed-node games
// (docs/strength.md, History of strength).
func razorMarginAt(depth int) int {
	if depth <= 1 {
		return razorMargin
	}
	return razorBase + razorMargin*depth*depth
}

// negamax is the principal variation search below the root. pvNode is
// implied by an open window; cutNode marks expected fail-high nodes.
func (t *thread) negamax(alpha, beta, depth, ply int, cutNode bool) int {
	pos := t.pos
	inCheck := pos.InCheck()
	// Check extension: a node in check is searched one ply deeper, so the
	// evasions of a mating attack are not cut off at the horizon.
	if inCheck && ply < MaxPly/2 {
		depth++
	}
	if depth <= 0 {
		return t.qsearch(alpha, beta, ply)
	}
	pvNode := beta-alpha > 1
	t.pvLen[ply] = ply
	if t.tick() {
		t.checkpoint()
	}
	if t.s.stop.Load() {
		return 0
	}
	// A select, not an if: Go's js/wasm code lays out an if's body as the
	// fall-through, so the common case (no new seldepth) would jump.
	t.seldepth = max(t.seldepth, ply)
	if pos.IsRepetition(ply) || pos.IsFiftyMoveDraw() || pos.IsInsufficientMaterial() {
		return drawScore
	}
	if ply >= MaxPly-1 {
		if inCheck {
			return drawScore
		}
		return t.evaluate()
	}
	// Mate-distance pruning: no line from here can beat a mate already found
	// closer to the root.
	if a := matedIn(ply); a > alpha {
		alpha = a
	}
	if b := mateIn(ply + 1); b < beta {
		beta = b
	}
	if alpha >= beta {
		return alpha
	}

	fr := &t.stack[ply]
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
		if !pvNode && hit.depth() >= depth && boundAllows(hit.bound(), ttScore, beta) {
			return ttScore
		}
		// The cutoff first and no calls for an entry without a move:
		// unpackMove and IsLegal are not inlined, and a call costs the
		// js/wasm build dozens of instructions.
		if hit.move() != 0 {
			if m := unpackMove(pos, hit.move()); m != board.NoMove && pos.IsLegal(m) {
				ttMove = m
			}
		}
	}

	// Static evaluation, refined by the table's score when its bound allows.
	staticEval, eval := noEval, -infinity
	if !inCheck {
		if ok && hit.eval() != noEval {
			staticEval = hit.eval()
		} else {
			staticEval = t.evaluate()
		}
		eval = staticEval
		if ok && (hit.bound() == ttExact || hit.bound() == ttLower && ttScore > eval || hit.bound() == ttUpper && ttScore < eval) {
			eval = ttScore
		}
	}
	fr.staticEval = staticEval
	improving := false
	if !inCheck && ply >= 2 && t.stack[ply-2].staticEval != noEval {
		improving = staticEval > t.stack[ply-2].staticEval
	}
	t.hist.killers[ply+1] = [2]board.Move{}

	if !pvNode && !inCheck && !t.feat.noPrune {
		// Reverse futility: far above beta with little depth left, assume
		// the opponent cannot catch up.
		if depth <= rfpMaxDepth && eval < mateInMaxPly && beta > -mateInMaxPly {
			margin := rfpMargin * depth
			if improving {
				margin -= rfpMargin
			}
			if eval-margin >= beta {
				return eval
			}
		}
		// Razoring: hopeless at low depth unless a capture saves it.
		if depth <= razorMaxDepth && eval+razorMarginAt(depth) < alpha {
			v := t.qsearch(alpha-1, alpha, ply)
			if v < alpha {
				return v
			}
		}
		// Null move: give the opponent a free move; if we still beat beta,
		// a real move surely does. Not with pawns only (zugzwang), and
		// verified at high depth.
		if depth >= nmpMinDepth && !t.noNull && eval >= beta && staticEval >= beta && ply >= t.nmpMinPly &&
			ply > 0 && t.stack[ply-1].move != board.NoMove && hasNonPawnMaterial(pos) && beta > -mateInMaxPly {
			r := 3 + depth/3
			if d := (eval - beta) / 200; d < 3 {
				r += d
			} else {
				r += 3
			}
			fr.move, fr.cont = board.NoMove, pieceTo{}
			pos.MakeNullMove()
			v := -t.negamax(-beta, -beta+1, depth-r, ply+1, !cutNode)
			pos.UnmakeNullMove()
			if t.s.stop.Load() {
				return 0
			}
			if v >= beta {
				if v >= mateInMaxPly {
					v = beta
				}
				if t.nmpMinPly != 0 || depth < nmpVerifyDepth {
					return v
				}
				// Verification: search without null moves for a few plies.
				t.nmpMinPly = ply + 3*(depth-r)/4
				w := t.negamax(beta-1, beta, depth-r, ply, false)
				t.nmpMinPly = 0
				if w >= beta {
					return v
				}
			}
		}
	}
	// Internal iterative reduction: without a hash move this node was not
	// searched before (or was a fail-low); search it shallower first.
	if depth >= iirMinDepth && ttMove == board.NoMove && (pvNode || cutNode) && !t.feat.noPrune {
		depth--
	}

	var c1, c2 pieceTo
	if ply >= 1 {
		c1 = t.stack[ply-1].cont
	}
	if ply >= 2 {
		c2 = t.stack[ply-2].cont
	}
	counter := board.NoMove
	if c1.piece != board.NoPiece {
		counter = t.hist.counter[c1.piece][c1.to]
	}
	k := &t.hist.killers[ply]
	pk := &fr.pick
	pk.init(ttMove, k[0], k[1], counter, c1, c2)

	best, bestMove := -infinity, board.NoMove
	moveCount, nQuiets, nCaptures := 0, 0, 0
	origAlpha := alpha
	// The position is the same at every move of the loop (each is unmade).
	nonPawn := hasNonPawnMaterial(pos)
	for m := pk.next(t, pos); m != board.NoMove; m = pk.next(t, pos) {
		moveCount++
		quiet := !m.IsNoisy()
		r := int(lmrTable[min(depth, MaxPly)][min(moveCount, board.MaxMoves-1)])

		// Shallow-depth pruning, only once a move has been searched so a
		// mate or stalemate is never missed. A move that gives check is
		// never pruned; GivesCheck, a call, is asked only of a move that
		// would be (LMR below asks the position after the move instead):
		// asked of every move from the second on, it cost 1.2 calls per
		// search node.
		if best > -mateInMaxPly && !t.feat.noPrune && nonPawn {
			lmrDepth := depth - 1 - r
			if quiet {
				lmp := moveCount > lmpLimit(depth, improving)
				if (lmp ||
					!inCheck && lmrDepth <= futilityDepth && staticEval+futilityBase+futilityMul*max(lmrDepth, 0) <= alpha ||
					lmrDepth < 8 && !seeGE(pos, m, -seeQuietMargin*lmrDepth*lmrDepth)) && !pos.GivesCheck(m) {
					if lmp {
						pk.skipQuie = true
					}
					continue
				}
			} else if depth <= 8 && !seeGE(pos, m, -seeNoisyMargin*depth) && !pos.GivesCheck(m) {
				continue
			}
		}

		pos.MakeMove(m)
		fr.move, fr.cont = m, keyOf(m)
		newDepth := depth - 1
		v := 0
		if depth >= lmrMinDepth && moveCount > 1+boolInt(pvNode) && (quiet || !pvNode) && !t.feat.noPrune {
			// Late move reduction, adjusted by node type and history.
			if !quiet {
				r = r / 2
			} else {
				if pvNode {
					r--
				}
				if cutNode {
					r++
				}
				if !improving {
					r++
				}
				if m == k[0] || m == k[1] || m == counter {
					r--
				}
				r -= t.hist.quietScore(pos.Side().Other(), m, c1, c2) / historyLMRDiv
			}
			if pos.InCheck() { // m gave check
				r--
			}
			d := newDepth - r
			if d > newDepth {
				d = newDepth
			}
			if d < 1 {
				d = 1
			}
			v = -t.negamax(-alpha-1, -alpha, d, ply+1, true)
			if v > alpha && d < newDepth {
				v = -t.negamax(-alpha-1, -alpha, newDepth, ply+1, !cutNode)
			}
		} else if !pvNode || moveCount > 1 {
			v = -t.negamax(-alpha-1, -alpha, newDepth, ply+1, !cutNode)
		}
		if pvNode && (moveCount == 1 || v > alpha && v < beta) {
			v = -t.negamax(-beta, -alpha, newDepth, ply+1, false)
		}
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
		if quiet {
			if nQuiets < len(fr.quiets) {
				fr.quiets[nQuiets] = m
				nQuiets++
			}
		} else if nCaptures < len(fr.captures) {
			fr.captures[nCaptures] = m
			nCaptures++
		}
	}
	if moveCount == 0 {
		if inCheck {
			return matedIn(ply)
		}
		return drawScore
	}
	if best >= beta {
		if !bestMove.IsNoisy() {
			t.hist.updateQuiet(pos.Side(), bestMove, fr.quiets[:nQuiets], depth, ply, c1, c2)
		}
		t.hist.updateCapture(bestMove, fr.captures[:nCaptures], depth)
	}
	if !t.feat.noTT {
		bound := ttUpper
		switch {
		case best >= beta:
			bound = ttLower
		case pvNode && best > origAlpha:
			bound = ttExact
		}
		t.tt.store(key, packMove(bestMove), scoreToTT(best, ply), staticEval, depth, bound)
	}
	return best
}

// boundAllows reports whether a table score with bound b may be used as the
// result of a zero-window search against beta: a lower bound at or above
// beta, an upper bound below it, or an exact score.
func boundAllows(b uint8, score, beta int) bool {
	switch b {
	case ttExact:
		return true
	case ttLower:
		return score >= beta
	case ttUpper:
		return score < beta
	}
	return false
}
