package board

// Leaper, pawn and geometry tables, built once at package init. Sliding-piece
// attacks live in magic.go.

// Files and ranks as bitboards.
const (
	FileABB Bitboard = 0x0101010101010101
	FileHBB Bitboard = FileABB << 7
	Rank1BB Bitboard = 0xFF
	Rank2BB Bitboard = Rank1BB << 8
	Rank3BB Bitboard = Rank1BB << 16
	Rank4BB Bitboard = Rank1BB << 24
	Rank5BB Bitboard = Rank1BB << 32
	Rank6BB Bitboard = Rank1BB << 40
	Rank7BB Bitboard = Rank1BB << 48
	Rank8BB Bitboard = Rank1BB << 56
)

var (
	knightAttacks [64]Bitboard
	kingAttacks   [64]Bitboard
	pawnAttacks   [2][64]Bitboard
	betweenBB     [64][64]Bitboard
	lineBB        [64][64]Bitboard
	// diagBB[sq] and antiDiagBB[sq] are the a1-h8 and a8-h1 direction
	// diagonals through sq, sq included (the pin filters of pawn captures).
	diagBB     [64]Bitboard
	antiDiagBB [64]Bitboard
)

// PawnAttacks returns the squares a pawn of colour c on sq attacks.
func PawnAttacks(c Color, sq Square) Bitboard { return pawnAttacks[c&1][sq&63] }

// KnightAttacks returns the squares a knight on sq attacks.
func KnightAttacks(sq Square) Bitboard { return knightAttacks[sq&63] }

// KingAttacks returns the squares a king on sq attacks.
func KingAttacks(sq Square) Bitboard { return kingAttacks[sq&63] }

// Between returns the squares strictly between a and b when they share a rank,
// file or diagonal, and the empty set otherwise (or when a == b).
func Between(a, b Square) Bitboard { return betweenBB[a&63][b&63] }

// Line returns the whole line (edge to edge, both squares included) through a
// and b when they share a rank, file or diagonal, and the empty set otherwise.
func Line(a, b Square) Bitboard { return lineBB[a&63][b&63] }

// stepBB returns the square one (df, dr) step from sq as a bitboard, or 0 off the board.
func stepBB(sq Square, df, dr int) Bitboard {
	f, r := sq.File()+df, sq.Rank()+dr
	if f < 0 || f > 7 || r < 0 || r > 7 {
		return 0
	}
	return SquareBB(NewSquare(f, r))
}

// rayAttacks walks from sq in each direction until it leaves the board or hits
// a piece of occ (included). It is the slow reference the magic tables are built from.
func rayAttacks(sq Square, occ Bitboard, dirs [4][2]int) Bitboard {
	var att Bitboard
	for _, d := range dirs {
		f, r := sq.File(), sq.Rank()
		for {
			f, r = f+d[0], r+d[1]
			if f < 0 || f > 7 || r < 0 || r > 7 {
				break
			}
			s := NewSquare(f, r)
			att |= SquareBB(s)
			if occ.Has(s) {
				break
			}
		}
	}
	return att
}

var (
	rookDirs   = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	bishopDirs = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
)

func init() {
	knightSteps := [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
	for sq := Square(0); sq < 64; sq++ {
		for _, d := range knightSteps {
			knightAttacks[sq] |= stepBB(sq, d[0], d[1])
		}
		for df := -1; df <= 1; df++ {
			for dr := -1; dr <= 1; dr++ {
				if df != 0 || dr != 0 {
					kingAttacks[sq] |= stepBB(sq, df, dr)
				}
			}
		}
		pawnAttacks[White][sq] = stepBB(sq, -1, 1) | stepBB(sq, 1, 1)
		pawnAttacks[Black][sq] = stepBB(sq, -1, -1) | stepBB(sq, 1, -1)
	}
	// Each square's empty-board rook and bishop rays, computed once rather
	// than for every pair of squares below (that was 14 million wasm
	// instructions of start-up).
	var rays [2][64]Bitboard
	for sq := Square(0); sq < 64; sq++ {
		rays[0][sq], rays[1][sq] = rayAttacks(sq, 0, rookDirs), rayAttacks(sq, 0, bishopDirs)
	}
	for a := Square(0); a < 64; a++ {
		for b := Square(0); b < 64; b++ {
			df, dr := b.File()-a.File(), b.Rank()-a.Rank()
			if df == dr {
				diagBB[a] |= SquareBB(b)
			}
			if df == -dr {
				antiDiagBB[a] |= SquareBB(b)
			}
			if a == b {
				continue
			}
			bb := SquareBB(b)
			for k, dirs := range [2][4][2]int{rookDirs, bishopDirs} {
				if rays[k][a]&bb == 0 {
					continue
				}
				lineBB[a][b] = rays[k][a]&rays[k][b] | SquareBB(a) | bb
				betweenBB[a][b] = rayAttacks(a, bb, dirs) & rayAttacks(b, SquareBB(a), dirs)
			}
		}
	}
}
