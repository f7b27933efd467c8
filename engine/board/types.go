package board

import "math/bits"

// Color is the side a piece belongs to or the side to move.
type Color uint8

// The two colours. Other is c^1.
const (
	White Color = 0
	Black Color = 1
)

// Other returns the opposing colour.
func (c Color) Other() Color { return c ^ 1 }

// String returns "w" or "b", as in a FEN.
func (c Color) String() string {
	if c == White {
		return "w"
	}
	return "b"
}

// Square is a board square, a1 = 0, b1 = 1, …, h8 = 63 (little-endian rank-file).
type Square uint8

// NoSquare marks "no square" (no en-passant target, an empty move field).
const NoSquare Square = 64

// Named squares used by castling and tests.
const (
	A1, B1, C1, D1, E1, F1, G1, H1 Square = 0, 1, 2, 3, 4, 5, 6, 7
	A8, B8, C8, D8, E8, F8, G8, H8 Square = 56, 57, 58, 59, 60, 61, 62, 63
)

// NewSquare returns the square on file f and rank r, both 0..7.
func NewSquare(f, r int) Square { return Square(r*8 + f) }

// File returns 0 (a) .. 7 (h).
func (s Square) File() int { return int(s) & 7 }

// Rank returns 0 (rank 1) .. 7 (rank 8).
func (s Square) Rank() int { return int(s) >> 3 }

// Flip mirrors the square vertically (a1 <-> a8), for colour-flipped positions and tables.
func (s Square) Flip() Square { return s ^ 56 }

// RelativeRank returns the rank as seen from c's side: 0 is c's back rank.
func (s Square) RelativeRank(c Color) int { return s.Rank() ^ int(c)*7 }

// String returns the square in algebraic form ("e4"), or "-" for NoSquare.
func (s Square) String() string {
	if s >= NoSquare {
		return "-"
	}
	return string([]byte{byte('a' + s.File()), byte('1' + s.Rank())})
}

// PieceType is a kind of piece regardless of colour.
type PieceType uint8

// Piece types. NoPieceType is 0 so a zero value means "empty".
const (
	NoPieceType PieceType = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

// Piece is a coloured piece: bit 3 is the colour, bits 0-2 the type.
// White pieces are 1..6, black pieces 9..14; NoPiece is 0. Tables indexed by
// Piece have 16 entries.
type Piece uint8

// NoPiece is an empty square.
const NoPiece Piece = 0

// MakePiece returns the piece of type pt and colour c.
func MakePiece(c Color, pt PieceType) Piece { return Piece(uint8(c)<<3 | uint8(pt)) }

// Type returns the piece's type.
func (p Piece) Type() PieceType { return PieceType(p & 7) }

// Color returns the piece's colour; meaningless for NoPiece.
func (p Piece) Color() Color { return Color(p >> 3) }

// PolyglotKind returns the piece's index in the Polyglot Random64 table
// (black pawn 0, white pawn 1, black knight 2, …, white king 11).
func (p Piece) PolyglotKind() int { return 2*(int(p.Type())-1) + int(p.Color()^1) }

const pieceChars = " PNBRQK  pnbrqk "

// Char returns the FEN letter of the piece ('P', 'n', …) or ' ' for NoPiece.
func (p Piece) Char() byte { return pieceChars[p&15] }

// Bitboard is a set of squares, bit i set for square i.
type Bitboard uint64

// Has reports whether sq is in b.
func (b Bitboard) Has(sq Square) bool { return b&(1<<sq) != 0 }

// Count returns the number of squares in b.
func (b Bitboard) Count() int { return bits.OnesCount64(uint64(b)) }

// LSB returns the lowest square of a non-empty b.
func (b Bitboard) LSB() Square { return Square(bits.TrailingZeros64(uint64(b))) }

// PopLSB removes and returns the lowest square of a non-empty *b.
func (b *Bitboard) PopLSB() Square {
	sq := Square(bits.TrailingZeros64(uint64(*b)))
	*b &= *b - 1
	return sq
}

// SquareBB returns the bitboard holding only sq.
func SquareBB(sq Square) Bitboard { return 1 << sq }

// CastleRights is a 4-bit set of castling rights, in Polyglot order.
type CastleRights uint8

// Castling-right bits; Polyglot hashes bit i with Random64[768+i].
const (
	WhiteKingside  CastleRights = 1
	WhiteQueenside CastleRights = 2
	BlackKingside  CastleRights = 4
	BlackQueenside CastleRights = 8
	AllCastling    CastleRights = 15
)

// Score packs a middlegame and an endgame value into one int32 so that
// piece-square and other tapered terms are added with a single instruction:
//
//	bits 0-15  middlegame value (signed, two's complement)
//	bits 16-31 endgame value, with the carry from a negative middlegame value folded in
//
// S(mg, eg) builds one; Mg and Eg take it apart exactly for |mg|, |eg| < 2^15.
type Score int32

// S packs mg and eg into a Score.
func S(mg, eg int) Score { return Score(int32(uint32(eg)<<16) + int32(mg)) }

// Mg returns the middlegame part.
func (s Score) Mg() int { return int(int16(uint16(uint32(s)))) }

// Eg returns the endgame part.
func (s Score) Eg() int { return int(int16(uint16(uint32(s+0x8000) >> 16))) }

// Phase weights of the pieces; a full board has TotalPhase (24).
const (
	KnightPhase = 1
	BishopPhase = 1
	RookPhase   = 2
	QueenPhase  = 4
	TotalPhase  = 4*KnightPhase + 4*BishopPhase + 4*RookPhase + 2*QueenPhase
)

// Move is a move packed into 32 bits, carrying everything make/unmake need so
// that nothing is re-derived:
//
//	bits  0-5   from square
//	bits  6-11  to square
//	bits 12-15  moving Piece (colour included)
//	bits 16-19  captured Piece (NoPiece if none; the pawn for en passant)
//	bits 20-22  promotion PieceType (NoPieceType if none)
//	bit  23     double pawn push
//	bit  24     en-passant capture
//	bit  25     castling (from/to are the king's squares, e1g1 style)
//	bits 26-31  zero; free for callers that keep a move with a tag
//
// The zero Move is NoMove. Two moves are the same move iff they are equal.
type Move uint32

// NoMove is the empty move ("0000" in UCI).
const NoMove Move = 0

// Move flag bits.
const (
	FlagDoublePush Move = 1 << 23
	FlagEnPassant  Move = 1 << 24
	FlagCastle     Move = 1 << 25
)

// NewMove packs a move. Generators build moves with it; callers outside the
// board package should get moves from the generator or a parser instead.
func NewMove(from, to Square, piece, captured Piece, promo PieceType, flags Move) Move {
	return Move(from) | Move(to)<<6 | Move(piece)<<12 | Move(captured)<<16 | Move(promo)<<20 | flags
}

// From returns the origin square.
func (m Move) From() Square { return Square(m & 63) }

// To returns the destination square.
func (m Move) To() Square { return Square(m >> 6 & 63) }

// Piece returns the moving piece.
func (m Move) Piece() Piece { return Piece(m >> 12 & 15) }

// Captured returns the captured piece, or NoPiece.
func (m Move) Captured() Piece { return Piece(m >> 16 & 15) }

// Promotion returns the promotion piece type, or NoPieceType.
func (m Move) Promotion() PieceType { return PieceType(m >> 20 & 7) }

// IsCapture reports whether the move takes a piece (en passant included).
func (m Move) IsCapture() bool { return m&(15<<16) != 0 }

// IsPromotion reports whether the move promotes.
func (m Move) IsPromotion() bool { return m&(7<<20) != 0 }

// IsNoisy reports whether the move is a capture or a promotion.
func (m Move) IsNoisy() bool { return m&(15<<16|7<<20) != 0 }

// IsEnPassant reports whether the move is an en-passant capture.
func (m Move) IsEnPassant() bool { return m&FlagEnPassant != 0 }

// IsCastle reports whether the move castles.
func (m Move) IsCastle() bool { return m&FlagCastle != 0 }

// IsDoublePush reports whether the move is a two-square pawn advance.
func (m Move) IsDoublePush() bool { return m&FlagDoublePush != 0 }

// String returns the move in UCI long algebraic form ("e2e4", "e7e8q"), "0000" for NoMove.
func (m Move) String() string {
	if m == NoMove {
		return "0000"
	}
	s := m.From().String() + m.To().String()
	if p := m.Promotion(); p != NoPieceType {
		s += string(" pnbrqk"[p])
	}
	return s
}

// MaxMoves bounds the number of legal moves in any position (the known maximum is 218).
const MaxMoves = 256

// MoveList is a fixed-capacity move buffer. Search keeps one per ply, so
// generating moves never allocates.
type MoveList struct {
	Moves [MaxMoves]Move
	N     int
}

// Add appends m.
func (l *MoveList) Add(m Move) {
	l.Moves[l.N] = m
	l.N++
}

// Slice returns the moves generated so far (a view into the buffer).
func (l *MoveList) Slice() []Move { return l.Moves[:l.N] }
