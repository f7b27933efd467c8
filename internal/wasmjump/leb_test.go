package wasmjump

import (
	"errors"
	"math"
	"testing"
)

func TestLEB(t *testing.T) {
	tests := []struct {
		in   []byte
		u    uint64
		s    int64
		next int
		err  error
	}{
		{[]byte{0x00}, 0, 0, 1, nil},
		{[]byte{0x7f}, 127, -1, 1, nil},
		{[]byte{0x3f}, 63, 63, 1, nil},
		{[]byte{0xe5, 0x8e, 0x26, 0xff}, 624485, 624485, 3, nil},
		{[]byte{0xc0, 0xbb, 0x78}, 1973696, -123456, 3, nil},
		{[]byte{0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x7f}, 1 << 63, math.MinInt64, 10, nil},
		{[]byte{0x80, 0x80}, 0, 0, 2, errTruncated},
		{[]byte{0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01}, 0, 0, 10, errLEBLong},
	}
	for _, tc := range tests {
		u, next, err := readU(tc.in, 0)
		if !errors.Is(err, tc.err) || (err == nil && (u != tc.u || next != tc.next)) {
			t.Errorf("readU(% x) = %d, %d, %v; want %d, %d, %v", tc.in, u, next, err, tc.u, tc.next, tc.err)
		}
		s, next, err := readS(tc.in, 0)
		if !errors.Is(err, tc.err) || (err == nil && (s != tc.s || next != tc.next)) {
			t.Errorf("readS(% x) = %d, %d, %v; want %d, %d, %v", tc.in, s, next, err, tc.s, tc.next, tc.err)
		}
		if err == nil && tc.u < 1<<63 {
			if got := appendU(nil, tc.u); string(got) != string(tc.in[:tc.next]) && tc.s >= 0 {
				t.Errorf("appendU(%d) = % x, want % x", tc.u, got, tc.in[:tc.next])
			}
		}
	}
}
