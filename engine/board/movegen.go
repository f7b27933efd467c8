package board

// Fully legal move generation. Each generator computes, once per call:
//
//   - the check mask: every square when not in check, the checker plus the
//     squares between it and the king in single check (a non-king move must
//     land there), nothing in double check (only the king moves);
//   - the pinned pieces: a pinned piece may move only along the line through
//     its king and itself;
//   - king moves are tested square by square with the king removed from the
//     occupancy (so it cannot hide behind itself along a checking ray);
//   - en passant, the one move that removes a piece from a third square, is
//     tested by replaying it on the occupancy and looking for any attacker.
//
// So every move produced is legal and make/unmake never needs a legality test.

// Generation kinds.
const (
	genNoisy = 1 // captures (en passant included) and all promotions
	genQuiet = 2 // everything else, castling included
	genAll   = genNoisy | genQuiet
)

// GenerateAll appends every legal move to l.
func (p *Position) GenerateAll(l *MoveList) { p.generate(l, genAll) }

// GenerateNoisy appends the legal captures (en passant included) and all
// legal promotions (quiet and capturing, every piece) to l.
func (p *Position) GenerateNoisy(l *MoveList) { p.generate(l, genNoisy) }

// GenerateQuiet appends the legal moves GenerateNoisy leaves out: quiet
// non-promoting moves, double pushes and castling.
func (p *Position) GenerateQuiet(l *MoveList) { p.generate(l, genQuiet) }

// pinned returns the pieces of colour us pinned to their king.
func (p *Position) pinned(us Color, ksq Square) Bitboard {
	them := p.byColor[us^1]
	snipers := (rookRays[ksq]&(p.byType[Rook]|p.byType[Queen]) |
		bishopRays[ksq]&(p.byType[Bishop]|p.byType[Queen])) & them
	var pinned Bitboard
	for snipers != 0 {
		s := snipers.PopLSB()
		b := betweenBB[ksq][s] & p.occ
		if b != 0 && b&(b-1) == 0 {
			pinned |= b & p.byColor[us]
		}
	}
	return pinned
}

func (p *Position) generate(l *MoveList, kind int) {
	us := p.side
	them := us ^ 1
	ours := p.byColor[us]
	theirs := p.byColor[them]
	occ := p.occ
	ksq := (p.byType[King] & ours).LSB()
	checkers := p.st.checkers

	// Destination filter by kind (for non-pawn moves; pawns split by promotion too).
	var dest Bitboard
	if kind&genNoisy != 0 {
		dest |= theirs
	}
	if kind&genQuiet != 0 {
		dest |= ^occ
	}

	// King moves.
	king := MakePiece(us, King)
	occNoKing := occ &^ SquareBB(ksq)
	for b := kingAttacks[ksq] & dest &^ ours; b != 0; {
		to := b.PopLSB()
		if !p.attacked(to, them, occNoKing) {
			l.Add(Move(ksq) | Move(to)<<6 | Move(king)<<12 | Move(p.board[to])<<16)
		}
	}
	if checkers&(checkers-1) != 0 {
		return // double check: only the king moves
	}

	target := ^ours
	if checkers != 0 {
		target = betweenBB[ksq][checkers.LSB()] | checkers
	} else if kind&genQuiet != 0 {
		p.genCastling(l, us, ksq)
	}
	pinned := p.pinned(us, ksq)

	p.genPawns(l, kind, us, ksq, pinned, target)

	mask := target & dest
	// Knights: a pinned knight can never move.
	pc := MakePiece(us, Knight)
	for b := p.byType[Knight] & ours &^ pinned; b != 0; {
		from := b.PopLSB()
		p.addMoves(l, pc, from, knightAttacks[from]&mask)
	}
	pc = MakePiece(us, Bishop)
	for b := p.byType[Bishop] & ours; b != 0; {
		from := b.PopLSB()
		t := BishopAttacks(from, occ) & mask
		if pinned.Has(from) {
			t &= lineBB[ksq][from]
		}
		p.addMoves(l, pc, from, t)
	}
	pc = MakePiece(us, Rook)
	for b := p.byType[Rook] & ours; b != 0; {
		from := b.PopLSB()
		t := RookAttacks(from, occ) & mask
		if pinned.Has(from) {
			t &= lineBB[ksq][from]
		}
		p.addMoves(l, pc, from, t)
	}
	pc = MakePiece(us, Queen)
	for b := p.byType[Queen] & ours; b != 0; {
		from := b.PopLSB()
		t := QueenAttacks(from, occ) & mask
		if pinned.Has(from) {
			t &= lineBB[ksq][from]
		}
		p.addMoves(l, pc, from, t)
	}
}

// addMoves appends a move from 'from' to every square of targets.
func (p *Position) addMoves(l *MoveList, pc Piece, from Square, targets Bitboard) {
	base := Move(from) | Move(pc)<<12
	n := l.N
	for targets != 0 {
		to := targets.PopLSB()
		l.Moves[n&(MaxMoves-1)] = base | Move(to)<<6 | Move(p.board[to])<<16
		n++
	}
	l.N = n
}

// genCastling appends the legal castling moves (not called in check).
func (p *Position) genCastling(l *MoveList, us Color, ksq Square) {
	rights := p.st.castle >> (2 * us) & 3
	if rights == 0 {
		return
	}
	king := MakePiece(us, King)
	them := us ^ 1
	if rights&1 != 0 { // king side: f and g empty and not attacked
		f, g := ksq+1, ksq+2
		if p.occ&(SquareBB(f)|SquareBB(g)) == 0 && !p.attacked(f, them, p.occ) && !p.attacked(g, them, p.occ) {
			l.Add(Move(ksq) | Move(g)<<6 | Move(king)<<12 | FlagCastle)
		}
	}
	if rights&2 != 0 { // queen side: b, c, d empty; c, d not attacked
		d, c, b := ksq-1, ksq-2, ksq-3
		if p.occ&(SquareBB(d)|SquareBB(c)|SquareBB(b)) == 0 && !p.attacked(d, them, p.occ) && !p.attacked(c, them, p.occ) {
			l.Add(Move(ksq) | Move(c)<<6 | Move(king)<<12 | FlagCastle)
		}
	}
}

// genPawns appends pawn moves. target is the check mask (all but our own
// pieces when not in check).
func (p *Position) genPawns(l *MoveList, kind int, us Color, ksq Square, pinned, target Bitboard) {
	pawns := p.byType[Pawn] & p.byColor[us]
	if pawns == 0 {
		return
	}
	them := us ^ 1
	theirs := p.byColor[them]
	empty := ^p.occ
	pc := MakePiece(us, Pawn)
	lastRank, thirdRank := Rank8BB, Rank3BB
	up := 8
	if us == Black {
		lastRank, thirdRank = Rank1BB, Rank6BB
		up = -8
	}
	// Pushes. single: every pawn that can step forward; the check mask applies to landing squares.
	single := forward(pawns, us) & empty
	if kind&genQuiet != 0 {
		double := forward(single&thirdRank, us) & empty & target
		p.addPawnMoves(l, pc, single&target&^lastRank, up, ksq, pinned, 0)
		p.addPawnMoves(l, pc, double, 2*up, ksq, pinned, FlagDoublePush)
	}
	if kind&genNoisy != 0 {
		// Captures towards the a-file (capL) and the h-file (capR): forward one
		// rank, then one file sideways, so the same shifts serve both colours.
		capL := forward(pawns&^FileABB, us) >> 1 & theirs & target
		capR := forward(pawns&^FileHBB, us) << 1 & theirs & target
		p.addPawnMoves(l, pc, capL&^lastRank, up-1, ksq, pinned, 0)
		p.addPawnMoves(l, pc, capR&^lastRank, up+1, ksq, pinned, 0)
		p.addPromotions(l, pc, single&target&lastRank, up, ksq, pinned)
		p.addPromotions(l, pc, capL&lastRank, up-1, ksq, pinned)
		p.addPromotions(l, pc, capR&lastRank, up+1, ksq, pinned)
		if ep := p.st.ep; ep != NoSquare {
			p.genEnPassant(l, us, ksq, ep)
		}
	}
}

// forward moves every square of b one rank towards c's promotion rank.
func forward(b Bitboard, c Color) Bitboard {
	if c == White {
		return b << 8
	}
	return b >> 8
}

// addPawnMoves appends a move to every square of tos, coming from to-delta.
func (p *Position) addPawnMoves(l *MoveList, pc Piece, tos Bitboard, delta int, ksq Square, pinned Bitboard, flags Move) {
	for tos != 0 {
		to := tos.PopLSB()
		from := Square(int(to) - delta)
		if pinned.Has(from) && !lineBB[ksq][from].Has(to) {
			continue
		}
		l.Add(Move(from) | Move(to)<<6 | Move(pc)<<12 | Move(p.board[to])<<16 | flags)
	}
}

// addPromotions appends the four promotions for every square of tos.
func (p *Position) addPromotions(l *MoveList, pc Piece, tos Bitboard, delta int, ksq Square, pinned Bitboard) {
	for tos != 0 {
		to := tos.PopLSB()
		from := Square(int(to) - delta)
		if pinned.Has(from) && !lineBB[ksq][from].Has(to) {
			continue
		}
		m := Move(from) | Move(to)<<6 | Move(pc)<<12 | Move(p.board[to])<<16
		l.Add(m | Move(Queen)<<20)
		l.Add(m | Move(Knight)<<20)
		l.Add(m | Move(Rook)<<20)
		l.Add(m | Move(Bishop)<<20)
	}
}

// genEnPassant appends the legal en-passant captures onto ep.
func (p *Position) genEnPassant(l *MoveList, us Color, ksq, ep Square) {
	them := us ^ 1
	capSq := ep ^ 8 // the pawn that double-pushed, beside the capturer
	pc := MakePiece(us, Pawn)
	for b := pawnAttacks[them][ep] & p.byType[Pawn] & p.byColor[us]; b != 0; {
		from := b.PopLSB()
		// Replay the capture on the occupancy and look for any attacker of the king
		// other than the captured pawn: this covers pins (also the horizontal one
		// through both pawns) and evasions alike.
		occ := p.occ ^ SquareBB(from) ^ SquareBB(ep) ^ SquareBB(capSq)
		att := p.AttackersTo(ksq, occ) & p.byColor[them] &^ SquareBB(capSq)
		if att == 0 {
			l.Add(Move(from) | Move(ep)<<6 | Move(pc)<<12 | Move(MakePiece(them, Pawn))<<16 | FlagEnPassant)
		}
	}
}
