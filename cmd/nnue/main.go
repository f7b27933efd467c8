// Command nnue makes Azurite's learned evaluation: it generates self-play
// training data, trains a net on it and checks the net it writes.
//
//	nnue datagen [flags]        self-play positions into a data directory (resumable)
//	nnue status [DIR]           what a data directory holds
//	nnue train [flags]          train a net on a data directory and write it
//	nnue valid [flags]          score nets on data directories' held-out chunks
//	nnue widen [flags] NET      a net of this build's width from a narrower one
//	nnue scale [flags] NET      a net whose output is a factor times another's
//
// The data lives outside the repository (default: the user's cache,
// ~/.cache/azurite/nnue/data); docs/nnue.md describes the pipeline and how to
// reproduce the shipped net.
package main

import (
	"fmt"
	"io"
	"os"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "nnue:", err)
		os.Exit(1)
	}
}

func run(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return fmt.Errorf("usage: nnue datagen|status|train|valid|widen|scale [flags]")
	}
	switch args[0] {
	case "datagen":
		return runDatagen(args[1:], stderr)
	case "status":
		return runStatus(args[1:], stdout)
	case "train":
		return runTrain(args[1:], stdout, stderr)
	case "valid":
		return runValid(args[1:], stdout, stderr)
	case "widen":
		return runWiden(args[1:], stdout, stderr)
	case "scale":
		return runScale(args[1:], stdout, stderr)
	}
	return fmt.Errorf("unknown command %q: want datagen, status, train, valid, widen or scale", args[0])
}
