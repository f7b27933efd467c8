package search

import (
	"testing"
	"time"

	"github.com/azurite-chess/azurite/engine/board"
)

// TestNeverIllegal searches every position of the shared perft and tactical
// suites at tiny node budgets: the best move must be legal, and NoMove only
// when there is no legal move.
func TestNeverIllegal(t *testing.T) {
	files := []string{"perft/standard.epd", "perft/named.epd", "tactical/wac.epd", "tactical/bk.epd",
		"tactical/sbd.epd", "tactical/arasan2024.epd", "tactical/zugzwang.epd"}
	if !testing.Short() {
		files = append(files, "tactical/sts.epd")
	}
	budgets := []uint64{1, 2, 30, 400}
	s := New(Options{HashMB: 1})
	for _, f := range files {
		for _, e := range readEPD(t, f) {
			pos := mustFEN(t, e.fen)
			legal := legalMoves(pos)
			for _, n := range budgets {
				r := s.Search(pos, Limits{Nodes: n}, nil)
				if r.BestMove == board.NoMove {
					if len(legal) != 0 {
						t.Fatalf("%s nodes %d: no move with %d legal moves", e.fen, n, len(legal))
					}
					continue
				}
				if !isLegalMove(pos, r.BestMove) {
					t.Fatalf("%s nodes %d: illegal best move %v", e.fen, n, r.BestMove)
				}
				if r.PonderMove != board.NoMove {
					pos.MakeMove(r.BestMove)
					ok := isLegalMove(pos, r.PonderMove)
					pos.UnmakeMove()
					if !ok {
						t.Fatalf("%s nodes %d: illegal ponder move %v after %v", e.fen, n, r.PonderMove, r.BestMove)
					}
				}
			}
		}
	}
}

func TestNoLegalMoveAndForcedMoves(t *testing.T) {
	tests := []struct {
		name     string
		fen      string
		wantMove string // "0000" for none
		wantMate bool
		mate     int
		cp       int
	}{
		{"checkmated-fools-mate", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", "0000", true, 0, 0},
		{"stalemate", "k7/8/1Q6/8/8/8/8/7K b - - 0 1", "0000", false, 0, 0},
		{"stalemate-pawn-blocked", "8/8/8/8/8/5k2/5p2/5K2 w - - 0 1", "0000", false, 0, 0},
		{"one-legal-move", "k7/8/8/7p/8/7P/2q5/K7 w - - 0 1", "h3h4", false, 0, 0},
		{"mate-in-one", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", true, 1, 0},
	}
	s := New(Options{HashMB: 1})
	for _, tc := range tests {
		for _, lim := range []Limits{{Nodes: 1}, {Depth: 1}, {Depth: 6}, {MoveTime: 20 * time.Millisecond}} {
			t.Run(tc.name, func(t *testing.T) {
				pos := mustFEN(t, tc.fen)
				var infos int
				r := s.Search(pos, lim, func(Info) { infos++ })
				if r.BestMove.String() != tc.wantMove && !(tc.name == "one-legal-move" || lim.Nodes == 1) {
					t.Errorf("limits %+v: best %v, want %s", lim, r.BestMove, tc.wantMove)
				}
				if tc.wantMove == "0000" || tc.name == "one-legal-move" {
					if r.BestMove.String() != tc.wantMove {
						t.Errorf("limits %+v: best %v, want %s", lim, r.BestMove, tc.wantMove)
					}
				}
				if tc.wantMove == "0000" || (tc.wantMate && lim.Depth >= 6) {
					if r.Score.IsMate != tc.wantMate || r.Score.Mate != tc.mate || (!tc.wantMate && r.Score.CP != tc.cp) {
						t.Errorf("limits %+v: score %+v, want mate=%v %d cp %d", lim, r.Score, tc.wantMate, tc.mate, tc.cp)
					}
				}
				if tc.wantMove == "0000" && infos == 0 {
					t.Error("no info line for a position without moves")
				}
			})
		}
	}
}

// TestFiftyMoveDraw: a queen up, but every move but mate completes fifty
// moves, and there is no mate in one: the score must be a draw.
func TestFiftyMoveDraw(t *testing.T) {
	s := New(Options{HashMB: 1})
	pos := mustFEN(t, "7k/8/8/8/8/8/Q7/7K w - - 99 80")
	r := s.Search(pos, Limits{Depth: 6}, nil)
	if r.Score.IsMate || r.Score.CP != 0 {
		t.Errorf("score %+v, want a draw", r.Score)
	}
	// Without the clock the same position is winning.
	pos = mustFEN(t, "7k/8/8/8/8/8/Q7/7K w - - 0 80")
	r = s.Search(pos, Limits{Depth: 6}, nil)
	if r.Score.CP < 500 && !r.Score.IsMate {
		t.Errorf("score without the fifty-move clock %+v, want a win", r.Score)
	}
}

// TestInsufficientMaterial: king and knight against king is a draw whatever
// the material count says.
func TestInsufficientMaterial(t *testing.T) {
	s := New(Options{HashMB: 1})
	r := s.Search(mustFEN(t, "8/8/4k3/8/8/3NK3/8/8 w - - 0 1"), Limits{Depth: 5}, nil)
	if r.Score.IsMate || r.Score.CP != 0 {
		t.Errorf("score %+v, want 0", r.Score)
	}
}

// TestRepetitionDraw: a queen and rook down, white has a perpetual check
// (Qe8+ Kh7 Qh5+ Kg8 …, every black move forced); only repetition detection
// turns the lost material into a draw.
func TestRepetitionDraw(t *testing.T) {
	s := New(Options{HashMB: 4})
	pos := mustFEN(t, "6k1/6p1/8/8/2K5/8/1r2Q3/q7 w - - 0 1")
	r := s.Search(pos, Limits{Depth: 12}, nil)
	if r.Score.IsMate || r.Score.CP != 0 || r.BestMove.String() != "e2e8" {
		t.Errorf("best %v score %+v, want e2e8 and a draw", r.BestMove, r.Score)
	}
	// The same position with the repetition already in the game history:
	// after Qe8+ Kh7 Qh5+ Kg8 Qe8+ Kh7 Qh5+ the search must see that Kg8
	// repeats (the only move), from black's side.
	for _, u := range []string{"e2e8", "g8h7", "e8h5", "h7g8", "h5e8", "g8h7", "e8h5"} {
		m, err := pos.ParseUCIMove(u)
		if err != nil {
			t.Fatal(err)
		}
		pos.MakeMove(m)
	}
	r = s.Search(pos, Limits{Depth: 8}, nil)
	if r.Score.IsMate || r.Score.CP != 0 {
		t.Errorf("after the repetition: score %+v, want a draw", r.Score)
	}
}
