package eval

import "github.com/azurite-chess/azurite/engine/board"

// NamedWeights is one tuned block of Params.V by its Layout name.
type NamedWeights struct {
	Name string
	V    []board.Score
}

// Default returns the evaluation's shipped weights: the hand-set Untuned
// values with every block that the tuner has fitted (tunedWeights, written by
// cmd/tune into weights.go) laid over them. A block whose name or length no
// longer matches the layout is ignored, so a layout change cannot silently
// shift weights into the wrong term (TestTunedWeightsMatchLayout guards it).
func Default() *Params {
	p := Untuned()
	for _, w := range tunedWeights {
		for _, b := range Layout {
			if b.Name == w.Name && b.Len == len(w.V) {
				copy(p.V[b.Start:b.Start+b.Len], w.V)
			}
		}
	}
	return p
}
