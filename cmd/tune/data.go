package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/azurite-chess/azurite/engine/board"
	"github.com/azurite-chess/azurite/engine/eval"
)

// sample is one labelled position in linear form: the evaluation is
// mgF·Σ n·Vmg + egF·Σ n·Veg over its coefficients.
type sample struct {
	idx    []int16
	n      []int16
	mgF    float64 // phase / TotalPhase
	egF    float64 // (TotalPhase - phase) / TotalPhase · scale / 128
	result float64 // 1, 0.5, 0 from White's point of view
}

// loadSamples reads "FEN;result" lines and traces each position with the
// evaluation's current weights. Positions decided by an endgame rule (not a
// function of the weights) are skipped; so are malformed lines, which are
// counted and reported.
func loadSamples(path string, limit int) ([]sample, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []sample
	bad, special := 0, 0
	sc := bufio.NewScanner(f)
	line := 0
	for sc.Scan() && (limit <= 0 || len(out) < limit) {
		line++
		fen, res, ok := strings.Cut(sc.Text(), ";")
		if !ok {
			bad++
			continue
		}
		r, err := strconv.ParseFloat(strings.TrimSpace(res), 64)
		if err != nil || (r != 0 && r != 0.5 && r != 1) {
			bad++
			continue
		}
		pos, err := board.ParseFEN(strings.TrimSpace(fen))
		if err != nil {
			bad++
			continue
		}
		tr := eval.TraceOf(pos)
		if tr.Special {
			special++
			continue
		}
		s := sample{
			mgF:    float64(tr.Phase) / board.TotalPhase,
			egF:    float64(board.TotalPhase-tr.Phase) / board.TotalPhase * float64(tr.Scale) / 128,
			result: r,
			idx:    make([]int16, len(tr.Coefs)),
			n:      make([]int16, len(tr.Coefs)),
		}
		for i, c := range tr.Coefs {
			s.idx[i], s.n[i] = int16(c.Index), int16(c.N)
		}
		out = append(out, s)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s:%d: %w", path, line, err)
	}
	if bad > 0 || special > 0 {
		fmt.Fprintf(os.Stderr, "tune: %s: skipped %d malformed lines and %d positions decided by endgame rules\n", path, bad, special)
	}
	return out, nil
}
