package main

import (
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/azurite-chess/azurite/engine/board"
)

// RecordSize is the size of one training position on disk.
const RecordSize = 32

// Record is one training position: a packed board, the search score and the
// game's result. On disk it is RecordSize bytes, little-endian:
//
//	bytes  0-7   occupancy bitboard (bit i = square i, a1 = 0)
//	bytes  8-23  one nibble per occupied square in ascending square order
//	             (low nibble first): the board.Piece code (colour<<3 | type)
//	bytes 24-25  score, int16 centipawns from White's point of view
//	byte  26     result from White's point of view: 0 loss, 1 draw, 2 win
//	byte  27     side to move (0 White, 1 Black)
//	bytes 28-29  ply of the game at which the position occurred (uint16)
//	byte  30     halfmove clock (saturated at 255)
//	byte  31     zero (reserved)
//
// A position has at most 32 pieces, so 16 bytes of nibbles always suffice.
type Record struct {
	Occ      uint64
	Pieces   [16]byte
	Score    int16
	Result   uint8
	Side     uint8
	Ply      uint16
	Halfmove uint8
}

// errBadRecord reports a record that cannot describe a legal position.
var errBadRecord = errors.New("bad training record")

// clampScore is score within the ±32000 a record keeps.
func clampScore(score int) int16 { return int16(max(-32000, min(32000, score))) }

// Pack fills r from pos; score is White's view in centipawns, result 0/1/2.
func Pack(pos *board.Position, score int, result uint8) Record {
	var r Record
	occ := pos.Occupied()
	r.Occ = uint64(occ)
	i := 0
	for b := occ; b != 0; i++ {
		sq := b.PopLSB()
		r.Pieces[i/2] |= byte(pos.PieceAt(sq)) << (4 * uint(i&1))
	}
	r.Score = clampScore(score)
	r.Result = result
	r.Side = uint8(pos.Side())
	r.Ply = uint16(min(pos.FullmoveNumber()*2, 65535))
	r.Halfmove = uint8(min(pos.HalfmoveClock(), 255))
	return r
}

// Each calls f with the piece and square of every piece in r, in ascending
// square order.
func (r *Record) Each(f func(pc board.Piece, sq board.Square)) {
	b := board.Bitboard(r.Occ)
	for i := 0; b != 0; i++ {
		sq := b.PopLSB()
		f(board.Piece(r.Pieces[i/2]>>(4*uint(i&1))&15), sq)
	}
}

// Marshal writes r into dst[:RecordSize].
func (r *Record) Marshal(dst []byte) {
	_ = dst[RecordSize-1]
	binary.LittleEndian.PutUint64(dst[0:], r.Occ)
	copy(dst[8:24], r.Pieces[:])
	binary.LittleEndian.PutUint16(dst[24:], uint16(r.Score))
	dst[26] = r.Result
	dst[27] = r.Side
	binary.LittleEndian.PutUint16(dst[28:], r.Ply)
	dst[30] = r.Halfmove
	dst[31] = 0
}

// Unmarshal reads r from src[:RecordSize] and checks that it can be a
// position: 2 to 32 pieces, valid piece codes, one king a side, a valid side
// and result.
func (r *Record) Unmarshal(src []byte) error {
	if len(src) < RecordSize {
		return fmt.Errorf("%w: %d bytes, want %d", errBadRecord, len(src), RecordSize)
	}
	r.Occ = binary.LittleEndian.Uint64(src[0:])
	copy(r.Pieces[:], src[8:24])
	r.Score = int16(binary.LittleEndian.Uint16(src[24:]))
	r.Result = src[26]
	r.Side = src[27]
	r.Ply = binary.LittleEndian.Uint16(src[28:])
	r.Halfmove = src[30]
	n := board.Bitboard(r.Occ).Count()
	if n < 2 || n > 32 || r.Result > 2 || r.Side > 1 {
		return fmt.Errorf("%w: %d pieces, result %d, side %d", errBadRecord, n, r.Result, r.Side)
	}
	var kings [2]int
	bad := false
	r.Each(func(pc board.Piece, sq board.Square) {
		t := pc.Type()
		if t < board.Pawn || t > board.King || pc&^15 != 0 || pc&7 == 7 {
			bad = true
			return
		}
		if t == board.King {
			kings[pc.Color()]++
		}
	})
	if bad || kings != [2]int{1, 1} {
		return fmt.Errorf("%w: bad piece codes or kings %v", errBadRecord, kings)
	}
	return nil
}

// FEN returns r's position as FEN. Castling rights and the en-passant
// square are not recorded (the net's inputs do not see them), so they are
// "-".
func (r *Record) FEN() string {
	var grid [64]byte
	r.Each(func(pc board.Piece, sq board.Square) { grid[sq] = pc.Char() })
	var b []byte
	for rank := 7; rank >= 0; rank-- {
		empty := 0
		for file := range 8 {
			c := grid[rank*8+file]
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				b = append(b, byte('0'+empty))
				empty = 0
			}
			b = append(b, c)
		}
		if empty > 0 {
			b = append(b, byte('0'+empty))
		}
		if rank > 0 {
			b = append(b, '/')
		}
	}
	side := " w"
	if r.Side == 1 {
		side = " b"
	}
	return fmt.Sprintf("%s%s - - %d %d", b, side, r.Halfmove, max(1, int(r.Ply)/2))
}
