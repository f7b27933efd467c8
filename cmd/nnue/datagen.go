package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"sync"
	"time"

	"github.com/azurite-chess/azurite/engine/board"
	"github.com/azurite-chess/azurite/engine/search"
	"github.com/azurite-chess/azurite/internal/openings"
	"github.com/azurite-chess/azurite/internal/selfplay"
)

// Self-play data generation. Game g of a run is a pure function of the run's
// settings (seed, node budget, openings, evaluator) and g: its opening, its
// random plies (from a PCG seeded with seed and g) and every search (one
// thread, a fixed node budget, a hash cleared before the game) are
// deterministic. Games are grouped into chunks of GamesPerChunk; a chunk is
// written whole (to a temporary name, then renamed) when its last game ends,
// so a run can be killed at any moment and resumed by running it again: done
// chunks are skipped and the lost work is at most one chunk per worker.

// adjudication ends decided games, in the usual ranges of match runners:
// one side 1500 cp ahead for 8 plies in a row wins; both sides within 10 cp
// for 16 plies from ply 80 on draw; 400 plies draw.
var adjudication = selfplay.Adjudication{
	WinScore: 1500, WinPlies: 8,
	DrawScore: 10, DrawAfter: 80, DrawPlies: 16,
	MaxPlies: 400,
}

const (
	hashPerWorker = 16
	// maxRecordScore drops positions whose score says the game is decided:
	// they teach the net nothing the result does not.
	maxRecordScore = 10000
)

type genConfig struct {
	Format        string `json:"format"`
	Seed          uint64 `json:"seed"`
	Nodes         uint64 `json:"nodes_per_move"`
	SoftNodes     uint64 `json:"soft_nodes,omitempty"` // 0: Nodes is a plain limit
	RandomPlies   [2]int `json:"random_plies"`         // min, max
	MaxOpenScore  int    `json:"max_opening_score"`
	VerifyNodes   uint64 `json:"verify_nodes,omitempty"` // 0: the first move's search verifies
	GamesPerChunk int    `json:"games_per_chunk"`
	Openings      string `json:"openings"`     // file name (base) of the opening set
	OpeningsHash  string `json:"openings_sha"` // sha256 of its contents
	Eval          string `json:"eval"`         // "hce" or the net's hash
}

func runDatagen(args []string, stderr io.Writer) error {
	fs := flag.NewFlagSet("datagen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("out", defaultDataDir(), "data directory (chunks and manifest.json)")
	workers := fs.Int("workers", runtime.NumCPU(), "games played in parallel (one search thread each)")
	chunks := fs.Int("chunks", 0, "stop after this many chunks exist in -out (0: run until killed)")
	nodes := fs.Uint64("nodes", 5000, "search nodes per move (with -soft-nodes: the most a move may take)")
	softNodes := fs.Uint64("soft-nodes", 0, "end a move's search at the first completed depth past this many nodes (0: -nodes alone)")
	seed := fs.Uint64("seed", 1, "run seed: openings and random plies of game g come from (seed, g)")
	openingsPath := fs.String("openings", "", "EPD or PGN file of start positions (default: the start position)")
	randMin := fs.Int("random-min", 2, "fewest random plies played after the opening")
	randMax := fs.Int("random-max", 5, "most random plies played after the opening")
	perChunk := fs.Int("games-per-chunk", 100, "games in one chunk file")
	maxOpen := fs.Int("max-open-score", 400, "discard games whose verification search scores the opening beyond this many centipawns (0: keep all)")
	verifyNodes := fs.Uint64("verify-nodes", 0, "nodes of the verification search of the position after the random plies (0: the first move's search verifies)")
	netPath := fs.String("net", "", "play with this net file instead of the built-in evaluation")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *workers < 1 || *nodes < 1 || *perChunk < 1 || *randMin < 0 || *randMax < *randMin || *maxOpen < 0 {
		return fmt.Errorf("datagen: need -workers, -nodes, -games-per-chunk >= 1, 0 <= -random-min <= -random-max and -max-open-score >= 0")
	}
	if *softNodes > *nodes {
		return fmt.Errorf("datagen: -soft-nodes %d is above -nodes %d, the hard limit", *softNodes, *nodes)
	}
	fens := []string{board.StartFEN}
	cfg := genConfig{
		Format: dataFormat, Seed: *seed, Nodes: *nodes, SoftNodes: *softNodes, RandomPlies: [2]int{*randMin, *randMax},
		MaxOpenScore: *maxOpen, VerifyNodes: *verifyNodes, GamesPerChunk: *perChunk, Openings: "startpos", Eval: "hce",
	}
	if *openingsPath != "" {
		var err error
		if fens, err = openings.Load(*openingsPath); err != nil {
			return fmt.Errorf("datagen: %w", err)
		}
		if len(fens) == 0 {
			return fmt.Errorf("datagen: no openings in %s", *openingsPath)
		}
		cfg.Openings = filepath.Base(*openingsPath)
		if cfg.OpeningsHash, err = fileHash(*openingsPath); err != nil {
			return fmt.Errorf("datagen: %w", err)
		}
	}
	newEval, evalName, err := evaluatorFor(*netPath)
	if err != nil {
		return fmt.Errorf("datagen: %w", err)
	}
	cfg.Eval = evalName
	if err := os.MkdirAll(*out, 0o755); err != nil {
		return fmt.Errorf("datagen: %w", err)
	}
	m, err := openManifest(*out, cfg)
	if err != nil {
		return fmt.Errorf("datagen: %w", err)
	}
	fmt.Fprintf(stderr, "datagen: %s: %d chunks done (%d positions); %d workers, %d nodes/move, seed %d, eval %s\n",
		*out, len(m.Chunks), m.positions(), *workers, *nodes, *seed, evalName)

	var mu sync.Mutex
	next := 0
	claim := func() (int, bool) {
		mu.Lock()
		defer mu.Unlock()
		for m.has(next) {
			next++
		}
		if *chunks > 0 && next >= *chunks {
			return 0, false
		}
		k := next
		next++
		return k, true
	}
	start := time.Now()
	var made int
	var firstErr error
	var wg sync.WaitGroup
	for range *workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			g := newGenPlayer(&cfg, newEval)
			for {
				k, ok := claim()
				if !ok {
					return
				}
				c, data := g.chunk(&cfg, fens, k)
				mu.Lock()
				err := writeChunk(*out, k, data)
				if err == nil {
					m.add(c)
					err = m.save(*out)
				}
				if err != nil && firstErr == nil {
					firstErr = err
				}
				made += c.Positions
				el := time.Since(start).Seconds()
				fmt.Fprintf(stderr, "datagen: chunk %d: %d games, %d positions (+%d =%d -%d) in %.0f s; run %d positions, %.0f/s; total %d positions\n",
					k, c.Games, c.Positions, c.WDL[2], c.WDL[1], c.WDL[0], c.Seconds, made, float64(made)/el, m.positions())
				stop := err != nil
				mu.Unlock()
				if stop {
					return
				}
			}
		}()
	}
	wg.Wait()
	return firstErr
}

// defaultDataDir is where data lives unless -out says otherwise: outside the
// repository, in the user's cache.
func defaultDataDir() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		dir = os.TempDir()
	}
	return filepath.Join(dir, "azurite", "nnue", "data")
}

func writeChunk(dir string, k int, data []byte) error {
	name := filepath.Join(dir, chunkName(k))
	tmp := name + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, name)
}

func chunkName(k int) string { return fmt.Sprintf("chunk-%06d.bin", k) }

// genPlayer plays self-play games with one searcher.
type genPlayer struct {
	p    *selfplay.Player
	recs []Record
}

func newGenPlayer(cfg *genConfig, ev search.Eval) *genPlayer {
	return &genPlayer{p: selfplay.NewPlayer(selfplay.Config{
		Nodes:        cfg.Nodes,
		SoftNodes:    cfg.SoftNodes,
		HashMB:       hashPerWorker,
		Eval:         ev,
		Adjudication: adjudication,
		MaxOpenScore: cfg.MaxOpenScore,
		VerifyNodes:  cfg.VerifyNodes,
		Dead:         (*board.Position).IsInsufficientMaterial,
	})}
}

// chunk plays the games of chunk k and returns its summary and records.
func (g *genPlayer) chunk(cfg *genConfig, fens []string, k int) (chunkInfo, []byte) {
	start := time.Now()
	c := chunkInfo{Index: k}
	var data []byte
	var buf [RecordSize]byte
	for i := range cfg.GamesPerChunk {
		game := uint64(k)*uint64(cfg.GamesPerChunk) + uint64(i)
		recs, result, ok := g.play(cfg, fens, game)
		if !ok {
			c.Skipped++
			continue
		}
		c.Games++
		c.WDL[result]++
		for j := range recs {
			recs[j].Result = result
			recs[j].Marshal(buf[:])
			data = append(data, buf[:]...)
		}
		c.Positions += len(recs)
	}
	c.Seconds = time.Since(start).Seconds()
	return c, data
}

// play plays game number game and returns its recorded positions, White's
// result (0 loss, 1 draw, 2 win) and false if the game was discarded: an
// opening that random plies left without moves or beyond MaxOpenScore, or
// a game over before its first move.
//
// A position is recorded when it is quiet for training: not in check, its
// best move neither a capture nor a promotion, its score neither a mate nor
// beyond maxRecordScore.
func (g *genPlayer) play(cfg *genConfig, fens []string, game uint64) ([]Record, uint8, bool) {
	rng := rand.New(rand.NewPCG(cfg.Seed, game))
	pos, ok := selfplay.Opening(fens, rng, cfg.RandomPlies[0], cfg.RandomPlies[1])
	if !ok {
		return nil, 1, false
	}
	g.recs = g.recs[:0]
	out := g.p.Play(pos, func(p selfplay.Ply) {
		if !p.Pos.InCheck() && !p.Search.BestMove.IsNoisy() && !p.Search.Score.IsMate &&
			p.CP < maxRecordScore && p.CP > -maxRecordScore {
			g.recs = append(g.recs, Pack(p.Pos, p.CP, 1))
		}
	})
	if out.Discarded || out.Plies == 0 {
		return nil, 1, false
	}
	return g.recs, uint8(out.Result), true
}

// chunkFiles lists the complete chunk files of dir in index order.
func chunkFiles(dir string) ([]string, error) {
	names, err := filepath.Glob(filepath.Join(dir, "chunk-*.bin"))
	if err != nil {
		return nil, err
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("no chunk files in %s: %w", dir, errNoData)
	}
	sort.Strings(names)
	return names, nil
}

var errNoData = errors.New("no training data")
