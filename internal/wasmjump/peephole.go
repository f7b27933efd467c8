package wasmjump

// narrowLoad maps each i64 load to the i32 load of the same low 32 bits.
var narrowLoad = [256]byte{
	0x29: 0x28, // i64.load -> i32.load
	0x30: 0x2c, // i64.load8_s -> i32.load8_s
	0x31: 0x2d, // i64.load8_u -> i32.load8_u
	0x32: 0x2e, // i64.load16_s -> i32.load16_s
	0x33: 0x2f, // i64.load16_u -> i32.load16_u
	0x34: 0x28, // i64.load32_s -> i32.load
	0x35: 0x28, // i64.load32_u -> i32.load
}

// Opcodes of the peephole rules.
const (
	opI32Eqz       = 0x45
	opI64Eqz       = 0x50
	opI64ExtendU32 = 0xad
	opI32Add       = 0x6a
	opI64Const     = 0x42
	opI64Add       = 0x7c
	opI32WrapI64   = 0xa7
	opGlobSet      = 0x24
)

// peephole shortens two things Go's wasm code does often, with rules that
// are exact for every input, applied to adjacent instructions (nothing can
// branch into the middle of a straight run in WebAssembly).
//
// Booleans. Go keeps every boolean as an i64 0 or 1, so a branch on a
// comparison comes out as
//
//	i64.eqz  i64.extend_i32_u  i64.eqz  i32.eqz  br_if L
//
// (compare, widen the i32 result to Go's i64, then test it for zero twice),
// which V8 compiles to a setcc, a zero extension and a second test and
// branch where one test and branch would do:
//
//	i64.extend_i32_u  i64.eqz     ->  i32.eqz    (a zero extension is zero iff its input is)
//	i32.eqz  i32.eqz  br_if / if  ->  br_if / if (both test only zero or not)
//
// so the sequence above becomes i64.eqz br_if L.
//
// Addresses. Go computes an address next to the stack pointer (an i32) in
// i64 and wraps it back, which V8 compiles to two zero extensions:
//
//	i64.extend_i32_u  i64.const C  i64.add  i32.wrap_i64  ->  i32.const C  i32.add
//	i64.extend_i32_u  i32.wrap_i64                        ->  (nothing)
//
// (wrapping commutes with addition modulo 2^32).
//
// Returns. A function with a frame returns with two stack pointer updates
// in a row, its frame and then the return address:
//
//	local.get 1  i32.const F  i32.add  local.tee 1  global.set 0
//	local.get 1  i32.const 8  i32.add  local.tee 1  global.set 0
//
// Nothing reads the first value before the second overwrites it, so
//
//	local.get 1  i32.const F+8  i32.add  local.tee 1  global.set 0
//
// does the same (any local and global, any constants).
//
// Loads. A 64-bit load whose value is only wrapped to i32 (a pointer about
// to be dereferenced, mostly) becomes the 32-bit load of the same low bytes
// (WebAssembly memory is little-endian), which needs no zero extension:
//
//	i64.load  i32.wrap_i64  ->  i32.load   (i64.load32_s/u too; 8 and 16 bits likewise)
//
// This one reads fewer bytes, so it would trap at the end of memory a few
// bytes later than the original: only a program that loads out of bounds,
// which Go's code never does (its runtime checks indexes and nil pointers
// itself), could tell them apart.
//
// It returns b unchanged (and 0) when no rule applies, else the new
// expression and the number of instructions removed.
func peephole(b []byte) ([]byte, int, error) {
	ins, err := decodeExpr(b)
	if err != nil {
		return nil, 0, err
	}
	out := make([]byte, 0, len(b))
	var ops []byte   // opcodes of the instructions in out, for the rules
	var imms []int64 // their immediates
	var at []int     // where each of them starts in out
	removed := 0
	for _, in := range ins {
		n := len(ops)
		switch {
		case in.op == opI32WrapI64 && n > 0 && narrowLoad[ops[n-1]] != 0:
			// The load is the last instruction in out: re-emit it narrowed.
			o := ops[n-1]
			align, i, err := readU(out, at[n-1]+1)
			if err != nil {
				return nil, 0, err
			}
			off, _, err := readU(out, i)
			if err != nil {
				return nil, 0, err
			}
			out = append(out[:at[n-1]], narrowLoad[o])
			out = appendU(out, min(align, 2))
			out = appendU(out, off)
			ops[n-1] = narrowLoad[o]
			removed++
			continue
		case in.op == opI32WrapI64 && n > 0 && ops[n-1] == opI64ExtendU32:
			out = out[:at[n-1]]
			ops, imms, at = ops[:n-1], imms[:n-1], at[:n-1]
			removed += 2
			continue
		case in.op == opI32WrapI64 && n > 2 && ops[n-1] == opI64Add && ops[n-2] == opI64Const && ops[n-3] == opI64ExtendU32:
			c := int64(int32(imms[n-2]))
			out = out[:at[n-3]]
			ops, imms, at = ops[:n-3], imms[:n-3], at[:n-3]
			for _, o := range []byte{opI32Const, opI32Add} {
				at = append(at, len(out))
				ops, imms = append(ops, o), append(imms, c)
				out = append(out, o)
				if o == opI32Const {
					out = appendS(out, c)
				}
			}
			removed += 2
			continue
		case in.op == opI64Eqz && n > 0 && ops[n-1] == opI64ExtendU32:
			out = append(out[:at[n-1]], opI32Eqz)
			ops[n-1] = opI32Eqz
			removed++
			continue
		case in.op == opGlobSet && n > 5 && ops[n-6] == opLocalTee && ops[n-5] == opGlobSet && ops[n-4] == opLocalGet &&
			ops[n-3] == opI32Const && ops[n-2] == opI32Add && ops[n-1] == opLocalTee &&
			imms[n-6] == imms[n-4] && imms[n-4] == imms[n-1] && imms[n-5] == in.imm:
			// SP += C1 then SP += C2 (a function's return: its frame, then
			// the return address): the first update of the local and the
			// global is overwritten at once, so one update by C1+C2 does.
			local, c, from := imms[n-1], imms[n-3], n-6
			removed += 3
			if n > 7 && ops[n-8] == opI32Const && ops[n-7] == opI32Add {
				c += imms[n-8]
				from = n - 8
				removed += 2
			}
			c = int64(int32(c))
			out, ops, imms, at = out[:at[from]], ops[:from], imms[:from], at[:from]
			at, ops, imms = append(at, len(out)), append(ops, opI32Const), append(imms, c)
			out = appendS(append(out, opI32Const), c)
			at, ops, imms = append(at, len(out)), append(ops, opI32Add), append(imms, 0)
			out = append(out, opI32Add)
			at, ops, imms = append(at, len(out)), append(ops, opLocalTee), append(imms, local)
			out = appendU(append(out, opLocalTee), uint64(local))
		case in.op == opBrIf || in.op == opIf:
			for ; n > 1 && ops[n-1] == opI32Eqz && ops[n-2] == opI32Eqz; n -= 2 {
				out = out[:at[n-2]]
				ops, imms, at = ops[:n-2], imms[:n-2], at[:n-2]
				removed += 2
			}
		}
		at = append(at, len(out))
		ops, imms = append(ops, in.op), append(imms, in.imm)
		out = append(out, b[in.start:in.end]...)
	}
	if removed == 0 {
		return b, 0, nil
	}
	return out, removed, nil
}
