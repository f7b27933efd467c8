package board

// Change is what a move does to the pieces on the board, for code that keeps
// its own per-piece sums (the net's accumulators) and should not re-derive
// the rules: the moving piece leaves From, Placed (the piece itself, or what
// it promotes to) arrives on To, a captured piece leaves CapturedOn (To, or
// the square behind it for en passant), and castling moves the rook too.
type Change struct {
	Piece, Placed Piece
	From, To      Square
	// Captured is NoPiece for a quiet move; CapturedOn is then NoSquare.
	Captured   Piece
	CapturedOn Square
	// Rook is NoPiece unless the move castles; RookFrom and RookTo are then
	// NoSquare.
	Rook             Piece
	RookFrom, RookTo Square
}

// Change returns what m, which must come from Moves of some position (not
// NoMove), does to the board.
func (m Move) Change() Change {
	pc := m.Piece()
	c := Change{Piece: pc, Placed: pc, From: m.From(), To: m.To(), CapturedOn: NoSquare, RookFrom: NoSquare, RookTo: NoSquare}
	if p := m.Promotion(); p != NoPieceType {
		c.Placed = MakePiece(pc.Color(), p)
	}
	if m.IsCapture() {
		c.Captured, c.CapturedOn = m.Captured(), c.To
		if m.IsEnPassant() {
			c.CapturedOn = c.To ^ 8 // the captured pawn stands behind the target square
		}
	}
	if m.IsCastle() {
		r := castleRook[c.To&63]
		c.Rook, c.RookFrom, c.RookTo = MakePiece(pc.Color(), Rook), r[0], r[1]
	}
	return c
}
