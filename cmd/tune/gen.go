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
	"github.com/azurite-chess/azurite/internal/selfplay"
)

// Self-play data generation: the engine plays itself at a fixed node count
// per move from shuffled opening positions; every position of a game that is
// not in check is reduced to its quiescence leaf and written as
// "FEN;result" with the result from White's point of view (1, 0.5, 0).

// adjudication ends decided games, in the usual ranges of match runners:
// one side 1000 cp ahead for 6 plies in a row wins; both sides within 15 cp
// for 12 plies from ply 60 on draw; 400 plies draw.
var adjudication = selfplay.Adjudication{
	WinScore: 1000, WinPlies: 6,
	DrawScore: 15, DrawAfter: 60, DrawPlies: 12,
	MaxPlies: 400,
}

const hashPerWorker = 16

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
	p *selfplay.Player
	q qsearcher
}

func newGamePlayer(nodes uint64) *gamePlayer {
	p := selfplay.NewPlayer(selfplay.Config{
		Nodes:        nodes,
		HashMB:       hashPerWorker,
		Eval:         search.HandWrittenEval,
		Adjudication: adjudication,
		Dead:         deadDraw,
	})
	return &gamePlayer{p: p, q: qsearcher{ev: eval.New()}}
}

// play plays one game from fen and returns White's result and the
// quiescence leaves of its positions that are neither in check nor scored
// as a mate, to label with it.
func (g *gamePlayer) play(fen string) (result float64, fens []string) {
	pos, err := board.ParseFEN(fen)
	if err != nil {
		return 0.5, nil
	}
	out := g.p.Play(pos, func(p selfplay.Ply) {
		if !p.Pos.InCheck() && !p.Search.Score.IsMate {
			if leaf := g.q.quietLeaf(p.Pos); leaf != nil {
				fens = append(fens, leaf.FEN())
			}
		}
	})
	return float64(out.Result) / 2, fens
}

// deadDraw reports positions where neither side can mate: no pawns, rooks or
// queens, and at most one minor piece in total.
func deadDraw(pos *board.Position) bool {
	heavy := pos.ByType(board.Pawn) | pos.ByType(board.Rook) | pos.ByType(board.Queen)
	minors := pos.ByType(board.Knight) | pos.ByType(board.Bishop)
	return heavy == 0 && minors.Count() <= 1
}
