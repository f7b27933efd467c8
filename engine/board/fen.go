package board

import (
	"strconv"
	"strings"
)

// ParseFEN returns the position described by fen (see SetFEN).
func ParseFEN(fen string) (*Position, error) {
	p := &Position{}
	if err := p.SetFEN(fen); err != nil {
		return nil, err
	}
	return p, nil
}

// fenErr builds an ErrBadFEN error for field n (1-based) named name.
func fenErr(fen string, n int, name, what string) error {
	return &Error{Kind: ErrBadFEN, Input: fen, Context: "field " + strconv.Itoa(n) + " (" + name + "): " + what}
}

// SetFEN replaces p with the position described by fen and clears its
// history. On error p is left unchanged.
//
// It accepts the four EPD fields alone (the clocks then default to 0 and 1)
// or all six, separated by any run of spaces. It rejects, with an error that
// wraps ErrBadFEN and says which field and what is wrong: a wrong field
// count, bad piece letters, ranks that do not hold exactly 8 squares, a
// number of ranks other than 8, a missing king or two kings of one colour,
// more than 8 pawns or 16 pieces of one colour, pawns on the first or last
// rank, a side to move other than w/b, the side not to move being in check,
// castling rights that are malformed or repeated or whose king and rook are
// not on their original squares, an en-passant square that no double pawn
// push could have produced, and clocks that are not non-negative numbers.
//
// An en-passant square that is possible but that no pawn of the side to move
// attacks is accepted and dropped (EPSquare follows the Polyglot rule), so
// FEN() may omit it.
func (p *Position) SetFEN(fen string) error {
	fields := strings.Fields(fen)
	if len(fields) != 4 && len(fields) != 6 {
		return &Error{Kind: ErrBadFEN, Input: fen, Context: "has " + strconv.Itoa(len(fields)) + " fields, want 6 (or 4 without the clocks)"}
	}
	var q Position
	if err := q.parsePlacement(fen, fields[0]); err != nil {
		return err
	}
	switch fields[1] {
	case "w":
		q.side = White
	case "b":
		q.side = Black
	default:
		return fenErr(fen, 2, "side to move", quote(fields[1])+" is not w or b")
	}
	if err := q.parseCastling(fen, fields[2]); err != nil {
		return err
	}
	if err := q.parseEP(fen, fields[3]); err != nil {
		return err
	}
	fullmove := int32(1)
	if len(fields) == 6 {
		hm, err := strconv.ParseUint(fields[4], 10, 16)
		if err != nil {
			return fenErr(fen, 5, "halfmove clock", quote(fields[4])+" is not a number from 0 to 65535")
		}
		fm, err := strconv.ParseUint(fields[5], 10, 30)
		if err != nil {
			return fenErr(fen, 6, "fullmove number", quote(fields[5])+" is not a number from 0 to 2^30-1")
		}
		q.st.halfmove = int32(hm)
		if fm > 0 { // some writers use 0; treat it as 1
			fullmove = int32(fm)
		}
	}
	q.plies0 = 2*fullmove + int32(q.side&1) // see FullmoveNumber
	us, them := q.side, q.side.Other()
	if q.attacked(q.KingSquare(them), us, q.occ) {
		return fenErr(fen, 2, "side to move", them.String()+" (not to move) is in check")
	}
	q.st.checkers = q.AttackersTo(q.KingSquare(us), q.occ) & q.byColor[them]
	if q.st.checkers.Count() > 2 {
		return fenErr(fen, 1, "placement", "the side to move is in check from more than two pieces")
	}
	q.st.key, q.st.pawnKey = q.computeKeys()
	q.st.psq, q.st.phase = q.computePSQ()
	q.hist = p.hist[:0]
	if cap(q.hist) < histCapacity {
		q.hist = make([]state, 0, histCapacity)
	}
	*p = q
	return nil
}

// parsePlacement reads field 1 into q's board.
func (q *Position) parsePlacement(fen, s string) error {
	where := func(rank int, what string) error {
		return fenErr(fen, 1, "placement", "rank "+strconv.Itoa(rank)+": "+what)
	}
	ranks := strings.Split(s, "/")
	if len(ranks) != 8 {
		return fenErr(fen, 1, "placement", "has "+strconv.Itoa(len(ranks))+" ranks, want 8")
	}
	var count [16]int
	for i, row := range ranks {
		r := 7 - i
		f := 0
		for j := 0; j < len(row); j++ {
			c := row[j]
			if c >= '1' && c <= '8' {
				f += int(c - '0')
				if f > 8 {
					return where(r+1, "more than 8 files")
				}
				continue
			}
			pc := pieceFromChar(c)
			if pc == NoPiece {
				return where(r+1, "bad piece letter "+strconv.QuoteRune(rune(c)))
			}
			if f >= 8 {
				return where(r+1, "more than 8 files")
			}
			if pc.Type() == Pawn && (r == 0 || r == 7) {
				return where(r+1, "pawn on the first or last rank")
			}
			q.put(pc, NewSquare(f, r))
			count[pc]++
			f++
		}
		if f != 8 {
			return where(r+1, strconv.Itoa(f)+" files, want 8")
		}
	}
	for _, c := range []Color{White, Black} {
		name := "white"
		if c == Black {
			name = "black"
		}
		switch k := count[MakePiece(c, King)]; {
		case k == 0:
			return fenErr(fen, 1, "placement", "no "+name+" king")
		case k > 1:
			return fenErr(fen, 1, "placement", strconv.Itoa(k)+" "+name+" kings")
		}
		if n := count[MakePiece(c, Pawn)]; n > 8 {
			return fenErr(fen, 1, "placement", strconv.Itoa(n)+" "+name+" pawns")
		}
		if n := q.byColor[c].Count(); n > 16 {
			return fenErr(fen, 1, "placement", strconv.Itoa(n)+" "+name+" pieces")
		}
	}
	return nil
}

// pieceFromChar maps a FEN letter to a piece, NoPiece if it is not one.
func pieceFromChar(c byte) Piece {
	for i := 1; i < 16; i++ {
		if pieceChars[i] == c && c != ' ' {
			return Piece(i)
		}
	}
	return NoPiece
}

// castleSquares gives, per right bit, the king's and rook's original squares.
var castleSquares = [4]struct {
	king, rook Square
	letter     byte
}{{E1, H1, 'K'}, {E1, A1, 'Q'}, {E8, H8, 'k'}, {E8, A8, 'q'}}

// parseCastling reads field 3.
func (q *Position) parseCastling(fen, s string) error {
	if s == "-" {
		return nil
	}
	for i := 0; i < len(s); i++ {
		bit := -1
		for b, cs := range castleSquares {
			if cs.letter == s[i] {
				bit = b
			}
		}
		if bit < 0 {
			return fenErr(fen, 3, "castling", "bad letter "+strconv.QuoteRune(rune(s[i]))+" (want KQkq or -)")
		}
		r := CastleRights(1) << bit
		if q.st.castle&r != 0 {
			return fenErr(fen, 3, "castling", "right "+string(s[i])+" repeated")
		}
		cs := castleSquares[bit]
		c := Color(bit >> 1)
		if q.board[cs.king] != MakePiece(c, King) {
			return fenErr(fen, 3, "castling", "right "+string(s[i])+" but no "+colorNames[c]+" king on "+cs.king.String())
		}
		if q.board[cs.rook] != MakePiece(c, Rook) {
			return fenErr(fen, 3, "castling", "right "+string(s[i])+" but no "+colorNames[c]+" rook on "+cs.rook.String())
		}
		q.st.castle |= r
	}
	return nil
}

// parseEP reads field 4. It needs the side to move and the placement.
func (q *Position) parseEP(fen, s string) error {
	q.st.ep = NoSquare
	if s == "-" {
		return nil
	}
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return fenErr(fen, 4, "en passant", quote(s)+" is not a square or -")
	}
	ep := NewSquare(int(s[0]-'a'), int(s[1]-'1'))
	us, them := q.side, q.side.Other()
	wantRank := 5 // white to move: black just pushed to rank 5, ep square on rank 6
	if us == Black {
		wantRank = 2
	}
	if ep.Rank() != wantRank {
		return fenErr(fen, 4, "en passant", s+" is not on rank "+strconv.Itoa(wantRank+1)+" with "+colorNames[us]+" to move")
	}
	// The pawn that moved two squares stands in front of ep (from the mover's
	// side) and came from the square behind it.
	pushed, origin := ep-8, ep+8
	if us == Black {
		pushed, origin = ep+8, ep-8
	}
	if q.board[pushed] != MakePiece(them, Pawn) {
		return fenErr(fen, 4, "en passant", s+" but no "+colorNames[them]+" pawn on "+pushed.String())
	}
	if q.board[ep] != NoPiece || q.board[origin] != NoPiece {
		return fenErr(fen, 4, "en passant", s+" but "+ep.String()+" or "+origin.String()+" is occupied")
	}
	if PawnAttacks(them, ep)&q.Pieces(us, Pawn) != 0 {
		q.st.ep = ep
	}
	return nil
}

// FEN returns the position in Forsyth-Edwards Notation (six fields). The
// en-passant field is the one EPSquare reports.
func (p *Position) FEN() string {
	var b strings.Builder
	b.Grow(90)
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := 0; f < 8; f++ {
			pc := p.board[NewSquare(f, r)]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteByte(pc.Char())
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	b.WriteByte(' ')
	b.WriteString(p.side.String())
	b.WriteByte(' ')
	if p.st.castle == 0 {
		b.WriteByte('-')
	}
	for i, cs := range castleSquares {
		if p.st.castle&(1<<i) != 0 {
			b.WriteByte(cs.letter)
		}
	}
	b.WriteByte(' ')
	b.WriteString(p.st.ep.String())
	b.WriteByte(' ')
	b.WriteString(strconv.Itoa(int(p.st.halfmove)))
	b.WriteByte(' ')
	b.WriteString(strconv.Itoa(p.FullmoveNumber()))
	return b.String()
}

// colorNames spells the colours out for error messages ("b" reads as the b-file).
var colorNames = [2]string{"white", "black"}
