package main

import (
	"fmt"
	"os"

	"github.com/azurite-chess/azurite/engine/eval"
	"github.com/azurite-chess/azurite/engine/search"
)

// evaluatorFor returns the evaluator factory for self-play and its name in
// the manifest: the hand-written evaluation for an empty path, else the net
// in that file ("nn-" and its hash).
func evaluatorFor(netPath string) (func() search.Evaluator, string, error) {
	if netPath == "" {
		return func() search.Evaluator { return eval.New() }, "hce", nil
	}
	data, err := os.ReadFile(netPath)
	if err != nil {
		return nil, "", err
	}
	net, err := eval.ParseNet(data)
	if err != nil {
		return nil, "", fmt.Errorf("%s: %w", netPath, err)
	}
	return func() search.Evaluator { return eval.NewNNUE(net) }, "nn-" + net.Hash(), nil
}
