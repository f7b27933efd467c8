package eval

import (
	"sync"

	"github.com/azurite-chess/azurite/engine/board"
)

// KPK bitbase: the result (win or draw) of every King+Pawn vs King position,
// computed by retrograde analysis the first time it is needed (a few tens of
// milliseconds) and then kept as 24 KB of bits.
//
// Positions are normalised so that the pawn is White's and stands on files
// a-d. Index layout (196 608 positions):
//
//	bit  0-5   white king square
//	bit  6-11  black king square
//	bit  12    side to move (0 White, 1 Black)
//	bit 13-17  pawn: file (0-3) * 6 + rank - 1 (ranks 2-7)

const kpkSize = 2 * 64 * 64 * 24

var (
	kpkOnce sync.Once
	kpkBits [kpkSize / 64]uint64
)

func kpkIndex(wk, bk board.Square, stm board.Color, psq board.Square) int {
	return int(wk) | int(bk)<<6 | int(stm)<<12 | (psq.File()*6+psq.Rank()-1)<<13
}

// kpkResult is a position's state during generation.
type kpkResult uint8

const (
	kpkUnknown kpkResult = iota
	kpkInvalid
	kpkDraw
	kpkWin
)

// KPKWin reports whether the side with the pawn wins the King+Pawn vs King
// position given by the strong side's king, the weak side's king, the pawn,
// which colour owns the pawn, and the side to move. Squares are absolute.
func KPKWin(strong board.Color, strongKing, weakKing, pawn board.Square, stm board.Color) bool {
	kpkOnce.Do(kpkGenerate)
	if strong == board.Black {
		strongKing, weakKing, pawn = strongKing.Flip(), weakKing.Flip(), pawn.Flip()
		stm = stm.Other()
	}
	if pawn.File() > 3 {
		strongKing, weakKing, pawn = strongKing^7, weakKing^7, pawn^7
	}
	i := kpkIndex(strongKing, weakKing, stm, pawn)
	return kpkBits[i>>6]&(1<<(i&63)) != 0
}

// kpkGenerate classifies the positions that are invalid or immediately
// decided, then repeatedly resolves the rest from their successors until
// nothing changes; what is still unknown then is a draw.
func kpkGenerate() {
	res := make([]kpkResult, kpkSize)
	for i := range res {
		res[i] = kpkClassifyInitial(i)
	}
	for changed := true; changed; {
		changed = false
		for i := range res {
			if res[i] == kpkUnknown {
				if r := kpkClassifyFromSuccessors(i, res); r != kpkUnknown {
					res[i] = r
					changed = true
				}
			}
		}
	}
	for i, r := range res {
		if r == kpkWin {
			kpkBits[i>>6] |= 1 << (i & 63)
		}
	}
}

func kpkDecode(i int) (wk, bk board.Square, stm board.Color, psq board.Square) {
	wk = board.Square(i & 63)
	bk = board.Square(i >> 6 & 63)
	stm = board.Color(i >> 12 & 1)
	pi := i >> 13
	psq = board.NewSquare(pi/6, pi%6+1)
	return
}

func kpkClassifyInitial(i int) kpkResult {
	wk, bk, stm, psq := kpkDecode(i)
	if wk == bk || wk == psq || bk == psq || distance[wk][bk] <= 1 {
		return kpkInvalid
	}
	pawnAtt := board.PawnAttacks(board.White, psq)
	if stm == board.White && pawnAtt.Has(bk) {
		return kpkInvalid // Black would be in check with White to move
	}
	if stm == board.White && psq.Rank() == 6 {
		// The pawn promotes at once unless the square is blocked; the new
		// queen survives unless the black king can take it undefended.
		q := psq + 8
		if q != wk && q != bk && (distance[bk][q] > 1 || distance[wk][q] == 1) {
			return kpkWin
		}
	}
	if stm == board.Black {
		moves := board.KingAttacks(bk) &^ board.KingAttacks(wk) &^ pawnAtt
		if moves == 0 && !pawnAtt.Has(bk) {
			return kpkDraw // stalemate
		}
		if board.KingAttacks(bk).Has(psq) && !board.KingAttacks(wk).Has(psq) {
			return kpkDraw // the pawn falls
		}
		if moves == 0 {
			return kpkWin // checked by the pawn with nowhere to go: mate
		}
	}
	return kpkUnknown
}

// kpkClassifyFromSuccessors returns Win (White to move: some move wins; Black
// to move: every move loses), Draw (the converse) or Unknown.
func kpkClassifyFromSuccessors(i int, res []kpkResult) kpkResult {
	wk, bk, stm, psq := kpkDecode(i)
	if stm == board.White {
		allDraw := true
		consider := func(r kpkResult) bool { // reports a win
			if r == kpkWin {
				return true
			}
			if r != kpkDraw && r != kpkInvalid {
				allDraw = false
			}
			return false
		}
		for b := board.KingAttacks(wk) &^ board.KingAttacks(bk); b != 0; {
			to := b.PopLSB()
			if to == psq {
				continue
			}
			if consider(res[kpkIndex(to, bk, board.Black, psq)]) {
				return kpkWin
			}
		}
		if psq.Rank() < 6 {
			one := psq + 8
			if one != wk && one != bk {
				if consider(res[kpkIndex(wk, bk, board.Black, one)]) {
					return kpkWin
				}
				two := psq + 16
				if psq.Rank() == 1 && two != wk && two != bk {
					if consider(res[kpkIndex(wk, bk, board.Black, two)]) {
						return kpkWin
					}
				}
			}
		}
		if allDraw {
			return kpkDraw
		}
		return kpkUnknown
	}
	allWin := true
	for b := board.KingAttacks(bk) &^ board.KingAttacks(wk) &^ board.PawnAttacks(board.White, psq); b != 0; {
		to := b.PopLSB()
		if to == psq {
			continue // an undefended pawn was handled at init; this one is defended
		}
		switch res[kpkIndex(wk, to, board.White, psq)] {
		case kpkDraw:
			return kpkDraw
		case kpkWin:
		default:
			allWin = false
		}
	}
	if allWin {
		return kpkWin
	}
	return kpkUnknown
}
