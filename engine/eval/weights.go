package eval

import "github.com/azurite-chess/azurite/engine/board"

// NamedWeights is one tuned block of Params.V by its Layout name.
type NamedWeights struct {
	Name string
	V    []board.Score
}

// tunedWeights is written by cmd/tune; empty until the first tuning run.
var tunedWeights = []NamedWeights{}
