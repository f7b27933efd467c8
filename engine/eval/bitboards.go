package eval

import "github.com/azurite-chess/azurite/engine/board"

// Bitboard helpers the evaluation needs beyond board's attack tables: file and
// rank masks, whole-set pawn shifts, spans and distances. All tables are built
// once at init.

type bb = board.Bitboard

const (
	fileA bb = 0x0101010101010101
	fileH bb = fileA << 7
	rank1 bb = 0xFF
	rank8 bb = rank1 << 56

	// darkSquares holds a1, c1, …: the squares of a dark-squared bishop.
	darkSquares bb = 0xAA55AA55AA55AA55
	// centre holds d4, e4, d5 and e5.
	centre bb = 0x0000001818000000
)

var (
	fileMask     [8]bb     // fileMask[f]: every square of file f
	adjFiles     [8]bb     // files f-1 and f+1
	forwardFile  [2][64]bb // squares in front of sq on its file, from c's view
	passedSpan   [2][64]bb // squares an enemy pawn must not occupy for a pawn on sq to be passed
	attackSpan   [2][64]bb // squares a pawn on sq (or its advance) can ever attack
	forwardRanks [2][8]bb  // ranks strictly in front of rank r from c's view
	distance     [64][64]int
	within       [64][8]bb // within[sq][d]: squares at distance 1..d from sq
	centerDist   [64]int   // Chebyshev distance to the nearest of d4, e4, d5, e5 (0..3)
	edgeDist     [64]int   // distance to the nearest edge (0..3)
)

func init() {
	for f := 0; f < 8; f++ {
		fileMask[f] = fileA << f
	}
	for f := 0; f < 8; f++ {
		if f > 0 {
			adjFiles[f] |= fileMask[f-1]
		}
		if f < 7 {
			adjFiles[f] |= fileMask[f+1]
		}
	}
	for r := 0; r < 8; r++ {
		for r2 := r + 1; r2 < 8; r2++ {
			forwardRanks[board.White][r] |= rank1 << (8 * r2)
		}
		for r2 := 0; r2 < r; r2++ {
			forwardRanks[board.Black][r] |= rank1 << (8 * r2)
		}
	}
	for s := 0; s < 64; s++ {
		sq := board.Square(s)
		f, r := sq.File(), sq.Rank()
		for c := board.White; c <= board.Black; c++ {
			fwd := forwardRanks[c][r]
			forwardFile[c][s] = fwd & fileMask[f]
			attackSpan[c][s] = fwd & adjFiles[f]
			passedSpan[c][s] = fwd & (adjFiles[f] | fileMask[f])
		}
		for t := 0; t < 64; t++ {
			ts := board.Square(t)
			distance[s][t] = max(abs(f-ts.File()), abs(r-ts.Rank()))
		}
		for t := 0; t < 64; t++ {
			for d := max(distance[s][t], 1); d < 8 && t != s; d++ {
				within[s][d] |= bb(1) << t
			}
		}
		cf, cr := min(f, 7-f), min(r, 7-r) // 0 at the edge, 3 in the centre
		centerDist[s] = max(3-cf, 3-cr)
		edgeDist[s] = min(cf, cr)
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// pawnAttacksBB returns every square a pawn of colour c in pawns attacks.
func pawnAttacksBB(c board.Color, pawns bb) bb {
	if c == board.White {
		return (pawns&^fileA)<<7 | (pawns&^fileH)<<9
	}
	return (pawns&^fileA)>>9 | (pawns&^fileH)>>7
}

// pawnDoubleAttacks returns the squares two pawns of colour c attack.
func pawnDoubleAttacks(c board.Color, pawns bb) bb {
	if c == board.White {
		return (pawns &^ fileA) << 7 & (pawns &^ fileH) << 9
	}
	return (pawns &^ fileA) >> 9 & (pawns &^ fileH) >> 7
}

// fillForward returns b together with every square in front of it from c's view.
func fillForward(c board.Color, b bb) bb {
	if c == board.White {
		b |= b << 8
		b |= b << 16
		b |= b << 32
		return b
	}
	b |= b >> 8
	b |= b >> 16
	b |= b >> 32
	return b
}

// fileSet returns the set of files (bit f) that hold a square of b.
func fileSet(b bb) uint8 {
	b |= b >> 32
	b |= b >> 16
	b |= b >> 8
	return uint8(b)
}

// relSquare returns sq as seen from c's side (a1 for White is a8 for Black).
func relSquare(c board.Color, sq board.Square) board.Square {
	return sq ^ board.Square(56*int(c))
}
