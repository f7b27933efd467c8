package search

import "github.com/azurite-chess/azurite/engine/board"

// seeValue is the material value of each piece type for static exchange
// evaluation (indexed by PieceType; the king is "priceless" but never captured
// in a legal exchange, so its value only has to exceed everything else).
var seeValue = [8]int{0, 100, 320, 330, 500, 950, 20000, 0}

// seeGE reports whether the static exchange evaluation of move m in pos is at
// least threshold: both sides capture on m's target square with their least
// valuable attacker, each free to stop, x-rays through moved sliders
// included. Pins and checks are ignored (as usual for SEE), so the answer is
// an estimate. Castling is treated as 0.
//
// The common case is answered inline, without calling seeExchange: when
// the victim's value minus the mover's is at least threshold, the move
// passes. That is seeExchange's second test, and it implies its answer for
// every move: the first test (the victim's value below threshold) then
// cannot fail; a promotion's two tests reduce to the same inequality with
// the pawn as mover (bits 12-14 hold the pawn); castling (no victim, the
// king as mover) passes it only at a threshold of -20000 or less, where
// seeExchange also answers true. A pawn or minor taking an equal or better
// piece against threshold 0, the picker's question for each capture, then
// costs no call, which in Go's js/wasm build is dozens of instructions (the
// arguments and live values go through the stack).
func seeGE(pos *board.Position, m board.Move, threshold int) bool {
	return seeDiff[m>>12&0x77] >= threshold || seeExchange(pos, m, threshold)
}

// seeDiff[captured<<4 | mover] is the captured type's seeValue minus the
// moving type's, indexed by a move's bits 12-14 (moving type) and 16-18
// (captured type, 0 for none) in place: m>>12 & 0x77. One lookup where
// two made seeGE too big for Go's inliner.
var seeDiff = func() (d [0x78]int) {
	for i := range d {
		d[i] = seeValue[i>>4&7] - seeValue[i&7]
	}
	return d
}()

// seeExchange is seeGE without the inline shortcuts.
func seeExchange(pos *board.Position, m board.Move, threshold int) bool {
	if m.IsCastle() {
		return threshold <= 0
	}
	from, to := m.From(), m.To()
	// Gain if the opponent does not recapture.
	swap := seeValue[m.Captured().Type()] - threshold
	if p := m.Promotion(); p != board.NoPieceType {
		swap += seeValue[p] - seeValue[board.Pawn]
	}
	if swap < 0 {
		return false
	}
	// Loss if the opponent recaptures the piece now on `to` and we stop.
	onTo := m.Piece().Type()
	if p := m.Promotion(); p != board.NoPieceType {
		onTo = p
	}
	swap = seeValue[onTo] - swap
	if swap <= 0 {
		return true
	}

	occ := pos.Occupied() ^ board.SquareBB(from) | board.SquareBB(to)
	if m.IsEnPassant() {
		occ ^= board.SquareBB(board.NewSquare(to.File(), from.Rank()))
	}
	stm := pos.Side()
	bishops := pos.ByType(board.Bishop) | pos.ByType(board.Queen)
	rooks := pos.ByType(board.Rook) | pos.ByType(board.Queen)
	// pos.AttackersTo(to, occ), spelled out: it is over the inliner's
	// budget, and in Go's js/wasm code the call, at almost every
	// seeExchange, cost more than the attack lookups themselves.
	attackers := (board.PawnAttacks(board.Black, to)&pos.Pieces(board.White, board.Pawn) |
		board.PawnAttacks(board.White, to)&pos.Pieces(board.Black, board.Pawn) |
		board.KnightAttacks(to)&pos.ByType(board.Knight) |
		board.KingAttacks(to)&pos.ByType(board.King) |
		board.BishopAttacks(to, occ)&bishops |
		board.RookAttacks(to, occ)&rooks) & occ
	res := true // true: the side that made move m is winning the exchange so far

	for {
		stm = stm.Other()
		attackers &= occ
		mine := attackers & pos.ByColor(stm)
		if mine == 0 {
			break
		}
		res = !res
		// Least valuable attacker.
		var pt board.PieceType
		var bb board.Bitboard
		for pt = board.Pawn; pt <= board.King; pt++ {
			if bb = mine & pos.ByType(pt); bb != 0 {
				break
			}
		}
		if pt == board.King {
			// The king may capture only if the other side has no attacker left.
			if attackers&^pos.ByColor(stm) != 0 {
				res = !res
			}
			break
		}
		swap = seeValue[pt] - swap
		if swap < boolInt(res) {
			break
		}
		occ ^= board.SquareBB(bb.LSB())
		// Sliders behind the piece that just captured join in.
		switch pt {
		case board.Pawn, board.Bishop:
			attackers |= board.BishopAttacks(to, occ) & bishops
		case board.Rook:
			attackers |= board.RookAttacks(to, occ) & rooks
		case board.Queen:
			attackers |= board.BishopAttacks(to, occ)&bishops | board.RookAttacks(to, occ)&rooks
		}
	}
	return res
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
