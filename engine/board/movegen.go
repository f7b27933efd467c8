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

// generate is written as one function on purpose: in the js/wasm port every
// non-inlined call passes its arguments through memory and is a resume
// point, so the helpers are inlined by hand, and the move count is kept in a
// local (n) rather than reloaded from l.N after every store. Measured on
// Kiwipete perft 5 (user CPU seconds, three interleaved runs each, loaded
// machine): native 1.75-1.85 -> 1.44-1.57, wasm under node 5.4-5.7 -> 4.2-5.0.
func (p *Position) generate(l *MoveList, kind int) {
	us := p.side & 1 // masks here and below spare bounds checks (see the comment above)
	them := us ^ 1
	ours := p.byColor[us]
	theirs := p.byColor[them]
	occ := p.occ
	board := &p.board
	moves := &l.Moves
	n := l.N
	ksq := (p.byType[King] & ours).LSB() & 63
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

	// King moves: the king is taken off the board so it cannot shelter
	// behind itself along a checking ray.
	base := Move(ksq) | Move(MakePiece(us, King))<<12
	occNoKing := occ &^ SquareBB(ksq)
	for b := kingAttacks[ksq] & dest; b != 0; b &= b - 1 {
		to := b.LSB()
		if knightAttacks[to]&tKnights != 0 || pawnAttacks[us][to]&tPawns != 0 || kingAttacks[to]&tKing != 0 ||
			BishopAttacks(to, occNoKing)&tBQ != 0 || RookAttacks(to, occNoKing)&tRQ != 0 {
			continue
		}
		moves[n&(MaxMoves-1)] = base | Move(to)<<6 | Move(board[to])<<16
		n++
	}
	if checkers&(checkers-1) != 0 {
		l.N = n
		return // double check: only the king moves
	}

	target := ^ours
	if checkers != 0 {
		target = betweenBB[ksq][checkers.LSB()] | checkers
	} else if rights := p.st.castle >> (2 * us) & 3; rights != 0 && kind&genQuiet != 0 {
		// Castling: the squares between king and rook empty, the king's
		// path not attacked (the king is not in check here).
		for side := CastleRights(1); side <= 2; side <<= 1 {
			if rights&side == 0 {
				continue
			}
			to, mid, empty := ksq+2, ksq+1, SquareBB(ksq+1)|SquareBB(ksq+2)
			if side == 2 {
				to, mid, empty = ksq-2, ksq-1, SquareBB(ksq-1)|SquareBB(ksq-2)|SquareBB(ksq-3)
			}
			if occ&empty != 0 || p.attacked(mid, them, occ) || p.attacked(to, them, occ) {
				continue
			}
			moves[n&(MaxMoves-1)] = base | Move(to)<<6 | FlagCastle
			n++
		}
	}

	// Pinned pieces: ours alone between our king and an enemy slider.
	var pinned Bitboard
	for sn := (rookRays[ksq]&tRQ | bishopRays[ksq]&tBQ); sn != 0; sn &= sn - 1 {
		b := betweenBB[ksq][sn.LSB()] & occ
		if b&(b-1) == 0 {
			pinned |= b & ours
		}
	}

	// Pawns. Pinned pawns are handled with the rest; the pin test per move
	// is one AND when nothing is pinned.
	if pawns := p.byType[Pawn] & ours; pawns != 0 {
		pc := Move(MakePiece(us, Pawn)) << 12
		lastRank, thirdRank := Rank8BB, Rank3BB
		up := 8
		var single, capL, capR Bitboard
		if us == White {
			single = pawns << 8 &^ occ
			capL = (pawns &^ FileABB) << 7 & theirs & target
			capR = (pawns &^ FileHBB) << 9 & theirs & target
		} else {
			lastRank, thirdRank = Rank1BB, Rank6BB
			up = -8
			single = pawns >> 8 &^ occ
			capL = (pawns &^ FileABB) >> 9 & theirs & target
			capR = (pawns &^ FileHBB) >> 7 & theirs & target
		}
		if kind&genQuiet != 0 {
			double := single & thirdRank
			if us == White {
				double <<= 8
			} else {
				double >>= 8
			}
			for b := single & target &^ lastRank; b != 0; b &= b - 1 {
				to := b.LSB()
				from := Square(int(to) - up)
				if pinned&SquareBB(from) != 0 && lineBB[ksq][from]&SquareBB(to) == 0 {
					continue
				}
				moves[n&(MaxMoves-1)] = Move(from) | Move(to)<<6 | pc
				n++
			}
			for b := double &^ occ & target; b != 0; b &= b - 1 {
				to := b.LSB()
				from := Square(int(to) - 2*up)
				if pinned&SquareBB(from) != 0 && lineBB[ksq][from]&SquareBB(to) == 0 {
					continue
				}
				moves[n&(MaxMoves-1)] = Move(from) | Move(to)<<6 | pc | FlagDoublePush
				n++
			}
		}
		if kind&genNoisy != 0 {
			// Captures towards the a-file (delta up-1) and the h-file (up+1),
			// then promotions (all four pieces, quiet and capturing).
			for i, caps := range [2]Bitboard{capL, capR} {
				delta := up - 1 + 2*i
				for b := caps; b != 0; b &= b - 1 {
					to := b.LSB()
					from := Square(int(to) - delta)
					if pinned&SquareBB(from) != 0 && lineBB[ksq][from]&SquareBB(to) == 0 {
						continue
					}
					m := Move(from) | Move(to)<<6 | pc | Move(board[to])<<16
					if lastRank&SquareBB(to) == 0 {
						moves[n&(MaxMoves-1)] = m
						n++
						continue
					}
					moves[n&(MaxMoves-1)] = m | Move(Queen)<<20
					moves[(n+1)&(MaxMoves-1)] = m | Move(Knight)<<20
					moves[(n+2)&(MaxMoves-1)] = m | Move(Rook)<<20
					moves[(n+3)&(MaxMoves-1)] = m | Move(Bishop)<<20
					n += 4
				}
			}
			for b := single & target & lastRank; b != 0; b &= b - 1 {
				to := b.LSB()
				from := Square(int(to) - up)
				if pinned&SquareBB(from) != 0 && lineBB[ksq][from]&SquareBB(to) == 0 {
					continue
				}
				m := Move(from) | Move(to)<<6 | pc
				moves[n&(MaxMoves-1)] = m | Move(Queen)<<20
				moves[(n+1)&(MaxMoves-1)] = m | Move(Knight)<<20
				moves[(n+2)&(MaxMoves-1)] = m | Move(Rook)<<20
				moves[(n+3)&(MaxMoves-1)] = m | Move(Bishop)<<20
				n += 4
			}
			if ep := p.st.ep; ep != NoSquare {
				l.N = n
				p.genEnPassant(l, us, ksq, ep)
				n = l.N
			}
		}
	}

	// Pieces. A pinned knight never moves; a pinned slider stays on its pin line.
	mask := target & dest
	base = Move(MakePiece(us, Knight)) << 12
	for b := p.byType[Knight] & ours &^ pinned; b != 0; b &= b - 1 {
		from := b.LSB()
		m := base | Move(from)
		for t := knightAttacks[from] & mask; t != 0; t &= t - 1 {
			to := t.LSB()
			moves[n&(MaxMoves-1)] = m | Move(to)<<6 | Move(board[to])<<16
			n++
		}
	}
	for pt := Bishop; pt <= Queen; pt++ {
		base = Move(MakePiece(us, pt)) << 12
		for b := p.byType[pt] & ours; b != 0; b &= b - 1 {
			from := b.LSB()
			var t Bitboard
			switch pt {
			case Bishop:
				t = BishopAttacks(from, occ)
			case Rook:
				t = RookAttacks(from, occ)
			default:
				t = BishopAttacks(from, occ) | RookAttacks(from, occ)
			}
			t &= mask
			if pinned&SquareBB(from) != 0 {
				t &= lineBB[ksq][from]
			}
			m := base | Move(from)
			for ; t != 0; t &= t - 1 {
				to := t.LSB()
				moves[n&(MaxMoves-1)] = m | Move(to)<<6 | Move(board[to])<<16
				n++
			}
		}
	}
	l.N = n
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
