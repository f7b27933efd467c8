//go:build !wasm

package board

// set copies s into st. Natively a plain struct copy is a few vector moves;
// statecopy_wasm.go explains why the js/wasm port copies field by field.
func (st *state) set(s *state) { *st = *s }
