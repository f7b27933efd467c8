//go:build !(js && wasm)

package uci

// EvalFile reads files: these tests are native only (the wasm build has no
// file system and refuses any EvalFile but "").

import (
	"encoding/binary"
	"hash/crc32"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/azurite-chess/azurite/engine/eval"
	"github.com/azurite-chess/azurite/engine/session"
)

// TestEvalFile: bad net files are refused with a line that names the file
// and the problem, the engine keeps the net it had and keeps playing; a
// good file is used (the eval command names it); Use NNUE false switches
// back to the hand-written evaluation.
func TestEvalFile(t *testing.T) {
	builtin, err := eval.DefaultNet()
	if err != nil {
		t.Fatal(err)
	}
	// A plausible net other than the built-in one: its bytes with the
	// output bias moved (it is stored before the checksum).
	good, err := os.ReadFile("../eval/nets/default.nnue")
	if err != nil {
		t.Fatal(err)
	}
	bias := len(good) - 8
	binary.LittleEndian.PutUint32(good[bias:], binary.LittleEndian.Uint32(good[bias:])+eval.NetQA*eval.NetQB/8)
	binary.LittleEndian.PutUint32(good[len(good)-4:], crc32.ChecksumIEEE(good[:len(good)-4]))
	goodNet, err := eval.ParseNet(good)
	if err != nil {
		t.Fatal(err)
	}
	corrupt := append([]byte(nil), good...)
	corrupt[1000] ^= 0xff
	dir := t.TempDir()
	huge := filepath.Join(dir, "huge.nnue")
	if err := os.WriteFile(huge, make([]byte, eval.MaxNetFileSize+1), 0o644); err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{
		"good.nnue":      good,
		"truncated.nnue": good[:len(good)/2],
		"corrupt.nnue":   corrupt,
		"header.nnue":    append([]byte("XXXX"), good[4:]...),
		"constant.nnue":  eval.EncodeNet(&eval.QuantNet{eval.TensorOutputBias: {3 * eval.NetQA * eval.NetQB / 4}}),
	}
	r := newRigWith(t, session.Config{Seed: 1, ReadNetFile: func(name string) ([]byte, error) {
		if b, ok := files[name]; ok {
			return b, nil
		}
		return eval.ReadNetFile(name)
	}})
	for _, tc := range []struct{ file, want string }{
		{"truncated.nnue", "info string error: setoption: option EvalFile: truncated.nnue: bad net file: " + strconv.Itoa(len(good)/2) + " bytes, want " + strconv.Itoa(len(good))},
		{"corrupt.nnue", "info string error: setoption: option EvalFile: corrupt.nnue: bad net file: checksum"},
		{"header.nnue", `info string error: setoption: option EvalFile: header.nnue: bad net file: header "XXXX"`},
		{"missing.nnue", "info string error: setoption: option EvalFile: stat missing.nnue: no such file or directory"},
		// Regressions (issue 32): a valid header and checksum over weights
		// no training made was accepted; a file too large was called "not a
		// book file".
		{"constant.nnue", "info string error: setoption: option EvalFile: constant.nnue: bad net file: implausible weights: the start position scores 300 cp for the side to move, want within -200..200 (not a trained net?)"},
		{huge, "info string error: setoption: option EvalFile: " + huge + ": 205157 bytes, more than the 205156 a net file may have: bad net file"},
		{dir, "info string error: setoption: option EvalFile: " + dir + ": a directory, not a regular file: bad net file"},
	} {
		r.send("setoption name Use NNUE value true", "setoption name EvalFile value "+tc.file, "isready")
		lines := r.until("readyok", 5*time.Second)
		if len(lines) != 2 || !strings.HasPrefix(lines[0], tc.want) {
			t.Errorf("%s: got %q, want a line starting %q then readyok", tc.file, lines, tc.want)
		}
		r.send("position startpos moves e2e4", "go depth 3")
		if l := r.until("bestmove", 10*time.Second); !strings.HasPrefix(l[len(l)-1], "bestmove ") {
			t.Fatalf("%s: no bestmove after the refused file: %q", tc.file, l)
		}
		r.send("eval")
		if l := r.until("NNUE evaluation", 5*time.Second); !strings.Contains(l[len(l)-1], "net nn-"+builtin.Hash()+" (in use)") {
			t.Errorf("%s: the built-in net is not kept: %q", tc.file, l[len(l)-1])
		}
	}
	r.send("setoption name EvalFile value good.nnue", "isready")
	if l := r.until("readyok", 5*time.Second); len(l) != 1 {
		t.Errorf("good file: %q", l)
	}
	r.send("position fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1", "eval")
	if l := r.until("NNUE evaluation", 5*time.Second); !strings.HasSuffix(l[len(l)-1], "(white side), net nn-"+goodNet.Hash()+" (in use)") {
		t.Errorf("good file: %q", l[len(l)-1])
	}
	r.send("setoption name Use NNUE value false", "eval")
	if l := r.until("NNUE evaluation", 5*time.Second); !strings.HasSuffix(l[len(l)-1], "(not in use: Use NNUE is off)") {
		t.Errorf("Use NNUE false: %q", l[len(l)-1])
	}
}
