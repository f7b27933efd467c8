package board

// castleMask[sq] holds the castling rights that survive a move from or to sq.
var castleMask [64]CastleRights

// castleRook[to] gives the rook's from and to squares for a castling king landing on to.
var castleRook [64][2]Square

func init() {
	for sq := range castleMask {
		castleMask[sq] = AllCastling
	}
	castleMask[E1] &^= WhiteKingside | WhiteQueenside
	castleMask[H1] &^= WhiteKingside
	castleMask[A1] &^= WhiteQueenside
	castleMask[E8] &^= BlackKingside | BlackQueenside
	castleMask[H8] &^= BlackKingside
	castleMask[A8] &^= BlackQueenside
	castleRook[G1] = [2]Square{H1, F1}
	castleRook[C1] = [2]Square{A1, D1}
	castleRook[G8] = [2]Square{H8, F8}
	castleRook[C8] = [2]Square{A8, D8}
}

// MakeMove plays m, which must be legal in p (from a generator, ParseUCIMove,
// ParseSAN, or checked with IsLegal). It updates the keys, the piece-square
// sum, the phase and the checkers incrementally, and pushes the previous
// state for UnmakeMove. It allocates only when the history outgrows its
// preallocated capacity.
func (p *Position) MakeMove(m Move) {
	p.st.move = m // recorded in the pushed copy: the move played from that state
	p.pushState()
	st := &p.st
	us := p.side & 1
	them := us ^ 1
	// The masks below cost one AND each and let the compiler drop the bounds
	// checks, which in wasm are branches that split the function into blocks.
	from, to := m.From()&63, m.To()&63
	pc := m.Piece() & 15

	// The en-passant key comes from a table that holds 0 for NoSquare and
	// the move number grows by the mover's colour: no branches, which in
	// Go's wasm code are jumps through the function's dispatch table.
	key := st.key ^ sideKey ^ castleKeys[st.castle&15] ^ epKeyOf[st.ep&127]
	st.ep = NoSquare
	st.halfmove++
	st.fullmove += int32(us)

	if cap := m.Captured() & 15; cap != NoPiece {
		capSq := to
		if m&FlagEnPassant != 0 {
			capSq = (to ^ 8) & 63
		}
		p.remove(cap, capSq)
		key ^= pieceKeys[cap][capSq]
		if cap.Type() == Pawn {
			st.pawnKey ^= pieceKeys[cap][capSq]
		}
		st.psq -= psqTable[cap][capSq]
		st.phase -= phaseOf[cap]
		st.halfmove = 0
	}

	p.shift(pc, from, to)
	key ^= pieceKeys[pc][from] ^ pieceKeys[pc][to]
	st.psq += psqTable[pc][to] - psqTable[pc][from]

	if pc.Type() == Pawn {
		st.halfmove = 0
		st.pawnKey ^= pieceKeys[pc][from] ^ pieceKeys[pc][to]
		if promo := m.Promotion(); promo != NoPieceType {
			np := MakePiece(us, promo) & 15
			p.remove(pc, to)
			p.put(np, to)
			key ^= pieceKeys[pc][to] ^ pieceKeys[np][to]
			st.pawnKey ^= pieceKeys[pc][to]
			st.psq += psqTable[np][to] - psqTable[pc][to]
			st.phase += phaseOf[np]
		} else if m&FlagDoublePush != 0 {
			ep := to ^ 8
			if pawnAttacks[us][ep]&p.byType[Pawn]&p.byColor[them] != 0 {
				st.ep = ep
				key ^= epKeys[ep.File()]
			}
		}
	} else if m&FlagCastle != 0 {
		r := castleRook[to]
		r[0], r[1] = r[0]&63, r[1]&63
		rook := MakePiece(us, Rook)
		p.shift(rook, r[0], r[1])
		key ^= pieceKeys[rook][r[0]] ^ pieceKeys[rook][r[1]]
		st.psq += psqTable[rook][r[1]] - psqTable[rook][r[0]]
	}

	st.castle &= castleMask[from] & castleMask[to] & 15
	st.key = key ^ castleKeys[st.castle&15]
	p.side = them
	// Checkers. Most moves cannot give check: the moved (or promoted) piece
	// does not reach the king's square even on an empty board, and 'from' is
	// not on a line with the king (no discovery). Only the rest pay for the
	// full attacker scan; en passant and castling always do.
	ksq := (p.byType[King] & p.byColor[them]).LSB() & 63
	st.checkers = 0
	if m&(FlagEnPassant|FlagCastle) != 0 || lineBB[from][ksq] != 0 ||
		reach[us][p.board[to].Type()][to].Has(ksq) {
		st.checkers = p.attackersBy(us, ksq)
	}
}

// reach[c][pt][sq] is where a piece of type pt and colour c on sq attacks on
// an empty board (nothing for a king: a king never gives check).
var reach [2][8][64]Bitboard

// Runs after attacks.go's init (init functions run in file-name order).
func init() {
	for sq := Square(0); sq < 64; sq++ {
		bishopRays, rookRays := rayAttacks(sq, 0, bishopDirs), rayAttacks(sq, 0, rookDirs)
		for c := White; c <= Black; c++ {
			reach[c][Pawn][sq] = pawnAttacks[c][sq]
			reach[c][Knight][sq] = knightAttacks[sq]
			reach[c][Bishop][sq] = bishopRays
			reach[c][Rook][sq] = rookRays
			reach[c][Queen][sq] = bishopRays | rookRays
		}
	}
}

// attackersBy returns c's pieces (king excluded) that attack sq on the current board.
func (p *Position) attackersBy(c Color, sq Square) Bitboard {
	occ := p.occ
	return (pawnAttacks[c^1][sq]&p.byType[Pawn] |
		knightAttacks[sq]&p.byType[Knight] |
		BishopAttacks(sq, occ)&(p.byType[Bishop]|p.byType[Queen]) |
		RookAttacks(sq, occ)&(p.byType[Rook]|p.byType[Queen])) & p.byColor[c]
}

// pushState appends a copy of the current state to the history.
func (p *Position) pushState() {
	n := len(p.hist)
	if n == cap(p.hist) {
		p.hist = append(p.hist, p.st) // grows the stack: rare, see histCapacity
		return
	}
	p.hist = p.hist[:n+1]
	p.hist[n].set(&p.st)
}

// UnmakeMove takes back the last move made with MakeMove.
func (p *Position) UnmakeMove() {
	n := len(p.hist) - 1
	prev := &p.hist[n]
	m := prev.move
	p.side ^= 1
	us := p.side
	from, to := m.From(), m.To()
	pc := m.Piece()
	if m.Promotion() != NoPieceType {
		p.remove(p.board[to], to)
		p.put(pc, to)
	} else if m&FlagCastle != 0 {
		r := castleRook[to]
		p.shift(MakePiece(us, Rook), r[1], r[0])
	}
	p.shift(pc, to, from)
	if cap := m.Captured(); cap != NoPiece {
		capSq := to
		if m&FlagEnPassant != 0 {
			capSq = to ^ 8
		}
		p.put(cap, capSq)
	}
	p.st.set(prev)
	p.hist = p.hist[:n]
}

// MakeNullMove passes the turn (for null-move pruning). It must not be called
// in check. The en-passant right, if any, is lost, as after any move.
func (p *Position) MakeNullMove() {
	p.hist = append(p.hist, p.st)
	p.hist[len(p.hist)-1].move = NoMove
	st := &p.st
	st.key ^= sideKey
	if st.ep != NoSquare {
		st.key ^= epKeys[st.ep.File()]
		st.ep = NoSquare
	}
	st.halfmove++
	if p.side == Black {
		st.fullmove++
	}
	p.side ^= 1
	st.checkers = 0
}

// UnmakeNullMove takes back MakeNullMove.
func (p *Position) UnmakeNullMove() {
	n := len(p.hist) - 1
	p.side ^= 1
	p.st = p.hist[n]
	p.hist = p.hist[:n]
}
