package wasmjump

import (
	"bytes"
	"errors"
	"fmt"
	"os"
)

// Options turns off parts of the rewrite, for measuring what each gains;
// the zero value does everything.
type Options struct {
	NoPeephole bool // leave Go's boolean tests as they are (see peephole)
	NoNarrow   bool // leave Go's wrapped i64 arithmetic as it is (see narrow)
	NoLoops    bool // leave every backward jump on the dispatch table (see loops.go)
	Unroll     bool // let V8 unroll the new loops (no notInnermost marker)
	NoUnloop   bool // keep entry loops that nothing branches to (see unloop)
}

// OptionsFromEnv reads Options from the environment, as the wasmjump tool's
// flag defaults do: WASMPEEP=0 sets NoPeephole, WASMNARROW=0 NoNarrow,
// WASMLOOP=0 NoLoops, WASMLOOP=unroll Unroll and WASMUNLOOP=0 NoUnloop,
// so that one binary can be rewritten both ways for comparisons.
func OptionsFromEnv() Options {
	return Options{
		NoPeephole: os.Getenv("WASMPEEP") == "0",
		NoNarrow:   os.Getenv("WASMNARROW") == "0",
		NoLoops:    os.Getenv("WASMLOOP") == "0",
		Unroll:     os.Getenv("WASMLOOP") == "unroll",
		NoUnloop:   os.Getenv("WASMUNLOOP") == "0",
	}
}

// Stats counts what Rewrite found and changed.
type Stats struct {
	Funcs    int   // function bodies in the module
	Dispatch int   // bodies with Go's entry loop and br_table
	Jumps    int   // jumps through an entry loop (i32.const pc; local.set 0; br)
	Forward  int   // jumps rewritten as a direct br or br_if
	BrIf     int   // of the Forward ones, those that became one br_if with their if
	Back     int   // backward jumps made direct by the loop pass (br or br_if to a loop)
	Loops    int   // WebAssembly loops the loop pass made
	NoLoops  error // why the loop pass did not run, if it did not
	Peephole int   // instructions removed by the peephole rules
	Narrowed int   // i64 trees computed in i32 instead (narrow)
	Unlooped int   // entry loops turned into blocks (unloop)
	Skipped  int   // bodies left unchanged because they could not be decoded
	SkipErr  error // why the first skipped body was skipped
}

func (s Stats) String() string {
	str := fmt.Sprintf("%d of %d jumps through the dispatch table made direct (%d as br_if) in %d of %d functions; %d instructions removed by peephole rules; %d i64 computations narrowed to i32; %d entry loops made blocks",
		s.Forward, s.Jumps, s.BrIf, s.Dispatch, s.Funcs, s.Peephole, s.Narrowed, s.Unlooped)
	if s.NoLoops != nil {
		str += fmt.Sprintf("; no loop pass: %v", s.NoLoops)
	} else {
		str += fmt.Sprintf("; %d backward jumps made direct in %d loops", s.Back, s.Loops)
	}
	if s.Skipped > 0 {
		str += fmt.Sprintf("; %d functions left unchanged, the first because %v", s.Skipped, s.SkipErr)
	}
	return str
}

const (
	secType     = 1
	secFunction = 3
	secCode     = 10
)

var magic = []byte("\x00asm\x01\x00\x00\x00")

// Rewrite returns mod with every forward jump between basic blocks of Go's
// wasm functions made direct (see the package comment). mod must be a
// WebAssembly 1.0 binary module; sections other than code are copied as
// they are. A function body that cannot be decoded is left unchanged and
// counted in Stats.Skipped; a module whose structure is broken is an error.
func Rewrite(mod []byte) ([]byte, Stats, error) { return RewriteWith(mod, Options{}) }

// RewriteWith is Rewrite with parts of it turned off by o.
func RewriteWith(mod []byte, o Options) ([]byte, Stats, error) {
	var st Stats
	if !bytes.HasPrefix(mod, magic) {
		return nil, st, fmt.Errorf("wasmjump: not a WebAssembly 1.0 module (no \\0asm version 1 header)")
	}
	out := make([]byte, 0, len(mod))
	out = append(out, magic...)
	var goFunc []bool // per defined function: has Go's (i32) -> i32 signature
	var types []bool  // per type: is (i32) -> i32
	for i := len(magic); i < len(mod); {
		id := mod[i]
		sec, next, err := readVec(mod, i+1)
		if err != nil {
			return nil, st, fmt.Errorf("wasmjump: section %d at byte %#x: %w", id, i, err)
		}
		switch id {
		case secType:
			if types, err = goTypes(sec); err != nil {
				return nil, st, fmt.Errorf("wasmjump: type section at byte %#x: %w", i, err)
			}
		case secFunction:
			if goFunc, err = goFuncs(sec, types); err != nil {
				return nil, st, fmt.Errorf("wasmjump: function section at byte %#x: %w", i, err)
			}
		case secCode:
			code, err := rewriteCode(sec, goFunc, o, &st)
			if err != nil {
				return nil, st, fmt.Errorf("wasmjump: code section at byte %#x: %w", i, err)
			}
			out = append(out, secCode)
			out = appendU(out, uint64(len(code)))
			out = append(out, code...)
			i = next
			continue
		}
		out = append(out, mod[i:next]...)
		i = next
	}
	return out, st, nil
}

// readVec reads a length-prefixed run of bytes (a section, a function body,
// a type's parameters or results) at b[i:] and returns it with the offset
// just past it.
func readVec(b []byte, i int) ([]byte, int, error) {
	size, j, err := readU(b, i)
	if err == nil && size > uint64(len(b)-j) {
		err = fmt.Errorf("size %d runs past the end of the enclosing data", size)
	}
	if err != nil {
		return nil, i, err
	}
	return b[j : j+int(size)], j + int(size), nil
}

// readCount reads the entry count that starts a section; each entry takes
// at least a byte, so a count larger than the section is an error.
func readCount(sec []byte, what string) (uint64, int, error) {
	n, i, err := readU(sec, 0)
	if err == nil && n > uint64(len(sec)) {
		err = fmt.Errorf("%d %s in %d bytes", n, what, len(sec))
	}
	return n, i, err
}

// goTypes reports for each function type of the type section whether it is
// Go's (param i32) (result i32): PC_B in, "unwind" out.
func goTypes(sec []byte) ([]bool, error) {
	n, i, err := readCount(sec, "types")
	if err != nil {
		return nil, err
	}
	types := make([]bool, 0, n)
	for t := uint64(0); t < n; t++ {
		if i >= len(sec) || sec[i] != 0x60 {
			return nil, fmt.Errorf("type %d at byte %#x: not a function type", t, i)
		}
		i++
		var params, results []byte
		if params, i, err = readVec(sec, i); err == nil {
			results, i, err = readVec(sec, i)
		}
		if err != nil {
			return nil, fmt.Errorf("type %d: %w", t, err)
		}
		types = append(types, string(params) == "\x7f" && string(results) == "\x7f")
	}
	return types, nil
}

// goFuncs reports for each defined function whether its type is Go's.
func goFuncs(sec []byte, types []bool) ([]bool, error) {
	n, i, err := readCount(sec, "functions")
	if err != nil {
		return nil, err
	}
	funcs := make([]bool, 0, n)
	for f := uint64(0); f < n; f++ {
		var t uint64
		if t, i, err = readU(sec, i); err != nil {
			return nil, fmt.Errorf("function %d: %w", f, err)
		}
		funcs = append(funcs, t < uint64(len(types)) && types[t])
	}
	return funcs, nil
}

// rewriteCode rewrites each function body of a code section.
func rewriteCode(sec []byte, goFunc []bool, o Options, st *Stats) ([]byte, error) {
	var pcs []map[int64]bool // nil: no loop pass
	if o.NoLoops {
		st.NoLoops = errors.New("switched off")
	} else if p, err := entryPCs(sec); err != nil {
		st.NoLoops = fmt.Errorf("resume points unknown: %w", err)
	} else {
		pcs = p
	}
	n, i, err := readCount(sec, "bodies")
	if err != nil {
		return nil, err
	}
	out := appendU(make([]byte, 0, len(sec)), n)
	for f := uint64(0); f < n; f++ {
		body, next, err := readVec(sec, i)
		if err != nil {
			return nil, fmt.Errorf("body %d at byte %#x: %w", f, i, err)
		}
		start := next - len(body)
		i = next
		st.Funcs++
		newBody := body
		if f < uint64(len(goFunc)) && goFunc[f] {
			var fpcs map[int64]bool
			if pcs != nil {
				fpcs = pcs[f]
				if fpcs == nil {
					fpcs = map[int64]bool{}
				}
			}
			nb, err := rewriteBody(body, funcValueOffset+int64(f), fpcs, o, st)
			if err != nil {
				st.Skipped++
				if st.SkipErr == nil {
					st.SkipErr = fmt.Errorf("body %d at byte %#x: %w", f, start, err)
				}
			} else {
				newBody = nb
			}
		}
		out = appendU(out, uint64(len(newBody)))
		out = append(out, newBody...)
	}
	if i != len(sec) {
		return nil, fmt.Errorf("%d bytes after the last body", len(sec)-i)
	}
	return out, nil
}

// rewriteBody returns a function body (locals and expression) with its
// forward jumps made direct, then, unless pcs is nil, its backward jumps
// where the loop pass can (self is the function's PC_F, pcs the PC_B values
// other functions name: see entries.go), and the peephole and narrow rules
// applied, or the body itself if nothing changed. It counts into a local
// Stats first so that a body it gives up on leaves no trace in st.
func rewriteBody(body []byte, self int64, pcs map[int64]bool, o Options, st *Stats) ([]byte, error) {
	e, err := skipLocals(body)
	if err != nil {
		return nil, err
	}
	var local Stats
	expr, err := rewriteExpr(body[e:], &local)
	if err != nil {
		return nil, err
	}
	// Each loop pass works on Go's segments as the previous one left them;
	// a loop that overlapped one made in the previous pass may fit now.
	// Passes run until one changes nothing, so a second Rewrite does too.
	// They run before the peephole rules, on the shapes Go emits.
	for pcs != nil {
		back := local.Back
		if expr, err = loopExpr(expr, self, pcs, o, &local); err != nil {
			return nil, err
		}
		if local.Back == back {
			break
		}
	}
	if !o.NoPeephole {
		if expr, local.Peephole, err = peephole(expr); err != nil {
			return nil, err
		}
	}
	if !o.NoNarrow {
		if expr, local.Narrowed, err = narrow(expr); err != nil {
			return nil, err
		}
	}
	if !o.NoUnloop {
		var un bool
		if expr, un, err = unloop(expr); err != nil {
			return nil, err
		}
		if un {
			local.Unlooped = 1
		}
	}
	st.Dispatch += local.Dispatch
	st.Jumps += local.Jumps
	st.Forward += local.Forward
	st.BrIf += local.BrIf
	st.Back += local.Back
	st.Loops += local.Loops
	st.Peephole += local.Peephole
	st.Narrowed += local.Narrowed
	st.Unlooped += local.Unlooped
	if local.Forward == 0 && local.Back == 0 && local.Peephole == 0 && local.Narrowed == 0 && local.Unlooped == 0 {
		return body, nil
	}
	return append(append(make([]byte, 0, e+len(expr)), body[:e]...), expr...), nil
}

// skipLocals returns the offset of a function body's expression, past its
// local declarations.
func skipLocals(body []byte) (int, error) {
	nl, e, err := readU(body, 0)
	if err != nil {
		return 0, fmt.Errorf("locals: %w", err)
	}
	for l := uint64(0); l < nl; l++ {
		if _, e, err = readU(body, e); err != nil {
			return 0, fmt.Errorf("locals: %w", err)
		}
		if e++; e > len(body) {
			return 0, fmt.Errorf("locals: %w", errTruncated)
		}
	}
	return e, nil
}
