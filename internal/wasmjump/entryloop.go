package wasmjump

// unloop turns Go's entry loop into a block when nothing branches to it
// any more: once every jump through the dispatch table is direct, the loop
// is entered only from the top, yet V8 still compiles it as a loop, with a
// stack check at its header and every local that lives across it treated
// as a loop value. A block whose label no branch names behaves exactly like
// a loop whose label no branch names. It returns b unchanged (and false)
// when some branch still targets the loop or the function has no entry
// loop.
func unloop(b []byte) ([]byte, bool, error) {
	ins, err := decodeExpr(b)
	if err != nil {
		return nil, false, err
	}
	e, ok := findEntry(ins)
	if !ok {
		return b, false, nil
	}
	var stack []int // instruction indexes of the open block, loop and if
	targets := func(d int64) bool {
		return d < int64(len(stack)) && stack[len(stack)-1-int(d)] == e.loop
	}
	for k, in := range ins {
		switch in.op {
		case opBlock, opLoop, opIf:
			stack = append(stack, k)
		case opEnd:
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		case opBr, opBrIf:
			if targets(in.imm) {
				return b, false, nil
			}
		case opBrTable:
			for _, l := range in.labels {
				if targets(int64(l)) {
					return b, false, nil
				}
			}
		}
	}
	out := append([]byte(nil), b...)
	out[ins[e.loop].start] = opBlock
	return out, true, nil
}
