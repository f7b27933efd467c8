package wasmjump

import (
	"bytes"
	"testing"
)

// goFunc assembles a Go function of len(segs) segments as Go's compiler
// lays it out: SP cached, the unwind block, the entry loop, one resume
// block per segment, the br_table sending pc s to segment s (and any other
// pc to the last), the segments, and the trap and unwind exit after the
// loop. In segment s the entry loop is n-1-s levels up (see ent).
func goFunc(segs ...[]byte) []byte {
	n := len(segs)
	b := cat(gget(0), lset(1), block, loop)
	labels := make([]uint64, n+1)
	for i := 0; i < n; i++ {
		b = append(b, block...)
		labels[i] = uint64(i)
	}
	labels[n] = uint64(n - 1)
	b = cat(b, lget(0), brTable(labels...))
	for _, s := range segs {
		b = cat(b, end, s)
	}
	return cat(b, goTail)
}

// goTail ends the entry loop, traps, ends the unwind block and returns 1.
var goTail = cat(end, unrch, end, i32c(1), end)

// ent is the depth of the entry loop from segment s of n, inside extra
// blocks of the segment's own.
func ent(n, s, extra int) uint64 { return uint64(n - 1 - s + extra) }

// backIf is Go's conditional jump to pc from segment s of n.
func backIf(n, s int, pc int64) []byte {
	return cat(lget(2), ifE, jump(pc, ent(n, s, 1)), end)
}

// call is Go's call of function 0 with return address pc in function 0
// (PC_F 0x1000) from segment s of n: store the return address, call,
// reload SP, unwind if asked to.
func call(n, s int, pc int64) []byte {
	return cat(lget(1), i64c(0x1000<<16|pc), op(opI64Store, 3, 0), i32c(0), op(opCall, 0),
		gget(0), lset(1), brIf(ent(n, s, 1)))
}

// i64c is i64.const v.
func i64c(v int64) []byte { return append([]byte{opI64Const}, i32c(v)[1:]...) }

// prologue is what the loop pass writes before the segments: the entry
// loop with one block per label (the first innermost), then the br_table.
func prologue(table []uint64, blocks int) []byte {
	b := cat(gget(0), lset(1), block, loop)
	for i := 0; i < blocks; i++ {
		b = append(b, block...)
	}
	return cat(b, lget(0), brTable(table...))
}

var loopTop = cat(loop, notInnermost)

func TestLoops(t *testing.T) {
	tests := []struct {
		name        string
		in, want    []byte
		back, loops int
	}{{
		name: "a loop of one segment entered by falling into it",
		in:   goFunc(nop, backIf(3, 1, 1), nop),
		want: cat(prologue([]uint64{0, 1, 2, 2}, 3), end, nop, end,
			loopTop, lget(2), brIf(0), end,
			end, nop, goTail),
		back: 1, loops: 1,
	}, {
		name: "rotated loop: entered at its last segment, which jumps back to the first",
		// Segment 0 jumps to the condition in segment 2; segment 1 is the
		// body and falls into it. The loop starts at the condition, the
		// body follows in a block, its fall-through becomes br to the
		// loop, and pc 1 no longer reaches anything: it traps.
		in: goFunc(jump(2, ent(4, 0, 0)), nop, backIf(4, 2, 1), nop),
		want: cat(prologue([]uint64{1, 0, 2, 3, 3}, 4), end, unrch, end,
			br(0), end,
			loopTop, block, lget(2), brIf(0), br(2), end, nop, br(0), end,
			end, nop, goTail),
		back: 1, loops: 1,
	}, {
		name: "loop with break and continue: forward jumps inside and out",
		// 1: if x continue (to 1); 2: if x break (to 4); 3: back to 1.
		in: goFunc(nop, backIf(5, 1, 1), cat(lget(2), ifE, jump(4, ent(5, 2, 1)), end), jump(1, ent(5, 3, 0)), nop),
		want: cat(prologue([]uint64{1, 2, 0, 0, 3, 3}, 4), end, unrch, end, nop, end,
			loopTop, block, block, lget(2), brIf(2), end, lget(2), brIf(2), end, br(0), end,
			end, nop, goTail),
		back: 2, loops: 1,
	}, {
		name: "nested loops",
		// 1: outer top; 2: inner loop on itself; 3: back to 1.
		in: goFunc(nop, nop, backIf(5, 2, 2), backIf(5, 3, 1), nop),
		want: cat(prologue([]uint64{1, 2, 0, 0, 3, 3}, 4), end, unrch, end, nop, end,
			loopTop, block, block, nop, end,
			loopTop, lget(2), brIf(0), end, end,
			lget(2), brIf(0), end,
			end, nop, goTail),
		back: 2, loops: 2,
	}, {
		name: "a call's resume point inside keeps the loop on the table",
		in:   goFunc(nop, call(4, 1, 2), backIf(4, 2, 1), nop),
		want: goFunc(nop, call(4, 1, 2), backIf(4, 2, 1), nop),
	}, {
		name: "a call's resume point at the loop's top is its entry",
		in:   goFunc(call(3, 0, 1), backIf(3, 1, 1), nop),
		want: cat(prologue([]uint64{0, 1, 2, 2}, 3), end, call(3, 0, 1), end,
			loopTop, lget(2), brIf(0), end,
			end, nop, goTail),
		back: 1, loops: 1,
	}, {
		name: "a loop entered at two segments stays on the table",
		// Segment 0 falls into 1 and jumps to 2.
		in:   goFunc(cat(lget(2), ifE, jump(2, ent(4, 0, 1)), end), nop, backIf(4, 2, 1), nop),
		want: goFunc(cat(lget(2), brIf(1)), nop, backIf(4, 2, 1), nop),
	}, {
		name: "overlapping loops: the later one first, then the earlier one around it",
		// Loops 1..3 and 2..4 overlap. The first pass makes 2..4 a loop and
		// leaves the jump to 1 on the table; the second sees segment 2 (with
		// the new loop and that jump in it) as the last of the loop 1..2,
		// and reuses the first pass's trap (its segment 0).
		in: goFunc(nop, nop, nop, backIf(6, 3, 1), backIf(6, 4, 2), nop),
		want: cat(prologue([]uint64{1, 2, 0, 0, 0, 3, 3}, 4), end, unrch, end, nop, end,
			loopTop, block, nop, end,
			loopTop, block, block, nop, end, lget(2), brIf(2), end, lget(2), brIf(0), end,
			end, end, nop, goTail),
		back: 2, loops: 2,
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, st, err := RewriteWith(module([]byte{0}, tc.in), noUnloop)
			if err != nil {
				t.Fatal(err)
			}
			if want := module([]byte{0}, tc.want); !bytes.Equal(got, want) {
				t.Errorf("module\n got %x\nwant %x", got, want)
			}
			if st.Back != tc.back || st.Loops != tc.loops || st.Skipped != 0 || st.NoLoops != nil {
				t.Errorf("stats %+v, want %d backward jumps made direct in %d loops", st, tc.back, tc.loops)
			}
			again, st2, err := RewriteWith(got, noUnloop)
			if err != nil || !bytes.Equal(again, got) || st2.Forward != 0 || st2.Back != 0 {
				t.Errorf("a second rewrite changed the module (err %v, stats %+v)", err, st2)
			}
			off, st3, err := RewriteWith(module([]byte{0}, tc.in), noUnloopNoLoops)
			if err != nil || st3.Back != 0 || st3.NoLoops == nil {
				t.Errorf("NoLoops: err %v, stats %+v", err, st3)
			}
			if tc.back == 0 && !bytes.Equal(off, got) {
				t.Errorf("without a loop made, the module differs from the forward-only one")
			}
		})
	}
}

func TestLoopsUnroll(t *testing.T) {
	in := module([]byte{0}, goFunc(nop, backIf(3, 1, 1), nop))
	want := module([]byte{0}, cat(prologue([]uint64{0, 1, 2, 2}, 3), end, nop, end,
		loop, lget(2), brIf(0), end, end, nop, goTail))
	got, _, err := RewriteWith(in, Options{Unroll: true, NoUnloop: true})
	if err != nil || !bytes.Equal(got, want) {
		t.Errorf("Unroll: err %v\n got %x\nwant %x", err, got, want)
	}
}
