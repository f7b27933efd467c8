package wasmjump

import "sort"

// The loop pass (see the package comment): a backward jump whose loop is
// entered at one segment only, by no PC_B but jumps' (entries.go), becomes a
// br to a WebAssembly loop that holds the loop's segments. This file cuts a
// function into segments and chooses the loops; loopemit.go writes them.

// lfunc is one function's expression cut into Go's segments: segment s is
// the code after the end of the resume block labelled s (see jumps.go).
type lfunc struct {
	b     []byte
	ins   []instr
	e     entry
	n     int      // segments (the resume blocks)
	seg   [][2]int // each segment's instructions, [start, end)
	tail  int      // the entry loop's end
	falls []bool   // the segment may run off its end into the next
	enter []bool   // the br_table sends a PC_B that is not a jump's here
	trap  bool     // segment 0 is only "unreachable", a trap an earlier pass made
	jumps map[int]tjump
	edges [][2]int // direct branches and fall-throughs: from, to segment
}

// tjump is a jump through the dispatch table, found at its br.
type tjump struct{ from, to int }

// lloop is a candidate loop: segments a..b, entered at h only.
type lloop struct{ a, b, h int }

// Branch targets outside a segment's own blocks, as classify sees them.
const (
	tgtSeg   = iota // the start of a segment, whose resume block is open
	tgtEntry        // the entry loop: the dispatch
	tgtOuter        // a construct around the entry loop (the unwind block)
)

// classify says where a branch of depth d reaches from segment s, inside n
// of the segment's own constructs; d >= n. At segment s the resume blocks
// labelled s+1..n-1 are open, inside the entry loop.
func (f *lfunc) classify(s, n int, d int64) (kind, t int) {
	r := int(d) - n
	switch {
	case r < f.n-1-s:
		return tgtSeg, s + 1 + r
	case r == f.n-1-s:
		return tgtEntry, 0
	}
	return tgtOuter, r - (f.n - s)
}

// label is the segment the entry br_table sends pc to.
func (f *lfunc) label(pc int64) int {
	l := f.e.labels[len(f.e.labels)-1]
	if pc >= 0 && pc < int64(len(f.e.labels)-1) {
		l = f.e.labels[pc]
	}
	return int(l)
}

// parseLoops cuts ins, a function's decoded expression b, into segments and
// records its jumps. self is the function's PC_F; pcs are the PC_B values
// other functions name (entryPCs); with 0 and the function's own return
// addresses they are where the runtime enters it. ok is false when the function is
// not Go's shape or when something other than a jump dispatches on PC_B;
// the loop pass then leaves it alone.
func parseLoops(b []byte, ins []instr, self int64, pcs map[int64]bool) (f *lfunc, ok bool) {
	e, ok := findEntry(ins)
	if !ok {
		return nil, false
	}
	f = &lfunc{b: b, ins: ins, e: e, n: e.blocks, jumps: map[int]tjump{}}
	p := e.loop + e.blocks + 4 // past the blocks, local.get 0, br_table and the innermost end
	if p > len(ins) || ins[p-1].op != opEnd {
		return nil, false
	}
	f.seg = make([][2]int, f.n)
	f.falls = make([]bool, f.n)
	f.enter = make([]bool, f.n)
	s, start, depth := 0, p, 0
	own := map[int64]bool{} // the function's own resume points
	for k := p; k < len(ins); k++ {
		in := ins[k]
		switch in.op {
		case opI64Const:
			if depth == 0 && in.imm>>16 == self && resumes(ins, k) {
				addPC(own, in.imm)
			}
		case opBlock, opLoop, opIf:
			depth++
			continue
		case opEnd:
			if depth > 0 {
				depth--
				continue
			}
			f.seg[s] = [2]int{start, k}
			f.falls[s] = k == start || !stops(ins[k-1].op)
			if s == f.n-1 {
				f.tail = k
				f.finish(pcs)
				f.finish(own)
				return f, true
			}
			if f.falls[s] {
				f.edges = append(f.edges, [2]int{s, s + 1})
			}
			s, start = s+1, k+1
			continue
		case opBr, opBrIf:
			if !f.branch(s, depth, in.imm, k, in.op == opBr) {
				return nil, false
			}
		case opBrTable:
			for _, l := range in.labels {
				if !f.branch(s, depth, int64(l), k, false) {
					return nil, false
				}
			}
		}
	}
	return nil, false // the entry loop never ends: not Go's shape
}

// stops reports whether an instruction never continues with the next one.
func stops(op byte) bool {
	return op == opBr || op == opBrTable || op == 0x0f || op == 0x00 // return, unreachable
}

// branch records a branch of segment s at ins[k]: a direct one as an edge,
// a jump (i32.const pc; local.set 0; br to the entry loop, in the segment)
// as a tjump. Any other branch to the entry loop dispatches on a PC_B the
// pass cannot know: branch returns false.
func (f *lfunc) branch(s, depth int, d int64, k int, isBr bool) bool {
	if d < int64(depth) {
		return true
	}
	switch kind, t := f.classify(s, depth, d); kind {
	case tgtSeg:
		f.edges = append(f.edges, [2]int{s, t})
	case tgtEntry:
		ins := f.ins
		if !isBr || k < 2 || ins[k-1].op != opLocalSet || ins[k-1].imm != 0 || ins[k-2].op != opI32Const || k-2 < f.segStart(s) {
			return false
		}
		f.jumps[k] = tjump{s, f.label(ins[k-2].imm)}
	}
	return true
}

// segStart is where segment s's instructions start, while parseLoops is
// still inside it.
func (f *lfunc) segStart(s int) int {
	if s == 0 {
		return f.e.loop + f.e.blocks + 4
	}
	return f.seg[s-1][1] + 1
}

// finish marks the segments the br_table sends pc 0 and pcs to, and
// whether segment 0 is a trap.
func (f *lfunc) finish(pcs map[int64]bool) {
	f.enter[f.label(0)] = true
	for pc := range pcs {
		f.enter[f.label(pc)] = true
	}
	r := f.seg[0]
	f.trap = f.n > 1 && r[1] == r[0]+1 && f.ins[r[0]].op == 0x00
}

// candidates returns the loops that backward jumps form, each with the one
// segment it is entered at, as a laminar family (two loops are disjoint or
// one holds the other), innermost last among loops that share segments.
func (f *lfunc) candidates() []lloop {
	ends := map[int]int{} // loop top -> last segment with a jump back to it
	for _, j := range f.jumps {
		if b, ok := ends[j.to]; j.to <= j.from && (!ok || j.from > b) {
			ends[j.to] = j.from
		}
	}
	var ls []lloop
	for a, b := range ends {
		if h, ok := f.header(a, b); ok {
			ls = append(ls, lloop{a, b, h})
		}
	}
	sort.Slice(ls, func(i, j int) bool { return ls[i].a < ls[j].a })
	// Two loops that overlap without nesting cannot both be WebAssembly
	// loops: the one that starts first keeps its jump on the table.
	for changed := true; changed; {
		changed = false
		for i := 0; i < len(ls) && !changed; i++ {
			for j := i + 1; j < len(ls); j++ {
				if ls[j].a <= ls[i].b && ls[i].b < ls[j].b {
					ls = append(ls[:i], ls[i+1:]...)
					changed = true
					break
				}
			}
		}
	}
	return ls
}

// header returns the one segment of a..b that is entered from outside:
// by the runtime, a jump, a direct branch or a fall-through. A loop entered
// nowhere has its top as header; one entered at two segments is no
// candidate.
func (f *lfunc) header(a, b int) (int, bool) {
	h := -1
	in := func(s int) bool { return s >= a && s <= b }
	add := func(t int) bool {
		if h >= 0 && h != t {
			return false
		}
		h = t
		return true
	}
	for s := a; s <= b; s++ {
		if f.enter[s] && !add(s) {
			return 0, false
		}
	}
	for _, e := range f.edges {
		if !in(e[0]) && in(e[1]) && !add(e[1]) {
			return 0, false
		}
	}
	for _, j := range f.jumps {
		if !in(j.from) && in(j.to) && !add(j.to) {
			return 0, false
		}
	}
	if h < 0 {
		h = a
	}
	return h, true
}

// loopExpr makes the backward jumps of one expression direct where it can
// (see the package comment) and returns the new expression, or b itself
// when nothing changed. It tries the candidate loops and drops, one at a
// time, the innermost loop around a segment the layout cannot reach.
func loopExpr(b []byte, self int64, pcs map[int64]bool, opt Options, st *Stats) ([]byte, error) {
	ins, err := decodeExpr(b)
	if err != nil {
		return nil, err
	}
	f, ok := parseLoops(b, ins, self, pcs)
	if !ok {
		return b, nil
	}
	ls := f.candidates()
	for len(ls) > 0 {
		em := newEmitter(f, ls, opt)
		out, err := em.emit()
		if err != nil {
			return nil, err
		}
		if em.fail < 0 {
			if em.back == 0 {
				return b, nil
			}
			st.Loops += len(ls)
			st.Back += em.back
			return out, nil
		}
		drop := -1
		for i, l := range ls {
			if l.a <= em.fail && em.fail <= l.b && (drop < 0 || l.b-l.a < ls[drop].b-ls[drop].a) {
				drop = i
			}
		}
		if drop < 0 {
			return b, nil
		}
		ls = append(ls[:drop], ls[drop+1:]...)
	}
	return b, nil
}
