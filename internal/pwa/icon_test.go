package pwa

import (
	"bytes"
	"image/png"
	"math"
	"testing"
)

func TestRenderIcon(t *testing.T) {
	tests := []struct {
		name         string
		size         int
		kind         IconKind
		cornerOpaque bool
	}{
		{"any-192", 192, IconAny, false},
		{"any-32", 32, IconAny, false},
		{"maskable-192", 192, IconMaskable, true},
		{"opaque-180", 180, IconOpaque, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			img := RenderIcon(tc.size, tc.kind)
			if b := img.Bounds(); b.Dx() != tc.size || b.Dy() != tc.size {
				t.Fatalf("bounds %v, want %dx%d", b, tc.size, tc.size)
			}
			if a := img.NRGBAAt(0, 0).A; (a == 255) != tc.cornerOpaque {
				t.Errorf("corner alpha %d, want opaque=%v", a, tc.cornerOpaque)
			}
			// The pawn's body crosses the centre: white there.
			if c := img.NRGBAAt(tc.size/2, tc.size*6/10); c.R != 255 || c.G != 255 || c.B != 255 || c.A != 255 {
				t.Errorf("centre pixel %v, want white", c)
			}
			data, err := EncodePNG(img)
			if err != nil {
				t.Fatal(err)
			}
			back, err := png.Decode(bytes.NewReader(data))
			if err != nil || back.Bounds() != img.Bounds() {
				t.Fatalf("PNG round trip: %v %v", err, back.Bounds())
			}
		})
	}
}

// TestMaskableSafeZone checks that every piece pixel of the maskable icon lies inside
// the circle of radius 40 % that all mask shapes keep.
func TestMaskableSafeZone(t *testing.T) {
	const size = 256
	img := RenderIcon(size, IconMaskable)
	white := 0
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			c := img.NRGBAAt(x, y)
			if c.R < 200 || c.G < 200 || c.B < 200 {
				continue
			}
			white++
			d := math.Hypot(float64(x)+0.5-size/2, float64(y)+0.5-size/2) / size
			if d > 0.4 {
				t.Fatalf("piece pixel (%d,%d) at radius %.3f, outside the 0.4 safe zone", x, y, d)
			}
		}
	}
	if white < size*size/20 {
		t.Fatalf("only %d piece pixels: the pawn is missing", white)
	}
}
