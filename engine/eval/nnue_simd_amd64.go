//go:build goexperiment.simd && amd64

package eval

import (
	"simd/archsimd"
	"unsafe"
)

// The accumulator and output kernels with AVX2 (archsimd.Int16x16: sixteen
// int16 lanes, wrapping like the SWAR lanes of nnue_swar.go, which they
// equal exactly: TestKernelsMatchSWAR), chosen at run time: a CPU without
// AVX2 runs the SWAR code. An accumulator row is [netWords]uint64 holding
// unit 4j+i in bits 16i..16i+15 of word j, which in little-endian memory
// is the [NetHidden]int16 array of the units in order.

// avx2 is whether this CPU runs the vector kernels.
var avx2 = archsimd.X86.AVX2()

// simdKernels names the kernels this build evaluates with.
var simdKernels = map[bool]string{true: "amd64-avx2", false: "swar (no AVX2)"}[avx2]

// lanes is row w seen as its int16 units.
func lanes(w *[netWords]uint64) *[NetHidden]int16 { return (*[NetHidden]int16)(unsafe.Pointer(w)) }

func load(w *[NetHidden]int16, i int) archsimd.Int16x16 {
	return archsimd.LoadInt16x16Array((*[16]int16)(w[i : i+16]))
}

func store(x archsimd.Int16x16, w *[NetHidden]int16, i int) { x.StoreArray((*[16]int16)(w[i : i+16])) }

func addRow(d, w *[netWords]uint64) {
	if !avx2 {
		swarAddRow(d, w)
		return
	}
	dd, ww := lanes(d), lanes(w)
	for i := 0; i < NetHidden; i += 16 {
		store(load(dd, i).Add(load(ww, i)), dd, i)
	}
}

func addSub(d, s, add, sub *[netWords]uint64) {
	if !avx2 {
		swarAddSub(d, s, add, sub)
		return
	}
	dd, ss, a, b := lanes(d), lanes(s), lanes(add), lanes(sub)
	for i := 0; i < NetHidden; i += 16 {
		store(load(ss, i).Add(load(a, i)).Sub(load(b, i)), dd, i)
	}
}

func addSubSub(d, s, add, sub1, sub2 *[netWords]uint64) {
	if !avx2 {
		swarAddSubSub(d, s, add, sub1, sub2)
		return
	}
	dd, ss, a, b, c := lanes(d), lanes(s), lanes(add), lanes(sub1), lanes(sub2)
	for i := 0; i < NetHidden; i += 16 {
		store(load(ss, i).Add(load(a, i)).Sub(load(b, i)).Sub(load(c, i)), dd, i)
	}
}

func add2Sub(d, s, add1, add2, sub *[netWords]uint64) {
	if !avx2 {
		swarAdd2Sub(d, s, add1, add2, sub)
		return
	}
	dd, ss, a, b, c := lanes(d), lanes(s), lanes(add1), lanes(add2), lanes(sub)
	for i := 0; i < NetHidden; i += 16 {
		store(load(ss, i).Add(load(a, i)).Add(load(b, i)).Sub(load(c, i)), dd, i)
	}
}

func addSub2(d, s, add1, sub1, add2, sub2 *[netWords]uint64) {
	if !avx2 {
		swarAddSub2(d, s, add1, sub1, add2, sub2)
		return
	}
	dd, ss, a, b, c, e := lanes(d), lanes(s), lanes(add1), lanes(sub1), lanes(add2), lanes(sub2)
	for i := 0; i < NetHidden; i += 16 {
		store(load(ss, i).Add(load(a, i)).Sub(load(b, i)).Add(load(c, i)).Sub(load(e, i)), dd, i)
	}
}

// outputSum is swarOutput with vectors: each unit clamped to 0..QA (v),
// v, w and v·w·v in int32 lanes (exact: |v²w| < 2^31), summed in int64
// lanes, so the sum is exact.
func outputSum(own, other *[netWords]uint64, wOwn, wOther *[NetHidden]int16) int64 {
	if !avx2 {
		return swarOutput(own, other, wOwn, wOther)
	}
	zero, qa := archsimd.BroadcastInt16x16(0), archsimd.BroadcastInt16x16(netQA)
	var acc archsimd.Int64x4
	half := func(v, w archsimd.Int16x8) {
		v32 := v.ExtendToInt32()
		p := v32.Mul(w.ExtendToInt32()).Mul(v32)
		acc = acc.Add(p.GetLo().ExtendToInt64()).Add(p.GetHi().ExtendToInt64())
	}
	side := func(a, w *[NetHidden]int16) {
		for i := 0; i < NetHidden; i += 16 {
			v, ww := load(a, i).Max(zero).Min(qa), load(w, i)
			half(v.GetLo(), ww.GetLo())
			half(v.GetHi(), ww.GetHi())
		}
	}
	side(lanes(own), wOwn)
	side(lanes(other), wOther)
	lo, hi := acc.GetLo(), acc.GetHi()
	return lo.GetElem(0) + lo.GetElem(1) + hi.GetElem(0) + hi.GetElem(1)
}
