package board

import (
	"testing"
)

// TestMoveChange: for every legal move of the perft positions, the board
// after MakeMove differs from the board before exactly by what Change says
// (piece off From, Placed on To, the capture and the castling rook).
func TestMoveChange(t *testing.T) {
	fens := []string{
		StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", // kiwipete
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", // en passant
		"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
		"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", // promotions with capture
	}
	for _, fen := range fens {
		pos := mustFEN(t, fen)
		var l MoveList
		pos.GenerateAll(&l)
		for _, m := range l.Moves[:l.N] {
			before := pos.board
			pos.MakeMove(m)
			after := pos.board
			pos.UnmakeMove()
			want := before
			c := m.Change()
			want[c.From] = NoPiece
			if c.Captured != NoPiece {
				if before[c.CapturedOn] != c.Captured {
					t.Fatalf("%s %v: captured %v on %v, board has %v", fen, m, c.Captured, c.CapturedOn, before[c.CapturedOn])
				}
				want[c.CapturedOn] = NoPiece
			}
			if c.Rook != NoPiece {
				want[c.RookFrom], want[c.RookTo] = NoPiece, c.Rook
			}
			want[c.To] = c.Placed
			if want != after {
				t.Fatalf("%s %v: Change %+v does not give the board after the move", fen, m, c)
			}
		}
	}
}
