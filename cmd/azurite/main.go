// Command azurite is the native Azurite engine. For now it answers
// `azurite perft DEPTH [FEN]` and a minimal UCI loop on stdin (perft.go);
// the full protocol comes with engine/uci.
package main

import "os"

func main() {
	if len(os.Args) > 1 && os.Args[1] == "perft" {
		os.Exit(perftCommand(os.Args[2:], os.Stdout, os.Stderr))
	}
	minimalUCI(os.Stdin, os.Stdout)
}
