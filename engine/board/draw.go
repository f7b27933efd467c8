package board

// IsRepetition reports whether the current position occurred before within
// the reversible plies (the halfmove clock window, cut at the last null move).
// An earlier occurrence inside the last searchPly plies (the search path)
// counts at once; occurrences before that, in the game history, must number
// two (so the current one would be the third). Pass 0 to apply the game rule
// (threefold) alone.
func (p *Position) IsRepetition(searchPly int) bool {
	// Within two plies no position can recur (each side would have to undo
	// its own move), and the loop below only looks back halfmove plies, so
	// with a halfmove clock below 4 it could only find a key collision.
	// This test inlines, and spares the search a call at most nodes (a
	// call is dozens of instructions in Go's js/wasm build).
	return p.st.halfmove >= 4 && p.repetition(searchPly)
}

// repetition is IsRepetition's search of the history.
func (p *Position) repetition(searchPly int) bool {
	n := len(p.hist)
	limit := min(int(p.st.halfmove), n)
	count := 0
	for k := 1; k <= limit; k++ {
		if p.hist[n-k].move == NoMove {
			return false // a null move: positions before it are not reachable repetitions
		}
		if k&1 == 0 && p.hist[n-k].key == p.st.key {
			if k <= searchPly {
				return true
			}
			count++
			if count == 2 {
				return true
			}
		}
	}
	return false
}

// IsFiftyMoveDraw reports whether the fifty-move rule applies: the halfmove
// clock is at least 100 and the side to move is not checkmated.
func (p *Position) IsFiftyMoveDraw() bool {
	// The clock test inlines; the rest is a call only when it passes.
	return p.st.halfmove >= 100 && p.fiftyMoveDraw()
}

// fiftyMoveDraw is IsFiftyMoveDraw once the clock has reached 100: a draw
// unless the side to move is checkmated.
func (p *Position) fiftyMoveDraw() bool {
	if p.st.checkers == 0 {
		return true
	}
	var l MoveList
	p.GenerateAll(&l)
	return l.N > 0
}

// darkSquares is the set of dark squares (a1 is dark).
const darkSquares Bitboard = 0xAA55AA55AA55AA55

// IsInsufficientMaterial reports whether neither side can ever checkmate:
// king against king, king and one minor piece against king, or kings and
// bishops only, all on squares of one colour.
func (p *Position) IsInsufficientMaterial() bool {
	if p.byType[Pawn]|p.byType[Rook]|p.byType[Queen] != 0 {
		return false
	}
	minors := p.byType[Knight] | p.byType[Bishop]
	if minors&(minors-1) == 0 {
		return true // at most one minor piece
	}
	if p.byType[Knight] != 0 {
		return false
	}
	b := p.byType[Bishop]
	return b&darkSquares == 0 || b&^darkSquares == 0
}
