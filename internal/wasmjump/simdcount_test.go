package wasmjump

import "testing"

// TestCountSIMD counts the SIMD instructions of hand-made modules: one
// function returning i8x16.splat of 0, with the immediates of v128.const,
// a load with its memory argument and a lane extract around it.
func TestCountSIMD(t *testing.T) {
	// module: type () -> v128; one function; body as given.
	mod := func(body ...byte) []byte {
		b := append([]byte{}, magic...)
		b = append(b, 1, 5, 1, 0x60, 0, 1, 0x7b) // type section
		b = append(b, 3, 2, 1, 0)                // function section
		fn := append([]byte{0}, body...)         // no locals
		code := append([]byte{1, byte(len(fn))}, fn...)
		b = append(b, 10, byte(len(code)))
		return append(b, code...)
	}
	tests := []struct {
		name string
		mod  []byte
		want int
	}{
		{"splat", mod(0x41, 0, 0xfd, 15, 0x0b), 1},
		{"const-extract-splat", mod(0xfd, 12, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 0xfd, 21, 3, 0xfd, 15, 0x0b), 3},
		{"load-splat-splat", mod(0x41, 0, 0xfd, 0, 4, 0, 0xfd, 15, 0xfd, 15, 0x0b), 3}, // type-invalid, but decodable
		{"scalar", mod(0x41, 0, 0x1a, 0x0b), 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := CountSIMD(tc.mod)
			if err != nil || got != tc.want {
				t.Fatalf("CountSIMD = %d, %v; want %d", got, err, tc.want)
			}
		})
	}
}
