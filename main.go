// Command shogi is a terminal shogi client: play, study records, and
// headless subcommands that expose the rules engine for scripting.
//
// Usage:
//
//	shogi                      open the menu
//	shogi play [flags]         start a game directly
//	shogi open FILE|-          study a record
//	shogi perft [flags] DEPTH  count leaf nodes of the move tree
//	shogi moves [flags]        list legal moves
//	shogi notate [flags] MOVE… read moves in any notation, print in one
//	shogi convert [flags] FILE convert a game record between formats
package main

import (
	"fmt"
	"io"
	"os"
)

// command runs one subcommand with its arguments and returns the exit status.
type command func(args []string, stdin io.Reader, stdout, stderr io.Writer) int

var commands = map[string]command{
	"perft":   runPerft,
	"moves":   runMoves,
	"notate":  runNotate,
	"convert": runConvert,
	"play":    runPlay,
	"open":    runOpen,
	"bot":     runBot,
	"mate":    runMate,
	"usi":     runUSI,
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		return runMenu(stdout, stderr)
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		usage(stdout)
		return 0
	}
	cmd, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "shogi: unknown command %q\n", args[0])
		usage(stderr)
		return 2
	}
	return cmd(args[1:], stdin, stdout, stderr)
}

func usage(w io.Writer) {
	fmt.Fprint(w, `usage: shogi [command] [flags]

  (no command)         open the menu
  play                 start a game: shogi play -h
  open FILE|-          study a record (KIF, KI2, CSA, JKF, USI, SFEN, Western)
  perft [--sfen S] [--divide] DEPTH
                       count leaf nodes of the legal move tree
  moves [--sfen S] [--notation STYLE]
                       list every legal move, one per line
  notate [--each] [--sfen S] [--to STYLE] MOVE...
                       read moves in any notation and print them in STYLE
  convert [--from F] [--to F] [-o FILE] [FILE|-]
                       convert a game record
`)
}
