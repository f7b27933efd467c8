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
// A call without resume point cannot resume: Go follows it
// (CALLNORESUME) with "if unreachable end" where a call that resumes has
// the br_if that unwinds the WebAssembly stack; sigpanic, whose return
// address (pc-1 of the call's own) only feeds tracebacks, with nothing.
// Constants that name a function from another body, or that are not
// followed by a call, count as entries, whatever they are.

// funcValueOffset is PC_F minus the index of a defined function.
const funcValueOffset = 0x1000

const (
	opCall         = 0x10
	opCallIndirect = 0x11
	opI64Const     = 0x42
	opI64Store     = 0x37
)

// entryPCs returns, for each defined function of a code section, the PC_B
// values besides 0 with which the runtime may enter it (see above). It
// decodes every body: one that does not decode could hold any constant, so
// that is an error, and the caller then makes no loops at all.
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
		for k, in := range ins {
			if in.op != opI64Const {
				continue
			}
			g := uint64(in.imm)>>16 - funcValueOffset
			if g >= n {
				continue
			}
			if g == f && !resumes(ins, k) {
				continue
			}
			if pcs[g] == nil {
				pcs[g] = map[int64]bool{}
			}
			pc := in.imm & 0xffff
			pcs[g][pc] = true
			if pc > 0 {
				pcs[g][pc-1] = true // deferreturn enters at the call's own segment
			}
		}
	}
	return pcs, nil
}

// resumes reports whether the i64.const at ins[k] may be the return address
// of a call that resumes. It is false only for Go's store of a return
// address followed, within the few instructions that set up the call, by a
// call that is followed (after Go reloads its SP cache: global.get, local.set)
// by "if unreachable" (a call without resume point) or by the end of the
// block around it (sigpanic, in a nil check's if).
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
			switch {
			case j >= len(ins):
				return true
			case ins[j].op == opEnd:
				return false
			case ins[j].op == opIf && j+1 < len(ins) && ins[j+1].op == 0x00:
				return false
			}
			return true
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
			return nil, err
		}
		ins = append(ins, in)
		i = in.end
	}
	return ins, nil
}
