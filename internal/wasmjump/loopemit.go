package wasmjump

import (
	"errors"
	"fmt"
)

// notInnermost is "block br 0 loop end end": no code, but V8's TurboFan
// (node 20) decides from the bytes whether a wasm loop may be innermost,
// and unrolls innermost loops without calls; a loop with this in it is
// never innermost. Options.Unroll leaves it out.
var notInnermost = []byte{opBlock, blockEmpty, opBr, 0, opLoop, blockEmpty, opEnd, opEnd}

// Labels on the emitter's stack of open constructs: a segment's number for
// the block that ends where it starts, and these for the others.
const (
	idLocal = -1 - iota // a construct of a segment's own code
	idOuter             // a construct around the entry loop
	idEntry             // the entry loop
	idTrap              // the block whose end leads to the trap
)

// item is what a loop or the entry loop holds: a segment, or a loop (then
// seg is its header).
type item struct {
	seg  int
	loop int // index in emitter.loops, or -1
}

// emitter writes a function with the chosen loops (see loops.go). A
// segment the layout cannot reach ends the attempt with fail set to it.
type emitter struct {
	f      *lfunc
	loops  []lloop
	opt    Options
	out    []byte
	stack  []int
	reach  []bool // the entry br_table may send PC_B here
	parent []int  // each loop's innermost enclosing loop, -1
	back   int    // jumps made direct
	fail   int    // a segment the layout cannot reach, or -1
}

var errLayout = errors.New("loop layout")

func newEmitter(f *lfunc, ls []lloop, opt Options) *emitter {
	em := &emitter{f: f, loops: ls, opt: opt, fail: -1, reach: make([]bool, f.n), parent: make([]int, len(ls))}
	for i, l := range ls {
		em.parent[i] = -1
		for j, o := range ls {
			if j != i && o.a <= l.a && l.b <= o.b && (em.parent[i] < 0 || o.b-o.a < ls[em.parent[i]].b-ls[em.parent[i]].a) {
				em.parent[i] = j
			}
		}
	}
	return em
}

// items lists what loop l holds (l = -1: the entry loop), in segment order;
// a loop inside is one item.
func (em *emitter) items(l int) []item {
	a, b := 0, em.f.n-1
	if l >= 0 {
		a, b = em.loops[l].a, em.loops[l].b
	}
	var its []item
	for s := a; s <= b; {
		it := item{s, -1}
		for i, c := range em.loops {
			if em.parent[i] == l && c.a == s {
				it = item{c.h, i}
				s = c.b + 1
				break
			}
		}
		if it.loop < 0 {
			s++
		}
		its = append(its, it)
	}
	return its
}

// failAt records that a branch from segment from to segment to cannot be
// laid out; the caller drops the innermost loop around to (or from).
func (em *emitter) failAt(from, to int) {
	if em.fail >= 0 {
		return
	}
	em.fail = from
	for _, l := range em.loops {
		if l.a <= to && to <= l.b {
			em.fail = to
		}
	}
}

func (em *emitter) push(id int)   { em.stack = append(em.stack, id) }
func (em *emitter) pop()          { em.stack = em.stack[:len(em.stack)-1] }
func (em *emitter) code(in instr) { em.out = append(em.out, em.f.b[in.start:in.end]...) }

// depth is the branch depth of the innermost open construct id, or -1.
func (em *emitter) depth(id int) int {
	for i := len(em.stack) - 1; i >= 0; i-- {
		if em.stack[i] == id {
			return len(em.stack) - 1 - i
		}
	}
	return -1
}

// direct is the depth of a branch to segment t's start: the loop it heads
// or the block that ends there; ok is false if neither is open.
func (em *emitter) direct(t int) (int, bool) {
	if d := em.depth(em.f.n + t); d >= 0 { // a loop's label: n + its header
		return d, true
	}
	d := em.depth(t)
	return d, d >= 0
}

// emit writes the whole expression.
func (em *emitter) emit() ([]byte, error) {
	f := em.f
	its := em.items(-1)
	for _, it := range its {
		em.reach[it.seg] = true
	}
	needTrap := false
	for s := 0; s < f.n; s++ {
		if f.enter[s] && !em.reach[s] {
			em.failAt(s, s)
			return nil, nil
		}
		needTrap = needTrap || !em.reach[s]
	}
	needTrap = needTrap && !f.trap
	em.out = append(make([]byte, 0, len(f.b)+64), f.b[:f.ins[f.e.loop].start]...)
	em.push(idOuter) // the function's own label
	for _, in := range f.ins[:f.e.loop] {
		switch in.op {
		case opBlock, opLoop, opIf:
			em.push(idOuter)
		case opEnd:
			return nil, fmt.Errorf("%w: an end before the entry loop", errLayout)
		}
	}
	em.code(f.ins[f.e.loop])
	em.push(idEntry)
	for i := len(its) - 1; i >= 0; i-- {
		em.out = append(em.out, opBlock, blockEmpty)
		em.push(its[i].seg)
	}
	if needTrap {
		em.out = append(em.out, opBlock, blockEmpty)
		em.push(idTrap)
	}
	em.code(f.ins[f.e.loop+f.e.blocks+1]) // local.get 0
	em.out = append(em.out, opBrTable)
	em.out = appendU(em.out, uint64(len(f.e.labels)-1))
	for _, l := range f.e.labels {
		d := em.depth(int(l))
		switch {
		case em.reach[l]:
		case f.trap:
			d = em.depth(0)
		default:
			d = em.depth(idTrap)
		}
		em.out = appendU(em.out, uint64(d))
	}
	em.out = append(em.out, opEnd)
	em.pop()
	if needTrap {
		em.out = append(em.out, 0x00, opEnd) // unreachable
		em.pop()
	}
	em.sequence(its, f.n)
	if em.fail >= 0 {
		return nil, nil
	}
	if len(em.stack) == 0 || em.stack[len(em.stack)-1] != idEntry {
		return nil, fmt.Errorf("%w: blocks left open", errLayout)
	}
	return append(em.out, f.b[f.ins[f.tail].start:]...), nil
}

// sequence writes items whose blocks are open, the first innermost: each
// item but the last is followed by the end of the next one's block. next is
// the segment that runs after the last item falls off its end (n: the end
// of the entry loop, which traps).
func (em *emitter) sequence(its []item, next int) {
	for i, it := range its {
		succ := next
		if i+1 < len(its) {
			succ = its[i+1].seg
		}
		if it.loop >= 0 {
			em.loop(it.loop, succ)
		} else {
			em.segment(it.seg, succ)
		}
		if i+1 < len(its) {
			em.out = append(em.out, opEnd)
			em.pop()
		}
	}
}

// loop writes loop l: its items from the one holding its header on, then
// the ones before it, each after the first in a block of its own.
func (em *emitter) loop(l, next int) {
	h := em.loops[l].h
	its := em.items(l)
	r := 0
	for r < len(its) && !(em.start(its[r]) <= h && h <= em.end(its[r])) {
		r++
	}
	if r == len(its) || its[r].seg != h {
		em.failAt(h, h) // the header is inside a loop it does not head
		return
	}
	its = append(its[r:len(its):len(its)], its[:r]...)
	em.out = append(em.out, opLoop, blockEmpty)
	if !em.opt.Unroll {
		em.out = append(em.out, notInnermost...)
	}
	em.push(em.f.n + h)
	for i := len(its) - 1; i > 0; i-- {
		em.out = append(em.out, opBlock, blockEmpty)
		em.push(its[i].seg)
	}
	em.sequence(its, next)
	em.out = append(em.out, opEnd)
	em.pop()
}

// start is the first segment of an item in Go's order.
func (em *emitter) start(it item) int {
	if it.loop < 0 {
		return it.seg
	}
	return em.loops[it.loop].a
}

// end is the last segment of an item.
func (em *emitter) end(it item) int {
	if it.loop < 0 {
		return it.seg
	}
	return em.loops[it.loop].b
}

// segment writes segment s, its branches resolved on the new layout, and a
// branch to the segment after it if it may fall off its end and next is
// not that segment.
func (em *emitter) segment(s, next int) {
	f := em.f
	r := f.seg[s]
	n := 0 // the segment's own constructs open
	for k := r[0]; k < r[1] && em.fail < 0; k++ {
		in := f.ins[k]
		switch in.op {
		case opIf:
			// if <jump> end, the jump made direct: one br_if.
			if j, ok := f.jumps[k+3]; ok && in.imm == blockEmpty && k+4 < r[1] && f.ins[k+4].op == opEnd {
				if d, ok := em.direct(j.to); ok {
					em.out = append(em.out, opBrIf)
					em.out = appendU(em.out, uint64(d))
					em.back++
					k += 4
					continue
				}
			}
			fallthrough
		case opBlock, opLoop:
			em.push(idLocal)
			n++
		case opEnd:
			em.pop()
			n--
		case opI32Const:
			if j, ok := f.jumps[k+2]; ok && k+2 < r[1] {
				em.jump(j, k)
				k += 2
				continue
			}
		case opBr, opBrIf:
			em.out = append(em.out, in.op)
			em.out = appendU(em.out, uint64(em.resolve(s, n, in.imm)))
			continue
		case opBrTable:
			em.out = append(em.out, opBrTable)
			em.out = appendU(em.out, uint64(len(in.labels)-1))
			for _, l := range in.labels {
				em.out = appendU(em.out, uint64(em.resolve(s, n, int64(l))))
			}
			continue
		}
		em.code(in)
	}
	if !f.falls[s] || s+1 == next || em.fail >= 0 {
		return
	}
	if s+1 == f.n {
		em.out = append(em.out, 0x00) // what the end of the entry loop does
		return
	}
	d, ok := em.direct(s + 1)
	if !ok {
		em.failAt(s, s+1)
		return
	}
	em.out = append(em.out, opBr)
	em.out = appendU(em.out, uint64(d))
}

// jump writes the jump j whose i32.const is ins[k]: a br to the loop or
// block where its target starts, else the jump as it was, through the
// dispatch, which must then reach the target.
func (em *emitter) jump(j tjump, k int) {
	if d, ok := em.direct(j.to); ok {
		em.out = append(em.out, opBr)
		em.out = appendU(em.out, uint64(d))
		em.back++
		return
	}
	if !em.reach[j.to] {
		em.failAt(j.from, j.to)
		return
	}
	em.code(em.f.ins[k])
	em.code(em.f.ins[k+1])
	em.out = append(em.out, opBr)
	em.out = appendU(em.out, uint64(em.depth(idEntry)))
}

// resolve returns the new depth of a branch of depth d in segment s, inside
// n of the segment's own constructs (parseLoops sent jumps to jump).
func (em *emitter) resolve(s, n int, d int64) int {
	if d < int64(n) {
		return int(d)
	}
	kind, t := em.f.classify(s, n, d)
	switch kind {
	case tgtSeg:
		if dd, ok := em.direct(t); ok {
			return dd
		}
		em.failAt(s, t)
		return 0
	case tgtOuter:
		return em.depth(idEntry) + 1 + t
	}
	em.failAt(s, s) // a dispatch parseLoops would have refused
	return 0
}
