package wasmjump

import (
	"errors"
	"fmt"
)

// tableBackJumps counts the jumps of the named function of mod that still
// go back through its dispatch table.
func tableBackJumps(mod []byte, name string) (int, error) {
	var imports, idx uint64
	var code []byte
	found := false
	for i := len(magic); i < len(mod); {
		id := mod[i]
		sec, next, err := readVec(mod, i+1)
		if err != nil {
			return 0, err
		}
		i = next
		switch id {
		case 2:
			if imports, err = funcImports(sec); err != nil {
				return 0, err
			}
		case secCode:
			code = sec
		case 0:
			nm, j, err := readVec(sec, 0)
			if err != nil || string(nm) != "name" {
				continue
			}
			if idx, found, err = lookupName(sec[j:], name); err != nil {
				return 0, err
			}
		}
	}
	if !found || idx < imports {
		return 0, fmt.Errorf("no defined function %q in the name section", name)
	}
	n, j, err := readCount(code, "bodies")
	if err != nil || idx-imports >= n {
		return 0, fmt.Errorf("function %d of %d bodies: %v", idx-imports, n, err)
	}
	var body []byte
	for f := uint64(0); f <= idx-imports; f++ {
		if body, j, err = readVec(code, j); err != nil {
			return 0, err
		}
	}
	ins, err := decodeBody(body)
	if err != nil {
		return 0, err
	}
	e, _ := skipLocals(body)
	lf, ok := parseLoops(body[e:], ins, funcValueOffset+int64(idx-imports), nil)
	if !ok {
		// unloop made the entry loop a block: no jump is left to go
		// through it.
		for k := 2; k < len(ins); k++ {
			if ins[k].op == opBr && ins[k-1].op == opLocalSet && ins[k-1].imm == 0 {
				return 0, errors.New("not Go's shape, and a jump through the dispatch left")
			}
		}
		return 0, nil
	}
	back := 0
	for _, jp := range lf.jumps {
		if jp.to <= jp.from {
			back++
		}
	}
	return back, nil
}

// funcImports counts the functions an import section imports.
func funcImports(sec []byte) (uint64, error) {
	n, i, err := readCount(sec, "imports")
	if err != nil {
		return 0, err
	}
	var funcs uint64
	for k := uint64(0); k < n; k++ {
		for f := 0; f < 2 && err == nil; f++ { // module and field names
			_, i, err = readVec(sec, i)
		}
		if err != nil || i >= len(sec) {
			return 0, fmt.Errorf("import %d: %v", k, err)
		}
		kind := sec[i]
		i++
		switch kind {
		case 0: // function: type index
			funcs++
			_, i, err = readU(sec, i)
		case 1: // table: element type, limits
			i, err = skipLimits(sec, i+1)
		case 2: // memory: limits
			i, err = skipLimits(sec, i)
		case 3: // global: value type, mutability
			i += 2
		default:
			return 0, fmt.Errorf("import %d: kind %d", k, kind)
		}
		if err != nil {
			return 0, err
		}
	}
	return funcs, nil
}

func skipLimits(b []byte, i int) (int, error) {
	if i >= len(b) {
		return i, errTruncated
	}
	hasMax := b[i] == 1
	_, i, err := readU(b, i+1)
	if err == nil && hasMax {
		_, i, err = readU(b, i)
	}
	return i, err
}

// lookupName finds a function's index in the function names (subsection
// 1) of a name section's contents.
func lookupName(b []byte, name string) (uint64, bool, error) {
	for i := 0; i < len(b); {
		id := b[i]
		sub, next, err := readVec(b, i+1)
		if err != nil {
			return 0, false, err
		}
		i = next
		if id != 1 {
			continue
		}
		n, j, err := readU(sub, 0)
		for k := uint64(0); k < n && err == nil; k++ {
			var idx uint64
			var nm []byte
			if idx, j, err = readU(sub, j); err == nil {
				nm, j, err = readVec(sub, j)
			}
			if err == nil && string(nm) == name {
				return idx, true, nil
			}
		}
		return 0, false, err
	}
	return 0, false, nil
}
