package eval

// Accumulator arithmetic on four int16 lanes per uint64 (SIMD within a
// register): the portable path, and the reference every vector path must
// equal exactly (nnue_kernels.go picks the path a build uses). It quarters
// the loop trips of every update. Each lane wraps modulo 2^16 exactly as
// int16 arithmetic does: the top bit of each lane is computed apart so no
// carry or borrow crosses into the next lane.

const laneTops = 0x8000_8000_8000_8000

// add16 adds a and b lane by lane.
func add16(a, b uint64) uint64 {
	return ((a &^ laneTops) + (b &^ laneTops)) ^ ((a ^ b) & laneTops)
}

// sub16 subtracts b from a lane by lane.
func sub16(a, b uint64) uint64 {
	return ((a | laneTops) - (b &^ laneTops)) ^ ((a ^ ^b) & laneTops)
}

func swarAddRow(d, w *[netWords]uint64) {
	for i := range d {
		d[i] = add16(d[i], w[i])
	}
}

func swarAddSub(d, s, add, sub *[netWords]uint64) {
	for i := range d {
		d[i] = sub16(add16(s[i], add[i]), sub[i])
	}
}

func swarAddSubSub(d, s, add, sub1, sub2 *[netWords]uint64) {
	for i := range d {
		d[i] = sub16(sub16(add16(s[i], add[i]), sub1[i]), sub2[i])
	}
}

func swarAdd2Sub(d, s, add1, add2, sub *[netWords]uint64) {
	for i := range d {
		d[i] = sub16(add16(add16(s[i], add1[i]), add2[i]), sub[i])
	}
}

func swarAddSub2(d, s, add1, sub1, add2, sub2 *[netWords]uint64) {
	for i := range d {
		d[i] = sub16(add16(sub16(add16(s[i], add1[i]), sub1[i]), add2[i]), sub2[i])
	}
}

// screlu is clamp(x, 0, QA)² of the lane of w at bit offset shift.
func screlu(w uint64, shift uint) int64 {
	x := int64(min(max(int16(uint16(w>>shift)), 0), netQA))
	return x * x
}

// swarOutput is the output layer's sum before scaling: the clipped squared
// activations of own and other (both sides' accumulators) times their
// output weights, in QA²·QB units.
func swarOutput(own, other *[netWords]uint64, wOwn, wOther *[NetHidden]int16) int64 {
	sum := int64(0)
	for j := range netWords {
		o, t := own[j], other[j]
		w, v := (*[4]int16)(wOwn[4*j:]), (*[4]int16)(wOther[4*j:])
		sum += screlu(o, 0)*int64(w[0]) + screlu(o, 16)*int64(w[1]) + screlu(o, 32)*int64(w[2]) + screlu(o, 48)*int64(w[3]) +
			screlu(t, 0)*int64(v[0]) + screlu(t, 16)*int64(v[1]) + screlu(t, 32)*int64(v[2]) + screlu(t, 48)*int64(v[3])
	}
	return sum
}
