// Command tune builds Azurite's tuning data and fits the evaluation weights
// by Texel's method.
//
//	tune gen -openings FILE -out FILE [-games N] [-nodes N] [-workers N] [-seed S]
//	tune fit -data FILE [-out engine/eval/weights.go] [-epochs N] [-lr X] …
//	tune sts [-file sts.epd] [-nodes N] [-every N] [-limit N]
//
// gen plays the engine against itself at a fixed node count per move from
// the given openings (EPD or PGN) and appends "FEN;result" lines of quiet
// positions (quiescence leaves) labelled with the game's result. fit traces
// every position's evaluation into its linear form, fits the scale K, runs
// gradient descent on the logistic error and prints the mean squared error
// before and after (on the training set and a held-out tenth); with -out it
// writes the fitted weights as Go source for engine/eval. sts scores the
// Strategic Test Suite at a fixed node budget per position.
package main

import (
	"fmt"
	"os"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: tune gen|fit|sts [flags]  (tune gen -h, …)")
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "gen":
		err = runGen(os.Args[2:])
	case "fit":
		err = runFit(os.Args[2:])
	case "sts":
		err = runSTS(os.Args[2:])
	default:
		err = fmt.Errorf("unknown command %q (want gen, fit or sts)", os.Args[1])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "tune:", err)
		os.Exit(1)
	}
}
