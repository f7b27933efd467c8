//go:build !(goexperiment.simd && (wasm || amd64))

package eval

// The accumulator and output kernels of builds without vector instructions:
// the SWAR code of nnue_swar.go. A build with GOEXPERIMENT=simd for wasm
// uses nnue_simd_wasm.go, one for amd64 nnue_simd_amd64.go (AVX2 where the
// CPU has it) instead; all give exactly the same values (TestKernelsMatchSWAR).

// simdKernels names the kernels this build evaluates with.
const simdKernels = "swar"

func addRow(d, w *[netWords]uint64)                 { swarAddRow(d, w) }
func addSub(d, s, add, sub *[netWords]uint64)       { swarAddSub(d, s, add, sub) }
func addSubSub(d, s, add, s1, s2 *[netWords]uint64) { swarAddSubSub(d, s, add, s1, s2) }
func add2Sub(d, s, a1, a2, sub *[netWords]uint64)   { swarAdd2Sub(d, s, a1, a2, sub) }
func addSub2(d, s, a1, s1, a2, s2 *[netWords]uint64) {
	swarAddSub2(d, s, a1, s1, a2, s2)
}
func outputSum(own, other *[netWords]uint64, wOwn, wOther *[NetHidden]int16) int64 {
	return swarOutput(own, other, wOwn, wOther)
}
