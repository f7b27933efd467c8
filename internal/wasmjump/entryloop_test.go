package wasmjump

import (
	"bytes"
	"testing"
)

func TestUnloop(t *testing.T) {
	// goPrologue with its loop made a block.
	unlooped := cat(gget(0), lset(1), block, block, block, block, block, lget(0), brTable(0, 1, 2, 2), end)
	tests := []struct {
		name     string
		in, want []byte
		n        int
	}{{
		name: "every jump direct: the entry loop becomes a block",
		in:   cat(goPrologue, jump(2, 2), end, nop, goEpilogue),
		want: cat(unlooped, br(1), end, nop, goEpilogue),
		n:    1,
	}, {
		name: "a backward jump keeps the loop",
		in:   cat(goPrologue, nop, end, lget(2), ifE, jump(0, 2), end, goEpilogue),
		want: cat(goPrologue, nop, end, lget(2), ifE, jump(0, 2), end, goEpilogue),
	}, {
		name: "so does any other branch to it",
		in:   cat(goPrologue, lget(2), brIf(2), end, nop, goEpilogue),
		want: cat(goPrologue, lget(2), brIf(2), end, nop, goEpilogue),
	}, {
		name: "or a br_table naming it",
		in:   cat(goPrologue, lget(2), brTable(0, 2), end, nop, goEpilogue),
		want: cat(goPrologue, lget(2), brTable(0, 2), end, nop, goEpilogue),
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			// NoLoops: the loop pass would make the backward jump direct.
			got, st, err := RewriteWith(module([]byte{0}, tc.in), Options{NoLoops: true})
			if err != nil {
				t.Fatal(err)
			}
			if want := module([]byte{0}, tc.want); !bytes.Equal(got, want) || st.Unlooped != tc.n {
				t.Errorf("got %x (%d unlooped), want %x (%d)", got, st.Unlooped, want, tc.n)
			}
			again, st2, err := RewriteWith(got, Options{NoLoops: true})
			if err != nil || !bytes.Equal(again, got) || st2.Unlooped != 0 {
				t.Errorf("a second rewrite changed the module (err %v, stats %+v)", err, st2)
			}
		})
	}
}
