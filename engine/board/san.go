package board

import "strings"

// SAN returns the legal move m in Standard Algebraic Notation: piece letter,
// the least disambiguation that makes it unique (file, else rank, else
// both), "x" for captures, "=Q" for promotions, "O-O"/"O-O-O" for castling,
// and "+" or "#" when it checks or mates. p is unchanged on return (the
// check suffix is found by making and unmaking m).
func (p *Position) SAN(m Move) string {
	var b [16]byte
	s := b[:0]
	pc := m.Piece()
	from, to := m.From(), m.To()
	switch {
	case m.IsCastle():
		if to.File() == 6 {
			s = append(s, "O-O"...)
		} else {
			s = append(s, "O-O-O"...)
		}
	case pc.Type() == Pawn:
		if m.IsCapture() {
			s = append(s, byte('a'+from.File()), 'x')
		}
		s = append(s, to.String()...)
		if pr := m.Promotion(); pr != NoPieceType {
			s = append(s, '=', MakePiece(White, pr).Char())
		}
	default:
		s = append(s, MakePiece(White, pc.Type()).Char())
		// Disambiguate against the other legal moves of the same piece type to 'to'.
		var l MoveList
		p.GenerateAll(&l)
		var others Bitboard
		for _, o := range l.Moves[:l.N] {
			if o.Piece() == pc && o.To() == to && o.From() != from {
				others |= SquareBB(o.From())
			}
		}
		if others != 0 {
			switch {
			case others&fileBB(from) == 0:
				s = append(s, byte('a'+from.File()))
			case others&rankBB(from) == 0:
				s = append(s, byte('1'+from.Rank()))
			default:
				s = append(s, from.String()...)
			}
		}
		if m.IsCapture() {
			s = append(s, 'x')
		}
		s = append(s, to.String()...)
	}
	if p.GivesCheck(m) {
		p.MakeMove(m)
		var l MoveList
		p.GenerateAll(&l)
		p.UnmakeMove()
		if l.N == 0 {
			s = append(s, '#')
		} else {
			s = append(s, '+')
		}
	}
	return string(s)
}

// ParseSAN parses a move in Standard Algebraic Notation and returns it if it
// is legal in p. It accepts what people and programs commonly write: check and
// annotation suffixes (+ # ! ?) are ignored, castling may use O or 0, the
// capture sign may be omitted, promotions may omit '=' ("e8Q"), and an
// "e.p." suffix is allowed. It rejects ambiguous and illegal moves with an
// error that wraps ErrBadMove.
func (p *Position) ParseSAN(san string) (Move, error) {
	bad := func(what string) (Move, error) {
		return NoMove, &Error{Kind: ErrBadMove, Input: san, Context: what}
	}
	s := strings.TrimSpace(san)
	s = strings.TrimSuffix(s, "e.p.")
	s = strings.TrimRight(s, "+#!? ")
	if s == "" {
		return bad("empty")
	}
	var l MoveList
	p.GenerateAll(&l)
	switch s {
	case "O-O", "0-0", "O-O-O", "0-0-0":
		file := 6
		if len(s) == 5 {
			file = 2
		}
		for _, m := range l.Moves[:l.N] {
			if m.IsCastle() && m.To().File() == file {
				return m, nil
			}
		}
		return bad("castling is not legal in " + p.FEN())
	}

	pt := Pawn
	if c := s[0]; strings.IndexByte("NBRQK", c) >= 0 {
		pt = pieceFromChar(c).Type()
		s = s[1:]
	}
	promo := NoPieceType
	if n := len(s); n >= 1 && strings.IndexByte("NBRQ", s[n-1]) >= 0 {
		promo = pieceFromChar(s[n-1]).Type()
		s = strings.TrimSuffix(s[:n-1], "=")
		if pt != Pawn {
			return bad("only pawns promote")
		}
	}
	if len(s) < 2 {
		return bad("no destination square")
	}
	to, ok := parseSquare(s[len(s)-2:])
	if !ok {
		return bad("bad destination square")
	}
	s = s[:len(s)-2]
	capture := false
	if n := len(s); n > 0 && (s[n-1] == 'x' || s[n-1] == ':') {
		capture = true
		s = s[:n-1]
	}
	fromFile, fromRank := -1, -1
	switch {
	case len(s) == 0:
	case len(s) == 1 && s[0] >= 'a' && s[0] <= 'h':
		fromFile = int(s[0] - 'a')
	case len(s) == 1 && s[0] >= '1' && s[0] <= '8':
		fromRank = int(s[0] - '1')
	case len(s) == 2:
		sq, ok := parseSquare(s)
		if !ok {
			return bad("bad origin square")
		}
		fromFile, fromRank = sq.File(), sq.Rank()
	default:
		return bad("unreadable")
	}
	found := NoMove
	for _, m := range l.Moves[:l.N] {
		if m.Piece().Type() != pt || m.To() != to || m.Promotion() != promo || m.IsCastle() ||
			(fromFile >= 0 && m.From().File() != fromFile) || (fromRank >= 0 && m.From().Rank() != fromRank) ||
			(capture && !m.IsCapture()) {
			continue
		}
		if pt == Pawn && m.IsCapture() && fromFile < 0 {
			continue // a pawn capture names its file
		}
		if found != NoMove {
			return bad("ambiguous in " + p.FEN())
		}
		found = m
	}
	if found == NoMove {
		return bad("not a legal move in " + p.FEN())
	}
	return found, nil
}
