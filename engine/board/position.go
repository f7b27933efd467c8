package board

// Position is a chess position with the history needed to unmake moves and
// detect repetitions. The zero value is not a valid position: build one with
// ParseFEN or SetFEN.
//
// A Position is not safe for concurrent use; search threads each keep their
// own (Copy / CopyFrom).
type Position struct {
	board   [64]Piece
	byType  [8]Bitboard // index 0 (and 7) unused; byType[pt] holds both colours; 8 entries so pt&7 needs no bounds check
	byColor [2]Bitboard
	occ     Bitboard
	side    Color
	// plies0 counts the half-moves before the FEN's position (twice its
	// fullmove number, plus one if Black is to move): FullmoveNumber
	// derives the number from it and the ply, so no move updates it.
	plies0 int32
	st     state   // the current irreversible state
	hist   []state // the state before each move played since the FEN, oldest first
}

// state is everything make/unmake cannot recompute from the move alone. One is
// pushed per move; hist[i].move is the move played from that state.
//
// It is 40 bytes (five words, copied twice per move): the fullmove number is
// derived from the ply instead (plies0, see FullmoveNumber), and phase, which stays far below
// 2^15, is an int16.
type state struct {
	key      uint64
	pawnKey  uint64
	checkers Bitboard
	move     Move
	psq      Score
	halfmove int32
	phase    int16
	castle   CastleRights
	ep       Square
}

// histCapacity is the undo-stack capacity reserved up front: games and search
// paths longer than this make the stack grow once (an allocation), shorter ones never.
const histCapacity = 1024

// StartFEN is the standard starting position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// Copy returns an independent deep copy of p (its history included).
func (p *Position) Copy() *Position {
	q := &Position{}
	q.CopyFrom(p)
	return q
}

// CopyFrom makes p an independent copy of src, reusing p's history buffer when
// it is large enough (so a search thread can refresh its copy without allocating).
func (p *Position) CopyFrom(src *Position) {
	hist := p.hist
	if cap(hist) < len(src.hist) || cap(hist) < histCapacity {
		hist = make([]state, 0, max(histCapacity, cap(src.hist)))
	}
	hist = append(hist[:0], src.hist...)
	*p = *src
	p.hist = hist
}

// Side returns the side to move.
func (p *Position) Side() Color { return p.side }

// PieceAt returns the piece on sq, or NoPiece.
func (p *Position) PieceAt(sq Square) Piece { return p.board[sq&63] }

// Pieces returns the squares of c's pieces of type pt.
func (p *Position) Pieces(c Color, pt PieceType) Bitboard {
	return p.byType[pt&7] & p.byColor[c&1]
}

// ByType returns the squares of the pieces of type pt, both colours.
func (p *Position) ByType(pt PieceType) Bitboard { return p.byType[pt&7] }

// ByColor returns the squares of c's pieces.
func (p *Position) ByColor(c Color) Bitboard { return p.byColor[c&1] }

// Occupied returns every occupied square.
func (p *Position) Occupied() Bitboard { return p.occ }

// KingSquare returns the square of c's king.
func (p *Position) KingSquare(c Color) Square {
	return (p.byType[King] & p.byColor[c&1]).LSB()
}

// EPSquare returns the en-passant target square, or NoSquare. It is set only
// when a pawn of the side to move attacks it (the Polyglot rule), whether or
// not the capture is legal otherwise (a pinned capturer still counts).
func (p *Position) EPSquare() Square { return p.st.ep }

// Castling returns the castling rights still held.
func (p *Position) Castling() CastleRights { return p.st.castle }

// HalfmoveClock returns the number of plies since the last capture or pawn move.
func (p *Position) HalfmoveClock() int { return int(p.st.halfmove) }

// FullmoveNumber returns the FEN move number (starts at 1, grows after Black moves).
func (p *Position) FullmoveNumber() int { return int((int64(p.plies0) + int64(len(p.hist))) / 2) }

// Key returns the Zobrist key of the position, which is its Polyglot book key.
func (p *Position) Key() uint64 { return p.st.key }

// PawnKey returns a Zobrist key of the pawns alone (both colours).
func (p *Position) PawnKey() uint64 { return p.st.pawnKey }

// PSQ returns the sum of the installed piece-square table over all pieces
// (see SetPieceSquareTable for the sign convention). It is updated
// incrementally by make/unmake.
func (p *Position) PSQ() Score { return p.st.psq }

// Phase returns the game phase: the sum of the phase weights (KnightPhase …
// QueenPhase) of the pieces on the board, both colours. It is TotalPhase (24)
// in the starting position and 0 with only kings and pawns; promotions can
// push it above TotalPhase, so callers that taper clamp it.
func (p *Position) Phase() int { return int(p.st.phase) }

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool { return p.st.checkers != 0 }

// Checkers returns the pieces giving check to the side to move.
func (p *Position) Checkers() Bitboard { return p.st.checkers }

// Ply returns the number of moves (null moves included) made since the FEN was set.
func (p *Position) Ply() int { return len(p.hist) }

// LastMove returns the last move made (NoMove after a null move or right after SetFEN).
func (p *Position) LastMove() Move {
	if len(p.hist) == 0 {
		return NoMove
	}
	return p.hist[len(p.hist)-1].move
}

// AttackersTo returns the pieces of both colours that attack sq, with sliders
// seen through the occupancy occ (pass Occupied() for the current board, or a
// modified set for x-ray questions).
func (p *Position) AttackersTo(sq Square, occ Bitboard) Bitboard {
	sq &= 63
	return pawnAttacks[Black][sq]&p.byType[Pawn]&p.byColor[White] |
		pawnAttacks[White][sq]&p.byType[Pawn]&p.byColor[Black] |
		knightAttacks[sq]&p.byType[Knight] |
		kingAttacks[sq]&p.byType[King] |
		BishopAttacks(sq, occ)&(p.byType[Bishop]|p.byType[Queen]) |
		RookAttacks(sq, occ)&(p.byType[Rook]|p.byType[Queen])
}

// attacked reports whether any piece of colour by attacks sq, sliders seen through occ.
func (p *Position) attacked(sq Square, by Color, occ Bitboard) bool {
	sq &= 63 // the masks let the compiler drop bounds checks (each one is a branch and a block in wasm)
	by &= 1
	them := p.byColor[by]
	if knightAttacks[sq]&p.byType[Knight]&them != 0 ||
		pawnAttacks[by^1][sq]&p.byType[Pawn]&them != 0 ||
		kingAttacks[sq]&p.byType[King]&them != 0 {
		return true
	}
	if BishopAttacks(sq, occ)&(p.byType[Bishop]|p.byType[Queen])&them != 0 {
		return true
	}
	return RookAttacks(sq, occ)&(p.byType[Rook]|p.byType[Queen])&them != 0
}

// put places pc on the empty square sq, updating bitboards only.
func (p *Position) put(pc Piece, sq Square) {
	pc &= 15
	sq &= 63
	b := SquareBB(sq)
	p.board[sq] = pc
	p.byType[pc.Type()] |= b
	p.byColor[pc>>3&1] |= b
	p.occ |= b
}

// remove takes pc off sq, updating bitboards only.
func (p *Position) remove(pc Piece, sq Square) {
	pc &= 15
	sq &= 63
	b := SquareBB(sq)
	p.board[sq] = NoPiece
	p.byType[pc.Type()] &^= b
	p.byColor[pc>>3&1] &^= b
	p.occ &^= b
}

// shift moves pc from one square to another (to must be empty), bitboards only.
func (p *Position) shift(pc Piece, from, to Square) {
	pc &= 15
	from &= 63
	to &= 63
	b := SquareBB(from) | SquareBB(to)
	p.board[from] = NoPiece
	p.board[to] = pc
	p.byType[pc.Type()] ^= b
	p.byColor[pc>>3&1] ^= b
	p.occ ^= b
}

// KeyAt returns the Zobrist key of the position at ply i of the history,
// 0 <= i <= Ply(): KeyAt(Ply()) is Key(), KeyAt(0) the key of the FEN's
// position. Incremental evaluators use it to find the last position whose
// state they still hold.
func (p *Position) KeyAt(i int) uint64 {
	if i >= len(p.hist) {
		return p.st.key
	}
	return p.hist[i].key
}

// MoveAt returns the move played from the position at ply i, 0 <= i < Ply()
// (NoMove for a null move).
func (p *Position) MoveAt(i int) Move { return p.hist[i].move }

// TrimHistory forgets the states of all but the last keep moves, so that a
// position set from a very long game holds a bounded history. What the
// rules read stays exact as long as keep is at least HistoryKeep: no
// repetition can reach back past the last capture or pawn move, and once
// the halfmove clock reaches 100 the fifty-move rule decides. FEN,
// FullmoveNumber and HalfmoveClock are unchanged; Ply, KeyAt and MoveAt then
// count from the oldest kept move. keep < 0 counts as 0.
func (p *Position) TrimHistory(keep int) {
	keep = max(keep, 0)
	n := len(p.hist)
	if n <= keep {
		return
	}
	drop := n - keep
	hist := make([]state, keep, max(histCapacity, keep))
	copy(hist, p.hist[drop:])
	p.hist = hist
	p.plies0 += int32(drop)
}

// HistoryKeep is the shortest history TrimHistory may keep without changing
// any rule's answer: the fifty-move rule's 100 plies, and a margin.
const HistoryKeep = 128
