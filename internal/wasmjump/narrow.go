package wasmjump

// narrow computes in i32 the i64 arithmetic whose result Go wraps to i32,
// mostly an address: base + index<<3 comes out as
//
//	local.get base  local.get i  i64.const 3  i64.shl  i64.add  i32.wrap_i64
//
// which V8 compiles to a 64-bit lea and then a zero extension of it, needed
// because a memory index is the low 32 bits. Wrapping to 32 bits commutes
// with add, sub, mul, and, or, xor and a shift left by less than 32, so the
// same tree computed with the i32 operations, its i64 leaves wrapped, has
// the same value, and V8 knows a 32-bit result needs no zero extension:
//
//	local.get base  i32.wrap_i64  local.get i  i32.wrap_i64  i32.const 3  i32.shl  i32.add
//
// Leaves: i64.const (as i32.const of its low bits), a zero or sign
// extension of a local, global or constant (dropped), a load from a simple
// address (narrowed as in peephole), and any other i64 value made of pure
// instructions (computed as it was, then wrapped). A call or other
// instruction with effects in the tree, or a tree deeper than
// maxNarrowDepth, leaves the wrap as it is. Nothing
// moves, so side effects keep their order. It returns b unchanged (and 0)
// when nothing changed, else the new expression and the number of wraps
// removed.
func narrow(b []byte) ([]byte, int, error) {
	ins, err := decodeExpr(b)
	if err != nil {
		return nil, 0, err
	}
	act := make(map[int]byte) // instruction index -> what to emit instead
	n := 0
	for w := 1; w < len(ins); w++ {
		if ins[w].op != opI32WrapI64 || narrowOp[ins[w-1].op] == 0 {
			continue // a leaf under a wrap is peephole's, or nothing to gain
		}
		t := narrower{ins: ins, act: map[int]byte{}}
		if _, ok := t.tree(w-1, 0); !ok {
			continue
		}
		for k, a := range t.act {
			act[k] = a
		}
		act[w] = actDrop
		n++
	}
	if n == 0 {
		return b, 0, nil
	}
	out := make([]byte, 0, len(b)+len(act))
	for k, in := range ins {
		a, ok := act[k]
		if !ok {
			out = append(out, b[in.start:in.end]...)
			continue
		}
		switch a {
		case actDrop:
		case actWrap:
			out = append(out, b[in.start:in.end]...)
			out = append(out, opI32WrapI64)
		case actConst:
			out = appendS(append(out, opI32Const), int64(int32(in.imm)))
		case actLoad:
			align, i, err := readU(b, in.start+1)
			if err != nil {
				return nil, 0, err
			}
			off, _, err := readU(b, i)
			if err != nil {
				return nil, 0, err
			}
			out = appendU(appendU(append(out, narrowLoad[in.op]), min(align, 2)), off)
		default: // an i32 operation replacing an i64 one
			out = append(out, a)
		}
	}
	return out, n, nil
}

const opLocalTee = 0x22

// maxNarrowDepth bounds the recursion of narrower.tree and span.
const maxNarrowDepth = 32

// Actions of narrow other than emitting an i32 opcode (no opcode uses these
// bytes).
const (
	actDrop  = 0xf0 // emit nothing
	actWrap  = 0xf1 // emit the instruction and i32.wrap_i64 after it
	actConst = 0xf2 // emit i32.const of the i64.const's low 32 bits
	actLoad  = 0xf3 // emit the narrow load (narrowLoad)
)

// narrowOp maps the i64 operations that commute with wrapping to their i32
// twins.
var narrowOp = [256]byte{
	0x7c: 0x6a, // add
	0x7d: 0x6b, // sub
	0x7e: 0x6c, // mul
	0x83: 0x71, // and
	0x84: 0x72, // or
	0x85: 0x73, // xor
	0x86: 0x74, // shl (by a constant under 32 only)
}

// narrower parses, backwards from the instruction that produces it, an i64
// value that is to be computed in i32, and records in act what to emit for
// each instruction of it.
type narrower struct {
	ins []instr
	act map[int]byte
}

// tree handles the value produced by ins[k]; it returns the index of the
// first instruction of that value's code.
func (t *narrower) tree(k, depth int) (int, bool) {
	if k < 0 || depth > maxNarrowDepth {
		return 0, false
	}
	in := t.ins[k]
	switch op := in.op; {
	case op == 0x86: // shl: only by a constant amount under 32
		if k < 1 || t.ins[k-1].op != opI64Const || t.ins[k-1].imm < 0 || t.ins[k-1].imm >= 32 {
			return 0, false
		}
		t.act[k-1], t.act[k] = actConst, narrowOp[op]
		return t.tree(k-2, depth+1)
	case narrowOp[op] != 0:
		s2, ok := t.tree(k-1, depth+1)
		if !ok {
			return 0, false
		}
		t.act[k] = narrowOp[op]
		return t.tree(s2-1, depth+1)
	case op == opI64Const:
		t.act[k] = actConst
		return k, true
	case op == opLocalGet:
		t.act[k] = actWrap
		return k, true
	case op == opI64ExtendU32 || op == 0xac: // extend_i32_u, extend_i32_s of a local, global or constant
		if k < 1 || (t.ins[k-1].op != opLocalGet && t.ins[k-1].op != opGlobGet && t.ins[k-1].op != opI32Const) {
			return 0, false
		}
		t.act[k] = actDrop
		return k - 1, true
	case narrowLoad[op] != 0:
		if s, ok := simpleAddr(t.ins, k-1); ok {
			t.act[k] = actLoad
			return s, true
		}
	}
	// Any other i64 value whose code can be delimited is computed as it is
	// and wrapped.
	s, ok := span(t.ins, k, depth+1)
	if ok {
		t.act[k] = actWrap
	}
	return s, ok
}

// span returns the index of the first instruction of the code that
// produces the value of ins[k], for pure instructions only (locals, globals,
// constants, numeric operations, loads, local.tee, select).
func span(ins []instr, k, depth int) (int, bool) {
	if k < 0 || depth > maxNarrowDepth {
		return 0, false
	}
	var args int
	switch op := ins[k].op; {
	case op == opLocalGet || op == opGlobGet || (op >= opI32Const && op <= 0x44):
		return k, true
	case op == opLocalTee || (op >= 0x28 && op <= 0x35) || op == opI32Eqz || op == opI64Eqz ||
		(op >= 0x67 && op <= 0x69) || (op >= 0x79 && op <= 0x7b) || (op >= 0x8b && op <= 0x91) ||
		(op >= 0x99 && op <= 0x9f) || (op >= 0xa7 && op <= 0xc4):
		args = 1 // tee, loads, eqz, clz/ctz/popcnt, float unary, conversions, sign extensions
	case (op >= 0x46 && op <= 0x4f) || (op >= 0x51 && op <= 0x66) || (op >= 0x6a && op <= 0x78) ||
		(op >= 0x7c && op <= 0x8a) || (op >= 0x92 && op <= 0x98) || (op >= 0xa0 && op <= 0xa6):
		args = 2 // comparisons and binary arithmetic
	case op == 0x1b:
		args = 3 // select
	default:
		return 0, false
	}
	s := k
	for ; args > 0; args-- {
		var ok bool
		if s, ok = span(ins, s-1, depth+1); !ok {
			return 0, false
		}
	}
	return s, true
}

// simpleAddr returns the start of the i32 address ending at ins[k] if it is
// one of the forms Go uses for a pointer: an i32 local (SP), an i64 local
// wrapped, or an i32 local plus a constant.
func simpleAddr(ins []instr, k int) (int, bool) {
	switch {
	case k >= 0 && ins[k].op == opLocalGet:
		return k, true
	case k >= 1 && ins[k].op == opI32WrapI64 && ins[k-1].op == opLocalGet:
		return k - 1, true
	case k >= 2 && ins[k].op == opI32Add && ins[k-1].op == opI32Const && ins[k-2].op == opLocalGet:
		return k - 2, true
	}
	return 0, false
}
