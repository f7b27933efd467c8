package book

import (
	"errors"
	"strconv"

	"github.com/azurite-chess/azurite/engine/board"
)

// ErrIllegalMove is wrapped by the error Probe returns when the book holds a
// move that is not legal in the probed position (a corrupt or mismatched book).
var ErrIllegalMove = errors.New("illegal book move")

// Candidate is a legal book move with its Polyglot weight.
type Candidate struct {
	Move   board.Move
	Weight int
}

// DecodeMove splits a Polyglot move into squares and promotion piece type
// (NoPieceType if none), with castling still in Polyglot's king-takes-rook form.
func DecodeMove(m uint16) (from, to board.Square, promo board.PieceType) {
	to = board.NewSquare(int(m&7), int(m>>3&7))
	from = board.NewSquare(int(m>>6&7), int(m>>9&7))
	if p := m >> 12 & 7; p != 0 {
		promo = board.PieceType(p + 1) // 1 knight … 4 queen → Knight … Queen
	}
	return from, to, promo
}

// MoveString renders a raw Polyglot move in UCI form, castling as king-takes-rook
// ("e1h1"); for messages about moves that could not be matched.
func MoveString(m uint16) string {
	from, to, promo := DecodeMove(m)
	s := from.String() + to.String()
	switch {
	case promo >= board.Knight && promo <= board.Queen:
		s += string(" pnbrqk"[promo])
	case promo != board.NoPieceType:
		s += "?" // promotion bits 5..7 are not defined by Polyglot
	}
	return s
}

// ToMove maps a Polyglot move to the legal engine move it denotes in pos, or
// returns false. Polyglot writes castling as the king taking its own rook
// (e1h1, e1a1, e8h8, e8a8); the engine's castling moves go e1g1 style.
func ToMove(pos *board.Position, pm uint16) (board.Move, bool) {
	from, to, promo := DecodeMove(pm)
	us := pos.Side()
	if pos.PieceAt(from) == board.MakePiece(us, board.King) && pos.PieceAt(to) == board.MakePiece(us, board.Rook) {
		file := 2 // queenside: the king lands on the c-file
		if to.File() > from.File() {
			file = 6 // kingside: g-file
		}
		to = board.NewSquare(file, from.Rank())
	}
	var list board.MoveList
	pos.GenerateAll(&list)
	for _, m := range list.Slice() {
		if m.From() == from && m.To() == to && m.Promotion() == promo {
			return m, true
		}
	}
	return board.NoMove, false
}

// Probe returns the legal book moves for pos with their weights, highest
// weight first (ties keep file order). Entries whose move is illegal in pos
// are left out and reported in the returned error (wrapping ErrIllegalMove),
// so callers may still use the legal candidates.
func (b *Book) Probe(pos *board.Position) ([]Candidate, error) {
	entries := b.Lookup(pos.Key())
	var out []Candidate
	var bad []string
	for _, e := range entries {
		m, ok := ToMove(pos, e.Move)
		if !ok {
			bad = append(bad, MoveString(e.Move))
			continue
		}
		out = append(out, Candidate{Move: m, Weight: int(e.Weight)})
	}
	// Insertion sort: a position has a handful of book moves; stable by design.
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j].Weight > out[j-1].Weight; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	if len(bad) > 0 {
		msg := "book move"
		if len(bad) > 1 {
			msg += "s"
		}
		for i, s := range bad {
			if i > 0 {
				msg += ","
			}
			msg += " " + s
		}
		return out, &probeError{msg: msg + " illegal in " + pos.FEN() + " (key " + strconv.FormatUint(pos.Key(), 16) + ")"}
	}
	return out, nil
}

type probeError struct{ msg string }

func (e *probeError) Error() string { return e.msg }
func (e *probeError) Unwrap() error { return ErrIllegalMove }
