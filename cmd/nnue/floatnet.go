package main

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"os"

	"github.com/azurite-chess/azurite/engine/eval"
)

const hidden = eval.NetHidden

// Indexes into floatNet.t, as eval.NetTensors.
const (
	tFtW  = eval.TensorFeatureWeights
	tFtB  = eval.TensorFeatureBias
	tOutW = eval.TensorOutputWeights
	tOutB = eval.TensorOutputBias
)

// floatNet is the trainer's network: eval's tensors (eval.NetTensorsFor its
// output buckets) in float32, one flat slice each, with activations clipped
// to [0, 1] (1.0 is eval.NetQA once quantised).
type floatNet struct {
	t [len(eval.NetTensors)][]float32
}

// zeroFloatNet returns a net of buckets output buckets with every tensor
// allocated and zero.
func zeroFloatNet(buckets int) *floatNet {
	n := &floatNet{}
	for k, t := range eval.NetTensorsFor(buckets) {
		n.t[k] = make([]float32, t.Len)
	}
	return n
}

// buckets is the number of n's output layers.
func (n *floatNet) buckets() int { return len(n.t[tOutB]) }

// tensors is n's tensor list.
func (n *floatNet) tensors() [len(eval.NetTensors)]eval.NetTensor {
	return eval.NetTensorsFor(n.buckets())
}

// clear sets every weight to zero.
func (n *floatNet) clear() {
	for k := range n.t {
		clear(n.t[k])
	}
}

// ftRow is feature f's row of the feature weights.
func (n *floatNet) ftRow(f int) *[hidden]float32 {
	return (*[hidden]float32)(n.t[tFtW][f*hidden:])
}

// ftBias is the feature biases as an array.
func (n *floatNet) ftBias() *[hidden]float32 {
	return (*[hidden]float32)(n.t[tFtB])
}

// A fresh hidden unit's feature weights are N(0, initFeatureStd) and its
// bias initFeatureBias, here and in the units nnue widen adds.
const (
	initFeatureStd  = 0.05
	initFeatureBias = 0.2
)

// newFloatNet returns a fresh net of buckets output buckets, its weights
// drawn from seed.
func newFloatNet(seed uint64, buckets int) *floatNet {
	rng := rand.New(rand.NewPCG(seed, 0x6e6e7565))
	n := zeroFloatNet(buckets)
	for i := range n.t[tFtW] {
		n.t[tFtW][i] = float32(rng.NormFloat64() * initFeatureStd)
	}
	for i := range n.t[tFtB] {
		n.t[tFtB][i] = initFeatureBias
	}
	for i := range n.t[tOutW] {
		n.t[tOutW][i] = float32(rng.NormFloat64() * 0.1)
	}
	return n
}

// sample is one training position's active features and target.
type sample struct {
	stm, ntm [32]uint16
	n        int
	target   float32 // blended winning chance for the side to move
}

// bucket is the output layer that scores s in n: s.n, its active
// features from one side, is its piece count.
func (n *floatNet) bucket(s *sample) int { return eval.OutputBucket(s.n, n.buckets()) }

// outLayer is output bucket b's weights, the side to move's half first.
func (n *floatNet) outLayer(b int) *[2 * hidden]float32 {
	return (*[2 * hidden]float32)(n.t[tOutW][b*2*hidden:])
}

// forward returns the net's output (in units of eval.NetScale centipawns)
// and leaves the accumulators in accS, accN.
func (n *floatNet) forward(s *sample, accS, accN *[hidden]float32) float32 {
	*accS, *accN = *n.ftBias(), *n.ftBias()
	for k := range s.n {
		addF(accS, n.ftRow(int(s.stm[k])))
		addF(accN, n.ftRow(int(s.ntm[k])))
	}
	b := n.bucket(s)
	outW := n.outLayer(b)
	out := n.t[tOutB][b]
	for i := range hidden {
		a := clip01(accS[i])
		b := clip01(accN[i])
		out += outW[i]*a*a + outW[hidden+i]*b*b
	}
	return out
}

func clip01(x float32) float32 { return min(max(x, 0), 1) }

func addF(d, w *[hidden]float32) {
	for i := range d {
		d[i] += w[i]
	}
}

// grads accumulates one worker's gradients over part of a batch.
type grads struct {
	net  *floatNet
	loss float64
	// touched marks the feature rows this batch used, so zeroing and
	// reducing skip the rest.
	touched [eval.NetInputs]bool
}

// newGrads returns a worker's zero gradients for a net of buckets output
// buckets.
func newGrads(buckets int) *grads {
	return &grads{net: zeroFloatNet(buckets)}
}

func (g *grads) reset() {
	for f := range g.touched {
		if g.touched[f] {
			*g.net.ftRow(f) = [hidden]float32{}
			g.touched[f] = false
		}
	}
	for k := range g.net.t {
		if k != tFtW {
			clear(g.net.t[k])
		}
	}
	g.loss = 0
}

// backward adds the gradient of (sigmoid(gain·out) − target)² for s to g.
// gain is eval.NetScale over the target's sigmoid scale (1 but for
// -wdl-scale), so the output stays in units of eval.NetScale centipawns.
func (n *floatNet) backward(s *sample, g *grads, gain float32) {
	var accS, accN [hidden]float32
	out := n.forward(s, &accS, &accN)
	p := float32(1 / (1 + math.Exp(-float64(gain*out))))
	diff := p - s.target
	g.loss += float64(diff * diff)
	d := 2 * diff * p * (1 - p) * gain
	b := n.bucket(s)
	g.net.t[tOutB][b] += d
	outW := n.outLayer(b)
	gOutW := g.net.outLayer(b)
	var gS, gN [hidden]float32
	for i := range hidden {
		a, b := accS[i], accN[i]
		if a > 0 && a < 1 {
			gOutW[i] += d * a * a
			gS[i] = d * outW[i] * 2 * a
		} else if a >= 1 {
			gOutW[i] += d
		}
		if b > 0 && b < 1 {
			gOutW[hidden+i] += d * b * b
			gN[i] = d * outW[hidden+i] * 2 * b
		} else if b >= 1 {
			gOutW[hidden+i] += d
		}
	}
	gB := g.net.ftBias()
	for i := range hidden {
		gB[i] += gS[i] + gN[i]
	}
	for k := range s.n {
		f, h := s.stm[k], s.ntm[k]
		addF(g.net.ftRow(int(f)), &gS)
		addF(g.net.ftRow(int(h)), &gN)
		g.touched[f], g.touched[h] = true, true
	}
}

// adam holds the optimiser's moment estimates, shaped like the net.
type adam struct {
	m, v *floatNet
	t    int
}

// newAdam returns an optimiser at its start for a net of buckets output
// buckets.
func newAdam(buckets int) *adam {
	return &adam{m: zeroFloatNet(buckets), v: zeroFloatNet(buckets)}
}

const (
	adamBeta1 = 0.9
	adamBeta2 = 0.999
	adamEps   = 1e-8
)

// step applies the summed gradient g (already divided by the batch size)
// with learning rate lr, then clips the weights to what quantisation keeps.
func (o *adam) step(n, g *floatNet, lr float64) {
	o.t++
	c1 := 1 - math.Pow(adamBeta1, float64(o.t))
	c2 := 1 - math.Pow(adamBeta2, float64(o.t))
	upd := func(w, m, v *float32, gr float32, lim float32) {
		*m = adamBeta1**m + (1-adamBeta1)*gr
		*v = adamBeta2**v + (1-adamBeta2)*gr*gr
		mh := float64(*m) / c1
		vh := float64(*v) / c2
		*w -= float32(lr * mh / (math.Sqrt(vh) + adamEps))
		*w = min(max(*w, -lim), lim)
	}
	// A feature row no position of the batch used has zero gradient; its
	// moments still decay, so every weight is updated.
	for k, t := range n.tensors() {
		w, m, v, gr, lim := n.t[k], o.m.t[k], o.v.t[k], g.t[k], float32(t.Limit)
		for i := range w {
			upd(&w[i], &m[i], &v[i], gr[i], lim)
		}
	}
}

// quantise rounds the net to eval's fixed point: each tensor by its scale,
// the int16 ones kept inside ±32767.
func (n *floatNet) quantise() *eval.QuantNet {
	q := eval.NewQuantNet(n.buckets())
	for k, t := range n.tensors() {
		for i, w := range n.t[k] {
			x := math.Round(float64(w) * t.Scale)
			if !t.Wide {
				x = max(-32767, min(32767, x))
			}
			q[k][i] = int32(x)
		}
	}
	return q
}

// dequantise returns the float net whose quantise gives q back: each weight
// q/Scale, its tensor's fixed-point unit.
func dequantise(q *eval.QuantNet) *floatNet {
	n := zeroFloatNet(q.Buckets())
	for k, t := range n.tensors() {
		for i, x := range q[k] {
			n.t[k][i] = float32(float64(x) / t.Scale)
		}
	}
	return n
}

// loadInit returns the weights of path: a checkpoint, or a net file (a
// shipped net, dequantised), told apart by their headers; the output
// buckets are the file's.
func loadInit(path string) (*floatNet, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if len(b) >= len(checkpointMagic) && string(b[:len(checkpointMagic)]) == checkpointMagic {
		buckets, ok := checkpointBuckets(len(b))
		if !ok {
			return nil, fmt.Errorf("checkpoint %s: %d bytes, the size of no net %d units wide", path, len(b), hidden)
		}
		n := zeroFloatNet(buckets)
		_, err := loadCheckpoint(path, n, newAdam(buckets))
		return n, err
	}
	q, err := eval.DecodeNet(b)
	if err != nil {
		return nil, fmt.Errorf("%s is neither a checkpoint nor a net file: %w", path, err)
	}
	return dequantise(q), nil
}

// checkpointBuckets is the number of output buckets of the net whose
// checkpoint is size bytes long: its weights and the optimiser's two
// moments, each the feature layer plus 2·hidden+1 per bucket.
func checkpointBuckets(size int) (int, bool) {
	const per = 2*hidden + 1
	body := size - len(checkpointMagic) - 8
	if body <= 0 || body%12 != 0 {
		return 0, false
	}
	rest := body/12 - (eval.NetInputs*hidden + hidden)
	if rest < per || rest%per != 0 || rest/per > eval.MaxNetBuckets {
		return 0, false
	}
	return rest / per, true
}

// A checkpoint is the float net, the optimiser state and the epoch reached,
// as raw little-endian float32s after a short header.
const checkpointMagic = "AZCK0001"

// params lists every weight in checkpoint order: the tensors in
// eval.NetTensors order, each flat.
func (n *floatNet) params() []*float32 {
	count := 0
	for _, t := range n.tensors() {
		count += t.Len
	}
	ps := make([]*float32, 0, count)
	for k := range n.t {
		for i := range n.t[k] {
			ps = append(ps, &n.t[k][i])
		}
	}
	return ps
}

func saveCheckpoint(path string, n *floatNet, o *adam, epoch int) error {
	b := []byte(checkpointMagic)
	b = binary.LittleEndian.AppendUint32(b, uint32(epoch))
	b = binary.LittleEndian.AppendUint32(b, uint32(o.t))
	for _, net := range []*floatNet{n, o.m, o.v} {
		for _, p := range net.params() {
			b = binary.LittleEndian.AppendUint32(b, math.Float32bits(*p))
		}
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

func loadCheckpoint(path string, n *floatNet, o *adam) (epoch int, err error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	count := len(n.params())
	if want := len(checkpointMagic) + 8 + 3*4*count; len(b) != want || string(b[:8]) != checkpointMagic {
		return 0, fmt.Errorf("checkpoint %s: %d bytes, want %d with header %q", path, len(b), want, checkpointMagic)
	}
	epoch = int(binary.LittleEndian.Uint32(b[8:]))
	o.t = int(binary.LittleEndian.Uint32(b[12:]))
	off := 16
	for _, net := range []*floatNet{n, o.m, o.v} {
		for _, p := range net.params() {
			*p = math.Float32frombits(binary.LittleEndian.Uint32(b[off:]))
			off += 4
		}
	}
	return epoch, nil
}
