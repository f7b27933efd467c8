package eval

// Accumulator arithmetic on four int16 lanes per uint64 (SIMD within a
// register). Go compiles no vector instructions, natively or for wasm, so
// this quarters the loop trips of every update. Each lane wraps modulo 2^16
// exactly as int16 arithmetic does: the top bit of each lane is computed
// apart so no carry or borrow crosses into the next lane.

const laneTops = 0x8000_8000_8000_8000

// add16 adds a and b lane by lane.
func add16(a, b uint64) uint64 {
	return ((a &^ laneTops) + (b &^ laneTops)) ^ ((a ^ b) & laneTops)
}

// sub16 subtracts b from a lane by lane.
func sub16(a, b uint64) uint64 {
	return ((a | laneTops) - (b &^ laneTops)) ^ ((a ^ ^b) & laneTops)
}

func addRow(d, w *[netWords]uint64) {
	for i := range d {
		d[i] = add16(d[i], w[i])
	}
}

func addSub(d, s, add, sub *[netWords]uint64) {
	for i := range d {
		d[i] = sub16(add16(s[i], add[i]), sub[i])
	}
}

func addSubSub(d, s, add, sub1, sub2 *[netWords]uint64) {
	for i := range d {
		d[i] = sub16(sub16(add16(s[i], add[i]), sub1[i]), sub2[i])
	}
}

func add2Sub(d, s, add1, add2, sub *[netWords]uint64) {
	for i := range d {
		d[i] = sub16(add16(add16(s[i], add1[i]), add2[i]), sub[i])
	}
}

func addSub2(d, s, add1, sub1, add2, sub2 *[netWords]uint64) {
	for i := range d {
		d[i] = sub16(add16(sub16(add16(s[i], add1[i]), sub1[i]), add2[i]), sub2[i])
	}
}

// screlu is clamp(x, 0, QA)² of the lane of w at bit offset shift.
func screlu(w uint64, shift uint) int64 {
	x := int64(min(max(int16(uint16(w>>shift)), 0), netQA))
	return x * x
}
