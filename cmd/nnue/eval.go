package main

import (
	"fmt"
	"io"

	"github.com/azurite-chess/azurite/engine/eval"
	"github.com/azurite-chess/azurite/engine/search"
)

// evaluatorFor returns the evaluator factory for self-play and its name in
// the manifest: the hand-written evaluation for an empty path.
func evaluatorFor(netPath string) (func() search.Evaluator, string, error) {
	if netPath == "" {
		return func() search.Evaluator { return eval.New() }, "hce", nil
	}
	return nil, "", fmt.Errorf("-net %s: nets are not supported by this build", netPath)
}

func runTrain(args []string, stdout, stderr io.Writer) error {
	return fmt.Errorf("train: not built yet")
}
