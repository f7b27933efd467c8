package main

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/azurite-chess/azurite/engine/board"
	"github.com/azurite-chess/azurite/engine/eval"
)

// dataset is a set of records held in memory as their on-disk bytes.
type dataset struct {
	raw []byte
	// teacher, if set, replaces each record's search score (White's view)
	// in the target: the hand-written evaluation's score of the position,
	// for training a net to imitate it before it learns from searches.
	// Records whose entry is noTeacher keep their search score.
	teacher []int16
}

// noTeacher marks a record in a joined set that keeps its search score.
const noTeacher = math.MinInt16

// join appends e's records, with their teacher scores, to d; d's own records
// keep their targets.
func (d *dataset) join(e *dataset) {
	if d.teacher != nil || e.teacher != nil {
		d.teacher = append(d.teachers(), e.teachers()...)
	}
	d.raw = append(d.raw, e.raw...)
}

// teachers returns d.teacher, or noTeacher for every record of a set that
// keeps its search scores.
func (d *dataset) teachers() []int16 {
	if d.teacher != nil {
		return d.teacher
	}
	t := make([]int16, d.len())
	for i := range t {
		t[i] = noTeacher
	}
	return t
}

func (d *dataset) len() int { return len(d.raw) / RecordSize }

// chunkSet says which chunks of a directory a run reads: those with an index
// below Below (0: every chunk there is), or exactly the indices of List.
type chunkSet struct {
	Below int
	List  map[int]bool
}

// below returns the chunkSet of chunks 0 to n-1 (n 0: all).
func below(n int) chunkSet { return chunkSet{Below: n} }

func (c chunkSet) has(idx int) bool {
	if c.List != nil {
		return c.List[idx]
	}
	return c.Below <= 0 || idx < c.Below
}

// parseChunkSet reads what follows DIR: in -data: N (chunks 0 to N-1), or
// indices and ranges joined by '+' ("0-100+103+105"): the chunks a run read,
// named exactly even where a directory has gaps or has grown since.
func parseChunkSet(s string) (chunkSet, error) {
	if n, err := strconv.Atoi(s); err == nil {
		if n < 1 {
			return chunkSet{}, fmt.Errorf("the chunk count must be >= 1")
		}
		return below(n), nil
	}
	list := map[int]bool{}
	for _, part := range strings.Split(s, "+") {
		lo, hi, isRange := strings.Cut(part, "-")
		a, errA := strconv.Atoi(lo)
		b := a
		var errB error
		if isRange {
			b, errB = strconv.Atoi(hi)
		}
		if errA != nil || errB != nil || a < 0 || b < a {
			return chunkSet{}, fmt.Errorf("%q is not a chunk index or a range a-b", part)
		}
		if b-a >= 1<<20 {
			return chunkSet{}, fmt.Errorf("range %q is too long", part)
		}
		for i := a; i <= b; i++ {
			list[i] = true
		}
	}
	return chunkSet{List: list}, nil
}

// loadData reads dir's chunks into a training and a validation set. Every
// validEvery-th chunk (by index) is held out: chunks hold whole games, so no
// game has positions on both sides. chunks says which chunks to read, so a
// run names its data even while datagen adds chunks; a chunk that chunks
// lists by index must exist. maxPositions > 0 stops reading once the
// training set holds that many.
func loadData(dir string, validEvery int, chunks chunkSet, maxPositions int) (train, valid *dataset, err error) {
	names, err := chunkFiles(dir)
	if err != nil {
		return nil, nil, err
	}
	train, valid = &dataset{}, &dataset{}
	found := map[int]bool{}
	for _, name := range names {
		idx, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(filepath.Base(name), "chunk-"), ".bin"))
		if err != nil {
			return nil, nil, fmt.Errorf("%s: not a chunk name", name)
		}
		if !chunks.has(idx) {
			continue
		}
		found[idx] = true
		data, err := os.ReadFile(name)
		if err != nil {
			return nil, nil, err
		}
		if len(data)%RecordSize != 0 {
			return nil, nil, fmt.Errorf("%s: %d bytes is not a whole number of %d-byte records", name, len(data), RecordSize)
		}
		var r Record
		for off := 0; off < len(data); off += RecordSize {
			if err := r.Unmarshal(data[off:]); err != nil {
				return nil, nil, fmt.Errorf("%s: record %d: %w", name, off/RecordSize, err)
			}
		}
		if validEvery > 0 && idx%validEvery == 0 {
			valid.raw = append(valid.raw, data...)
			continue
		}
		if maxPositions > 0 && train.len() >= maxPositions {
			continue
		}
		train.raw = append(train.raw, data...)
	}
	for idx := range chunks.List {
		if !found[idx] {
			return nil, nil, fmt.Errorf("%s: chunk %d is named but missing", dir, idx)
		}
	}
	if maxPositions > 0 && train.len() > maxPositions {
		train.raw = train.raw[:maxPositions*RecordSize]
	}
	return train, valid, nil
}

// loadSources reads every data directory that spec names into one training
// and one validation set. spec is a comma-separated list of DIR[:SET][@K].
// SET (parseChunkSet: N for chunks 0 to N-1, or "0-100+103") names that
// directory's chunks and overrides maxChunks, so a run that mixes data made
// by different engines names each part exactly. K multiplies the
// directory's search scores as they are read (rounded, in both its sets):
// searches of other depths score the same positions on other scales
// (nnue valid's slope), and K brings a directory to the others'. Each
// directory holds out its own every validEvery-th chunk.
func loadSources(spec string, validEvery, maxChunks, maxPositions int) (train, valid *dataset, err error) {
	train, valid = &dataset{}, &dataset{}
	for _, part := range strings.Split(spec, ",") {
		dir, chunks, k := part, below(maxChunks), 1.0
		if i := strings.LastIndexByte(dir, '@'); i >= 0 {
			v, err := strconv.ParseFloat(dir[i+1:], 64)
			if err != nil || !(v > 0 && v <= 4) {
				return nil, nil, fmt.Errorf("-data %q: %q: after '@' a score scale above 0 and at most 4", spec, part)
			}
			dir, k = dir[:i], v
		}
		if i := strings.LastIndexByte(dir, ':'); i >= 0 {
			set, err := parseChunkSet(dir[i+1:])
			if err != nil {
				return nil, nil, fmt.Errorf("-data %q: %q: after ':' a chunk count >= 1 or chunks as 0-100+103: %v", spec, part, err)
			}
			dir, chunks = dir[:i], set
		}
		if dir == "" {
			return nil, nil, fmt.Errorf("-data %q: an empty directory name", spec)
		}
		t, v, err := loadData(dir, validEvery, chunks, maxPositions)
		if err != nil {
			return nil, nil, err
		}
		if k != 1 {
			t.scaleScores(k)
			v.scaleScores(k)
		}
		train.join(t)
		valid.join(v)
	}
	if maxPositions > 0 && train.len() > maxPositions {
		train.raw = train.raw[:maxPositions*RecordSize]
	}
	return train, valid, nil
}

// scaleScores multiplies every record's search score by k, rounded and
// kept within the range Pack keeps. The records were checked when the set
// was loaded, and Marshal writes back what Unmarshal read.
func (d *dataset) scaleScores(k float64) {
	for off := 0; off < len(d.raw); off += RecordSize {
		r := d.record(off / RecordSize)
		r.Score = clampScore(int(math.Round(float64(r.Score) * k)))
		r.Marshal(d.raw[off:])
	}
}

// record returns record i (checked when the set was loaded).
func (d *dataset) record(i int) Record {
	var r Record
	_ = r.Unmarshal(d.raw[i*RecordSize:])
	return r
}

// position returns record i and its position, for the evaluations that need
// a board (the teacher's labels, the hand-written loss, the quantised net).
func (d *dataset) position(i int) (Record, *board.Position, error) {
	r := d.record(i)
	pos, err := board.ParseFEN(r.FEN())
	return r, pos, err
}

// fill decodes record i into s with the target blend
// lambda·sigmoid(score/scale) + (1−lambda)·result, both for the side to
// move, scale in centipawns (eval.NetScale but for -wdl-scale). A negative
// i stands for record −i−1 mirrored left to right (see mirrorable).
func (d *dataset) fill(i int, s *sample, lambda, scale float64) {
	flip := board.Square(0)
	if i < 0 {
		i, flip = -i-1, 7
	}
	r := d.record(i)
	stm := board.Color(r.Side)
	s.n = 0
	r.Each(func(pc board.Piece, sq board.Square) {
		s.stm[s.n] = uint16(eval.Feature(stm, pc, sq^flip))
		s.ntm[s.n] = uint16(eval.Feature(stm^1, pc, sq^flip))
		s.n++
	})
	score := float64(r.Score)
	if d.teacher != nil && d.teacher[i] != noTeacher {
		score = float64(d.teacher[i])
	}
	result := float64(r.Result) / 2
	if stm == board.Black {
		score, result = -score, 1-result
	}
	s.target = float32(lambda*sigmoid(score/scale) + (1-lambda)*result)
}

// mirrorable reports whether record i's mirror image (files a and h
// swapped) has the same value. Chess is symmetric left to right except for
// castling, and a side can castle only with its king on its home square and
// a rook of its colour in a corner of its home rank: records with neither
// side in that shape are mirrorable.
func (d *dataset) mirrorable(i int) bool {
	var on [64]board.Piece
	r := d.record(i)
	r.Each(func(pc board.Piece, sq board.Square) { on[sq] = pc + 1 })
	at := func(sq board.Square, c board.Color, pt board.PieceType) bool {
		return on[sq] == board.MakePiece(c, pt)+1
	}
	castles := func(c board.Color, e, a, h board.Square) bool {
		return at(e, c, board.King) && (at(a, c, board.Rook) || at(h, c, board.Rook))
	}
	return !castles(board.White, board.E1, board.A1, board.H1) && !castles(board.Black, board.E8, board.A8, board.H8)
}

// labelWithHCE sets d.teacher to the hand-written static evaluation of every
// record (White's view), using threads goroutines.
func (d *dataset) labelWithHCE(threads int) {
	d.teacher = make([]int16, d.len())
	var wg sync.WaitGroup
	per := (d.len() + threads - 1) / threads
	for w := range threads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			e := eval.New()
			for i := w * per; i < min((w+1)*per, d.len()); i++ {
				r, pos, err := d.position(i)
				if err != nil {
					d.teacher[i] = r.Score
					continue
				}
				v := e.Evaluate(pos)
				if pos.Side() == board.Black {
					v = -v
				}
				d.teacher[i] = int16(max(-32000, min(32000, v)))
			}
		}()
	}
	wg.Wait()
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }
