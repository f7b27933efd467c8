package search

import "github.com/azurite-chess/azurite/engine/board"

// The staged move picker hands out the moves of one node in the order most
// likely to cut off early, generating as late as possible:
//
//	stageTT          the transposition-table move (validated with IsLegal)
//	stageGenNoisy    generate captures and promotions, score them MVV-LVA
//	stageGoodNoisy   best-first; a capture failing SEE is set aside as "bad"
//	stageKiller1/2   the killers of this ply, if legal and quiet
//	stageCounter     the counter-move to the opponent's last move
//	stageGenQuiet    generate quiets, score by butterfly + continuation history
//	stageQuiet       best-first
//	stageBadNoisy    the captures set aside, in MVV-LVA order
//
// So a node that cuts off on the hash move or a capture never generates its
// quiet moves. Moves returned by an earlier stage are skipped later. The
// quiescence picker (qsearch) uses only the TT and noisy stages, with bad
// captures dropped and under-promotions skipped.
//
// A picker lives in the thread's per-ply stack; its move buffers are
// preallocated there, so picking never allocates.
type picker struct {
	stage    int
	ttMove   board.Move
	killer1  board.Move
	killer2  board.Move
	counter  board.Move
	noisy    board.MoveList
	quiet    board.MoveList
	keys     [board.MaxMoves]int64 // ordering keys of noisy (pickbest.go)
	qkeys    [board.MaxMoves]int64 // ordering keys of quiet
	idx      int                   // next unreturned index in the list of the current stage
	nBad     int                   // bad captures are kept in noisy.Moves[:nBad]
	qsearch  bool
	skipQuie bool // set by the search to skip the remaining quiets (LMP)
	c1, c2   pieceTo
}

const (
	stageTT = iota
	stageGenNoisy
	stageGoodNoisy
	stageKiller1
	stageKiller2
	stageCounter
	stageGenQuiet
	stageQuiet
	stageBadNoisy
	stageDone
)

// mvvLva orders captures by most valuable victim, then least valuable
// attacker; promotions count as capturing the promotion gain.
func mvvLva(m board.Move) int32 {
	return int32(seeValue[m.Captured().Type()])*8 - int32(m.Piece().Type()) + promoOrder[m.Promotion()]
}

// promoOrder is mvvLva's term for the promotion piece type: a queen
// promotion counts as capturing a queen, under-promotions go last. A table
// rather than branches: each taken branch is a jump through the function's
// dispatch table in Go's wasm code.
var promoOrder = [8]int32{
	board.Knight: -10000, board.Bishop: -10000, board.Rook: -10000,
	board.Queen: 8 * int32(seeValue[board.Queen]),
}

// init prepares the picker for a main-search node.
func (p *picker) init(tt board.Move, k1, k2, counter board.Move, c1, c2 pieceTo) {
	p.stage = stageTT
	p.ttMove = tt
	p.killer1, p.killer2, p.counter = k1, k2, counter
	p.qsearch = false
	p.skipQuie = false
	p.c1, p.c2 = c1, c2
	p.noisy.N, p.quiet.N = 0, 0
	p.nBad = 0
}

// initQ prepares the picker for a quiescence node. Out of check only noisy
// moves come out; in check the search calls init instead so all evasions
// are tried.
func (p *picker) initQ(tt board.Move) {
	p.stage = stageTT
	if tt != board.NoMove && !tt.IsNoisy() {
		tt = board.NoMove
	}
	p.ttMove = tt
	p.qsearch = true
	p.noisy.N, p.quiet.N = 0, 0
	p.nBad = 0
}

// next returns the next move, or NoMove when the node is exhausted.
//
// Each stage either returns a move (p.stage already names the stage to
// resume at) or falls through into the next one, rather than looping back
// to the switch: in Go's js/wasm code every jump that is not a
// fall-through, a loop's back edge included, goes through the function's
// br_table dispatch, and the switch is a tree of compares, not a jump table.
func (p *picker) next(t *thread, pos *board.Position) board.Move {
	switch p.stage {
	case stageTT:
		p.stage = stageGenNoisy
		if p.ttMove != board.NoMove {
			return p.ttMove
		}
		fallthrough
	case stageGenNoisy:
		p.noisy.N = 0
		pos.GenerateNoisy(&p.noisy)
		t.hist.noisyScores(p.noisy.Moves[:p.noisy.N], p.keys[:p.noisy.N])
		p.idx = 0
		p.stage = stageGoodNoisy
		fallthrough
	case stageGoodNoisy:
		for p.idx < p.noisy.N {
			i := p.idx
			if i+1 < p.noisy.N && !t.feat.noMVVLVA { // the last move needs no pick (see stageQuiet)
				pickBest(p.noisy.Moves[:p.noisy.N], p.keys[:p.noisy.N], i)
			}
			m := p.noisy.Moves[i]
			p.idx++
			if m == p.ttMove {
				continue
			}
			if p.qsearch {
				if m.Promotion() != board.NoPieceType && m.Promotion() != board.Queen {
					continue
				}
				return m
			}
			if !t.feat.noMVVLVA && !seeGE(pos, m, 0) {
				p.noisy.Moves[p.nBad] = m
				p.nBad++
				continue
			}
			return m
		}
		if p.qsearch {
			p.stage = stageDone
			return board.NoMove
		}
		p.stage = stageKiller1
		fallthrough
	case stageKiller1:
		p.stage = stageKiller2
		if m := p.killer1; !p.skipQuie && p.isFreshQuiet(m) && pos.IsLegal(m) {
			return m
		}
		fallthrough
	case stageKiller2:
		p.stage = stageCounter
		if m := p.killer2; !p.skipQuie && m != p.killer1 && p.isFreshQuiet(m) && pos.IsLegal(m) {
			return m
		}
		fallthrough
	case stageCounter:
		p.stage = stageGenQuiet
		if m := p.counter; !p.skipQuie && m != p.killer1 && m != p.killer2 && p.isFreshQuiet(m) && pos.IsLegal(m) {
			return m
		}
		fallthrough
	case stageGenQuiet:
		p.stage = stageQuiet
		p.idx = 0
		p.quiet.N = 0
		if !p.skipQuie {
			pos.GenerateQuiet(&p.quiet)
			t.hist.quietScores(pos.Side(), p.quiet.Moves[:p.quiet.N], p.qkeys[:p.quiet.N], p.c1, p.c2)
		}
		fallthrough
	case stageQuiet:
		for !p.skipQuie && p.idx < p.quiet.N {
			i := p.idx
			// The last move is the best of the rest without a pick: in
			// Go's js/wasm code the call alone costs dozens of
			// instructions (argument stores, return check, reloads).
			if i+1 < p.quiet.N {
				pickBest(p.quiet.Moves[:p.quiet.N], p.qkeys[:p.quiet.N], i)
			}
			m := p.quiet.Moves[i]
			p.idx++
			if m == p.ttMove || m == p.killer1 || m == p.killer2 || m == p.counter {
				continue
			}
			return m
		}
		p.stage = stageBadNoisy
		p.idx = 0
		fallthrough
	case stageBadNoisy:
		if p.idx < p.nBad {
			m := p.noisy.Moves[p.idx]
			p.idx++
			return m
		}
		p.stage = stageDone
	}
	return board.NoMove
}

// isFreshQuiet reports whether m is a quiet move other than the TT move (the
// candidates of the killer and counter stages; legality is checked after).
func (p *picker) isFreshQuiet(m board.Move) bool {
	return m != board.NoMove && m != p.ttMove && !m.IsNoisy()
}
