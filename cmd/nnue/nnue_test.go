package main

import (
	"bytes"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/azurite-chess/azurite/engine/board"
	"github.com/azurite-chess/azurite/engine/eval"
)

func TestRecordRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		name, fen string
		score     int
		result    uint8
	}{
		{"start", board.StartFEN, 25, 1},
		{"kiwipete-black", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b - - 3 17", -340, 0},
		{"bare-kings", "8/8/4k3/8/8/3K4/8/8 w - - 0 60", 0, 1},
		{"clamped-score", "4k3/8/8/8/8/8/8/QQQQK3 w - - 0 1", 99999, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pos, err := board.ParseFEN(tc.fen)
			if err != nil {
				t.Fatal(err)
			}
			r := Pack(pos, tc.score, tc.result)
			var buf [RecordSize]byte
			r.Marshal(buf[:])
			var back Record
			if err := back.Unmarshal(buf[:]); err != nil {
				t.Fatal(err)
			}
			if back != r {
				t.Fatalf("read back %+v, wrote %+v", back, r)
			}
			// The FEN carries placement, side and clocks (castling and en
			// passant are not recorded).
			got, want := strings.Fields(back.FEN()), strings.Fields(tc.fen)
			if got[0] != want[0] || got[1] != want[1] || got[4] != want[4] || got[5] != want[5] {
				t.Errorf("FEN %s, want %s", back.FEN(), tc.fen)
			}
			if want := int16(max(-32000, min(32000, tc.score))); back.Score != want || back.Result != tc.result {
				t.Errorf("score %d result %d, want %d %d", back.Score, back.Result, want, tc.result)
			}
		})
	}
}

func TestRecordRefusesGarbage(t *testing.T) {
	pos, _ := board.ParseFEN(board.StartFEN)
	good := Pack(pos, 0, 1)
	var buf [RecordSize]byte
	for _, tc := range []struct {
		name   string
		mutate func(b []byte)
	}{
		{"no-pieces", func(b []byte) { copy(b[:8], make([]byte, 8)) }},
		{"result-3", func(b []byte) { b[26] = 3 }},
		{"side-2", func(b []byte) { b[27] = 2 }},
		{"bad-piece-code", func(b []byte) { b[8] = 0x77 }},
		{"no-white-king", func(b []byte) { b[10] = b[10]&0xf0 | 5 }}, // e1 king (5th piece) becomes a queen
	} {
		t.Run(tc.name, func(t *testing.T) {
			good.Marshal(buf[:])
			tc.mutate(buf[:])
			var r Record
			if err := r.Unmarshal(buf[:]); !errors.Is(err, errBadRecord) {
				t.Errorf("error %v, want errBadRecord", err)
			}
		})
	}
	var r Record
	if err := r.Unmarshal(buf[:10]); !errors.Is(err, errBadRecord) {
		t.Errorf("short record: %v", err)
	}
}

// TestDatagenReproducibleAndResumable: a chunk is a function of the settings
// (two directories, same bytes); a directory refuses other settings; a
// deleted chunk is made again on resume, identical.
func TestDatagenReproducibleAndResumable(t *testing.T) {
	if testing.Short() {
		t.Log("short mode: 2 games per chunk")
	}
	args := func(dir string, extra ...string) []string {
		return append([]string{"-out", dir, "-workers", "2", "-chunks", "2", "-games-per-chunk", "2", "-nodes", "400", "-seed", "7"}, extra...)
	}
	a, b := t.TempDir(), t.TempDir()
	var log bytes.Buffer
	for _, dir := range []string{a, b} {
		if err := runDatagen(args(dir), &log); err != nil {
			t.Fatalf("%v\n%s", err, log.String())
		}
	}
	for k := range 2 {
		x, err := os.ReadFile(filepath.Join(a, chunkName(k)))
		if err != nil {
			t.Fatal(err)
		}
		y, _ := os.ReadFile(filepath.Join(b, chunkName(k)))
		if len(x) == 0 || len(x)%RecordSize != 0 || !bytes.Equal(x, y) {
			t.Fatalf("chunk %d: %d and %d bytes, equal %v", k, len(x), len(y), bytes.Equal(x, y))
		}
	}
	if err := runDatagen(args(a, "-nodes", "500"), &log); err == nil || !strings.Contains(err.Error(), "other settings") {
		t.Errorf("other settings in the same directory: %v", err)
	}
	before, _ := os.ReadFile(filepath.Join(a, chunkName(1)))
	if err := os.Remove(filepath.Join(a, chunkName(1))); err != nil {
		t.Fatal(err)
	}
	log.Reset()
	if err := runDatagen(args(a), &log); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(log.String(), "1 chunks done") {
		t.Errorf("resume did not keep chunk 0:\n%s", log.String())
	}
	after, _ := os.ReadFile(filepath.Join(a, chunkName(1)))
	if !bytes.Equal(before, after) {
		t.Error("the remade chunk differs")
	}
}

// TestDatagenVerification: the verification settings are part of a data
// directory's settings; the defaults leave the manifest as before they
// existed (no verify_nodes field), so older directories resume.
func TestDatagenVerification(t *testing.T) {
	args := func(dir string, extra ...string) []string {
		return append([]string{"-out", dir, "-workers", "1", "-chunks", "1", "-games-per-chunk", "2", "-nodes", "300", "-seed", "5"}, extra...)
	}
	a, b := t.TempDir(), t.TempDir()
	var log bytes.Buffer
	if err := runDatagen(args(a, "-max-open-score", "1000", "-verify-nodes", "200"), &log); err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	m, _ := os.ReadFile(filepath.Join(a, manifestName))
	if !strings.Contains(string(m), `"max_opening_score": 1000`) || !strings.Contains(string(m), `"verify_nodes": 200`) {
		t.Errorf("manifest does not record the verification:\n%s", m)
	}
	if err := runDatagen(args(a), &log); err == nil || !strings.Contains(err.Error(), "other settings") {
		t.Errorf("other verification in the same directory: %v", err)
	}
	if err := runDatagen(args(b, "-max-open-score", "400"), &log); err != nil {
		t.Fatal(err)
	}
	m, _ = os.ReadFile(filepath.Join(b, manifestName))
	if strings.Contains(string(m), "verify_nodes") {
		t.Errorf("default settings write verify_nodes:\n%s", m)
	}
}

// TestDatagenSoftNodes: -soft-nodes is recorded in the manifest (so a resume
// with other settings is refused), absent by default, and may not exceed the
// hard -nodes.
func TestDatagenSoftNodes(t *testing.T) {
	args := func(dir string, extra ...string) []string {
		return append([]string{"-out", dir, "-workers", "1", "-chunks", "1", "-games-per-chunk", "2", "-nodes", "2000", "-seed", "5"}, extra...)
	}
	a := t.TempDir()
	var log bytes.Buffer
	if err := runDatagen(args(a, "-soft-nodes", "300"), &log); err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	m, _ := os.ReadFile(filepath.Join(a, manifestName))
	if !strings.Contains(string(m), `"soft_nodes": 300`) {
		t.Errorf("manifest does not record the soft limit:\n%s", m)
	}
	if err := runDatagen(args(a), &log); err == nil || !strings.Contains(err.Error(), "other settings") {
		t.Errorf("no soft limit in a directory made with one: %v", err)
	}
	if err := runDatagen(args(t.TempDir(), "-soft-nodes", "3000"), &log); err == nil || !strings.Contains(err.Error(), "above -nodes") {
		t.Errorf("-soft-nodes above -nodes: %v", err)
	}
}

// TestTrainWritesAReadableNet trains briefly on a small generated set and
// checks the written net: it parses, and the quantised outputs match the
// float net's within the tolerance writeNet enforces.
func TestTrainWritesAReadableNet(t *testing.T) {
	data, run := t.TempDir(), t.TempDir()
	var log, out bytes.Buffer
	if err := runDatagen([]string{"-out", data, "-workers", "2", "-chunks", "3", "-games-per-chunk", "2", "-nodes", "300", "-seed", "3"}, &log); err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	if err := runTrain([]string{"-data", data, "-out", run, "-epochs", "2", "-batch", "256", "-valid-every", "3"}, &out, &log); err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	path := strings.TrimSpace(out.String())
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	net, err := eval.ParseNet(raw)
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Base(path) != "nn-"+net.Hash()+".nnue" {
		t.Errorf("net written as %s, hash %s", path, net.Hash())
	}
	for _, want := range []string{"epoch 2/2", "validation loss", "quantised − float"} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("log lacks %q:\n%s", want, log.String())
		}
	}
	// A second run in the same directory resumes after the last epoch.
	log.Reset()
	out.Reset()
	if err := runTrain([]string{"-data", data, "-out", run, "-epochs", "2", "-batch", "256", "-valid-every", "3"}, &out, &log); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(log.String(), "resuming") || strings.Contains(log.String(), "epoch 1/2") {
		t.Errorf("second run did not resume:\n%s", log.String())
	}
}

// TestJoinKeepsEachSetsTargets joins a search-scored set and a teacher-scored
// set and checks every record's target comes from its own set.
func TestJoinKeepsEachSetsTargets(t *testing.T) {
	pos, err := board.ParseFEN(board.StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	set := func(scores ...int) *dataset {
		d := &dataset{}
		for _, s := range scores {
			var buf [RecordSize]byte
			r := Pack(pos, s, 1)
			r.Marshal(buf[:])
			d.raw = append(d.raw, buf[:]...)
		}
		return d
	}
	searched := set(100, -200)
	taught := set(300, 400, 500)
	taught.teacher = []int16{30, 40, 50}
	searched.join(taught)
	searched.join(set(-600))
	want := []int{100, -200, 30, 40, 50, -600}
	if searched.len() != len(want) || len(searched.teacher) != len(want) {
		t.Fatalf("joined %d records, %d teacher entries; want %d", searched.len(), len(searched.teacher), len(want))
	}
	var s sample
	for i, w := range want {
		searched.fill(i, &s, 1, eval.NetScale)
		if got, exp := s.target, float32(sigmoid(float64(w)/eval.NetScale)); got != exp {
			t.Errorf("record %d: target %v, want sigmoid(%d/%v) = %v", i, got, w, eval.NetScale, exp)
		}
	}
}

// TestMirror checks which records may be mirrored left to right and that a
// mirrored record's features are those of the mirrored position.
func TestMirror(t *testing.T) {
	for _, tc := range []struct {
		name, fen, mirrored string
		ok                  bool
	}{
		{"start", board.StartFEN, "", false},
		{"kings-moved", "r4rk1/pp3ppp/8/8/8/8/PP3PPP/1K1R3R w - - 0 20", "1kr4r/ppp3pp/8/8/8/8/PPP3PP/R3R1K1 w - - 0 20", true},
		{"white-can-castle", "6k1/5ppp/8/8/8/8/8/4K2R w K - 0 1", "", false},
		{"black-can-castle", "r3k3/8/8/8/8/8/5PPP/6K1 b q - 0 1", "", false},
		{"kings-home-no-rooks", "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1", "3k4/pppppppp/8/8/8/8/PPPPPPPP/3K4 w - - 0 1", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := &dataset{}
			for _, fen := range []string{tc.fen, tc.mirrored} {
				if fen == "" {
					continue
				}
				pos, err := board.ParseFEN(fen)
				if err != nil {
					t.Fatal(err)
				}
				var buf [RecordSize]byte
				r := Pack(pos, 50, 2)
				r.Marshal(buf[:])
				d.raw = append(d.raw, buf[:]...)
			}
			if got := d.mirrorable(0); got != tc.ok {
				t.Fatalf("mirrorable = %v, want %v", got, tc.ok)
			}
			if !tc.ok {
				return
			}
			var m, want sample
			d.fill(-1, &m, 0.5, eval.NetScale)
			d.fill(1, &want, 0.5, eval.NetScale)
			sortFeatures := func(s *sample) {
				slices.Sort(s.stm[:s.n])
				slices.Sort(s.ntm[:s.n])
			}
			sortFeatures(&m)
			sortFeatures(&want)
			if m != want {
				t.Errorf("mirrored record's sample %+v, want %+v", m, want)
			}
		})
	}
}

// writeChunks writes chunks 0..n-1 into dir, chunk k holding k+1 records.
func writeChunks(t *testing.T, dir string, n int) {
	t.Helper()
	pos, err := board.ParseFEN(board.StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	for k := range n {
		var data []byte
		for range k + 1 {
			var buf [RecordSize]byte
			r := Pack(pos, 10, 1)
			r.Marshal(buf[:])
			data = append(data, buf[:]...)
		}
		if err := os.WriteFile(filepath.Join(dir, chunkName(k)), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestLoadDataChunks checks that -chunks reads exactly the chunks below it
// and that every validEvery-th chunk is held out.
func TestLoadDataChunks(t *testing.T) {
	dir := t.TempDir()
	writeChunks(t, dir, 5)
	for _, tc := range []struct {
		chunks, train, valid int
	}{
		{0, 2 + 3 + 5, 1 + 4}, // chunks 0 and 3 held out (validEvery 3)
		{3, 2 + 3, 1},
		{1, 0, 1},
	} {
		train, valid, err := loadData(dir, 3, below(tc.chunks), 0)
		if err != nil {
			t.Fatal(err)
		}
		if train.len() != tc.train || valid.len() != tc.valid {
			t.Errorf("chunks %d: %d training and %d validation records, want %d and %d", tc.chunks, train.len(), valid.len(), tc.train, tc.valid)
		}
	}
}

// TestLoadSources checks -data with several directories: each one's own
// chunk limit, the -chunks default for the others, and the refusals.
func TestLoadSources(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	writeChunks(t, a, 5)
	writeChunks(t, b, 4)
	for _, tc := range []struct {
		spec          string
		chunks        int
		train, valid  int
		wantErrSubstr string
	}{
		{spec: a + "," + b, train: (2 + 3 + 5) + (2 + 3), valid: (1 + 4) + (1 + 4)},
		{spec: a + ":3," + b, train: (2 + 3) + (2 + 3), valid: 1 + (1 + 4)},
		{spec: a + "," + b + ":2", chunks: 3, train: (2 + 3) + 2, valid: 1 + 1},
		{spec: a + ":0-1+3," + b + ":2", train: 2 + 2, valid: (1 + 4) + 1},
		{spec: a + ":4", train: 2 + 3, valid: 1 + 4},
		{spec: a + ":1-2+4", train: 2 + 3 + 5, valid: 0},
		{spec: a + ":0," + b, wantErrSubstr: "the chunk count must be >= 1"},
		{spec: a + ":x", wantErrSubstr: `"x" is not a chunk index`},
		{spec: a + ":3-1", wantErrSubstr: `"3-1" is not a chunk index`},
		{spec: a + ":1++2", wantErrSubstr: `"" is not a chunk index`},
		{spec: a + ":2+5", wantErrSubstr: "chunk 5 is named but missing"},
		{spec: a + ",", wantErrSubstr: "empty directory name"},
		{spec: a + ":3@0.5," + b + "@2", train: (2 + 3) + (2 + 3), valid: 1 + (1 + 4)},
		{spec: a + "@0", wantErrSubstr: "after '@' a score scale"},
		{spec: a + ":3@x", wantErrSubstr: "after '@' a score scale"},
		{spec: a + "@5", wantErrSubstr: "after '@' a score scale"},
	} {
		train, valid, err := loadSources(tc.spec, 3, tc.chunks, 0)
		if tc.wantErrSubstr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErrSubstr) {
				t.Errorf("%q: error %v, want one saying %q", tc.spec, err, tc.wantErrSubstr)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%q: %v", tc.spec, err)
		}
		if train.len() != tc.train || valid.len() != tc.valid {
			t.Errorf("%q chunks %d: %d training and %d validation records, want %d and %d", tc.spec, tc.chunks, train.len(), valid.len(), tc.train, tc.valid)
		}
	}
}

// TestLambdaRamp: λ moves linearly from -lambda to -lambda-end over the
// steps; without -lambda-end it stays.
func TestLambdaRamp(t *testing.T) {
	end := 0.5
	ramp := trainConfig{Lambda: 0.8, LambdaEnd: &end}
	flat := trainConfig{Lambda: 0.7}
	for _, tc := range []struct {
		c           trainConfig
		step, steps int
		want        float64
	}{
		{ramp, 0, 11, 0.8},
		{ramp, 5, 11, 0.65},
		{ramp, 10, 11, 0.5},
		{ramp, 0, 1, 0.8},
		{flat, 0, 11, 0.7},
		{flat, 10, 11, 0.7},
	} {
		if got := tc.c.lambdaAt(tc.step, tc.steps); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("λ %v → %v at step %d of %d: %v, want %v", tc.c.Lambda, tc.c.LambdaEnd, tc.step, tc.steps, got, tc.want)
		}
	}
	if ramp.finalLambda() != 0.5 || flat.finalLambda() != 0.7 {
		t.Error("finalLambda")
	}
}

// TestInitFromNet: a run can start from a shipped net file: its weights come
// back dequantised, and quantising them again writes the same file, byte for
// byte. A file that is neither a net nor a checkpoint is refused.
func TestInitFromNet(t *testing.T) {
	file, err := os.ReadFile(filepath.Join("..", "..", "engine", "eval", "nets", "default.nnue"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "net.nnue")
	if err := os.WriteFile(path, file, 0o644); err != nil {
		t.Fatal(err)
	}
	net, err := loadInit(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := eval.EncodeNet(net.quantise()); !bytes.Equal(got, file) {
		t.Fatalf("re-encoded net differs from the file it came from")
	}
	bad := filepath.Join(dir, "bad.nnue")
	if err := os.WriteFile(bad, file[:100], 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := loadInit(bad); err == nil || !strings.Contains(err.Error(), "neither a checkpoint nor a net file") {
		t.Fatalf("a truncated file: err %v", err)
	}
}

// TestScoreScale: DIR@K multiplies that directory's search scores, in its
// training and validation records alike, rounded half away from zero and
// clamped to what Pack keeps; other directories keep theirs.
func TestScoreScale(t *testing.T) {
	a, b, big := t.TempDir(), t.TempDir(), t.TempDir()
	writeChunks(t, a, 2) // every record scores 10
	writeChunks(t, b, 2)
	pos, err := board.ParseFEN(board.StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	var buf [RecordSize]byte
	r := Pack(pos, 9000, 2)
	r.Marshal(buf[:])
	if err := os.WriteFile(filepath.Join(big, chunkName(0)), buf[:], 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		spec        string
		train, vals []int16
	}{
		{a + "@1.25," + b, []int16{13, 13, 10, 10}, []int16{13, 10}},
		{a + ":2@0.5," + b + "@2", []int16{5, 5, 20, 20}, []int16{5, 20}},
		{a + "@0.04", []int16{0, 0}, []int16{0}},
		{big + "@4", nil, []int16{32000}},
	} {
		train, valid, err := loadSources(tc.spec, 2, 0, 0)
		if err != nil {
			t.Fatalf("%q: %v", tc.spec, err)
		}
		for _, set := range []struct {
			d    *dataset
			want []int16
		}{{train, tc.train}, {valid, tc.vals}} {
			var got []int16
			for i := range set.d.len() {
				got = append(got, set.d.record(i).Score)
			}
			if !slices.Equal(got, set.want) {
				t.Errorf("%q: scores %v, want %v", tc.spec, got, set.want)
			}
		}
	}
}

// TestWDLScale: -wdl-scale sets the sigmoid the target's score goes
// through (the output's is backward's gain, TestBucketGradient); 0 and
// eval.NetScale are the default, and a scale no data has is refused before
// anything is read.
func TestWDLScale(t *testing.T) {
	var d dataset
	pos, err := board.ParseFEN(board.StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	var buf [RecordSize]byte
	r := Pack(pos, 170, 2) // White to move, +170 cp, White won
	r.Marshal(buf[:])
	d.raw = append(d.raw, buf[:]...)
	for _, tc := range []struct {
		lambda, scale, want float64
	}{
		{1, eval.NetScale, sigmoid(170.0 / eval.NetScale)},
		{1, 170, sigmoid(1)},
		{0.5, 170, 0.5*sigmoid(1) + 0.5},
		{0, 170, 1},
	} {
		var s sample
		d.fill(0, &s, tc.lambda, tc.scale)
		if math.Abs(float64(s.target)-tc.want) > 1e-6 {
			t.Errorf("λ %v, scale %v: target %v, want %v", tc.lambda, tc.scale, s.target, tc.want)
		}
	}
	if got := (&trainConfig{}).wdlScale(); got != eval.NetScale {
		t.Errorf("default scale %v, want %v", got, eval.NetScale)
	}
	if got := (&trainConfig{WDLScale: 170}).wdlScale(); got != 170 {
		t.Errorf("-wdl-scale 170: %v", got)
	}
	for _, v := range []string{"10", "49.9", "2001", "-170", "NaN", "+Inf"} {
		var out, errs bytes.Buffer
		err := runTrain([]string{"-wdl-scale", v, "-data", t.TempDir(), "-out", t.TempDir()}, &out, &errs)
		if err == nil || !strings.Contains(err.Error(), "-wdl-scale") {
			t.Errorf("-wdl-scale %s: err %v, want one naming -wdl-scale", v, err)
		}
	}
}

// TestResultScale: on records whose results were drawn from
// sigmoid(score/K), resultScale finds K again.
func TestResultScale(t *testing.T) {
	pos, err := board.ParseFEN(board.StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(7, 7))
	for _, k := range []float64{120, 170, 400} {
		var d dataset
		var buf [RecordSize]byte
		for range 140000 {
			score := rng.IntN(1201) - 600
			result := uint8(0)
			if rng.Float64() < sigmoid(float64(score)/k) {
				result = 2
			}
			r := Pack(pos, score, result)
			r.Marshal(buf[:])
			d.raw = append(d.raw, buf[:]...)
		}
		if got := resultScale(&d); math.Abs(got-k) > 0.05*k {
			t.Errorf("results drawn at K = %v: resultScale %.1f", k, got)
		}
	}
}
