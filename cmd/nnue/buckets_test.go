package main

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/azurite-chess/azurite/engine/board"
	"github.com/azurite-chess/azurite/engine/eval"
)

// TestWidenToBuckets: the built-in net with its output layer copied to 8
// buckets evaluates every position as the built-in net; a bucketed net
// splits only into as many; a bucket count out of range is refused.
func TestWidenToBuckets(t *testing.T) {
	file, one := builtinNet(t)
	q, err := widenNet(file, eval.NetHidden, 8, 1)
	if err != nil {
		t.Fatal(err)
	}
	nets := parseNets(t, q, one)
	if nets[0].Buckets() != 8 {
		t.Fatalf("%d buckets, want 8", nets[0].Buckets())
	}
	if got, want := evaluations(t, nets[0]), evaluations(t, nets[1]); !slices.Equal(got, want) {
		t.Errorf("8 buckets evaluate %v, the built-in net %v", got, want)
	}
	again, err := widenNet(eval.EncodeNet(q), eval.NetHidden, 8, 1)
	if err != nil || !bytes.Equal(eval.EncodeNet(again), eval.EncodeNet(q)) {
		t.Errorf("8 buckets to 8: err %v, or the net changed", err)
	}
	for _, tc := range []struct {
		data    []byte
		buckets int
		want    string
	}{
		{eval.EncodeNet(q), 4, "8 output buckets, want 1 or -buckets 4"},
		{file, 0, "-buckets 0: want 1 to 16"},
		{file, 17, "-buckets 17: want 1 to 16"},
	} {
		if _, err := widenNet(tc.data, eval.NetHidden, tc.buckets, 1); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("-buckets %d: err %v, want %q", tc.buckets, err, tc.want)
		}
	}
}

// sampleOf is pos's training sample with target.
func sampleOf(t *testing.T, fen string, target float32) *sample {
	t.Helper()
	pos, err := board.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	s := &sample{target: target}
	for b := pos.Occupied(); b != 0; {
		sq := b.PopLSB()
		pc := pos.PieceAt(sq)
		s.stm[s.n] = uint16(eval.Feature(pos.Side(), pc, sq))
		s.ntm[s.n] = uint16(eval.Feature(pos.Side()^1, pc, sq))
		s.n++
	}
	return s
}

// TestBucketGradient: a position's gradient reaches its own bucket's output
// layer and no other's, and agrees with the loss's finite differences, at
// the loss's default sigmoid scale (gain 1) and at a steeper -wdl-scale.
func TestBucketGradient(t *testing.T) {
	for _, gain := range []float32{1, eval.NetScale / 170.0} {
		t.Run(fmt.Sprint(gain), func(t *testing.T) { testBucketGradient(t, gain) })
	}
}

func testBucketGradient(t *testing.T, gain float32) {
	net := newFloatNet(3, 8)
	s := sampleOf(t, "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 0.3) // 10 pieces: bucket 2
	if b := net.bucket(s); b != 2 {
		t.Fatalf("bucket %d, want 2", b)
	}
	g := newGrads(8)
	net.backward(s, g, gain)
	for k := range 8 {
		var sum float64
		for _, w := range g.net.outLayer(k) {
			sum += math.Abs(float64(w))
		}
		sum += math.Abs(float64(g.net.t[tOutB][k]))
		if (sum != 0) != (k == 2) {
			t.Errorf("bucket %d: |gradient| %g", k, sum)
		}
	}
	loss := func() float64 {
		var a, b [hidden]float32
		p := sigmoid(float64(gain * net.forward(s, &a, &b)))
		return (p - float64(s.target)) * (p - float64(s.target))
	}
	const eps = 1e-3
	for _, w := range []*float32{&net.t[tOutB][2], &net.outLayer(2)[5]} {
		old := *w
		*w = old + eps
		up := loss()
		*w = old - eps
		down := loss()
		*w = old
		var got float32
		if w == &net.t[tOutB][2] {
			got = g.net.t[tOutB][2]
		} else {
			got = g.net.outLayer(2)[5]
		}
		if want := (up - down) / (2 * eps); math.Abs(float64(got)-want) > 1e-4+0.01*math.Abs(want) {
			t.Errorf("gradient %g, finite difference %g", got, want)
		}
	}
}

// TestTrainBuckets: -buckets 8 trains and writes a readable net of 8
// buckets, resumes from its checkpoint, and starts from a net only of as
// many buckets.
func TestTrainBuckets(t *testing.T) {
	data, run := t.TempDir(), t.TempDir()
	var log, out bytes.Buffer
	if err := runDatagen([]string{"-out", data, "-workers", "2", "-chunks", "3", "-games-per-chunk", "2", "-nodes", "300", "-seed", "3"}, &log); err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	args := []string{"-data", data, "-out", run, "-epochs", "2", "-batch", "256", "-valid-every", "3", "-buckets", "8"}
	if err := runTrain(args, &out, &log); err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	path := strings.TrimSpace(out.String())
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	net, err := eval.ParseNet(raw)
	if err != nil || net.Buckets() != 8 {
		t.Fatalf("err %v, or not 8 buckets", err)
	}
	ck, err := loadInit(filepath.Join(run, "checkpoint.bin"))
	if err != nil || ck.buckets() != 8 {
		t.Fatalf("the checkpoint: err %v, or not 8 buckets", err)
	}
	log.Reset()
	if err := runTrain(args, &out, &log); err != nil || !strings.Contains(log.String(), "resuming") {
		t.Fatalf("second run: err %v\n%s", err, log.String())
	}
	err = runTrain([]string{"-data", data, "-out", t.TempDir(), "-epochs", "1", "-valid-every", "3", "-buckets", "4", "-init", path}, &out, &log)
	if err == nil || !strings.Contains(err.Error(), "has 8 output buckets, -buckets asks for 4 (nnue widen -buckets 4 makes them)") {
		t.Fatalf("an -init of other buckets: err %v", err)
	}
}
