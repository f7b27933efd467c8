package eval

// tunedWeights is written by cmd/tune; empty until the first tuning run.
var tunedWeights = []NamedWeights{}
