// Package openings reads start positions for self-play and matches from EPD
// files (one position per line) and PGN files (each game's mainline).
package openings

import (
	"bufio"
	"fmt"
	"os"
	"strings"

	"github.com/azurite-chess/azurite/engine/board"
)

// Load reads start positions from an EPD file (one position per
// line) or a PGN file (each game's mainline played out from the start
// position), and returns them as FENs.
func Load(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if strings.HasSuffix(path, ".pgn") {
		return readPGNOpenings(f, path)
	}
	var fens []string
	sc := bufio.NewScanner(f)
	line := 0
	for sc.Scan() {
		line++
		fields := strings.Fields(sc.Text())
		if len(fields) < 4 {
			continue
		}
		fen := strings.Join(fields[:4], " ") + " 0 1"
		if _, err := board.ParseFEN(fen); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, line, err)
		}
		fens = append(fens, fen)
	}
	return fens, sc.Err()
}

// readPGNOpenings plays each game's moves (tags, comments, variations, move
// numbers and results are skipped) and keeps the final position.
func readPGNOpenings(f *os.File, path string) ([]string, error) {
	var fens []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	var moves []string
	line := 0
	flush := func() error {
		if len(moves) == 0 {
			return nil
		}
		pos, _ := board.ParseFEN(board.StartFEN)
		for _, san := range moves {
			m, err := MatchSAN(pos, san)
			if err != nil {
				return fmt.Errorf("%s:%d: %w", path, line, err)
			}
			pos.MakeMove(m)
		}
		fens = append(fens, pos.FEN())
		moves = moves[:0]
		return nil
	}
	depth := 0 // nesting of comments and variations
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(text, "[") && depth == 0 {
			if err := flush(); err != nil {
				return nil, err
			}
			continue
		}
		for _, tok := range strings.Fields(strings.NewReplacer("{", " { ", "}", " } ", "(", " ( ", ")", " ) ").Replace(text)) {
			switch {
			case tok == "{" || tok == "(":
				depth++
			case tok == "}" || tok == ")":
				depth--
			case depth > 0, tok == "1-0", tok == "0-1", tok == "1/2-1/2", tok == "*":
			default:
				if i := strings.LastIndexByte(tok, '.'); i >= 0 {
					tok = tok[i+1:]
				}
				if tok != "" && tok[0] != '$' {
					moves = append(moves, tok)
				}
			}
		}
	}
	if err := flush(); err != nil {
		return nil, err
	}
	return fens, sc.Err()
}

// MatchSAN finds the legal move of pos that the SAN token san names; it
// accepts check marks and annotation glyphs and returns an error for an
// illegal, ambiguous or malformed token.
func MatchSAN(pos *board.Position, san string) (board.Move, error) {
	s := strings.TrimRight(san, "+#!?")
	var l board.MoveList
	pos.GenerateAll(&l)
	if s == "O-O" || s == "O-O-O" {
		file := 6
		if s == "O-O-O" {
			file = 2
		}
		for _, m := range l.Slice() {
			if m.IsCastle() && m.To().File() == file {
				return m, nil
			}
		}
		return board.NoMove, fmt.Errorf("%q: no such castling", san)
	}
	pt := board.Pawn
	if len(s) > 0 && strings.IndexByte("NBRQK", s[0]) >= 0 {
		pt = board.PieceType(strings.IndexByte(" PNBRQK", s[0]))
		s = s[1:]
	}
	promo := board.NoPieceType
	if i := strings.IndexByte(s, '='); i >= 0 && i+1 < len(s) {
		promo = board.PieceType(strings.IndexByte(" PNBRQK", s[i+1]))
		s = s[:i]
	}
	s = strings.ReplaceAll(s, "x", "")
	if len(s) < 2 {
		return board.NoMove, fmt.Errorf("%q: bad SAN", san)
	}
	toStr, dis := s[len(s)-2:], s[:len(s)-2]
	if toStr[0] < 'a' || toStr[0] > 'h' || toStr[1] < '1' || toStr[1] > '8' {
		return board.NoMove, fmt.Errorf("%q: bad square", san)
	}
	to := board.NewSquare(int(toStr[0]-'a'), int(toStr[1]-'1'))
	found := board.NoMove
	for _, m := range l.Slice() {
		if m.Piece().Type() != pt || m.To() != to || m.Promotion() != promo || m.IsCastle() {
			continue
		}
		ok := true
		for _, c := range []byte(dis) {
			switch {
			case c >= 'a' && c <= 'h':
				ok = ok && m.From().File() == int(c-'a')
			case c >= '1' && c <= '8':
				ok = ok && m.From().Rank() == int(c-'1')
			}
		}
		if ok {
			if found != board.NoMove {
				return board.NoMove, fmt.Errorf("%q: ambiguous", san)
			}
			found = m
		}
	}
	if found == board.NoMove {
		return board.NoMove, fmt.Errorf("%q: no such legal move in %s", san, pos.FEN())
	}
	return found, nil
}
