package wasmjump

import "errors"

// entry describes Go's dispatch prologue found at the start of an
// expression: the index (in the decoded instructions) of the entry loop, of
// the first resume block, and the br_table's labels.
type entry struct {
	loop   int
	blocks int // number of resume blocks: label r is instruction loop+blocks-r
	labels []uint32
}

// findEntry recognises the prologue Go emits (see the package comment):
// up to two instructions caching SP in a local, an optional block (the
// unwind exit), the entry loop, the resume blocks, local.get 0 and br_table.
// ok is false for any other shape, which the rewriter then leaves alone.
func findEntry(ins []instr) (e entry, ok bool) {
	p := 0
	for p < 2 && p < len(ins) && (ins[p].op == opGlobGet || ins[p].op == opLocalSet) {
		p++
	}
	if p < len(ins) && ins[p].op == opBlock && ins[p].imm == blockEmpty {
		p++
	}
	if p >= len(ins) || ins[p].op != opLoop || ins[p].imm != blockEmpty {
		return e, false
	}
	e.loop = p
	for p++; p < len(ins) && ins[p].op == opBlock && ins[p].imm == blockEmpty; p++ {
		e.blocks++
	}
	if e.blocks == 0 || p+1 >= len(ins) || ins[p].op != opLocalGet || ins[p].imm != 0 || ins[p+1].op != opBrTable {
		return e, false
	}
	e.labels = ins[p+1].labels
	for _, l := range e.labels {
		if int(l) >= e.blocks {
			return e, false // a label Go would not emit: leave the function alone
		}
	}
	return e, true
}

// target returns the instruction index of the block whose end a dispatch
// with PC_B = pc jumps past, as br_table does (out of range: the default).
func (e entry) target(pc int64) int {
	l := e.labels[len(e.labels)-1]
	if pc >= 0 && pc < int64(len(e.labels)-1) {
		l = e.labels[pc]
	}
	return e.loop + e.blocks - int(l)
}

var errUnbalanced = errors.New("unbalanced block structure")

// rewriteExpr rewrites one function's expression (its code after the
// locals). Each jump through the entry loop whose target block is still open
// becomes br to that block; if the jump is the whole body of an if without
// else, the if, the jump and the end become one br_if.
func rewriteExpr(b []byte, st *Stats) ([]byte, error) {
	ins, err := decodeExpr(b)
	if err != nil {
		return nil, err
	}
	if err := checkBalance(ins); err != nil {
		return nil, err
	}
	e, ok := findEntry(ins)
	if !ok {
		return b, nil
	}
	st.Dispatch++
	var stack []int // instruction indexes of the open block, loop and if
	out := make([]byte, 0, len(b))
	copied := 0 // b[:copied] is in out or replaced
	for k := 0; k < len(ins); k++ {
		in := ins[k]
		switch in.op {
		case opBlock, opLoop, opIf:
			stack = append(stack, k)
			continue
		case opEnd:
			if len(stack) > 0 { // else the expression's own end (checkBalance)
				stack = stack[:len(stack)-1]
			}
			continue
		case opBr:
		default:
			continue
		}
		d := int(in.imm)
		if d >= len(stack) || stack[len(stack)-1-d] != e.loop {
			continue
		}
		if k < 2 || ins[k-1].op != opLocalSet || ins[k-1].imm != 0 || ins[k-2].op != opI32Const {
			continue
		}
		st.Jumps++
		t := e.target(ins[k-2].imm)
		pos := len(stack) - 1
		for pos >= 0 && stack[pos] != t {
			pos--
		}
		if pos < 0 {
			continue // backward: the target block has ended
		}
		st.Forward++
		depth := len(stack) - 1 - pos
		if k >= 3 && ins[k-3].op == opIf && ins[k-3].imm == blockEmpty && stack[len(stack)-1] == k-3 &&
			k+1 < len(ins) && ins[k+1].op == opEnd {
			// if <jump> end: the if pops the condition and so does br_if.
			st.BrIf++
			out = append(out, b[copied:ins[k-3].start]...)
			out = append(out, opBrIf)
			out = appendU(out, uint64(depth-1))
			copied = ins[k+1].end
			stack = stack[:len(stack)-1]
			k++ // the if's end is consumed
			continue
		}
		out = append(out, b[copied:ins[k-2].start]...)
		out = append(out, opBr)
		out = appendU(out, uint64(depth))
		copied = in.end
	}
	return append(out, b[copied:]...), nil
}

// checkBalance reports an expression whose blocks do not nest or that does
// not close with its own end, before the rewriter relies on its structure.
func checkBalance(ins []instr) error {
	depth := 0
	for k, in := range ins {
		switch in.op {
		case opBlock, opLoop, opIf:
			depth++
		case opEnd:
			if depth == 0 && k != len(ins)-1 {
				return errUnbalanced
			}
			depth--
		}
	}
	if depth != -1 {
		return errUnbalanced
	}
	return nil
}
