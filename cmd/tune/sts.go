package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/azurite-chess/azurite/engine/board"
	"github.com/azurite-chess/azurite/engine/search"
)

// The Strategic Test Suite scores each position's chosen move by the points
// its c8/c9 fields give (10 for the best move, less for others, 0 if not
// listed). runSTS searches every position at a fixed node budget with one
// thread, so the total is reproducible, and prints the points per theme.

type stsEntry struct {
	fen    string
	id     string
	points map[string]int // UCI move -> points
}

func readSTS(path string) ([]stsEntry, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []stsEntry
	sc := bufio.NewScanner(f)
	line := 0
	for sc.Scan() {
		line++
		text := sc.Text()
		fields := strings.Fields(text)
		if len(fields) < 4 {
			continue
		}
		e := stsEntry{fen: strings.Join(fields[:4], " ") + " 0 1", points: map[string]int{}, id: epdField(text, "id")}
		moves, pts := strings.Fields(epdField(text, "c9")), strings.Fields(epdField(text, "c8"))
		if len(moves) == 0 || len(moves) != len(pts) {
			return nil, fmt.Errorf("%s:%d: c8/c9 fields missing or of different lengths", path, line)
		}
		for i, m := range moves {
			p, err := strconv.Atoi(pts[i])
			if err != nil {
				return nil, fmt.Errorf("%s:%d: points %q: %w", path, line, pts[i], err)
			}
			e.points[m] = p
		}
		out = append(out, e)
	}
	return out, sc.Err()
}

// epdField returns the quoted or bare value of an EPD opcode ("id", "c8", …).
func epdField(line, op string) string {
	for _, part := range strings.Split(line, ";") {
		part = strings.TrimSpace(part)
		for _, f := range []string{op + " "} {
			if i := strings.Index(part, f); i >= 0 && (i == 0 || part[i-1] == ' ') {
				return strings.Trim(strings.TrimSpace(part[i+len(f):]), `"`)
			}
		}
	}
	return ""
}

// themeKey returns the part of an STS id up to the closing parenthesis of
// its version ("STS(v3.0)"), or the whole id.
func themeKey(id string) string {
	if i := strings.IndexByte(id, ')'); i >= 0 {
		return id[:i+1]
	}
	return id
}

// stride returns every n-th entry, starting with the first.
func stride(entries []stsEntry, n int) []stsEntry {
	if n == 1 {
		return entries
	}
	var out []stsEntry
	for i := 0; i < len(entries); i += n {
		out = append(out, entries[i])
	}
	return out
}

func runSTS(args []string) error {
	fs := flag.NewFlagSet("sts", flag.ContinueOnError)
	file := fs.String("file", "../shared/data/tactical/sts.epd", "STS EPD file")
	nodes := fs.Uint64("nodes", 100000, "search nodes per position")
	limit := fs.Int("limit", 0, "use only the first N positions (0 = all)")
	every := fs.Int("every", 1, "use only every N-th position (the 1st, N+1-th, …): a deterministic subset that keeps all 15 themes")
	if err := fs.Parse(args); err != nil {
		return err
	}
	entries, err := readSTS(*file)
	if err != nil {
		return err
	}
	if *every < 1 {
		return fmt.Errorf("sts: -every %d: must be at least 1", *every)
	}
	entries = stride(entries, *every)
	if *limit > 0 && *limit < len(entries) {
		entries = entries[:*limit]
	}
	s := search.New(search.Options{Threads: 1, HashMB: 16, Eval: search.HandWrittenEval})
	start := time.Now()
	total, best := 0, 0
	theme, themeTotal, themeN := "", 0, 0
	flushTheme := func() {
		if theme != "" {
			fmt.Printf("%-55s %5d/%d\n", theme, themeTotal, 10*themeN)
		}
	}
	for _, e := range entries {
		pos, err := board.ParseFEN(e.fen)
		if err != nil {
			return fmt.Errorf("%s: %w", e.id, err)
		}
		s.Clear()
		r := s.Search(pos, search.Limits{Nodes: *nodes}, nil)
		p := e.points[r.BestMove.String()]
		if p == 10 {
			best++
		}
		total += p
		// A theme is named by the id up to its number; one theme's ids spell
		// its name two ways (v3.0), so the version in parentheses decides
		// where a theme ends.
		th := e.id
		if i := strings.LastIndexByte(th, '.'); i >= 0 {
			th = th[:i]
		}
		if themeKey(th) != themeKey(theme) {
			flushTheme()
			theme, themeTotal, themeN = th, 0, 0
		}
		themeTotal += p
		themeN++
	}
	flushTheme()
	fmt.Printf("STS: %d/%d points, %d best moves, %d positions at %d nodes each (%s)\n",
		total, 10*len(entries), best, len(entries), *nodes, time.Since(start).Round(time.Second))
	return nil
}
