package board

// countMoves returns the number of legal moves in p, the N that GenerateAll
// would produce, without writing any move: perft's bulk count at its leaves.
//
// It follows generate step by step (the same check mask, pins, king-safety
// test, castling test and en-passant replay), but each destination set is
// counted with one popcount instead of being serialised, so a piece costs one
// table lookup and one popcount whatever its number of moves. A promotion
// square counts four moves (Q, N, R, B). TestCountMoves checks it against
// GenerateAll on every suite position and along random games.
//
// For the js/wasm port (see generate) it takes few branches: a king move
// is counted with a conditional OR into a set, and the castling path is
// tested without a loop; squares are uints, as in generate. It is
// go:nosplit (see MakeMove).
//
//go:nosplit
func (p *Position) countMoves() int {
	us := p.side & 1
	them := us ^ 1
	ours := p.byColor[us]
	theirs := p.byColor[them]
	occ := p.occ
	ksq := lsb(p.byType[King] & ours)
	checkers := p.st.checkers

	tPawns := p.byType[Pawn] & theirs
	tKnights := p.byType[Knight] & theirs
	tBQ := (p.byType[Bishop] | p.byType[Queen]) & theirs
	tRQ := (p.byType[Rook] | p.byType[Queen]) & theirs
	tKing := p.byType[King] & theirs
	pawnAtt := &pawnAttacks[us]

	// King moves, with the king off the board (see generate); safe
	// collects the destinations that are not attacked.
	var safe Bitboard
	occNoKing := occ &^ (1 << ksq)
	for b := kingAttacks[ksq] &^ ours; b != 0; b &= b - 1 {
		to := lsb(b)
		att := knightAttacks[to]&tKnights | pawnAtt[to]&tPawns | kingAttacks[to]&tKing |
			bishopAttacks(to, occNoKing)&tBQ | rookAttacks(to, occNoKing)&tRQ
		if att == 0 {
			safe |= 1 << to
		}
	}
	n := safe.Count()
	if checkers&(checkers-1) != 0 {
		return n // double check: only the king moves
	}

	target := ^ours
	if checkers != 0 {
		target = betweenBB[ksq][lsb(checkers)] | checkers
	} else if rights := p.st.castle >> (2 * us) & 3; rights != 0 {
		// Castling, each side written out (see generate): the square the
		// king crosses was tested with the king moves (with the king off
		// the board, which changes nothing here: a ray through the king's
		// square would be a check), so only the one it lands on is tested.
		if rights&1 != 0 && occ&(3<<(ksq+1)) == 0 && safe>>(ksq+1)&1 != 0 {
			to := (ksq + 2) & 63
			if knightAttacks[to]&tKnights|pawnAtt[to]&tPawns|kingAttacks[to]&tKing|
				bishopAttacks(to, occ)&tBQ|rookAttacks(to, occ)&tRQ == 0 {
				n++
			}
		}
		if rights&2 != 0 && occ&(7<<(ksq-3)) == 0 && safe>>(ksq-1)&1 != 0 {
			to := (ksq - 2) & 63
			if knightAttacks[to]&tKnights|pawnAtt[to]&tPawns|kingAttacks[to]&tKing|
				bishopAttacks(to, occ)&tBQ|rookAttacks(to, occ)&tRQ == 0 {
				n++
			}
		}
	}

	pinned := pinnedBy(ksq, tBQ, tRQ, occ, ours)

	// Pawns: the same filtered sets as generate, counted whole.
	if pawns := p.byType[Pawn] & ours; pawns != 0 {
		pushers := pawns &^ (pinned &^ (FileABB << (ksq & 7)))
		diag, anti := pawns&^(pinned&^diagBB[ksq]), pawns&^(pinned&^antiDiagBB[ksq])
		var single, double, capL, capR, lastRank Bitboard
		if us == White {
			single = pushers << 8 &^ occ
			double = (single & Rank3BB) << 8 &^ occ
			capL = (anti &^ FileABB) << 7 & theirs & target
			capR = (diag &^ FileHBB) << 9 & theirs & target
			lastRank = Rank8BB
		} else {
			single = pushers >> 8 &^ occ
			double = (single & Rank6BB) >> 8 &^ occ
			capL = (diag &^ FileABB) >> 9 & theirs & target
			capR = (anti &^ FileHBB) >> 7 & theirs & target
			lastRank = Rank1BB
		}
		single &= target
		n += single.Count() + (double & target).Count() + capL.Count() + capR.Count() +
			3*((single&lastRank).Count()+(capL&lastRank).Count()+(capR&lastRank).Count())
		if ep := p.st.ep; ep != NoSquare {
			n += p.countEnPassant(us, Square(ksq), ep)
		}
	}

	// Pieces. A pinned knight never moves; a pinned slider keeps to the
	// line through its king. Pinned sliders are rare, so they get a loop of
	// their own and the others need no pin mask.
	for b := p.byType[Knight] & ours &^ pinned; b != 0; b &= b - 1 {
		n += (knightAttacks[lsb(b)] & target).Count()
	}
	bq := (p.byType[Bishop] | p.byType[Queen]) & ours
	rq := (p.byType[Rook] | p.byType[Queen]) & ours
	for b := bq &^ pinned; b != 0; b &= b - 1 {
		n += (bishopAttacks(lsb(b), occ) & target).Count()
	}
	for b := rq &^ pinned; b != 0; b &= b - 1 {
		n += (rookAttacks(lsb(b), occ) & target).Count()
	}
	for b := (bq | rq) & pinned; b != 0; b &= b - 1 {
		from := lsb(b)
		t := bishopAttacks(from, occ)&-(bq>>from&1) | rookAttacks(from, occ)&-(rq>>from&1)
		n += (t & target & lineBB[ksq][from]).Count()
	}
	return n
}

// countEnPassant returns the number of legal en-passant captures onto ep
// (0, 1 or 2), tested as genEnPassant tests them.
func (p *Position) countEnPassant(us Color, ksq, ep Square) int {
	them := us ^ 1
	capSq := ep ^ 8
	n := 0
	for b := pawnAttacks[them][ep] & p.byType[Pawn] & p.byColor[us]; b != 0; b &= b - 1 {
		occ := p.occ ^ SquareBB(b.LSB()) ^ SquareBB(ep) ^ SquareBB(capSq)
		if p.AttackersTo(ksq, occ)&p.byColor[them]&^SquareBB(capSq) == 0 {
			n++
		}
	}
	return n
}
