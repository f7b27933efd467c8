package main

import (
	"fmt"
	"os"

	"github.com/azurite-chess/azurite/engine/eval"
	"github.com/azurite-chess/azurite/engine/search"
)

// evaluatorFor returns the search evaluation for self-play and its name in
// the manifest: the hand-written evaluation for an empty path, else the net
// in that file ("nn-" and its hash).
func evaluatorFor(netPath string) (search.Eval, string, error) {
	if netPath == "" {
		return search.HandWrittenEval, "hce", nil
	}
	data, err := os.ReadFile(netPath)
	if err != nil {
		return search.Eval{}, "", err
	}
	net, err := eval.ParseNet(data)
	if err != nil {
		return search.Eval{}, "", fmt.Errorf("%s: %w", netPath, err)
	}
	return search.Eval{Net: net}, "nn-" + net.Hash(), nil
}
