package wasmjump

import "errors"

var (
	errTruncated = errors.New("unexpected end of data")
	errLEBLong   = errors.New("LEB128 number too long")
)

// readU reads an unsigned LEB128 number of at most 64 bits at b[i:] and
// returns it with the offset just past it.
func readU(b []byte, i int) (uint64, int, error) {
	var v uint64
	for shift := uint(0); ; shift += 7 {
		if i >= len(b) {
			return 0, i, errTruncated
		}
		if shift > 63 {
			return 0, i, errLEBLong
		}
		c := b[i]
		i++
		v |= uint64(c&0x7f) << shift
		if c&0x80 == 0 {
			return v, i, nil
		}
	}
}

// readS reads a signed LEB128 number of at most 64 bits at b[i:].
func readS(b []byte, i int) (int64, int, error) {
	var v int64
	for shift := uint(0); ; shift += 7 {
		if i >= len(b) {
			return 0, i, errTruncated
		}
		if shift > 63 {
			return 0, i, errLEBLong
		}
		c := b[i]
		i++
		v |= int64(c&0x7f) << shift
		if c&0x80 == 0 {
			if shift+7 < 64 && c&0x40 != 0 {
				v |= -1 << (shift + 7)
			}
			return v, i, nil
		}
	}
}

// appendU appends v as an unsigned LEB128 number.
func appendU(dst []byte, v uint64) []byte {
	for v >= 0x80 {
		dst = append(dst, byte(v)|0x80)
		v >>= 7
	}
	return append(dst, byte(v))
}
