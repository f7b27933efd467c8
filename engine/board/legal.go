package board

// IsLegal reports whether m, which may come from anywhere (the transposition
// table, a killer slot, another position), is a legal move in p exactly as
// encoded: same moving and captured piece, promotion and flags as the
// generator would produce. It neither allocates nor changes p.
func (p *Position) IsLegal(m Move) bool {
	if m == NoMove || m>>26 != 0 {
		return false
	}
	us := p.side
	them := us ^ 1
	from, to := m.From(), m.To()
	pc := m.Piece()
	if from == to || pc.Color() != us || pc.Type() < Pawn || pc.Type() > King || p.board[from] != pc {
		return false
	}
	cap := m.Captured()
	promo := m.Promotion()
	flags := m & (FlagDoublePush | FlagEnPassant | FlagCastle)
	if flags&(flags-1) != 0 {
		return false // at most one flag
	}
	if m&FlagEnPassant != 0 {
		if pc.Type() != Pawn || to != p.st.ep || cap != MakePiece(them, Pawn) || promo != NoPieceType ||
			pawnAttacks[us][from]&SquareBB(to) == 0 {
			return false
		}
		var l MoveList
		p.genEnPassant(&l, us, p.KingSquare(us), to)
		for _, e := range l.Moves[:l.N] {
			if e == m {
				return true
			}
		}
		return false
	}
	if cap != p.board[to] || (cap != NoPiece && (cap.Color() != them || cap.Type() == King)) {
		return false
	}
	ksq := p.KingSquare(us)
	if m&FlagCastle != 0 {
		if pc.Type() != King || cap != NoPiece || promo != NoPieceType || p.st.checkers != 0 {
			return false
		}
		// Castling: the right is held, the move is the king's two-square
		// step from its own square, the squares up to the rook are empty,
		// and the squares the king crosses are not attacked.
		side := CastleRights(1)
		to2, mid, empty := ksq+2, ksq+1, SquareBB(ksq+1)|SquareBB(ksq+2)
		if to < from {
			side = 2
			to2, mid, empty = ksq-2, ksq-1, SquareBB(ksq-1)|SquareBB(ksq-2)|SquareBB(ksq-3)
		}
		return p.st.castle>>(2*us)&side != 0 && from == ksq && to == to2 &&
			p.occ&empty == 0 && !p.attacked(mid, them, p.occ) && !p.attacked(to, them, p.occ)
	}

	// Pseudo-legality by piece.
	switch pc.Type() {
	case Pawn:
		lastRank := to.RelativeRank(us) == 7
		if lastRank != (promo != NoPieceType) || (promo != NoPieceType && (promo < Knight || promo > Queen)) {
			return false
		}
		up := 8
		if us == Black {
			up = -8
		}
		switch {
		case cap != NoPiece:
			if pawnAttacks[us][from]&SquareBB(to) == 0 || flags != 0 {
				return false
			}
		case m&FlagDoublePush != 0:
			if from.RelativeRank(us) != 1 || int(to) != int(from)+2*up || p.occ.Has(Square(int(from)+up)) || p.occ.Has(to) {
				return false
			}
		default:
			if int(to) != int(from)+up || p.occ.Has(to) {
				return false
			}
		}
	case King:
		if flags != 0 || promo != NoPieceType || kingAttacks[from]&SquareBB(to) == 0 {
			return false
		}
		return !p.attacked(to, them, p.occ&^SquareBB(from))
	default:
		if flags != 0 || promo != NoPieceType || p.pieceAttacks(pc.Type(), from, p.occ)&SquareBB(to) == 0 {
			return false
		}
	}

	// Legality of a non-king move: resolve any check, respect any pin.
	if chk := p.st.checkers; chk != 0 {
		if chk&(chk-1) != 0 || (betweenBB[ksq][chk.LSB()]|chk)&SquareBB(to) == 0 {
			return false
		}
	}
	if p.pinned(us, ksq).Has(from) && !lineBB[ksq][from].Has(to) {
		return false
	}
	return true
}

// pieceAttacks returns the attacks of a non-pawn piece of type pt on sq.
func (p *Position) pieceAttacks(pt PieceType, sq Square, occ Bitboard) Bitboard {
	switch pt {
	case Knight:
		return knightAttacks[sq]
	case Bishop:
		return BishopAttacks(sq, occ)
	case Rook:
		return RookAttacks(sq, occ)
	case Queen:
		return QueenAttacks(sq, occ)
	case King:
		return kingAttacks[sq]
	}
	return 0
}

// GivesCheck reports whether the legal move m would put the opponent in check
// (directly, by discovery, by promotion, by castling or by en passant).
//
// Most moves give no check and are answered without a slider lookup: the
// moved (or promoted) piece does not reach the king even on an empty board
// and 'from' is on no line with the king, so nothing can be discovered
// either (the test MakeMove uses for its checkers). In the js/wasm build the
// two magic lookups of the full test made this about 4 % of the search's
// instructions (make wasm-icount).
func (p *Position) GivesCheck(m Move) bool {
	us := p.side & 1
	them := us ^ 1
	from, to := m.From(), m.To()
	ksq := p.KingSquare(them)
	pt := m.Piece().Type()
	if promo := m.Promotion(); promo != NoPieceType {
		pt = promo
	}
	if m&(FlagEnPassant|FlagCastle) == 0 && lineBB[from][ksq&63] == 0 && !reach[us][pt][to].Has(ksq) {
		return false
	}
	occ := p.occ&^SquareBB(from) | SquareBB(to)
	if m&FlagEnPassant != 0 {
		occ &^= SquareBB(to ^ 8)
	}
	// Our pieces after the move, by type: moved piece taken off 'from' and put on 'to'.
	ours := p.byColor[us]&^SquareBB(from) | SquareBB(to)
	if m&FlagCastle != 0 {
		r := castleRook[to]
		occ = occ&^SquareBB(r[0]) | SquareBB(r[1])
		ours = ours&^SquareBB(r[0]) | SquareBB(r[1])
		if RookAttacks(r[1], occ).Has(ksq) {
			return true
		}
	}
	// Direct check by the moved (or promoted) piece.
	switch pt {
	case Pawn:
		if pawnAttacks[us][to].Has(ksq) {
			return true
		}
	case King:
	default:
		if p.pieceAttacks(pt, to, occ).Has(ksq) {
			return true
		}
	}
	// Discovered checks: our sliders (excluding the one that moved, already
	// tested) seen through the new occupancy.
	moved := SquareBB(to)
	bq := (p.byType[Bishop] | p.byType[Queen]) & ours &^ moved
	rq := (p.byType[Rook] | p.byType[Queen]) & ours &^ moved
	if m&FlagCastle != 0 {
		rq |= SquareBB(castleRook[to][1])
		rq &^= SquareBB(castleRook[to][0])
	}
	return BishopAttacks(ksq, occ)&bq != 0 || RookAttacks(ksq, occ)&rq != 0
}
