package wasmjump

import (
	"bytes"
	"strings"
	"testing"
)

// noUnloop keeps the entry loops of the hand-made functions, so that the
// tests of the jump rewrite show only it (unloop has its own tests).
var noUnloop = Options{NoUnloop: true}

// noUnloopNoLoops also leaves the backward jumps on the table, for the
// tables of the forward jump rewrite.
var noUnloopNoLoops = Options{NoUnloop: true, NoLoops: true}

func TestRewriteFunctions(t *testing.T) {
	// In segment 0 the open blocks are the unwind block, the loop and the
	// resume blocks labelled 2 and 1: the loop is br 2 away, segment 1's
	// block br 0 and segment 2's br 1.
	tests := []struct {
		name       string
		typ        byte
		in, want   []byte
		jumps, fwd int
		brif       int
	}{{
		name:  "forward jump at the top of a segment becomes br",
		typ:   0,
		in:    cat(goPrologue, jump(2, 2), end, nop, goEpilogue),
		want:  cat(goPrologue, br(1), end, nop, goEpilogue),
		jumps: 1, fwd: 1,
	}, {
		name:  "if around a forward jump becomes br_if",
		typ:   0,
		in:    cat(goPrologue, lget(2), ifE, jump(1, 3), end, nop, end, goEpilogue),
		want:  cat(goPrologue, lget(2), brIf(0), nop, end, goEpilogue),
		jumps: 1, fwd: 1, brif: 1,
	}, {
		name:  "if with an else keeps its structure, the jump in it becomes br",
		typ:   0,
		in:    cat(goPrologue, lget(2), ifE, jump(2, 3), elseI, nop, end, end, goEpilogue),
		want:  cat(goPrologue, lget(2), ifE, br(2), elseI, nop, end, end, goEpilogue),
		jumps: 1, fwd: 1,
	}, {
		name:  "backward jump (a loop) stays a dispatch",
		typ:   0,
		in:    cat(goPrologue, nop, end, lget(2), ifE, jump(0, 2), end, goEpilogue),
		want:  cat(goPrologue, nop, end, lget(2), ifE, jump(0, 2), end, goEpilogue),
		jumps: 1,
	}, {
		name:  "pc past the table takes br_table's default label",
		typ:   0,
		in:    cat(goPrologue, jump(99, 2), end, nop, goEpilogue),
		want:  cat(goPrologue, br(1), end, nop, goEpilogue),
		jumps: 1, fwd: 1,
	}, {
		name: "a branch to the loop without PC_B set is not a jump",
		typ:  0,
		in:   cat(goPrologue, i32c(2), lset(3), br(2), end, nop, goEpilogue),
		want: cat(goPrologue, i32c(2), lset(3), br(2), end, nop, goEpilogue),
	}, {
		name: "a function without Go's signature is left alone",
		typ:  1,
		in:   cat(goPrologue, jump(2, 2), end, nop, goEpilogue),
		want: cat(goPrologue, jump(2, 2), end, nop, goEpilogue),
	}, {
		name: "a dispatch on another local is not Go's entry",
		typ:  0,
		in:   cat(gget(0), lset(1), block, loop, block, block, block, lget(1), brTable(0, 1, 2, 2), end, jump(2, 2), end, nop, goEpilogue),
		want: cat(gget(0), lset(1), block, loop, block, block, block, lget(1), brTable(0, 1, 2, 2), end, jump(2, 2), end, nop, goEpilogue),
	}, {
		name: "a function without blocks",
		typ:  0,
		in:   cat(i32c(0), end),
		want: cat(i32c(0), end),
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, st, err := RewriteWith(module([]byte{tc.typ}, tc.in), noUnloopNoLoops)
			if err != nil {
				t.Fatal(err)
			}
			if want := module([]byte{tc.typ}, tc.want); !bytes.Equal(got, want) {
				t.Errorf("module\n got %x\nwant %x", got, want)
			}
			if st.Jumps != tc.jumps || st.Forward != tc.fwd || st.BrIf != tc.brif || st.Skipped != 0 || st.Funcs != 1 {
				t.Errorf("stats %+v, want %d jumps, %d forward, %d br_if, 1 function, none skipped", st, tc.jumps, tc.fwd, tc.brif)
			}
			again, st2, err := RewriteWith(got, noUnloopNoLoops)
			if err != nil || !bytes.Equal(again, got) || st2.Forward != 0 {
				t.Errorf("a second rewrite changed the module (err %v, stats %+v)", err, st2)
			}
		})
	}
}

func TestRewriteSkipsBodies(t *testing.T) {
	good := cat(goPrologue, jump(2, 2), end, nop, goEpilogue)
	tests := []struct {
		name, want string
		body       []byte
	}{
		{"unknown opcode", "unknown opcode 0xd2", cat(goPrologue, []byte{0xd2}, end, goEpilogue)},
		{"truncated immediate", "unexpected end", cat(goPrologue, []byte{opI32Const, 0x80})},
		{"end before the last instruction", "unbalanced", cat(goPrologue, jump(2, 2), end, end, end, end, end, nop, end)},
		{"missing end", "unbalanced", cat(goPrologue, jump(2, 2), end, nop, end, end, unrch, end)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, st, err := RewriteWith(module([]byte{0, 0}, tc.body, good), noUnloop)
			if err != nil {
				t.Fatal(err)
			}
			want := module([]byte{0, 0}, tc.body, cat(goPrologue, br(1), end, nop, goEpilogue))
			if !bytes.Equal(got, want) {
				t.Errorf("the bad body must stay as it was and the good one be rewritten:\n got %x\nwant %x", got, want)
			}
			if st.Skipped != 1 || st.SkipErr == nil || !strings.Contains(st.SkipErr.Error(), tc.want) || !strings.Contains(st.SkipErr.Error(), "body 0") {
				t.Errorf("stats %+v, want 1 skipped, body 0, %q", st, tc.want)
			}
			if st.Forward != 1 {
				t.Errorf("the good body's jump was not rewritten: %+v", st)
			}
		})
	}
}

func TestRewriteBadModules(t *testing.T) {
	ok := module([]byte{0}, cat(i32c(0), end))
	codeAt := bytes.LastIndex(ok, []byte{secCode})
	tests := []struct {
		name, want string
		mod        []byte
	}{
		{"empty", "not a WebAssembly 1.0 module", nil},
		{"wrong version", "not a WebAssembly 1.0 module", []byte("\x00asm\x02\x00\x00\x00")},
		{"section past the end", "section 1 at byte 0x8: size 9 runs past the end", ok[:12]},
		{"truncated section size", "section 1 at byte 0x8: unexpected end", ok[:9]},
		{"code section cut short", "code section", append(append([]byte(nil), ok[:codeAt+1]...), 1, 1)},
		{"body past the section", "body 0", append(append([]byte(nil), ok[:codeAt+1]...), 2, 1, 9)},
		{"bytes after the last body", "after the last body", append(append([]byte(nil), ok[:codeAt+1]...), 5, 1, 2, 0, 0x0b, 0)},
		{"bad type", "not a function type", append(append([]byte(nil), magic...), secType, 2, 1, 0x61)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := RewriteWith(tc.mod, Options{})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

func FuzzRewrite(f *testing.F) {
	f.Add(module([]byte{0}, cat(goPrologue, jump(2, 2), end, nop, goEpilogue)))
	f.Add(module([]byte{0}, cat(goPrologue, lget(2), ifE, jump(1, 3), end, nop, end, goEpilogue)))
	f.Add(module([]byte{1, 0}, cat(i32c(0), end), cat(goPrologue, nop, end, lget(2), ifE, jump(0, 2), end, goEpilogue)))
	f.Add(module([]byte{0}, goFunc(jump(2, ent(4, 0, 0)), nop, backIf(4, 2, 1), nop)))
	f.Add(module([]byte{0}, goFunc(nop, nop, nop, backIf(6, 3, 1), backIf(6, 4, 2), nop)))
	f.Add(module([]byte{0}, goFunc(nop, call(4, 1, 2), backIf(4, 2, 1), nop)))
	f.Fuzz(func(t *testing.T, mod []byte) {
		out, st, err := RewriteWith(mod, Options{})
		if err != nil {
			return
		}
		again, st2, err := RewriteWith(out, Options{})
		if err != nil {
			t.Fatalf("the rewritten module no longer parses: %v", err)
		}
		if st2.Forward != 0 || st2.Back != 0 || !bytes.Equal(again, out) {
			t.Fatalf("rewriting twice changed the module: %+v then %+v", st, st2)
		}
	})
}
