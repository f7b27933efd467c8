package eval

import "github.com/azurite-chess/azurite/engine/board"

// KPK bitbase: the result (win or draw) of every King+Pawn vs King position,
// computed by retrograde analysis at init and kept as 24 KB of bits.
//
// Positions are normalised so that the pawn is White's and stands on files
// a-d. The table is kpkWins[slot][stm][wk], a bitboard of the black king
// squares where White wins, with
//
//	slot  the pawn: file (0-3) * 6 + rank - 1 (ranks 2-7)
//	stm   side to move (0 White, 1 Black)
//	wk    the white king's square
//
// so the analysis works on whole bitboards of black king squares at a time.
// That takes 0.2 ms natively and 1.3-3 ms as wasm under node (go test
// -bench KPKGenerate, loaded 2-core machine), where classifying the
// positions one by one took 230 ms natively and 300 ms as wasm, paid inside
// the first search that met a KPK ending; so the table is built at init.

const kpkSlots = 4 * 6

var kpkWins [kpkSlots][2][64]bb

func init() { kpkGenerate() }

// kpkSlot returns the table slot of a white pawn on files a-d, ranks 2-7.
func kpkSlot(p board.Square) int { return p.File()*6 + p.Rank() - 1 }

// KPKWin reports whether the side with the pawn wins the King+Pawn vs King
// position given by the strong side's king, the weak side's king, the pawn,
// which colour owns the pawn, and the side to move. Squares are absolute.
func KPKWin(strong board.Color, strongKing, weakKing, pawn board.Square, stm board.Color) bool {
	if strong == board.Black {
		strongKing, weakKing, pawn = strongKing.Flip(), weakKing.Flip(), pawn.Flip()
		stm = stm.Other()
	}
	if pawn.File() > 3 {
		strongKing, weakKing, pawn = strongKing^7, weakKing^7, pawn^7
	}
	return kpkWins[kpkSlot(pawn)][stm&1][strongKing].Has(weakKing)
}

// kpkGenerate solves every pawn square, the most advanced first, so that the
// positions after a pawn push are known when a slot is solved.
func kpkGenerate() {
	for f := 0; f < 4; f++ {
		for r := 6; r >= 1; r-- {
			kpkSolve(board.NewSquare(f, r))
		}
	}
}

// kpkSolve fills the table for the white pawn on p. White to move wins if
// the pawn promotes safely, or some king move or pawn push reaches a won
// position with Black to move. Black to move loses if mated, or if he has
// a move and every move reaches a won position with White to move (taking an
// undefended pawn is a move to a position that is not won). Starting from no
// wins, both rules are applied until nothing changes; the rest are draws or
// invalid (kings touching or on an occupied square, Black in check with
// White to move).
func kpkSolve(p board.Square) {
	win := &kpkWins[kpkSlot(p)]
	pb := board.SquareBB(p)
	pawnAtt := board.PawnAttacks(board.White, p)
	// Per white king square: the valid positions of each side to move, the
	// black king's possible destinations, White's wins that do not depend on
	// this slot (promotion, pushes), Black's mates and stalemates.
	var validW, validB, dest, fixedW, mate, stalemate [64]bb
	for wk := board.Square(0); wk < 64; wk++ {
		if wk == p {
			continue // no valid position
		}
		wka := board.KingAttacks(wk)
		validB[wk] = ^(board.SquareBB(wk) | wka | pb)
		validW[wk] = validB[wk] &^ pawnAtt
		// The king may take the pawn (when undefended) but not go next to
		// the white king or onto a square the pawn attacks.
		dest[wk] = ^(wka | pawnAtt)
		stuck := ^kingNeighbours(dest[wk])
		mate[wk] = stuck & pawnAtt
		stalemate[wk] = stuck &^ pawnAtt
		switch q := p + 8; {
		case p.Rank() == 6:
			// Promotion wins unless blocked, or the black king can take the
			// undefended queen.
			if q != wk {
				safe := ^board.KingAttacks(q)
				if wka.Has(q) {
					safe = ^bb(0)
				}
				fixedW[wk] = safe &^ board.SquareBB(q)
			}
		case q != wk:
			fixedW[wk] = kpkWins[kpkSlot(q)][board.Black][wk] &^ board.SquareBB(q)
			if q2 := p + 16; p.Rank() == 1 && q2 != wk {
				fixedW[wk] |= kpkWins[kpkSlot(q2)][board.Black][wk] &^ board.SquareBB(q) &^ board.SquareBB(q2)
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for wk := board.Square(0); wk < 64; wk++ {
			if wk == p {
				continue
			}
			// A white king move to `to` wins where Black to move loses with
			// the king on to (positions with the kings touching are not in
			// that set, so no move next to the black king is counted).
			w := fixedW[wk]
			for b := board.KingAttacks(wk) &^ pb; b != 0; {
				w |= win[board.Black][b.PopLSB()]
			}
			w &= validW[wk]
			// Black escapes from every square next to a destination that is
			// not a White win.
			escape := kingNeighbours(dest[wk] &^ w)
			bl := validB[wk] & (mate[wk] | ^escape&^stalemate[wk])
			if w != win[board.White][wk] || bl != win[board.Black][wk] {
				win[board.White][wk], win[board.Black][wk] = w, bl
				changed = true
			}
		}
	}
}

// kingNeighbours returns the squares a king standing on any square of b
// attacks.
func kingNeighbours(b bb) bb {
	side := (b&^fileH)<<1 | (b&^fileA)>>1
	row := b | side
	return side | row<<8 | row>>8
}
