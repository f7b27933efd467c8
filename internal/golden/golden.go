// Package golden finds the minimum of a function of one variable that has a
// single minimum on an interval, by golden-section search: the fits of a
// sigmoid's scale to game results in cmd/tune (Texel's K) and cmd/nnue
// (train's -wdl-scale hint) use it.
package golden

import "math"

// Min returns the x in [lo, hi] where f is least, to within tol: it narrows
// the interval by the golden ratio, one evaluation of f per step, until it
// is at most tol wide, and returns its middle. f must have a single
// minimum on [lo, hi] (elsewhere it returns some local minimum or an end).
func Min(f func(float64) float64, lo, hi, tol float64) float64 {
	g := (math.Sqrt(5) - 1) / 2
	a, b := hi-g*(hi-lo), lo+g*(hi-lo)
	fa, fb := f(a), f(b)
	for hi-lo > tol {
		if fa < fb {
			hi, b, fb = b, a, fa
			a = hi - g*(hi-lo)
			fa = f(a)
		} else {
			lo, a, fa = a, b, fb
			b = lo + g*(hi-lo)
			fb = f(b)
		}
	}
	return (lo + hi) / 2
}
