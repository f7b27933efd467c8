package wasmjump

import "fmt"

// Where the runtime enters a Go function's dispatch with PC_B other than a
// jump's: cmd/internal/obj/wasm/wasmobj.go (go1.26) and the linker give the
// list, and the loop pass (loops.go) must keep every such place reachable
// from the entry br_table.
//
//   - PC_B = 0: a call of the function, and morestack, whose return address
//     is the entry (its call has no resume point of its own).
//   - The return address of a call: before each call Go stores
//     i64.const PC_F<<16|pc on its stack, pc being the resume point after
//     the call; a goroutine switch unwinds the WebAssembly stack and later
//     calls the function again with that pc. PC_F is funcValueOffset
//     (0x1000) plus the function's index among the module's defined
//     functions (cmd/link/internal/wasm/asm.go).
//   - deferreturn after a recovered panic: the runtime enters at the
//     function's _func.deferreturn, which the linker sets to the return
//     address of the call of runtime.deferreturn minus one, the segment that
//     holds that call.
//   - runtime.goexit+1, set as the return address of a new goroutine:
//     goexit is assembly without jumps.
//
// A call without resume point (CALLNORESUME) cannot resume: Go follows
// one with "if unreachable end" where a call that resumes has the br_if
// that unwinds the WebAssembly stack, except a call of sigpanic, which
// never resumes either (its return address, pc-1 of the call's own, only
// feeds tracebacks) but has the br_if. A call that resumes (CALL) is always
// at the top level of its segment, and sigpanic is inside the if of a nil
// check: so a function's own return addresses count where they are at the
// top level of a segment and not followed by "if unreachable" (parseLoops
// sees the levels), and constants that name another function count
// wherever they are, whatever they are (entryPCs).

// funcValueOffset is PC_F minus the index of a defined function.
const funcValueOffset = 0x1000

const (
	opCall         = 0x10
	opCallIndirect = 0x11
	opI64Store     = 0x37
)

// entryPCs returns, for each defined function of a code section, the PC_B
// values that i64.const instructions of the other functions name (see
// above). It decodes every body: one that does not decode could hold any
// constant, so that is an error, and the caller then makes no loops at all.
func entryPCs(sec []byte) ([]map[int64]bool, error) {
	n, i, err := readCount(sec, "bodies")
	if err != nil {
		return nil, err
	}
	pcs := make([]map[int64]bool, n)
	for f := uint64(0); f < n; f++ {
		body, next, err := readVec(sec, i)
		if err != nil {
			return nil, err
		}
		i = next
		ins, err := decodeBody(body)
		if err != nil {
			return nil, fmt.Errorf("body %d: %w", f, err)
		}
		for _, in := range ins {
			if g := uint64(in.imm)>>16 - funcValueOffset; in.op == opI64Const && g < n && g != f {
				if pcs[g] == nil {
					pcs[g] = map[int64]bool{}
				}
				addPC(pcs[g], in.imm)
			}
		}
	}
	return pcs, nil
}

// addPC adds the pc of the address a (PC_F<<16 | pc) to pcs, and pc-1 for
// deferreturn, which enters at the segment of the call before a.
func addPC(pcs map[int64]bool, a int64) {
	pc := a & 0xffff
	pcs[pc] = true
	if pc > 0 {
		pcs[pc-1] = true
	}
}

// resumes reports whether the i64.const at ins[k], a return address at the
// top level of a segment, may be that of a call that resumes: false only
// when it is stored (i64.store) and, within the few instructions that set
// up the call, a call follows whose next instruction, after Go reloads its
// SP cache (global.get, local.set), is "if unreachable".
func resumes(ins []instr, k int) bool {
	if k+1 >= len(ins) || ins[k+1].op != opI64Store {
		return true
	}
	for j := k + 2; j < len(ins) && j < k+9; j++ {
		switch ins[j].op {
		case opCall, opCallIndirect:
			j++
			for j < len(ins) && (ins[j].op == opGlobGet || ins[j].op == opLocalSet) {
				j++
			}
			return !(j+1 < len(ins) && ins[j].op == opIf && ins[j+1].op == 0x00)
		case opBlock, opLoop, opIf, opEnd, opElse, opBr, opBrIf, opBrTable:
			return true
		}
	}
	return true
}

// decodeBody decodes the expression of a function body (after its locals).
func decodeBody(body []byte) ([]instr, error) {
	e, err := skipLocals(body)
	if err != nil {
		return nil, err
	}
	return decodeExpr(body[e:])
}

// decodeExpr decodes every instruction of an expression.
func decodeExpr(b []byte) ([]instr, error) {
	var ins []instr
	for i := 0; i < len(b); {
		in, err := decode(b, i)
		if err != nil {
			return nil, fmt.Errorf("instruction at byte %#x of the expression: %w", i, err)
		}
		ins = append(ins, in)
		i = in.end
	}
	return ins, nil
}
