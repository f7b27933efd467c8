//go:build goexperiment.simd && wasm

package eval

import (
	"simd/archsimd"
	"unsafe"
)

// The accumulator and output kernels with WebAssembly's 128-bit SIMD
// (archsimd.Int16x8: eight int16 lanes, wrapping like the SWAR lanes of
// nnue_swar.go, which they equal exactly: TestKernelsMatchSWAR).
//
// An accumulator row is [netWords]uint64 holding unit 4j+i in bits
// 16i..16i+15 of word j; in little-endian memory (wasm's) that is the
// [NetHidden]int16 array of the units in order, which is how these
// kernels read it.

// simdKernels names the kernels this build evaluates with.
const simdKernels = "wasm-simd128"

// lanes is row w seen as its int16 units.
func lanes(w *[netWords]uint64) *[NetHidden]int16 { return (*[NetHidden]int16)(unsafe.Pointer(w)) }

func load(w *[NetHidden]int16, i int) archsimd.Int16x8 {
	return archsimd.LoadInt16x8Array((*[8]int16)(w[i : i+8]))
}

func addRow(d, w *[netWords]uint64) {
	dd, ww := lanes(d), lanes(w)
	for i := 0; i < NetHidden; i += 8 {
		load(dd, i).Add(load(ww, i)).StoreArray((*[8]int16)(dd[i : i+8]))
	}
}

func addSub(d, s, add, sub *[netWords]uint64) {
	dd, ss, a, b := lanes(d), lanes(s), lanes(add), lanes(sub)
	for i := 0; i < NetHidden; i += 8 {
		load(ss, i).Add(load(a, i)).Sub(load(b, i)).StoreArray((*[8]int16)(dd[i : i+8]))
	}
}

func addSubSub(d, s, add, sub1, sub2 *[netWords]uint64) {
	dd, ss, a, b, c := lanes(d), lanes(s), lanes(add), lanes(sub1), lanes(sub2)
	for i := 0; i < NetHidden; i += 8 {
		load(ss, i).Add(load(a, i)).Sub(load(b, i)).Sub(load(c, i)).StoreArray((*[8]int16)(dd[i : i+8]))
	}
}

func add2Sub(d, s, add1, add2, sub *[netWords]uint64) {
	dd, ss, a, b, c := lanes(d), lanes(s), lanes(add1), lanes(add2), lanes(sub)
	for i := 0; i < NetHidden; i += 8 {
		load(ss, i).Add(load(a, i)).Add(load(b, i)).Sub(load(c, i)).StoreArray((*[8]int16)(dd[i : i+8]))
	}
}

func addSub2(d, s, add1, sub1, add2, sub2 *[netWords]uint64) {
	dd, ss, a, b, c, e := lanes(d), lanes(s), lanes(add1), lanes(sub1), lanes(add2), lanes(sub2)
	for i := 0; i < NetHidden; i += 8 {
		load(ss, i).Add(load(a, i)).Sub(load(b, i)).Add(load(c, i)).Sub(load(e, i)).StoreArray((*[8]int16)(dd[i : i+8]))
	}
}

// outputSum is swarOutput with vectors: each unit clamped to 0..QA (v), v·w
// widened to int32 (exact: |v·w| < 2^23), then (v·w)·v widened to int64
// (|v²w| < 2^31) and summed in two int64 lanes, so the sum is exact.
func outputSum(own, other *[netWords]uint64, wOwn, wOther *[NetHidden]int16) int64 {
	zero, qa := archsimd.BroadcastInt16x8(0), archsimd.BroadcastInt16x8(netQA)
	var acc archsimd.Int64x2
	side := func(a *[NetHidden]int16, w *[NetHidden]int16) {
		for i := 0; i < NetHidden; i += 8 {
			v := load(a, i).Max(zero).Min(qa)
			ww := load(w, i)
			lo, hi := v.MulWidenLo(ww), v.MulWidenHi(ww)
			vlo, vhi := v.ExtendLo4ToInt32(), v.ExtendHi4ToInt32()
			acc = acc.Add(lo.MulWidenLo(vlo)).Add(lo.MulWidenHi(vlo)).Add(hi.MulWidenLo(vhi)).Add(hi.MulWidenHi(vhi))
		}
	}
	side(lanes(own), wOwn)
	side(lanes(other), wOther)
	return acc.GetElem(0) + acc.GetElem(1)
}
