package wasmjump

// A tiny assembler for hand-made test modules.

func cat(parts ...[]byte) []byte {
	var b []byte
	for _, p := range parts {
		b = append(b, p...)
	}
	return b
}

func op(o byte, imm ...uint64) []byte {
	b := []byte{o}
	for _, v := range imm {
		b = appendU(b, v)
	}
	return b
}

var (
	block = []byte{opBlock, blockEmpty}
	loop  = []byte{opLoop, blockEmpty}
	ifE   = []byte{opIf, blockEmpty}
	elseI = []byte{opElse}
	end   = []byte{opEnd}
	nop   = []byte{0x01}
	unrch = []byte{0x00}
)

func br(d uint64) []byte         { return op(opBr, d) }
func brIf(d uint64) []byte       { return op(opBrIf, d) }
func lget(l uint64) []byte       { return op(opLocalGet, l) }
func lset(l uint64) []byte       { return op(opLocalSet, l) }
func gget(g uint64) []byte       { return op(opGlobGet, g) }
func brTable(l ...uint64) []byte { return op(opBrTable, append([]uint64{uint64(len(l) - 1)}, l...)...) }

// i32c is i32.const v, v as a signed LEB128 number (the rewriter reads it
// with readS; an unsigned encoding of 64..127 would read back negative).
func i32c(v int64) []byte { return appendS([]byte{opI32Const}, v) }

// jump is Go's jump to the basic block at pc through the entry loop, which
// is depth levels up.
func jump(pc int64, depth uint64) []byte { return cat(i32c(pc), lset(0), br(depth)) }

// goPrologue is the entry Go emits for three resume points: segment r
// starts after the end of the block labelled r.
var goPrologue = cat(gget(0), lset(1), block, loop, block, block, block, lget(0), brTable(0, 1, 2, 2), end)

// goEpilogue closes the two outer resume blocks, the loop and the unwind
// block, and the expression.
var goEpilogue = cat(end, end, unrch, end, i32c(1), end)

// typeSec is a type section with Go's (i32) -> i32 as type 0
// and () -> () as type 1.
var typeSec = []byte{2, 0x60, 1, 0x7f, 1, 0x7f, 0x60, 0, 0}

// module assembles a module of functions with the given types and
// expressions (no locals).
func module(types []byte, exprs ...[]byte) []byte {
	m := append([]byte(nil), magic...)
	sec := func(id byte, body []byte) {
		m = append(m, id)
		m = appendU(m, uint64(len(body)))
		m = append(m, body...)
	}
	sec(secType, typeSec)
	sec(secFunction, append(appendU(nil, uint64(len(types))), types...))
	code := appendU(nil, uint64(len(exprs)))
	for _, e := range exprs {
		body := append([]byte{0}, e...) // no locals
		code = appendU(code, uint64(len(body)))
		code = append(code, body...)
	}
	sec(secCode, code)
	sec(0, []byte("\x04name\x01\x02")) // a custom section after the code
	return m
}
