package pwa

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math"
)

// Icon colours: the azure of the brand, darker at the bottom, and the piece in white.
var (
	iconTop    = color.NRGBA{0x3a, 0x8d, 0xf0, 0xff}
	iconBottom = color.NRGBA{0x1c, 0x4e, 0xa8, 0xff}
	iconPiece  = color.NRGBA{0xff, 0xff, 0xff, 0xff}
	iconShadow = color.NRGBA{0x0b, 0x2a, 0x63, 0xff}
)

// iconSamples is the supersampling grid per pixel side (4×4 = 16 samples): enough for
// smooth edges at 32 px without a real rasteriser.
const iconSamples = 4

// IconKind says how an icon is shaped for its use.
type IconKind int

const (
	// IconAny is a rounded square on a transparent background (purpose "any").
	IconAny IconKind = iota
	// IconMaskable fills the whole square and keeps the piece inside the central
	// circle of radius 40 % that every mask shape preserves (purpose "maskable").
	IconMaskable
	// IconOpaque fills the whole square like IconMaskable but keeps the larger piece:
	// for apple-touch-icon, which iOS rounds itself and which must have no alpha.
	IconOpaque
)

// RenderIcon draws the Azurite icon (a white pawn on an azure gradient) at size×size
// pixels. size must be positive.
func RenderIcon(size int, kind IconKind) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	// The maskable safe zone is a circle of radius 0.4 around the centre; the pawn's
	// farthest corner sits at 0.38 at scale 1, so 0.82 leaves a margin.
	scale := 1.0
	if kind == IconMaskable {
		scale = 0.82
	}
	n := float64(iconSamples)
	for py := 0; py < size; py++ {
		for px := 0; px < size; px++ {
			var r, g, b, a float64
			for sy := 0; sy < iconSamples; sy++ {
				for sx := 0; sx < iconSamples; sx++ {
					x := (float64(px) + (float64(sx)+0.5)/n) / float64(size)
					y := (float64(py) + (float64(sy)+0.5)/n) / float64(size)
					c, ok := iconSample(x, y, kind, scale)
					if !ok {
						continue
					}
					r += float64(c.R)
					g += float64(c.G)
					b += float64(c.B)
					a++
				}
			}
			if a == 0 {
				continue
			}
			img.SetNRGBA(px, py, color.NRGBA{
				R: uint8(r/a + 0.5), G: uint8(g/a + 0.5), B: uint8(b/a + 0.5),
				A: uint8(a/(n*n)*255 + 0.5),
			})
		}
	}
	return img
}

// iconSample returns the colour at (x, y) in unit coordinates (y down) and whether the
// point is inside the icon at all.
func iconSample(x, y float64, kind IconKind, scale float64) (color.NRGBA, bool) {
	if kind == IconAny && roundedBox(x-0.5, y-0.5, 0.5, 0.5, 0.19) > 0 {
		return color.NRGBA{}, false
	}
	// Undo the piece scaling around the centre so the piece shape is written once.
	qx := 0.5 + (x-0.5)/scale
	qy := 0.5 + (y-0.5)/scale
	if pawn(qx, qy) <= 0 {
		return iconPiece, true
	}
	// A soft drop shadow: the same shape offset down and right.
	if pawn(qx-0.018, qy-0.024) <= 0 {
		return mix(gradient(y), iconShadow, 0.45), true
	}
	return gradient(y), true
}

func gradient(y float64) color.NRGBA {
	return mix(iconTop, iconBottom, y)
}

func mix(a, b color.NRGBA, t float64) color.NRGBA {
	t = math.Max(0, math.Min(1, t))
	l := func(p, q uint8) uint8 { return uint8(float64(p)*(1-t) + float64(q)*t + 0.5) }
	return color.NRGBA{l(a.R, b.R), l(a.G, b.G), l(a.B, b.B), 0xff}
}

// pawn is the signed distance (negative inside) of a pawn silhouette centred in the unit
// square: head, collar, a body that widens downwards, and a base.
func pawn(x, y float64) float64 {
	head := math.Hypot(x-0.5, y-0.305) - 0.115
	collar := roundedBox(x-0.5, y-0.445, 0.125, 0.026, 0.02)
	// The body is a trapezoid from half-width 0.075 at y=0.45 to 0.175 at y=0.71.
	body := trapezoid(x-0.5, y, 0.45, 0.71, 0.075, 0.175)
	base := roundedBox(x-0.5, y-0.75, 0.225, 0.05, 0.03)
	return math.Min(math.Min(head, collar), math.Min(body, base))
}

// roundedBox is the signed distance to a box of half-size (hw, hh) with corner radius r,
// centred at the origin.
func roundedBox(x, y, hw, hh, r float64) float64 {
	qx := math.Abs(x) - hw + r
	qy := math.Abs(y) - hh + r
	out := math.Hypot(math.Max(qx, 0), math.Max(qy, 0))
	return out + math.Min(math.Max(qx, qy), 0) - r
}

// trapezoid is inside (≤ 0) when y0 ≤ y ≤ y1 and |x| is under the half-width that grows
// linearly from w0 to w1; the value is not an exact distance, only its sign is used.
func trapezoid(x, y, y0, y1, w0, w1 float64) float64 {
	t := (y - y0) / (y1 - y0)
	w := w0 + (w1-w0)*t
	return math.Max(math.Max(y0-y, y-y1), math.Abs(x)-w)
}

// EncodePNG encodes img with the best compression.
func EncodePNG(img image.Image) ([]byte, error) {
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// iconFile describes one generated icon in dist/ and its manifest entry.
type iconFile struct {
	Path    string // inside dist/
	Size    int
	Kind    IconKind
	Purpose string // manifest purpose; empty: not listed in the manifest
}

// icons are the sizes Chromium's installability check wants (192 and 512, "any"),
// maskable versions for Android's adaptive icons, the iOS touch icon and a favicon.
var icons = []iconFile{
	{"icons/icon-192.png", 192, IconAny, "any"},
	{"icons/icon-512.png", 512, IconAny, "any"},
	{"icons/icon-maskable-192.png", 192, IconMaskable, "maskable"},
	{"icons/icon-maskable-512.png", 512, IconMaskable, "maskable"},
	{"icons/apple-touch-icon.png", 180, IconOpaque, ""},
	{"icons/favicon-32.png", 32, IconAny, ""},
}
