package board

//go:generate go run ./internal/genzobrist -in ../../../shared/data/polyglot/random64.txt -out zobrist_table.go

// Zobrist keys use the Polyglot Random64 layout exactly, so Key() is the
// Polyglot book key of the position and a book probe needs no second hash:
//
//	key = XOR of  piece[64*kind + square]  for every piece (kind: black pawn 0,
//	                                        white pawn 1, …, white king 11)
//	      castle[768 + i]                  for every castling right bit i
//	      enPassant[772 + file]            only when a pawn of the side to move
//	                                       stands beside the pawn that just made a
//	                                       double push (i.e. attacks the ep square)
//	      turn[780]                        when White is to move
//
// The pawn key hashes the pawns alone with the same piece numbers (plus
// nothing else), for the evaluation's pawn-structure cache.

var (
	pieceKeys  [16][64]uint64 // indexed by our Piece numbering; zero for NoPiece
	pawnKeys   [16][64]uint64 // pieceKeys of the two pawns, zero for the other pieces (pawn-key terms)
	castleKeys [16]uint64     // XOR of the keys of each set right
	epKeys     [8]uint64
	sideKey    uint64 // XORed in when White is to move

	// epKeyOf[sq] is the key of the en-passant square sq (its file's key),
	// and 0 for NoSquare and the other indexes past the board, so MakeMove
	// removes the old square's key without testing for one.
	epKeyOf [128]uint64
)

func init() {
	for p := Piece(0); p < 16; p++ {
		if pt := p.Type(); pt < Pawn || pt > King {
			continue
		}
		for sq := 0; sq < 64; sq++ {
			pieceKeys[p][sq] = polyglotRandom64[64*p.PolyglotKind()+sq]
			if p.Type() == Pawn {
				pawnKeys[p][sq] = pieceKeys[p][sq]
			}
		}
	}
	for r := 0; r < 16; r++ {
		for i := 0; i < 4; i++ {
			if r&(1<<i) != 0 {
				castleKeys[r] ^= polyglotRandom64[768+i]
			}
		}
	}
	for f := 0; f < 8; f++ {
		epKeys[f] = polyglotRandom64[772+f]
	}
	for sq := Square(0); sq < 64; sq++ {
		epKeyOf[sq] = epKeys[sq.File()]
	}
	sideKey = polyglotRandom64[780]
}

// computeKeys recomputes the key and pawn key from scratch (SetFEN and tests;
// make/unmake update them incrementally).
func (p *Position) computeKeys() (key, pawnKey uint64) {
	for sq := Square(0); sq < 64; sq++ {
		pc := p.board[sq]
		if pc == NoPiece {
			continue
		}
		key ^= pieceKeys[pc][sq]
		if pc.Type() == Pawn {
			pawnKey ^= pieceKeys[pc][sq]
		}
	}
	key ^= castleKeys[p.st.castle]
	if p.st.ep != NoSquare {
		key ^= epKeys[p.st.ep.File()]
	}
	if p.side == White {
		key ^= sideKey
	}
	return key, pawnKey
}
