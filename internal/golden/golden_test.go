package golden

import (
	"math"
	"testing"
)

// TestMin: the minimum of functions with one minimum inside the interval or
// at an end, to within the tolerance asked for.
func TestMin(t *testing.T) {
	for _, tc := range []struct {
		name        string
		f           func(float64) float64
		lo, hi, tol float64
		want        float64
	}{
		{"parabola", func(x float64) float64 { return (x - 1.3) * (x - 1.3) }, 0.1, 4, 1e-4, 1.3},
		{"parabola, fine", func(x float64) float64 { return (x - 1.3) * (x - 1.3) }, 0.1, 4, 1e-9, 1.3},
		{"abs, off-centre", func(x float64) float64 { return math.Abs(x + 7) }, -50, 10, 1e-6, -7},
		{"increasing: the low end", func(x float64) float64 { return x }, 2, 5, 1e-6, 2},
		{"decreasing: the high end", func(x float64) float64 { return -x }, 2, 5, 1e-6, 5},
		{"log scale", func(x float64) float64 { k := math.Exp(x); return (k - 168) * (k - 168) }, math.Log(50), math.Log(2000), 1e-6, math.Log(168)},
	} {
		if got := Min(tc.f, tc.lo, tc.hi, tc.tol); math.Abs(got-tc.want) > tc.tol {
			t.Errorf("%s: %v, want %v ± %v", tc.name, got, tc.want, tc.tol)
		}
	}
}
