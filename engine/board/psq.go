package board

// psqTable is the installed piece-square table (zero until eval installs one).
var psqTable [16][64]Score

// phaseOf is the phase weight of each piece.
var phaseOf = [16]int16{
	Knight: KnightPhase, Bishop: BishopPhase, Rook: RookPhase, Queen: QueenPhase,
	8 + Knight: KnightPhase, 8 + Bishop: BishopPhase, 8 + Rook: RookPhase, 8 + Queen: QueenPhase,
}

// SetPieceSquareTable installs the piece-square table (material included) that
// every Position sums incrementally into PSQ(). t is indexed [Piece][Square]
// with our Piece numbering (white pieces 1..6, black 9..14) and squares a1=0.
//
// Sign convention: PSQ() is the plain sum of t[piece][square] over the pieces
// on the board, and is meant to read from White's point of view (white minus
// black). So the caller fills the white entries with White's values and the
// black entries already negated and vertically flipped:
//
//	t[MakePiece(Black, pt)][sq] = -t[MakePiece(White, pt)][sq.Flip()]
//
// for a symmetric table. Entries for NoPiece and the unused numbers 7, 8, 15
// must stay zero.
//
// The eval package calls it from its init, before any Position exists.
// Positions built before a call keep the sums of the old table until their
// next SetFEN, so call it only at start-up; it is not safe to call
// concurrently with any use of a Position.
func SetPieceSquareTable(t *[16][64]Score) { psqTable = *t }

// computePSQ recomputes the piece-square sum and phase from scratch.
func (p *Position) computePSQ() (psq Score, phase int16) {
	for sq := Square(0); sq < 64; sq++ {
		pc := p.board[sq]
		psq += psqTable[pc][sq]
		phase += phaseOf[pc]
	}
	return psq, phase
}
