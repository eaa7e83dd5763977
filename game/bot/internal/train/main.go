// Command train makes the built-in engine's evaluation weights: it plays
// the engine against itself at a fixed number of nodes a move and writes
// each position with the search's score and the game's result (play),
// then fits the evaluation's weights to them (fit). Both are
// deterministic from their seed.
//
//	go run ./game/bot/internal/train play -games 4000 -nodes 8000 -o positions.txt
//	go run ./game/bot/internal/train fit -o game/bot/internal/eval/weights.bin positions.txt
package main

import (
	"fmt"
	"os"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: train play|fit|openings|humans|csa|show [flags]")
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "play":
		err = runPlay(os.Args[2:])
	case "fit":
		err = runFit(os.Args[2:])
	case "show":
		err = runShow(os.Args[2:])
	case "csa":
		err = runCSA(os.Args[2:])
	case "openings":
		err = runOpenings(os.Args[2:])
	case "humans":
		err = runHumans(os.Args[2:])
	default:
		fmt.Fprintf(os.Stderr, "train: unknown command %q (want play, fit, openings, humans, csa or show)\n", os.Args[1])
		os.Exit(2)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "train:", err)
		os.Exit(1)
	}
}
