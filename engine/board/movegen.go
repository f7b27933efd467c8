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
	return pinnedBy(uint(ksq), (p.byType[Bishop]|p.byType[Queen])&them, (p.byType[Rook]|p.byType[Queen])&them, p.occ, p.byColor[us])
}

// pinnedBy returns the pieces of ours alone between the king on ksq and an
// enemy slider (tBQ: enemy bishops and queens, tRQ: rooks and queens), with
// occ the occupied squares. Small enough to be inlined into generate and
// countMoves, which already hold those sets in locals.
func pinnedBy(ksq uint, tBQ, tRQ, occ, ours Bitboard) Bitboard {
	var pinned Bitboard
	for sn := rookRays[ksq&63]&tRQ | bishopRays[ksq&63]&tBQ; sn != 0; sn &= sn - 1 {
		b := betweenBB[ksq&63][lsb(sn)] & occ
		if b&(b-1) == 0 {
			pinned |= b & ours
		}
	}
	return pinned
}

// generate is written as one function on purpose: in the js/wasm port every
// non-inlined call passes its arguments through memory and is a resume
// point, so the helpers are inlined by hand, and the move count is kept in a
// local (n) rather than reloaded from l.N after every store.
//
// Squares are uints (lsb, bishopAttacks, rookAttacks) rather than Squares:
// a uint8 index costs the wasm code an AND with 255 at every use. Pinned
// pawns are filtered with bitboards before the pawn moves are serialised (a
// pinned pawn pushes only along its king's file and captures only along the
// diagonal through its king), and castling tests its path inline rather
// than calling attacked. The serialisation loops are the plain ones on both
// targets: since internal/wasmjump makes loop back edges direct, the
// four-per-round wasm variants they once had cost instructions (figures in
// docs/wasm-speed.md, "Engine core").
//
// Generation order (part of the search's bench signature) is unchanged: king
// moves, castling (king side first), pawn pushes and double pushes, pawn
// captures towards the a-file then the h-file (promotions Q, N, R, B),
// quiet promotions, en passant, then knights, bishops, rooks and queens, each
// piece by origin square and its moves by destination square.
func (p *Position) generate(l *MoveList, kind int) {
	p, l = pin(p), pin(l)
	us := p.side & 1 // masks here and below spare bounds checks (see the comment above)
	them := us ^ 1
	ours := p.byColor[us]
	theirs := p.byColor[them]
	occ := p.occ
	board := &p.board
	moves := &l.Moves
	n := l.N
	ksq := lsb(p.byType[King] & ours)
	checkers := p.st.checkers

	// Destination filter by kind (pawns are also split by promotion below).
	var dest Bitboard
	if kind&genNoisy != 0 {
		dest |= theirs
	}
	if kind&genQuiet != 0 {
		dest |= ^occ
	}

	// Enemy pieces by kind, for the king-safety tests.
	tPawns := p.byType[Pawn] & theirs
	tKnights := p.byType[Knight] & theirs
	tBQ := (p.byType[Bishop] | p.byType[Queen]) & theirs
	tRQ := (p.byType[Rook] | p.byType[Queen]) & theirs
	tKing := p.byType[King] & theirs
	pawnAtt := &pawnAttacks[us] // where an enemy pawn attacking a square stands

	// King moves: the king is taken off the board so it cannot shelter
	// behind itself along a checking ray.
	// safe collects the king's unattacked destinations (castling reuses it).
	base := Move(ksq) | Move(MakePiece(us, King))<<12
	occNoKing := occ &^ (1 << ksq)
	var safe Bitboard
	for b := kingAttacks[ksq] & dest; b != 0; b &= b - 1 {
		to := lsb(b)
		if knightAttacks[to]&tKnights != 0 || pawnAtt[to]&tPawns != 0 || kingAttacks[to]&tKing != 0 ||
			bishopAttacks(to, occNoKing)&tBQ != 0 || rookAttacks(to, occNoKing)&tRQ != 0 {
			continue
		}
		moves[n&(MaxMoves-1)] = base | Move(to)<<6 | Move(board[to])<<16
		n++
		safe |= 1 << to
	}
	if checkers&(checkers-1) != 0 {
		l.N = n
		return // double check: only the king moves
	}

	target := ^ours
	if checkers != 0 {
		target = betweenBB[ksq][lsb(checkers)] | checkers
	} else if rights := p.st.castle >> (2 * us) & 3; rights != 0 && kind&genQuiet != 0 {
		// Castling: the squares between king and rook empty, the king's
		// path not attacked (the king is not in check here). King side
		// first. The square the king crosses is empty, so it was among the
		// king moves above (only with genQuiet, which castling needs) and
		// is safe iff it is in safe (the king off the board changes
		// nothing: a ray through its square would be a check); only the
		// square it lands on is tested here. Each side is written out: a
		// loop over the path squares kept them in a stack array, reloaded
		// with a bounds check per square.
		if rights&1 != 0 && occ&(3<<(ksq+1)) == 0 && safe>>(ksq+1)&1 != 0 {
			to := (ksq + 2) & 63
			if knightAttacks[to]&tKnights|pawnAtt[to]&tPawns|kingAttacks[to]&tKing|
				bishopAttacks(to, occ)&tBQ|rookAttacks(to, occ)&tRQ == 0 {
				moves[n&(MaxMoves-1)] = base | Move(to)<<6 | FlagCastle
				n++
			}
		}
		if rights&2 != 0 && occ&(7<<(ksq-3)) == 0 && safe>>(ksq-1)&1 != 0 {
			to := (ksq - 2) & 63
			if knightAttacks[to]&tKnights|pawnAtt[to]&tPawns|kingAttacks[to]&tKing|
				bishopAttacks(to, occ)&tBQ|rookAttacks(to, occ)&tRQ == 0 {
				moves[n&(MaxMoves-1)] = base | Move(to)<<6 | FlagCastle
				n++
			}
		}
	}

	// Pinned pieces: ours alone between our king and an enemy slider.
	pinned := pinnedBy(ksq, tBQ, tRQ, occ, ours)

	// Pawns. Each set below holds destination squares whose origin is
	// to-back; back is 8 (or -8) for pushes, 7 or 9 for captures.
	if pawns := p.byType[Pawn] & ours; pawns != 0 {
		pc := Move(MakePiece(us, Pawn)) << 12
		lastRank, thirdRank := Rank8BB, Rank3BB
		up := 8
		// A pinned pawn stays on its pin line: it may push only when pinned
		// along its king's file, and capture only along the diagonal
		// through its king (the one its capture direction follows).
		pushers := pawns &^ (pinned &^ (FileABB << (ksq & 7)))
		diag, anti := pawns&^(pinned&^diagBB[ksq]), pawns&^(pinned&^antiDiagBB[ksq])
		var single, capL, capR Bitboard
		if us == White {
			single = pushers << 8 &^ occ
			capL = (anti &^ FileABB) << 7 & theirs & target
			capR = (diag &^ FileHBB) << 9 & theirs & target
		} else {
			lastRank, thirdRank = Rank1BB, Rank6BB
			up = -8
			single = pushers >> 8 &^ occ
			capL = (diag &^ FileABB) >> 9 & theirs & target
			capR = (anti &^ FileHBB) >> 7 & theirs & target
		}
		if kind&genQuiet != 0 {
			double := single & thirdRank
			if us == White {
				double <<= 8
			} else {
				double >>= 8
			}
			// Single then double pushes.
			for pass, t := range [2]Bitboard{single & target &^ lastRank, double &^ occ & target} {
				back := up << pass
				m := pc | FlagDoublePush*Move(pass)
				for ; t != 0; t &= t - 1 {
					to := lsb(t)
					moves[n&(MaxMoves-1)] = m | Move(to)<<6 | Move(int(to)-back)&63
					n++
				}
			}
		}
		if kind&genNoisy != 0 {
			// Captures towards the a-file (back up-1) and the h-file
			// (up+1), each in destination order: so a promotion (last
			// rank) comes after the other captures for White and before
			// them for Black.
			for dir, caps := range [2]Bitboard{capL, capR} {
				back := up - 1 + 2*dir
				if promo := caps & lastRank; promo != 0 && us == Black {
					n = addPromotions(moves, n, promo, back, pc, board)
				}
				t := caps &^ lastRank
				for ; t != 0; t &= t - 1 {
					to := lsb(t)
					moves[n&(MaxMoves-1)] = pc | Move(to)<<6 | Move(int(to)-back)&63 | Move(board[to])<<16
					n++
				}
				if promo := caps & lastRank; promo != 0 && us == White {
					n = addPromotions(moves, n, promo, back, pc, board)
				}
			}
			if promo := single & target & lastRank; promo != 0 {
				n = addPromotions(moves, n, promo, up, pc, board)
			}
			if ep := p.st.ep; ep != NoSquare {
				l.N = n
				p.genEnPassant(l, us, Square(ksq), ep)
				n = l.N
			}
		}
	}

	// Pieces. A pinned knight never moves; a pinned slider stays on its pin line.
	mask := target & dest
	base = Move(MakePiece(us, Knight)) << 12
	for b := p.byType[Knight] & ours &^ pinned; b != 0; b &= b - 1 {
		from := lsb(b)
		m := base | Move(from)
		t := knightAttacks[from] & mask
		for ; t != 0; t &= t - 1 {
			to := lsb(t)
			moves[n&(MaxMoves-1)] = m | Move(to)<<6 | Move(board[to])<<16
			n++
		}
	}
	for pt := Bishop; pt <= Queen; pt++ {
		base = Move(MakePiece(us, pt)) << 12
		for b := p.byType[pt] & ours; b != 0; b &= b - 1 {
			from := lsb(b)
			var t Bitboard
			switch pt {
			case Bishop:
				t = bishopAttacks(from, occ)
			case Rook:
				t = rookAttacks(from, occ)
			default:
				t = bishopAttacks(from, occ) | rookAttacks(from, occ)
			}
			limit := mask
			if pinned&(1<<from) != 0 {
				limit &= lineBB[ksq][from]
			}
			t &= limit
			m := base | Move(from)
			for ; t != 0; t &= t - 1 {
				to := lsb(t)
				moves[n&(MaxMoves-1)] = m | Move(to)<<6 | Move(board[to])<<16
				n++
			}
		}
	}
	l.N = n
}

// addPromotions writes the four promotions (Q, N, R, B) of the pawn move m
// to each square of t, from to-back, with the piece there as the capture,
// from moves[n] on, and returns the new count. Promotions are rare enough
// that the call costs nothing measurable.
func addPromotions(moves *[MaxMoves]Move, n int, t Bitboard, back int, m Move, board *[64]Piece) int {
	for ; t != 0; t &= t - 1 {
		to := lsb(t)
		mv := m | Move(to)<<6 | Move(int(to)-back)&63 | Move(board[to])<<16
		moves[n&(MaxMoves-1)] = mv | Move(Queen)<<20
		moves[(n+1)&(MaxMoves-1)] = mv | Move(Knight)<<20
		moves[(n+2)&(MaxMoves-1)] = mv | Move(Rook)<<20
		moves[(n+3)&(MaxMoves-1)] = mv | Move(Bishop)<<20
		n += 4
	}
	return n
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
