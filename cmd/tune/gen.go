package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/azurite-chess/azurite/engine/board"
	"github.com/azurite-chess/azurite/engine/eval"
	"github.com/azurite-chess/azurite/engine/search"
	"github.com/azurite-chess/azurite/internal/openings"
)

// Self-play data generation: the engine plays itself at a fixed node count
// per move from shuffled opening positions; every position of a game that is
// not in check is reduced to its quiescence leaf and written as
// "FEN;result" with the result from White's point of view (1, 0.5, 0).

// Adjudication thresholds (centipawns, plies), in the usual ranges of match runners.
const (
	winScore      = 1000 // a side this far ahead for winPlies plies in a row wins
	winPlies      = 6
	drawScore     = 15 // both sides within this after drawAfter plies for drawPlies plies: draw
	drawAfter     = 60
	drawPlies     = 12
	maxGamePlies  = 400
	hashPerWorker = 16
)

func runGen(args []string) error {
	fs := flag.NewFlagSet("gen", flag.ContinueOnError)
	games := fs.Int("games", 100, "number of games to play")
	nodes := fs.Uint64("nodes", 5000, "search nodes per move")
	openingsPath := fs.String("openings", "", "EPD or PGN file of start positions (required)")
	out := fs.String("out", "", "output file, appended to (required)")
	workers := fs.Int("workers", 1, "games played in parallel")
	seed := fs.Uint64("seed", 1, "seed for the opening order")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *openingsPath == "" || *out == "" {
		return fmt.Errorf("gen: -openings and -out are required")
	}
	fens, err := openings.Load(*openingsPath)
	if err != nil {
		return err
	}
	if len(fens) == 0 {
		return fmt.Errorf("gen: no openings in %s", *openingsPath)
	}
	rng := rand.New(rand.NewPCG(*seed, 0x5eed))
	rng.Shuffle(len(fens), func(i, j int) { fens[i], fens[j] = fens[j], fens[i] })

	f, err := os.OpenFile(*out, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	defer f.Close()
	w := bufio.NewWriter(f)
	defer w.Flush()

	start := time.Now()
	var next atomic.Int64
	var mu sync.Mutex
	var played, positions int
	var score [3]int // White wins, draws, Black wins
	var wg sync.WaitGroup
	for range *workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			g := newGamePlayer(*nodes)
			for {
				i := int(next.Add(1)) - 1
				if i >= *games {
					return
				}
				res, lines := g.play(fens[i%len(fens)])
				mu.Lock()
				writeGame(w, lines, res)
				played++
				positions += len(lines)
				score[int(2-2*res)]++
				w.Flush() // a killed run keeps every finished game
				if played%50 == 0 || played == *games {
					fmt.Fprintf(os.Stderr, "gen: %d games, %d positions, +%d =%d -%d, %s\n",
						played, positions, score[0], score[1], score[2], time.Since(start).Round(time.Second))
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	fmt.Fprintf(os.Stderr, "gen: done: %d games, %d positions in %s (%d nodes/move, %d workers)\n",
		played, positions, time.Since(start).Round(time.Second), *nodes, *workers)
	return nil
}

func writeGame(w io.Writer, fens []string, res float64) {
	label := "0.5"
	switch res {
	case 1:
		label = "1"
	case 0:
		label = "0"
	}
	for _, fen := range fens {
		fmt.Fprintf(w, "%s;%s\n", fen, label)
	}
}

// gamePlayer plays self-play games with one searcher.
type gamePlayer struct {
	s     *search.Searcher
	q     qsearcher
	nodes uint64
}

func newGamePlayer(nodes uint64) *gamePlayer {
	s := search.New(search.Options{
		HashMB:       hashPerWorker,
		Threads:      1,
		NewEvaluator: func() search.Evaluator { return eval.New() },
	})
	return &gamePlayer{s: s, q: qsearcher{ev: eval.New()}, nodes: nodes}
}

// play plays one game from fen and returns White's result and the quiet
// positions to label with it.
func (g *gamePlayer) play(fen string) (result float64, fens []string) {
	pos, err := board.ParseFEN(fen)
	if err != nil {
		return 0.5, nil
	}
	g.s.Clear()
	keys := []uint64{pos.Key()}
	winStreak, drawStreak := 0, 0
	var l board.MoveList
	for ply := 0; ; ply++ {
		l.N = 0
		pos.GenerateAll(&l)
		switch {
		case l.N == 0 && pos.InCheck():
			if pos.Side() == board.White {
				return 0, fens
			}
			return 1, fens
		case l.N == 0, pos.HalfmoveClock() >= 100, repeated3(keys, pos.HalfmoveClock()),
			deadDraw(pos), ply >= maxGamePlies:
			return 0.5, fens
		}
		r := g.s.Search(pos, search.Limits{Nodes: g.nodes}, nil)
		if r.BestMove == board.NoMove {
			return 0.5, fens
		}
		cp := r.Score.CP
		if r.Score.IsMate {
			cp = 30000
			if r.Score.Mate < 0 {
				cp = -30000
			}
		}
		if pos.Side() == board.Black {
			cp = -cp // White's view
		}
		switch {
		case cp >= winScore && winStreak >= 0:
			winStreak++
		case cp <= -winScore && winStreak <= 0:
			winStreak--
		default:
			winStreak = 0
		}
		if winStreak >= winPlies {
			return 1, fens
		}
		if winStreak <= -winPlies {
			return 0, fens
		}
		if ply >= drawAfter && cp <= drawScore && cp >= -drawScore {
			drawStreak++
		} else {
			drawStreak = 0
		}
		if drawStreak >= drawPlies {
			return 0.5, fens
		}
		if !pos.InCheck() && !r.Score.IsMate {
			if leaf := g.q.quietLeaf(pos); leaf != nil {
				fens = append(fens, leaf.FEN())
			}
		}
		pos.MakeMove(r.BestMove)
		keys = append(keys, pos.Key())
	}
}

// repeated3 reports whether the last key occurred twice before within the
// last halfmove plies (a threefold repetition).
func repeated3(keys []uint64, halfmove int) bool {
	last := len(keys) - 1
	n := 0
	for i := last - 2; i >= 0 && i >= last-halfmove; i -= 2 {
		if keys[i] == keys[last] {
			n++
		}
	}
	return n >= 2
}

// deadDraw reports positions where neither side can mate: no pawns, rooks or
// queens, and at most one minor piece in total.
func deadDraw(pos *board.Position) bool {
	heavy := pos.ByType(board.Pawn) | pos.ByType(board.Rook) | pos.ByType(board.Queen)
	minors := pos.ByType(board.Knight) | pos.ByType(board.Bishop)
	return heavy == 0 && minors.Count() <= 1
}
