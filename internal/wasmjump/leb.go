package wasmjump

import "errors"

var (
	errTruncated = errors.New("unexpected end of data")
	errLEBLong   = errors.New("LEB128 number too long")
)

// readLEB reads the 7-bit groups of a LEB128 number of at most 64 bits at
// b[i:]: the value, the number of bits read and the offset just past it.
func readLEB(b []byte, i int) (v uint64, bits uint, next int, err error) {
	for ; ; bits += 7 {
		if i >= len(b) {
			return 0, 0, i, errTruncated
		}
		if bits > 63 {
			return 0, 0, i, errLEBLong
		}
		c := b[i]
		i++
		v |= uint64(c&0x7f) << bits
		if c&0x80 == 0 {
			return v, bits + 7, i, nil
		}
	}
}

// readU reads an unsigned LEB128 number at b[i:] and returns it with the
// offset just past it.
func readU(b []byte, i int) (uint64, int, error) {
	v, _, next, err := readLEB(b, i)
	return v, next, err
}

// readS reads a signed LEB128 number at b[i:]: the last group's bit 6 is
// the sign, extended over the bits above those read.
func readS(b []byte, i int) (int64, int, error) {
	v, bits, next, err := readLEB(b, i)
	if err == nil && bits < 64 && v&(1<<(bits-1)) != 0 {
		v |= ^uint64(0) << bits
	}
	return int64(v), next, err
}

// appendU appends v as an unsigned LEB128 number.
func appendU(dst []byte, v uint64) []byte {
	for v >= 0x80 {
		dst = append(dst, byte(v)|0x80)
		v >>= 7
	}
	return append(dst, byte(v))
}

// appendS appends v as signed LEB128.
func appendS(dst []byte, v int64) []byte {
	for {
		c := byte(v & 0x7f)
		v >>= 7
		if (v == 0 && c&0x40 == 0) || (v == -1 && c&0x40 != 0) {
			return append(dst, c)
		}
		dst = append(dst, c|0x80)
	}
}
