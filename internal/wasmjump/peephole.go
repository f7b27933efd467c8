package wasmjump

// Opcodes of the peephole rules.
const (
	opI32Eqz       = 0x45
	opI64Eqz       = 0x50
	opI64ExtendU32 = 0xad
)

// peephole shortens the way Go's wasm code tests a boolean. Go keeps every
// boolean as an i64 0 or 1, so a branch on a comparison comes out as
//
//	i64.eqz  i64.extend_i32_u  i64.eqz  i32.eqz  br_if L
//
// (compare, widen the i32 result to Go's i64, then test it for zero twice),
// which V8 compiles to a setcc, a zero extension and a second test and
// branch where one test and branch would do. Two rules, each exact for
// every input, applied to adjacent instructions (nothing can branch into
// the middle of a straight run in WebAssembly):
//
//	i64.extend_i32_u  i64.eqz     ->  i32.eqz    (a zero extension is zero iff its input is)
//	i32.eqz  i32.eqz  br_if / if  ->  br_if / if (both test only zero or not)
//
// so the sequence above becomes i64.eqz br_if L. It returns b unchanged
// (and 0) when no rule applies, else the new expression and the number of
// instructions removed.
func peephole(b []byte) ([]byte, int, error) {
	var ins []instr
	for i := 0; i < len(b); {
		in, err := decode(b, i)
		if err != nil {
			return nil, 0, err
		}
		ins = append(ins, in)
		i = in.end
	}
	out := make([]byte, 0, len(b))
	var ops []byte // opcodes of the instructions in out, for the rules
	var at []int   // where each of them starts in out
	removed := 0
	for _, in := range ins {
		n := len(ops)
		switch {
		case in.op == opI64Eqz && n > 0 && ops[n-1] == opI64ExtendU32:
			out = append(out[:at[n-1]], opI32Eqz)
			ops[n-1] = opI32Eqz
			removed++
			continue
		case in.op == opBrIf || in.op == opIf:
			for ; n > 1 && ops[n-1] == opI32Eqz && ops[n-2] == opI32Eqz; n -= 2 {
				out = out[:at[n-2]]
				ops, at = ops[:n-2], at[:n-2]
				removed += 2
			}
		}
		at = append(at, len(out))
		ops = append(ops, in.op)
		out = append(out, b[in.start:in.end]...)
	}
	if removed == 0 {
		return b, 0, nil
	}
	return out, removed, nil
}
