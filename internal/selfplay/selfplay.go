// Package selfplay plays the engine against itself to make training data:
// the NNUE data generator (cmd/nnue datagen) and the tuner's game
// generator (cmd/tune gen) both play their games here.
//
// A game starts from a position the caller chose (Opening: a FEN of a set
// followed by random plies), searches every move with one thread and a
// fixed node count on a hash cleared before the game, ends by the rules
// (mate, stalemate, fifty moves, threefold repetition, dead material) or by
// adjudication, and hands each searched position to the caller, who decides
// what to record. With the same settings, start position and evaluator a
// game is deterministic.
package selfplay

import (
	"math/rand/v2"

	"github.com/azurite-chess/azurite/engine/board"
	"github.com/azurite-chess/azurite/engine/search"
)

// MateCP is the centipawn score a mate score counts as in Ply.CP and in
// adjudication.
const MateCP = 30000

// Result is a game's result for White.
type Result uint8

// Results, in the order the NNUE records store them.
const (
	BlackWins Result = iota
	Draw
	WhiteWins
)

// Adjudication ends games whose outcome the scores already tell, in the
// usual ranges of match runners. Scores are White's view in centipawns.
type Adjudication struct {
	// A side at least WinScore ahead in WinPlies searches in a row wins.
	WinScore, WinPlies int
	// Both sides within DrawScore in DrawPlies searches in a row, counted
	// from ply DrawAfter on, is a draw.
	DrawScore, DrawAfter, DrawPlies int
	// A game reaching MaxPlies plies is a draw.
	MaxPlies int
}

// Config is fixed for a Player's lifetime.
type Config struct {
	Nodes uint64 // search nodes per move (the hard limit when SoftNodes is set)
	// SoftNodes, if > 0, ends a move's search at the first completed
	// iteration past this many nodes (Nodes still caps it; 0 there: none).
	SoftNodes uint64
	HashMB    int         // the searcher's table
	Eval      search.Eval // the zero value: the built-in net
	Adjudication
	// MaxOpenScore, if > 0, discards a game whose verification search
	// scores beyond ±MaxOpenScore: an opening already decided.
	MaxOpenScore int
	// VerifyNodes is the node count of the verification search: a search
	// of the start position before the game, on a cleared hash (0: the
	// search of the game's first move verifies).
	VerifyNodes uint64
	// Dead reports a position that ends the game as a draw for lack of
	// mating material (nil: Position.IsInsufficientMaterial).
	Dead func(*board.Position) bool
}

// Ply is one searched position of a game, handed to Play's record before
// its move is played. Pos must not be kept or changed.
type Ply struct {
	N      int // plies played from the start position
	Pos    *board.Position
	Search search.Result // its best move is the move played
	CP     int           // the score from White's view, a mate as ±MateCP
}

// Outcome is how a game ended.
type Outcome struct {
	Result Result
	Plies  int // moves played from the start position
	// Discarded: the verification search found the opening beyond
	// MaxOpenScore (Result is then Draw and no position was recorded).
	Discarded bool
}

// Player plays games with one searcher; it is not safe for concurrent use.
type Player struct {
	cfg  Config
	s    *search.Searcher
	keys []uint64
}

// NewPlayer returns a player for cfg.
func NewPlayer(cfg Config) *Player {
	if cfg.Dead == nil {
		cfg.Dead = (*board.Position).IsInsufficientMaterial
	}
	s := search.New(search.Options{HashMB: cfg.HashMB, Threads: 1, Eval: cfg.Eval})
	return &Player{cfg: cfg, s: s}
}

// Play plays a game from pos (which it changes) and returns its outcome.
// record, if not nil, is called for each searched position the game goes
// on from (not for the one whose search ends it by adjudication).
func (p *Player) Play(pos *board.Position, record func(Ply)) Outcome {
	cfg := &p.cfg
	verifyFirst := cfg.MaxOpenScore > 0 && cfg.VerifyNodes == 0
	if cfg.MaxOpenScore > 0 && cfg.VerifyNodes > 0 {
		p.s.Clear()
		r := p.s.Search(pos, search.Limits{Nodes: cfg.VerifyNodes}, nil)
		if r.BestMove != board.NoMove && beyond(cp(r.Score), cfg.MaxOpenScore) {
			return Outcome{Result: Draw, Discarded: true}
		}
	}
	p.s.Clear()
	p.keys = append(p.keys[:0], pos.Key())
	winStreak, drawStreak := 0, 0
	var l board.MoveList
	for ply := 0; ; ply++ {
		l.N = 0
		pos.GenerateAll(&l)
		switch {
		case l.N == 0 && pos.InCheck():
			// The side to move is mated.
			return Outcome{Result: Result(2 * pos.Side()), Plies: ply}
		case l.N == 0, pos.HalfmoveClock() >= 100, threefold(p.keys, pos.HalfmoveClock()),
			cfg.Dead(pos), ply >= cfg.MaxPlies:
			return Outcome{Result: Draw, Plies: ply}
		}
		r := p.s.Search(pos, search.Limits{Nodes: cfg.Nodes, SoftNodes: cfg.SoftNodes}, nil)
		if r.BestMove == board.NoMove {
			return Outcome{Result: Draw, Plies: ply}
		}
		score := cp(r.Score)
		if ply == 0 && verifyFirst && beyond(score, cfg.MaxOpenScore) {
			return Outcome{Result: Draw, Discarded: true}
		}
		if pos.Side() == board.Black {
			score = -score // White's view from here on
		}
		switch {
		case score >= cfg.WinScore && winStreak >= 0:
			winStreak++
		case score <= -cfg.WinScore && winStreak <= 0:
			winStreak--
		default:
			winStreak = 0
		}
		if winStreak >= cfg.WinPlies {
			return Outcome{Result: WhiteWins, Plies: ply}
		}
		if winStreak <= -cfg.WinPlies {
			return Outcome{Result: BlackWins, Plies: ply}
		}
		if ply >= cfg.DrawAfter && score <= cfg.DrawScore && score >= -cfg.DrawScore {
			drawStreak++
		} else {
			drawStreak = 0
		}
		if drawStreak >= cfg.DrawPlies {
			return Outcome{Result: Draw, Plies: ply}
		}
		if record != nil {
			record(Ply{N: ply, Pos: pos, Search: r, CP: score})
		}
		pos.MakeMove(r.BestMove)
		p.keys = append(p.keys, pos.Key())
	}
}

// cp returns a score in centipawns for the side to move, a mate as ±MateCP.
func cp(s search.Score) int {
	if s.IsMate {
		if s.Mate < 0 {
			return -MateCP
		}
		return MateCP
	}
	return s.CP
}

func beyond(cp, bound int) bool { return cp > bound || cp < -bound }

// threefold reports whether the last key occurred twice before within the
// last halfmove plies.
func threefold(keys []uint64, halfmove int) bool {
	last := len(keys) - 1
	n := 0
	for i := last - 2; i >= 0 && i >= last-halfmove; i -= 2 {
		if keys[i] == keys[last] {
			n++
		}
	}
	return n >= 2
}

// Opening returns a game's start position: one of fens picked by rng,
// followed by minPlies to maxPlies random legal moves (their number and
// each move also picked by rng). ok is false when the FEN does not parse or
// a position on the way has no legal move.
func Opening(fens []string, rng *rand.Rand, minPlies, maxPlies int) (pos *board.Position, ok bool) {
	pos, err := board.ParseFEN(fens[rng.IntN(len(fens))])
	if err != nil {
		return nil, false
	}
	var l board.MoveList
	for range minPlies + rng.IntN(maxPlies-minPlies+1) {
		l.N = 0
		pos.GenerateAll(&l)
		if l.N == 0 {
			return nil, false
		}
		pos.MakeMove(l.Moves[rng.IntN(l.N)])
	}
	return pos, true
}
