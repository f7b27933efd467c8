package eval

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/azurite-chess/azurite/engine/board"
)

var updateNNUERef = flag.Bool("update-nnue-ref", false, "rewrite testdata/nnue-reference.txt from the built-in net")

func defaultNetT(t testing.TB) *Net {
	t.Helper()
	net, err := DefaultNet()
	if err != nil {
		t.Fatal(err)
	}
	return net
}

// TestNNUEIncrementalEqualsRefresh makes every legal move of every shared
// suite position, and a second ply below the first few, and compares the
// lazily updated accumulator with a full refresh, also after unmaking (the
// evaluator must notice that the position went back).
func TestNNUEIncrementalEqualsRefresh(t *testing.T) {
	net := defaultNetT(t)
	e := NewNNUE(net)
	fens := sharedFENs(t)
	checked := 0
	var l1, l2 board.MoveList
	for _, fen := range fens {
		pos := mustFEN(t, fen)
		root := e.Evaluate(pos)
		if want := net.Evaluate(pos); root != want {
			t.Fatalf("%s: %d, refresh %d", fen, root, want)
		}
		l1.N = 0
		pos.GenerateAll(&l1)
		for i, m := range l1.Slice() {
			pos.MakeMove(m)
			got, want := e.Evaluate(pos), net.Evaluate(pos)
			if got != want {
				t.Fatalf("%s after %v: incremental %d, refresh %d", fen, m, got, want)
			}
			if i < 4 {
				l2.N = 0
				pos.GenerateAll(&l2)
				for _, m2 := range l2.Slice() {
					pos.MakeMove(m2)
					if got, want := e.Evaluate(pos), net.Evaluate(pos); got != want {
						t.Fatalf("%s after %v %v: incremental %d, refresh %d", fen, m, m2, got, want)
					}
					pos.UnmakeMove()
					checked++
				}
			}
			pos.UnmakeMove()
			checked++
			if got := e.Evaluate(pos); got != root {
				t.Fatalf("%s: %d after unmaking %v, %d before", fen, got, m, root)
			}
		}
	}
	t.Logf("%d positions from %d suite positions", checked, len(fens))
}

// TestNNUENullMoveAndDeepLine checks the paths the move-by-move test does
// not reach: a null move, and a line longer than nnueMaxLazy evaluated only
// at its end (a refresh).
func TestNNUENullMoveAndDeepLine(t *testing.T) {
	net := defaultNetT(t)
	e := NewNNUE(net)
	pos := mustFEN(t, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	e.Evaluate(pos)
	pos.MakeNullMove()
	if got, want := e.Evaluate(pos), net.Evaluate(pos); got != want {
		t.Errorf("after a null move: %d, refresh %d", got, want)
	}
	pos.UnmakeNullMove()
	var l board.MoveList
	for ply := range 3 * nnueMaxLazy {
		l.N = 0
		pos.GenerateAll(&l)
		if l.N == 0 {
			break
		}
		pos.MakeMove(l.Moves[(ply*7)%l.N])
		if ply%5 == 4 || ply == 3*nnueMaxLazy-1 {
			if got, want := e.Evaluate(pos), net.Evaluate(pos); got != want {
				t.Fatalf("ply %d (%s): %d, refresh %d", ply, pos.FEN(), got, want)
			}
		}
	}
}

// TestNNUESymmetry: the net sees each position from the side to move, so a
// colour-flipped position scores the same.
// TestNNUEBackfill: a position reached by moves none of whose predecessors
// was evaluated is refreshed, and the earlier plies are filled by undoing
// the moves (castling, captures, en passant and promotion included); each
// must equal a refresh of its own position.
func TestNNUEBackfill(t *testing.T) {
	net := defaultNetT(t)
	for _, tc := range []struct{ fen, moves string }{
		{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "e1g1 e8c8 e5f7 h3g2 f3f6 g2f1q a1f1 b6d5 e4d5 b4c3 d2c3 e6d5"},
		{"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "e5f6 g8f6 d2d4 c8f5 c1g5 b8c6 b1c3 d8d6 d1d2 e8c8"},
	} {
		pos := mustFEN(t, tc.fen)
		e := NewNNUE(net)
		var line []board.Move
		for _, u := range strings.Fields(tc.moves) {
			m, err := pos.ParseUCIMove(u)
			if err != nil {
				t.Fatalf("%s: %v", u, err)
			}
			pos.MakeMove(m)
			line = append(line, m)
		}
		e.Evaluate(pos)
		for i := len(line) - 1; i >= 0; i-- {
			pos.UnmakeMove()
			a := e.slot(pos.Ply())
			if a.key != pos.Key() {
				t.Fatalf("ply %d not filled", pos.Ply())
			}
			if got, want := net.output(a, pos), net.Evaluate(pos); got != want {
				t.Fatalf("%s: before %v: backfilled %d, refresh %d", tc.fen, line[i], got, want)
			}
		}
	}
}

func TestNNUESymmetry(t *testing.T) {
	net := defaultNetT(t)
	e := NewNNUE(net)
	for _, fen := range sharedFENs(t) {
		a := e.Evaluate(mustFEN(t, fen))
		b := e.Evaluate(mustFEN(t, flipFEN(fen)))
		if a != b {
			t.Errorf("%s: %d, flipped %d", fen, a, b)
		}
	}
}

func TestNNUEAllocatesNothing(t *testing.T) {
	e := NewNNUE(defaultNetT(t))
	pos := mustFEN(t, "r1bq1rk1/pp2nppp/2n1p3/2ppP3/3P2Q1/P1P2N2/2P2PPP/R1B1KB1R w KQ - 5 9")
	var l board.MoveList
	pos.GenerateAll(&l)
	e.Evaluate(pos)
	i := 0
	n := testing.AllocsPerRun(200, func() {
		pos.MakeMove(l.Moves[i%l.N])
		e.Evaluate(pos)
		pos.UnmakeMove()
		e.Evaluate(pos)
		i++
	})
	if n != 0 {
		t.Errorf("%v allocations per make/evaluate/unmake/evaluate", n)
	}
}

// TestNNUEReference pins the built-in net's output on fixed positions; the
// same file is checked natively and as wasm (make test), so both builds
// compute the same numbers. After changing the net, rewrite it with
// go test ./engine/eval -run TestNNUEReference -update-nnue-ref.
func TestNNUEReference(t *testing.T) {
	net := defaultNetT(t)
	e := NewNNUE(net)
	const path = "testdata/nnue-reference.txt"
	if *updateNNUERef {
		var b strings.Builder
		fmt.Fprintf(&b, "net nn-%s\n", net.Hash())
		for _, tc := range nnueRefFENs {
			fmt.Fprintf(&b, "%d %s\n", e.Evaluate(mustFEN(t, tc)), tc)
		}
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Scan()
	if want := "net nn-" + net.Hash(); sc.Text() != want {
		t.Fatalf("%s is for %q, the built-in net is %q: rewrite it (-update-nnue-ref)", path, sc.Text(), want)
	}
	n := 0
	for sc.Scan() {
		score, fen, _ := strings.Cut(sc.Text(), " ")
		want, err := strconv.Atoi(score)
		if err != nil {
			t.Fatalf("%s: %q: %v", path, sc.Text(), err)
		}
		if got := e.Evaluate(mustFEN(t, fen)); got != want {
			t.Errorf("%s: %d, reference %d", fen, got, want)
		}
		n++
	}
	if n != len(nnueRefFENs) {
		t.Errorf("%s has %d positions, want %d", path, n, len(nnueRefFENs))
	}
}

var nnueRefFENs = []string{
	board.StartFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"r1bq1rk1/pp2nppp/2n1p3/2ppP3/3P2Q1/P1P2N2/2P2PPP/R1B1KB1R w KQ - 5 9",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"8/8/8/8/P3k3/8/8/7K b - - 0 1",
	"rnbqkb1r/pp1p1ppp/4pn2/2p5/2PP4/2N5/PP2PPPP/R1BQKBNR w KQkq - 0 4",
	"2r3k1/pp3ppp/8/8/8/8/PP3PPP/2R3K1 b - - 0 1",
	"4k3/8/8/8/8/8/8/4KQ2 w - - 0 1",
	"r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
	"8/5pk1/6p1/8/8/6P1/5PK1/8 w - - 0 1",
}

// TestParseNetRefusesBadFiles: a truncated, padded, mislabelled or
// corrupted file is refused with ErrBadNet and a message that says what.
func TestParseNetRefusesBadFiles(t *testing.T) {
	good := EncodeNet(&QuantNet{})
	if _, err := ParseNet(good); err != nil {
		t.Fatalf("a well-formed file: %v", err)
	}
	flip := func(i int) []byte {
		b := append([]byte(nil), good...)
		b[i] ^= 1
		return b
	}
	wrongHidden := append([]byte(nil), good...)
	wrongHidden[12] = 0 // hidden size 128 → 0 (header checked before the checksum)
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "0 bytes"},
		{"truncated", good[:len(good)-100], "bytes, want"},
		{"padded", append(append([]byte(nil), good...), 0), "bytes, want"},
		{"magic", flip(0), "header"},
		{"hidden-size", wrongHidden, "this build reads"},
		{"weights-corrupt", flip(netHeader + 1000), "checksum"},
		{"checksum-corrupt", flip(len(good) - 1), "checksum"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseNet(tc.data)
			if !errors.Is(err, ErrBadNet) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want ErrBadNet mentioning %q", err, tc.want)
			}
		})
	}
}

// TestEncodeParseRoundTrip: what the trainer writes is what the engine reads,
// every tensor of NetTensors in its place.
func TestEncodeParseRoundTrip(t *testing.T) {
	q := NewQuantNet(1)
	for k, ten := range NetTensors {
		for i := range q[k] {
			v := int32((i*131+k*7)%2000 - 1000)
			if ten.Wide {
				v *= 12345
			}
			q[k][i] = v
		}
	}
	n, err := ParseNet(EncodeNet(q))
	if err != nil {
		t.Fatal(err)
	}
	ft := q[TensorFeatureWeights]
	for f := range n.ftW {
		row := unpack(&n.ftW[f])
		for i, v := range row {
			if int32(v) != ft[f*NetHidden+i] {
				t.Fatalf("feature %d unit %d: %d, encoded %d", f, i, v, ft[f*NetHidden+i])
			}
		}
	}
	for i, v := range unpack(&n.ftB) {
		if int32(v) != q[TensorFeatureBias][i] {
			t.Fatalf("feature bias %d differs", i)
		}
	}
	for b := range n.outW {
		for i, v := range n.outW[b] {
			if int32(v) != q[TensorOutputWeights][b*2*NetHidden+i] {
				t.Fatalf("bucket %d output weight %d differs", b, i)
			}
		}
		if n.outB[b] != q[TensorOutputBias][b] {
			t.Errorf("bucket %d output bias %d, encoded %d", b, n.outB[b], q[TensorOutputBias][b])
		}
	}
}

// TestNetFileSize: the file is its header, every tensor of NetTensors at its
// width, and the checksum; the built-in net re-encodes to the same bytes.
func TestNetFileSize(t *testing.T) {
	size := netHeader + 4
	for _, ten := range NetTensors {
		w := 2
		if ten.Wide {
			w = 4
		}
		size += w * ten.Len
	}
	if size != NetFileSize {
		t.Errorf("NetTensors make %d bytes, NetFileSize is %d", size, NetFileSize)
	}
	if got := len(EncodeNet(&QuantNet{})); got != NetFileSize {
		t.Errorf("EncodeNet wrote %d bytes, want %d", got, NetFileSize)
	}
	if got := len(EncodeNet(NewQuantNet(MaxNetBuckets))); got != MaxNetFileSize {
		t.Errorf("a net of %d buckets is %d bytes, MaxNetFileSize is %d", MaxNetBuckets, got, MaxNetFileSize)
	}
}

// quantOf reads n's weights back into the trainer's flat layout.
func quantOf(n *Net) *QuantNet {
	q := NewQuantNet(n.Buckets())
	for f := range n.ftW {
		for i, v := range unpack(&n.ftW[f]) {
			q[TensorFeatureWeights][f*NetHidden+i] = int32(v)
		}
	}
	for i, v := range unpack(&n.ftB) {
		q[TensorFeatureBias][i] = int32(v)
	}
	for b := range n.outW {
		for i, v := range n.outW[b] {
			q[TensorOutputWeights][b*2*NetHidden+i] = int32(v)
		}
		q[TensorOutputBias][b] = n.outB[b]
	}
	return q
}

// TestParseNetMatchesDecode: ParseNet reads the evaluator's packed layout
// straight from the file; its weights are DecodeNet's, and written back
// they are the same file, for the built-in net and for random nets of one
// and of several output buckets (negative weights, int32 biases).
func TestParseNetMatchesDecode(t *testing.T) {
	random := func(buckets int, seed uint64) []byte {
		r := rand.New(rand.NewPCG(seed, 1))
		q := NewQuantNet(buckets)
		for k, ten := range NetTensorsFor(buckets) {
			for i := range q[k] {
				if ten.Wide {
					q[k][i] = r.Int32N(1<<24) - 1<<23
				} else {
					q[k][i] = r.Int32N(1<<16) - 1<<15
				}
			}
		}
		return EncodeNet(q)
	}
	for _, tc := range []struct {
		name string
		file []byte
	}{
		{"built-in", defaultNetFile},
		{"random, 1 bucket", random(1, 1)},
		{"random, 3 buckets", random(3, 2)},
		{"random, 16 buckets", random(MaxNetBuckets, 3)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n, err := ParseNet(tc.file)
			if err != nil {
				t.Fatal(err)
			}
			want, err := DecodeNet(tc.file)
			if err != nil {
				t.Fatal(err)
			}
			got := quantOf(n)
			for k := range got {
				if !slices.Equal(got[k], want[k]) {
					t.Errorf("tensor %s: ParseNet's weights differ from DecodeNet's", NetTensors[k].Name)
				}
			}
			if !bytes.Equal(EncodeNet(got), tc.file) {
				t.Error("the parsed net does not re-encode to its own file")
			}
		})
	}
}

func BenchmarkNNUE(b *testing.B) {
	net := defaultNetT(b)
	for _, tc := range benchFENs {
		b.Run(tc.name, func(b *testing.B) {
			pos := mustFEN(b, tc.fen)
			var l board.MoveList
			pos.GenerateAll(&l)
			e := NewNNUE(net)
			e.Evaluate(pos)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				pos.MakeMove(l.Moves[i%l.N])
				e.Evaluate(pos)
				pos.UnmakeMove()
				i++
			}
		})
	}
}

// TestNNUELongHistory: an evaluator's memory does not grow with the game's
// length (regression, issue 32: the accumulator stack was indexed by the
// game ply, 1.3 KB per ply per thread, and a million-ply game took 1.35 GB),
// and evaluations past the ring's wrap equal a refresh.
func TestNNUELongHistory(t *testing.T) {
	net := defaultNetT(t)
	e := NewNNUE(net)
	pos := mustFEN(t, board.StartFEN)
	dance := []string{"g1f3", "g8f6", "f3g1", "f6g8", "b1c3", "b8c6", "c3b1", "c6b8"}
	for i := range 3 * nnueRing {
		m, err := pos.ParseUCIMove(dance[i%len(dance)])
		if err != nil {
			t.Fatal(err)
		}
		pos.MakeMove(m)
		if got, want := e.Evaluate(pos), net.Evaluate(pos); got != want {
			t.Fatalf("ply %d: incremental %d, refresh %d", pos.Ply(), got, want)
		}
	}
	if n := len(e.stack); n != nnueRing {
		t.Fatalf("%d accumulators after %d plies, want the fixed %d", n, pos.Ply(), nnueRing)
	}
}

func TestOutputBucket(t *testing.T) {
	for _, tc := range []struct{ pieces, buckets, want int }{
		{2, 1, 0}, {32, 1, 0},
		{2, 8, 0}, {5, 8, 0}, {6, 8, 1}, {17, 8, 3}, {29, 8, 6}, {30, 8, 7}, {32, 8, 7},
		{3, 16, 0}, {4, 16, 1}, {32, 16, 15},
		{0, 8, 0}, {40, 8, 7}, // beyond a legal board: clamped
	} {
		if got := OutputBucket(tc.pieces, tc.buckets); got != tc.want {
			t.Errorf("OutputBucket(%d, %d) = %d, want %d", tc.pieces, tc.buckets, got, tc.want)
		}
	}
}

// TestOutputBuckets: a net of 8 output buckets, each the same output layer
// (the built-in net's first), is a version 2 file that evaluates as the
// one-bucket net of that layer; moving one bucket's bias moves the positions
// of its band by exactly that, and no other.
func TestOutputBuckets(t *testing.T) {
	builtin, err := DecodeNet(defaultNetFile)
	if err != nil {
		t.Fatal(err)
	}
	one := NewQuantNet(1)
	for k := range one {
		copy(one[k], builtin[k])
	}
	base, err := ParseNet(EncodeNet(one))
	if err != nil {
		t.Fatal(err)
	}
	const b = 8
	q := NewQuantNet(b)
	copy(q[TensorFeatureWeights], one[TensorFeatureWeights])
	copy(q[TensorFeatureBias], one[TensorFeatureBias])
	for k := range b {
		copy(q[TensorOutputWeights][k*2*NetHidden:], one[TensorOutputWeights])
		q[TensorOutputBias][k] = one[TensorOutputBias][0]
	}
	file := EncodeNet(q)
	if want := NetFileSize + 4 + (b-1)*(4*NetHidden+4); len(file) != want {
		t.Fatalf("8-bucket file %d bytes, want %d", len(file), want)
	}
	if v := binary.LittleEndian.Uint32(file[4:]); v != 2 {
		t.Fatalf("version %d, want 2", v)
	}
	split, err := ParseNet(file)
	if err != nil {
		t.Fatal(err)
	}
	if split.Buckets() != b || base.Buckets() != 1 {
		t.Fatalf("buckets %d and %d, want %d and 1", split.Buckets(), base.Buckets(), b)
	}
	fens := map[string]int{ // FEN: its bucket of 8
		board.StartFEN: 7,
		"r1bq1rk1/pp2nppp/2n1p3/3pP3/1b1P4/2NB1N2/PP3PPP/R1BQK2R b KQ - 3 9": 7,
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1":                          2,
		"6k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 40":                             1,
		"8/8/4k3/8/8/3K4/8/8 w - - 0 1":                                      0,
	}
	const bump = 3 * NetQA * NetQB / 4 // 300 cp
	q[TensorOutputBias][2] += bump
	bumped, err := ParseNet(EncodeNet(q))
	if err != nil {
		t.Fatal(err)
	}
	for fen, bucket := range fens {
		pos, err := board.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := OutputBucket(pos.Occupied().Count(), b); got != bucket {
			t.Fatalf("%s: bucket %d, want %d", fen, got, bucket)
		}
		v := base.Evaluate(pos)
		if got := split.Evaluate(pos); got != v {
			t.Errorf("%s: 8 copies of the output layer %d, the one-bucket net %d", fen, got, v)
		}
		want := v
		if bucket == 2 {
			want += 300
		}
		if got := bumped.Evaluate(pos); got < want-1 || got > want+1 {
			t.Errorf("%s (bucket %d): %d after bucket 2's bias rose 300 cp, want %d", fen, bucket, got, want)
		}
	}
	bad := func(buckets uint32) []byte {
		f := bytes.Clone(file)
		binary.LittleEndian.PutUint32(f[28:], buckets)
		return f
	}
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"one bucket in version 2", bad(1), "version 2 with 1 output buckets, want 2 to 16"},
		{"too many buckets", bad(17), "version 2 with 17 output buckets, want 2 to 16"},
		{"another bucket count", bad(4), "bytes, want"},
	} {
		if _, err := ParseNet(tc.data); !errors.Is(err, ErrBadNet) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want ErrBadNet mentioning %q", tc.name, err, tc.want)
		}
	}
}

var netStartFlag = flag.Bool("netstart", false, "TestNetStartPrint: time this process's first parse and check of the built-in net (or -startnet's) and print it")
var startNetFlag = flag.String("startnet", "", "TestNetStartPrint: a net file to time instead of the built-in one")

// TestNetStartPrint, with -netstart, prints how long this process's first
// ParseNet and Plausible of the built-in net (or of -startnet FILE) take:
// the cold code a wasm worker's start runs before readyok, when run in a
// fresh process as wasm (docs/wasm-speed.md). A figure, not a test.
func TestNetStartPrint(t *testing.T) {
	if !*netStartFlag {
		t.Skip("a figure: run with -netstart")
	}
	data := defaultNetFile
	if *startNetFlag != "" {
		var err error
		if data, err = os.ReadFile(*startNetFlag); err != nil {
			t.Fatal(err)
		}
	}
	t0 := time.Now()
	n, err := ParseNet(data)
	if err != nil {
		t.Fatal(err)
	}
	t1 := time.Now()
	if err := n.Plausible(); err != nil {
		t.Fatal(err)
	}
	t2 := time.Now()
	fmt.Printf("net start: parse %.2f ms, plausible %.2f ms\n", ms(t1.Sub(t0)), ms(t2.Sub(t1)))
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
