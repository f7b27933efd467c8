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

// floatNet is the trainer's network: eval's architecture in float32, with
// activations clipped to [0, 1] (1.0 is eval.NetQA once quantised).
type floatNet struct {
	ftW  [eval.NetInputs][hidden]float32
	ftB  [hidden]float32
	outW [2 * hidden]float32
	outB float32
}

// maxOutW keeps output weights inside int16 after scaling by QB.
const maxOutW = 32767.0 / eval.NetQB

// maxFtW keeps feature weights and biases inside int16 after scaling by QA.
const maxFtW = 32767.0 / eval.NetQA / 32

func newFloatNet(seed uint64) *floatNet {
	rng := rand.New(rand.NewPCG(seed, 0x6e6e7565))
	n := &floatNet{}
	for f := range n.ftW {
		for i := range n.ftW[f] {
			n.ftW[f][i] = float32(rng.NormFloat64() * 0.05)
		}
	}
	for i := range n.ftB {
		n.ftB[i] = 0.2
	}
	for i := range n.outW {
		n.outW[i] = float32(rng.NormFloat64() * 0.1)
	}
	return n
}

// sample is one training position's active features and target.
type sample struct {
	stm, ntm [32]uint16
	n        int
	target   float32 // blended winning chance for the side to move
}

// forward returns the net's output (in units of eval.NetScale centipawns)
// and leaves the accumulators in accS, accN.
func (n *floatNet) forward(s *sample, accS, accN *[hidden]float32) float32 {
	*accS, *accN = n.ftB, n.ftB
	for k := range s.n {
		addF(accS, &n.ftW[s.stm[k]])
		addF(accN, &n.ftW[s.ntm[k]])
	}
	out := n.outB
	for i := range hidden {
		a := clip01(accS[i])
		b := clip01(accN[i])
		out += n.outW[i]*a*a + n.outW[hidden+i]*b*b
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
	net  floatNet
	loss float64
	// touched marks the feature rows this batch used, so zeroing and
	// reducing skip the rest.
	touched [eval.NetInputs]bool
}

func (g *grads) reset() {
	for f := range g.net.ftW {
		if g.touched[f] {
			g.net.ftW[f] = [hidden]float32{}
			g.touched[f] = false
		}
	}
	g.net.ftB = [hidden]float32{}
	g.net.outW = [2 * hidden]float32{}
	g.net.outB = 0
	g.loss = 0
}

// backward adds the gradient of (sigmoid(out) − target)² for s to g.
func (n *floatNet) backward(s *sample, g *grads) {
	var accS, accN [hidden]float32
	out := n.forward(s, &accS, &accN)
	p := float32(1 / (1 + math.Exp(-float64(out))))
	diff := p - s.target
	g.loss += float64(diff * diff)
	d := 2 * diff * p * (1 - p)
	g.net.outB += d
	var gS, gN [hidden]float32
	for i := range hidden {
		a, b := accS[i], accN[i]
		if a > 0 && a < 1 {
			g.net.outW[i] += d * a * a
			gS[i] = d * n.outW[i] * 2 * a
		} else if a >= 1 {
			g.net.outW[i] += d
		}
		if b > 0 && b < 1 {
			g.net.outW[hidden+i] += d * b * b
			gN[i] = d * n.outW[hidden+i] * 2 * b
		} else if b >= 1 {
			g.net.outW[hidden+i] += d
		}
	}
	for i := range hidden {
		g.net.ftB[i] += gS[i] + gN[i]
	}
	for k := range s.n {
		f, h := s.stm[k], s.ntm[k]
		addF(&g.net.ftW[f], &gS)
		addF(&g.net.ftW[h], &gN)
		g.touched[f], g.touched[h] = true, true
	}
}

// adam holds the optimiser's moment estimates, shaped like the net.
type adam struct {
	m, v floatNet
	t    int
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
	for f := range n.ftW {
		// A row no position of the batch used has zero gradient; its
		// moments still decay, so every row is updated (rows are few: 768).
		for i := range n.ftW[f] {
			upd(&n.ftW[f][i], &o.m.ftW[f][i], &o.v.ftW[f][i], g.ftW[f][i], maxFtW)
		}
	}
	for i := range n.ftB {
		upd(&n.ftB[i], &o.m.ftB[i], &o.v.ftB[i], g.ftB[i], maxFtW)
	}
	for i := range n.outW {
		upd(&n.outW[i], &o.m.outW[i], &o.v.outW[i], g.outW[i], maxOutW)
	}
	upd(&n.outB, &o.m.outB, &o.v.outB, g.outB, 1e6)
}

// quantise rounds the net to eval's fixed point.
func (n *floatNet) quantise() *eval.QuantNet {
	q := &eval.QuantNet{}
	r16 := func(x float64) int16 { return int16(max(-32767, min(32767, math.Round(x)))) }
	for f := range n.ftW {
		for i := range n.ftW[f] {
			q.FeatureWeights[f][i] = r16(float64(n.ftW[f][i]) * eval.NetQA)
		}
	}
	for i := range n.ftB {
		q.FeatureBias[i] = r16(float64(n.ftB[i]) * eval.NetQA)
	}
	for i := range n.outW {
		q.OutputWeights[i] = r16(float64(n.outW[i]) * eval.NetQB)
	}
	q.OutputBias = int32(math.Round(float64(n.outB) * eval.NetQA * eval.NetQB))
	return q
}

// A checkpoint is the float net, the optimiser state and the epoch reached,
// as raw little-endian float32s after a short header.
const checkpointMagic = "AZCK0001"

func (n *floatNet) params() []*float32 {
	ps := make([]*float32, 0, eval.NetInputs*hidden+3*hidden+1)
	for f := range n.ftW {
		for i := range n.ftW[f] {
			ps = append(ps, &n.ftW[f][i])
		}
	}
	for i := range n.ftB {
		ps = append(ps, &n.ftB[i])
	}
	for i := range n.outW {
		ps = append(ps, &n.outW[i])
	}
	return append(ps, &n.outB)
}

func saveCheckpoint(path string, n *floatNet, o *adam, epoch int) error {
	b := []byte(checkpointMagic)
	b = binary.LittleEndian.AppendUint32(b, uint32(epoch))
	b = binary.LittleEndian.AppendUint32(b, uint32(o.t))
	for _, net := range []*floatNet{n, &o.m, &o.v} {
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
	for _, net := range []*floatNet{n, &o.m, &o.v} {
		for _, p := range net.params() {
			*p = math.Float32frombits(binary.LittleEndian.Uint32(b[off:]))
			off += 4
		}
	}
	return epoch, nil
}
