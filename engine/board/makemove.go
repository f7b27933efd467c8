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
//
// It is shaped for the js/wasm port, where it costs most of a perft node
// (see generate for the back end's costs): the move is widened to uint once
// and squares and pieces stay uint (the uint8 types would be zero-extended,
// an AND in wasm, at every use as an index), and so do the narrow state
// fields, widened as they are loaded: uint(st.castle)&15, not st.castle&15,
// whose uint8 result is zero-extended again; the state push is written out
// (a call spills every live value); the pawn terms need no branch (the pawn
// key takes pawnKeys, zero for the other pieces, and the halfmove clock is
// reset with a conditional move); and the rare
// moves -- promotion, double push, castling -- are first played as plain
// moves and then finished by one out-of-line call at the very end, where no
// value is live across it (see makeSpecial).
//
// MakeMove, UnmakeMove and countMoves are go:nosplit: they skip the
// stack-bound check on entry (their frames are small and fixed, and the
// linker checks that the nosplit chain fits the stack guard). That check is
// a load, a compare and a branch per call; without it perft runs about 2.5 %
// fewer instructions per node in both builds (docs/wasm-speed.md).
//
//go:nosplit
func (p *Position) MakeMove(m Move) {
	p = pin(p)
	n := len(p.hist)
	if n == cap(p.hist) {
		p.growHist()
	}
	p.st.move = m // recorded in the pushed copy: the move played from that state
	p.hist = p.hist[:n+1]
	p.hist[n].set(&p.st)

	st := &p.st
	mv := uint(m)
	us := uint(p.side) & 1
	from, to := mv&63, mv>>6&63
	pc := mv >> 12 & 15

	// The en-passant key comes from a table that holds 0 for NoSquare and
	// the move number grows by the mover's colour: no branches.
	key := st.key ^ sideKey ^ castleKeys[uint(st.castle)&15] ^ epKeyOf[uint(st.ep)&127]
	st.ep = NoSquare
	hm := st.halfmove + 1

	if capt := mv >> 16 & 15; capt != 0 {
		capSq := (to ^ mv>>21&8) & 63 // en passant (bit 24) takes the pawn behind 'to'
		b := Bitboard(1) << capSq
		p.board[capSq] = NoPiece
		p.byType[capt&7] &^= b
		p.byColor[us^1] &^= b
		p.occ &^= b
		key ^= pieceKeys[capt][capSq]
		st.pawnKey ^= pawnKeys[capt][capSq]
		st.psq -= psqTable[capt][capSq]
		st.phase -= phaseOf[capt]
		hm = 0
	}
	if pc&7 == uint(Pawn) {
		hm = 0
	}
	st.halfmove = hm

	b := Bitboard(1)<<from | Bitboard(1)<<to
	p.board[from] = NoPiece
	p.board[to] = Piece(pc)
	p.byType[pc&7] ^= b
	p.byColor[us] ^= b
	p.occ ^= b
	key ^= pieceKeys[pc][from] ^ pieceKeys[pc][to]
	st.pawnKey ^= pawnKeys[pc][from] ^ pawnKeys[pc][to]
	st.psq += psqTable[pc][to] - psqTable[pc][from]

	castle := uint(st.castle) & uint(castleMask[from]) & uint(castleMask[to]) & 15
	st.castle = CastleRights(castle)
	st.key = key ^ castleKeys[castle]
	p.side = Color(us ^ 1)
	// Checkers. Most moves cannot give check: the moved piece does not
	// reach the king's square even on an empty board, and 'from' is not on
	// a line with the king (no discovery). Only the rest pay for the full
	// attacker scan; en passant always does (castling and promotions get
	// theirs in makeSpecial).
	// The scan is attackersBy written out: the call cost more than the
	// scan in the js/wasm port (arguments and live values go through
	// memory), and natively it was not inlined either.
	ksq := lsb(p.byType[King] & p.byColor[us^1])
	var checkers Bitboard
	if lineBB[from][ksq]|reach[us][pc&7][to]&(Bitboard(1)<<ksq)|Bitboard(m&FlagEnPassant) != 0 {
		occ := p.occ
		checkers = (pawnAttacks[us^1][ksq]&p.byType[Pawn] |
			knightAttacks[ksq]&p.byType[Knight] |
			bishopAttacks(ksq, occ)&(p.byType[Bishop]|p.byType[Queen]) |
			rookAttacks(ksq, occ)&(p.byType[Rook]|p.byType[Queen])) & p.byColor[us]
	}
	st.checkers = checkers
	if m&(7<<20|FlagDoublePush|FlagCastle) != 0 {
		p.makeSpecial(m)
	}
}

// growHist makes room for one more state in the history (the rare case of
// MakeMove's push, kept out of line).
//
//go:noinline
func (p *Position) growHist() {
	p.hist = append(p.hist, state{})[:len(p.hist)]
}

// makeSpecial finishes MakeMove's promotion, double push or castling m,
// which MakeMove has played as a plain move of the pawn or the king (side to
// move already switched, key complete but for the parts below): the pawn on
// 'to' becomes the new piece; the en-passant square is set when an enemy
// pawn attacks it (Polyglot's rule); the rook moves. Promotions and castling
// then rescan the checkers (the new piece or the rook may give check).
//
//go:noinline
func (p *Position) makeSpecial(m Move) {
	st := &p.st
	them := p.side & 1
	us := them ^ 1
	to := m.To() & 63
	pc := m.Piece() & 15
	switch {
	case m.Promotion() != NoPieceType:
		np := MakePiece(us, m.Promotion()) & 15
		p.remove(pc, to)
		p.put(np, to)
		st.key ^= pieceKeys[pc][to] ^ pieceKeys[np][to]
		st.pawnKey ^= pieceKeys[pc][to]
		st.psq += psqTable[np][to] - psqTable[pc][to]
		st.phase += phaseOf[np]
	case m&FlagDoublePush != 0:
		ep := (to ^ 8) & 63
		if pawnAttacks[us][ep]&p.byType[Pawn]&p.byColor[them] != 0 {
			st.ep = ep
			st.key ^= epKeyOf[ep]
		}
		return
	default: // castling
		r := castleRook[to]
		r[0], r[1] = r[0]&63, r[1]&63
		rook := MakePiece(us, Rook)
		p.shift(rook, r[0], r[1])
		st.key ^= pieceKeys[rook][r[0]] ^ pieceKeys[rook][r[1]]
		st.psq += psqTable[rook][r[1]] - psqTable[rook][r[0]]
	}
	st.checkers = p.attackersBy(us, p.KingSquare(them)&63)
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

// UnmakeMove takes back the last move made with MakeMove. It is shaped like
// MakeMove: the move is undone as a plain move, then unmakeSpecial (at the
// end, with nothing live across the call) finishes a promotion or castling.
// It is go:nosplit, as MakeMove.
//
//go:nosplit
func (p *Position) UnmakeMove() {
	p = pin(p)
	n := len(p.hist) - 1
	prev := &p.hist[n]
	m := prev.move
	mv := uint(m)
	us := uint(p.side)&1 ^ 1
	p.side = Color(us)
	from, to := mv&63, mv>>6&63
	pc := mv >> 12 & 15
	b := Bitboard(1)<<from | Bitboard(1)<<to
	p.board[to] = NoPiece
	p.board[from] = Piece(pc)
	p.byType[pc&7] ^= b
	p.byColor[us] ^= b
	p.occ ^= b
	if capt := mv >> 16 & 15; capt != 0 {
		capSq := (to ^ mv>>21&8) & 63
		cb := Bitboard(1) << capSq
		p.board[capSq] = Piece(capt)
		p.byType[capt&7] |= cb
		p.byColor[us^1] |= cb
		p.occ |= cb
	}
	p.st.set(prev)
	p.hist = p.hist[:n]
	if m&(7<<20|FlagCastle) != 0 {
		p.unmakeSpecial(m)
	}
}

// unmakeSpecial finishes UnmakeMove's promotion or castling m, which it has
// undone as a plain pawn or king move: the pawn bit that move left on 'to'
// and the promoted piece's bit there are cleared, unless a piece of the
// promoted type was taken there (the board and colour sets are already
// right: 'to' holds the captured piece, if any), or the rook goes back to
// its corner.
//
//go:noinline
func (p *Position) unmakeSpecial(m Move) {
	to := m.To() & 63
	if promo := m.Promotion(); promo != NoPieceType {
		p.byType[Pawn] &^= SquareBB(to)
		if m.Captured().Type() != promo { // else the bit is the captured piece's
			p.byType[promo&7] &^= SquareBB(to)
		}
		return
	}
	r := castleRook[to]
	p.shift(MakePiece(p.side&1, Rook), r[1]&63, r[0]&63)
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
