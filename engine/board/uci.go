package board

// ParseUCIMove parses a move in UCI long algebraic notation ("e2e4", "e7e8q",
// castling as the king's move "e1g1") and returns it if it is legal in p.
func (p *Position) ParseUCIMove(s string) (Move, error) {
	bad := func(what string) (Move, error) {
		return NoMove, &Error{Kind: ErrBadMove, Input: s, Context: what}
	}
	if len(s) != 4 && len(s) != 5 {
		return bad("want 4 or 5 characters like e2e4 or e7e8q")
	}
	from, ok1 := parseSquare(s[0:2])
	to, ok2 := parseSquare(s[2:4])
	if !ok1 || !ok2 {
		return bad("not a pair of squares")
	}
	promo := NoPieceType
	if len(s) == 5 {
		switch s[4] {
		case 'q', 'Q':
			promo = Queen
		case 'r', 'R':
			promo = Rook
		case 'b', 'B':
			promo = Bishop
		case 'n', 'N':
			promo = Knight
		default:
			return bad("bad promotion letter (want q, r, b or n)")
		}
	}
	var l MoveList
	p.GenerateAll(&l)
	for _, m := range l.Moves[:l.N] {
		if m.From() == from && m.To() == to && m.Promotion() == promo {
			return m, nil
		}
	}
	return bad("not a legal move in " + p.FEN())
}

// parseSquare parses "e4"-style squares.
func parseSquare(s string) (Square, bool) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return NoSquare, false
	}
	return NewSquare(int(s[0]-'a'), int(s[1]-'1')), true
}
