package wasmjump

import "fmt"

// WebAssembly opcodes the rewriter looks at.
const (
	opBlock    = 0x02
	opLoop     = 0x03
	opIf       = 0x04
	opElse     = 0x05
	opEnd      = 0x0b
	opBr       = 0x0c
	opBrIf     = 0x0d
	opBrTable  = 0x0e
	opLocalGet = 0x20
	opLocalSet = 0x21
	opGlobGet  = 0x23
	opI32Const = 0x41

	blockEmpty = 0x40 // block type of a block without results
	opSIMD     = 0xfd // prefix of the 128-bit SIMD instructions
)

// skipSIMD returns the offset past the SIMD instruction whose sub-opcode
// starts at b[i:] (after the 0xfd prefix), from the immediates of the
// fixed-width SIMD proposal (WebAssembly 2.0): a memory argument for loads
// and stores (and a lane index for the lane ones), sixteen bytes for
// v128.const and i8x16.shuffle, a lane index for extract/replace_lane;
// every other instruction up to the relaxed ones (0x113) has none.
func skipSIMD(b []byte, i int) (int, error) {
	u, i, err := readU(b, i)
	if err != nil {
		return i, err
	}
	memarg := func(i int) (int, error) {
		_, i, err := readU(b, i) // align
		if err == nil {
			_, i, err = readU(b, i) // offset
		}
		return i, err
	}
	switch {
	case u <= 11 || u == 92 || u == 93: // v128.load*, load*_splat, v128.store, load*_zero
		return memarg(i)
	case u == 12 || u == 13: // v128.const, i8x16.shuffle
		return i + 16, nil
	case u >= 21 && u <= 34: // extract_lane, replace_lane
		return i + 1, nil
	case u >= 84 && u <= 91: // load*_lane, store*_lane
		i, err = memarg(i)
		return i + 1, err
	case u <= 0x113:
		return i, nil
	}
	return i, fmt.Errorf("unknown instruction 0xfd %d", u)
}

// instr is one decoded instruction: its opcode, its byte range in the
// function body, and the immediate the rewriter needs (a branch depth, a
// local index or a constant; the labels of a br_table, the default last).
type instr struct {
	op         byte
	start, end int
	imm        int64
	labels     []uint32
}

// decode decodes the instruction at b[i:]. It knows every instruction of
// the WebAssembly 1.0 core plus the sign-extension, non-trapping
// float-to-int, bulk-memory and fixed-width SIMD ones, a superset of what Go
// emits (with GOEXPERIMENT=simd too).
func decode(b []byte, i int) (instr, error) {
	in := instr{op: b[i], start: i}
	i++
	var err error
	var u uint64
	switch op := in.op; {
	case op == opBlock || op == opLoop || op == opIf:
		if i >= len(b) {
			return in, errTruncated
		}
		switch c := b[i]; {
		case c == blockEmpty || (c >= 0x7b && c <= 0x7f) || c == 0x70 || c == 0x6f:
			in.imm = int64(c)
			i++
		default:
			in.imm, i, err = readS(b, i) // a type index
			if err == nil && in.imm < 0 {
				err = fmt.Errorf("bad block type %d", in.imm)
			}
		}
	case op == 0x00 || op == 0x01 || op == opElse || op == opEnd || op == 0x0f || op == 0x1a || op == 0x1b:
		// unreachable, nop, else, end, return, drop, select: no immediate
	case op == opBr || op == opBrIf:
		u, i, err = readU(b, i)
		in.imm = int64(u)
	case op == opBrTable:
		var n uint64
		n, i, err = readU(b, i)
		if err == nil && n > uint64(len(b)-i) {
			err = fmt.Errorf("br_table of %d labels in %d bytes", n, len(b)-i)
		}
		for k := uint64(0); k <= n && err == nil; k++ {
			u, i, err = readU(b, i)
			if err == nil && u > 1<<32-1 {
				err = fmt.Errorf("br_table label %d", u)
			}
			in.labels = append(in.labels, uint32(u))
		}
	case op == 0x10: // call f
		_, i, err = readU(b, i)
	case op == 0x11: // call_indirect type table
		_, i, err = readU(b, i)
		if err == nil {
			_, i, err = readU(b, i)
		}
	case op >= opLocalGet && op <= 0x24: // local.get/set/tee, global.get/set
		u, i, err = readU(b, i)
		in.imm = int64(u)
	case op >= 0x28 && op <= 0x3e: // loads and stores: align, offset
		_, i, err = readU(b, i)
		if err == nil {
			_, i, err = readU(b, i)
		}
	case op == 0x3f || op == 0x40: // memory.size, memory.grow: memory index
		_, i, err = readU(b, i)
	case op == opI32Const || op == 0x42:
		in.imm, i, err = readS(b, i)
	case op == 0x43:
		i += 4
	case op == 0x44:
		i += 8
	case op >= 0x45 && op <= 0xc4: // numeric, conversions, sign extension
	case op == 0xfc:
		u, i, err = readU(b, i)
		switch {
		case err != nil:
		case u <= 7: // saturating truncations
		case u == 10: // memory.copy dst src
			_, i, err = readU(b, i)
			if err == nil {
				_, i, err = readU(b, i)
			}
		case u == 11: // memory.fill mem
			_, i, err = readU(b, i)
		default:
			err = fmt.Errorf("unknown instruction 0xfc %d", u)
		}
	case op == opSIMD:
		i, err = skipSIMD(b, i)
	default:
		err = fmt.Errorf("unknown opcode 0x%02x", op)
	}
	if err == nil && i > len(b) {
		err = errTruncated
	}
	in.end = i
	return in, err
}
