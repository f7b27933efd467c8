package wasmjump

import (
	"bytes"
	"testing"
)

func TestPeephole(t *testing.T) {
	var (
		i64eqz = []byte{opI64Eqz}
		i32eqz = []byte{opI32Eqz}
		extU   = []byte{opI64ExtendU32}
		i64ne  = []byte{0x52}
		i64add = []byte{0x7c}
		i32add = []byte{opI32Add}
		wrap   = []byte{opI32WrapI64}
		i64c   = func(v int64) []byte { return appendS([]byte{opI64Const}, v) }
		i32cS  = func(v int64) []byte { return appendS([]byte{opI32Const}, v) }
	)
	tests := []struct {
		name     string
		in, want []byte
		removed  int
	}{{
		name:    "Go's branch on a comparison becomes the comparison and br_if",
		in:      cat(lget(2), i64eqz, extU, i64eqz, i32eqz, brIf(0), end),
		want:    cat(lget(2), i64eqz, brIf(0), end),
		removed: 3,
	}, {
		name:    "the same before an if",
		in:      cat(lget(2), i64ne, extU, i64eqz, i32eqz, ifE, nop, end, end),
		want:    cat(lget(2), i64ne, ifE, nop, end, end),
		removed: 3,
	}, {
		name:    "a widened boolean tested for zero is the boolean's i32.eqz",
		in:      cat(lget(2), i64eqz, extU, i64eqz, brIf(0), end),
		want:    cat(lget(2), i64eqz, i32eqz, brIf(0), end),
		removed: 1,
	}, {
		name:    "four i32.eqz before a br_if all go",
		in:      cat(lget(2), i32eqz, i32eqz, i32eqz, i32eqz, brIf(0), end),
		want:    cat(lget(2), brIf(0), end),
		removed: 4,
	}, {
		name:    "three leave one",
		in:      cat(lget(2), i32eqz, i32eqz, i32eqz, brIf(0), end),
		want:    cat(lget(2), i32eqz, brIf(0), end),
		removed: 2,
	}, {
		name: "a double i32.eqz whose value is kept normalises it to 0 or 1: kept",
		in:   cat(lget(2), i32eqz, i32eqz, lset(3), end),
		want: cat(lget(2), i32eqz, i32eqz, lset(3), end),
	}, {
		name: "a widened value that is not tested stays",
		in:   cat(lget(2), extU, i64add, lset(3), end),
		want: cat(lget(2), extU, i64add, lset(3), end),
	}, {
		name:    "an address next to SP is computed in i32",
		in:      cat(lget(1), extU, i64c(200), i64add, wrap, lget(1), []byte{0x29, 3, 0}, end),
		want:    cat(lget(1), i32cS(200), i32add, lget(1), []byte{0x29, 3, 0}, end),
		removed: 2,
	}, {
		name:    "a constant that does not fit 32 bits is wrapped too",
		in:      cat(lget(1), extU, i64c(1<<32+5), i64add, wrap, end),
		want:    cat(lget(1), i32cS(5), i32add, end),
		removed: 2,
	}, {
		name:    "a negative one stays negative",
		in:      cat(lget(1), extU, i64c(-8), i64add, wrap, end),
		want:    cat(lget(1), i32cS(-8), i32add, end),
		removed: 2,
	}, {
		name:    "widening and wrapping back is nothing",
		in:      cat(lget(1), extU, wrap, lset(3), end),
		want:    cat(lget(1), lset(3), end),
		removed: 2,
	}, {
		name:    "a loaded pointer that is only wrapped is loaded as i32",
		in:      cat(lget(1), []byte{0x29, 3, 40}, wrap, []byte{0x29, 3, 0}, end),
		want:    cat(lget(1), []byte{0x28, 2, 40}, []byte{0x29, 3, 0}, end),
		removed: 1,
	}, {
		name:    "narrow loads keep their alignment and offset",
		in:      cat(lget(1), []byte{0x31, 0, 0x81, 1}, wrap, lget(1), []byte{0x34, 2, 7}, wrap, lget(1), []byte{0x33, 1, 2}, wrap, end),
		want:    cat(lget(1), []byte{0x2d, 0, 0x81, 1}, lget(1), []byte{0x28, 2, 7}, lget(1), []byte{0x2f, 1, 2}, end),
		removed: 3,
	}, {
		name: "a load used as i64 stays",
		in:   cat(lget(1), []byte{0x29, 3, 40}, i64c(1), i64add, wrap, end),
		want: cat(lget(1), []byte{0x29, 3, 40}, i64c(1), i64add, wrap, end),
	}, {
		name: "an i64 sum that is kept as i64 stays",
		in:   cat(lget(1), extU, i64c(8), i64add, lset(3), end),
		want: cat(lget(1), extU, i64c(8), i64add, lset(3), end),
	}, {
		name:    "a return's two SP updates become one",
		in:      cat(lget(1), i32cS(40), i32add, op(opLocalTee, 1), op(opGlobSet, 0), lget(1), i32cS(8), i32add, op(opLocalTee, 1), op(opGlobSet, 0), i32cS(0), []byte{0x0f}, end),
		want:    cat(lget(1), i32cS(48), i32add, op(opLocalTee, 1), op(opGlobSet, 0), i32cS(0), []byte{0x0f}, end),
		removed: 5,
	}, {
		name:    "without a constant before, the second update stays whole",
		in:      cat(lget(3), op(opLocalTee, 1), op(opGlobSet, 0), lget(1), i32cS(8), i32add, op(opLocalTee, 1), op(opGlobSet, 0), end),
		want:    cat(lget(3), i32cS(8), i32add, op(opLocalTee, 1), op(opGlobSet, 0), end),
		removed: 3,
	}, {
		name: "another local or global in between keeps both updates",
		in:   cat(lget(1), i32cS(40), i32add, op(opLocalTee, 1), op(opGlobSet, 0), lget(2), i32cS(8), i32add, op(opLocalTee, 1), op(opGlobSet, 0), end),
		want: cat(lget(1), i32cS(40), i32add, op(opLocalTee, 1), op(opGlobSet, 0), lget(2), i32cS(8), i32add, op(opLocalTee, 1), op(opGlobSet, 0), end),
	}, {
		name: "the rules look only at adjacent instructions",
		in:   cat(lget(2), extU, nop, i64eqz, i32eqz, nop, i32eqz, brIf(0), end),
		want: cat(lget(2), extU, nop, i64eqz, i32eqz, nop, i32eqz, brIf(0), end),
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, removed, err := peephole(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, tc.want) || removed != tc.removed {
				t.Errorf("got %x (%d removed), want %x (%d)", got, removed, tc.want, tc.removed)
			}
			again, n, err := peephole(got)
			if err != nil || n != 0 || !bytes.Equal(again, got) {
				t.Errorf("a second pass changed %x into %x (%d removed, err %v)", got, again, n, err)
			}
		})
	}
}

func TestPeepholeOption(t *testing.T) {
	expr := cat(goPrologue, lget(2), []byte{opI64Eqz, opI64ExtendU32, opI64Eqz, opI32Eqz}, brIf(1), end, nop, goEpilogue)
	mod := module([]byte{0}, expr)
	got, st, err := RewriteWith(mod, noUnloop)
	if err != nil {
		t.Fatal(err)
	}
	want := module([]byte{0}, cat(goPrologue, lget(2), []byte{opI64Eqz}, brIf(1), end, nop, goEpilogue))
	if !bytes.Equal(got, want) || st.Peephole != 3 {
		t.Errorf("Rewrite: got %x (%+v), want %x with 3 removed", got, st, want)
	}
	got, st, err = RewriteWith(mod, Options{NoPeephole: true, NoUnloop: true})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, mod) || st.Peephole != 0 {
		t.Errorf("NoPeephole: got %x (%+v), want the module unchanged", got, st)
	}
}
