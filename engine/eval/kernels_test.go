package eval

import (
	"math/rand/v2"
	"testing"
)

// TestKernelsMatchSWAR: the kernels this build evaluates with (SWAR, or
// SIMD where GOEXPERIMENT=simd builds them) give exactly what the SWAR
// reference gives, on random rows including the int16 extremes that wrap.
// make test runs it natively, as wasm without SIMD and as wasm with SIMD.
func TestKernelsMatchSWAR(t *testing.T) {
	t.Logf("kernels: %s", simdKernels)
	rng := rand.New(rand.NewPCG(7, 11))
	row := func() *[netWords]uint64 {
		var r [netWords]uint64
		for i := range r {
			r[i] = rng.Uint64()
			if rng.IntN(4) == 0 { // lanes at the extremes
				r[i] = 0x7fff_8000_ffff_0001
			}
		}
		return &r
	}
	weights := func() *[NetHidden]int16 {
		var w [NetHidden]int16
		for i := range w {
			w[i] = int16(rng.Uint32())
		}
		return &w
	}
	for n := range 2000 {
		s, a1, a2, s1, s2 := row(), row(), row(), row(), row()
		var got, want [netWords]uint64
		check := func(name string) {
			if got != want {
				t.Fatalf("case %d: %s differs from the SWAR reference", n, name)
			}
		}
		got, want = *s, *s
		addRow(&got, a1)
		swarAddRow(&want, a1)
		check("addRow")
		addSub(&got, s, a1, s1)
		swarAddSub(&want, s, a1, s1)
		check("addSub")
		addSubSub(&got, s, a1, s1, s2)
		swarAddSubSub(&want, s, a1, s1, s2)
		check("addSubSub")
		add2Sub(&got, s, a1, a2, s1)
		swarAdd2Sub(&want, s, a1, a2, s1)
		check("add2Sub")
		addSub2(&got, s, a1, s1, a2, s2)
		swarAddSub2(&want, s, a1, s1, a2, s2)
		check("addSub2")
		wo, wt := weights(), weights()
		if g, w := outputSum(s, a1, wo, wt), swarOutput(s, a1, wo, wt); g != w {
			t.Fatalf("case %d: outputSum %d, SWAR %d", n, g, w)
		}
	}
}
