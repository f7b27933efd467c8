package wasmjump

import (
	"bytes"
	"errors"
	"fmt"
)

// CountSIMD returns how many 128-bit SIMD instructions (0xfd prefix) the
// function bodies of the module mod hold: the check that a build meant to
// use wasm SIMD does, and that its scalar fallback does not.
func CountSIMD(mod []byte) (int, error) {
	if !bytes.HasPrefix(mod, magic) {
		return 0, errors.New("wasmjump: not a WebAssembly 1.0 module")
	}
	for i := len(magic); i < len(mod); {
		id := mod[i]
		sec, next, err := readVec(mod, i+1)
		if err != nil {
			return 0, fmt.Errorf("wasmjump: section %d at byte %#x: %w", id, i, err)
		}
		if id == secCode {
			return countSIMDCode(sec)
		}
		i = next
	}
	return 0, nil
}

func countSIMDCode(sec []byte) (int, error) {
	n, i, err := readCount(sec, "bodies")
	if err != nil {
		return 0, err
	}
	count := 0
	for f := uint64(0); f < n; f++ {
		body, next, err := readVec(sec, i)
		if err != nil {
			return 0, fmt.Errorf("body %d: %w", f, err)
		}
		i = next
		ins, err := decodeBody(body)
		if err != nil {
			return 0, fmt.Errorf("body %d: %w", f, err)
		}
		for _, in := range ins {
			if in.op == opSIMD {
				count++
			}
		}
	}
	return count, nil
}
