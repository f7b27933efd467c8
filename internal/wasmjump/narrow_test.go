package wasmjump

import (
	"bytes"
	"testing"
)

func TestNarrow(t *testing.T) {
	var (
		i64add = []byte{0x7c}
		i64shl = []byte{0x86}
		i64shr = []byte{0x88}
		i64and = []byte{0x83}
		i32add = []byte{opI32Add}
		i32shl = []byte{0x74}
		i32and = []byte{0x71}
		wrap   = []byte{opI32WrapI64}
		extU   = []byte{opI64ExtendU32}
		load   = []byte{0x29, 3, 0}
		i64c   = func(v int64) []byte { return appendS([]byte{opI64Const}, v) }
		i32cS  = func(v int64) []byte { return appendS([]byte{opI32Const}, v) }
		call   = op(0x10, 5) // call 5
	)
	tests := []struct {
		name     string
		in, want []byte
		n        int
	}{{
		name: "base + index<<3",
		in:   cat(lget(2), lget(3), i64c(3), i64shl, i64add, wrap, load, end),
		want: cat(lget(2), wrap, lget(3), wrap, i32cS(3), i32shl, i32add, load, end),
		n:    1,
	}, {
		name: "a loaded base, an extended local and a constant",
		in:   cat(lget(1), []byte{0x29, 3, 16}, lget(4), extU, i64add, i64c(1<<33+9), i64add, wrap, load, end),
		want: cat(lget(1), []byte{0x28, 2, 16}, lget(4), i32add, i32cS(9), i32add, load, end),
		n:    1,
	}, {
		name: "a right shift is computed in i64 and wrapped",
		in:   cat(lget(2), i64c(6), i64shr, i64c(63), i64and, wrap, end),
		want: cat(lget(2), i64c(6), i64shr, wrap, i32cS(63), i32and, end),
		n:    1,
	}, {
		name: "a shift by a variable amount stays i64",
		in:   cat(lget(2), lget(3), i64shl, wrap, end),
		want: cat(lget(2), lget(3), i64shl, wrap, end),
	}, {
		name: "a shift by 32 or more stays i64",
		in:   cat(lget(2), i64c(32), i64shl, lget(3), i64add, wrap, end),
		want: cat(lget(2), i64c(32), i64shl, lget(3), i64add, wrap, end),
	}, {
		name: "a call in the tree leaves it alone",
		in:   cat(i32c(0), call, []byte{0xad}, lget(3), i64add, wrap, end),
		want: cat(i32c(0), call, []byte{0xad}, lget(3), i64add, wrap, end),
	}, {
		name: "a leaf alone is peephole's",
		in:   cat(lget(2), wrap, end),
		want: cat(lget(2), wrap, end),
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, n, err := narrow(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, tc.want) || n != tc.n {
				t.Errorf("got %x (%d), want %x (%d)", got, n, tc.want, tc.n)
			}
			again, n2, err := narrow(got)
			if err != nil || n2 != 0 || !bytes.Equal(again, got) {
				t.Errorf("a second pass changed %x into %x (%d, err %v)", got, again, n2, err)
			}
		})
	}
}

func TestNarrowDeepTree(t *testing.T) {
	// A sum of 100 locals: deeper than maxNarrowDepth, left as it is.
	in := lget(2)
	for i := 0; i < 100; i++ {
		in = cat(in, lget(3), []byte{0x7c})
	}
	in = cat(in, []byte{opI32WrapI64}, end)
	got, n, err := narrow(in)
	if err != nil || n != 0 || !bytes.Equal(got, in) {
		t.Errorf("got %d narrowed, err %v", n, err)
	}
}
