// Command shogi is a terminal shogi client: play, study records, and
// headless subcommands that expose the rules engine for scripting.
//
// Usage:
//
//	shogi                      open the menu
//	shogi play [flags]         start a game directly
//	shogi open [flags] FILE|-  study a record
//	shogi perft [flags] DEPTH  count leaf nodes of the move tree
//	shogi moves [flags]        list legal moves
//	shogi notate [flags] MOVE… read moves in any notation, print in one
//	shogi convert [flags] FILE convert a game record between formats
//	shogi match [flags] P P    play a series of games between engines and bots
//	shogi bot [flags]          the built-in engine's move in a position
//	shogi mate [flags]         a forced mate by checks (tsume), or none
//	shogi usi [--level NAME]   the built-in engine as a USI engine
//	shogi analyse [flags] FILE judge every move of a record with an engine
//	shogi book build|show|merge opening books: build from records, look up, merge
//	shogi serve [flags]        let people play each other over SSH
//	shogi version              print the version
package main

import (
	"fmt"
	"io"
	"os"
	"runtime/debug"
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
	"match":   runMatch,
	"serve":   runServe,
	"analyse": runAnalyse,
	"analyze": runAnalyse,
	"book":    runBook,
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
	case "--version", "-version", "version":
		fmt.Fprintln(stdout, version())
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
  open FILE|-          study a record (KIF, KI2, CSA, JKF, USI, SFEN, Western): shogi open -h
  perft [--sfen S] [--divide] DEPTH
                       count leaf nodes of the legal move tree
  moves [--sfen S] [--notation STYLE]
                       list every legal move, one per line
  notate [--each] [--sfen S] [--to STYLE] MOVE...
                       read moves in any notation and print them in STYLE
  convert [--from F] [--to F] [-o FILE] [FILE|-]
                       convert a game record
  match [flags] PLAYER PLAYER
                       play games between engines and bots: shogi match -h
  bot [--sfen S] [--level NAME] [--time D]
                       print the built-in engine's move in USI
  mate [--sfen S] [--time D]
                       print a mate by checks in USI, or nomate
  usi [--level NAME]   run the built-in engine as a USI engine on stdin/stdout
  analyse [flags] FILE|-
                       analyse every move of a record with an engine: shogi analyse -h
  book build|show|merge
                       opening books (YaneuraOu's format): shogi book -h
  serve [flags]        let people play each other over SSH: shogi serve -h
  version              the program's version (also --version)

Every command takes -h. A value that starts with a dash (White's CSA move
-3334FU) goes after --: shogi notate -- -3334FU
`)
}

// version says which build this is: the module version, or for a build
// from a checkout the commit it was built from, and the Go release.
func version() string {
	v := "(devel)"
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "shogi " + v
	}
	if info.Main.Version != "" {
		v = info.Main.Version
	}
	var rev, when, dirty string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			when = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = ", modified"
			}
		}
	}
	out := "shogi " + v
	if rev != "" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		out += " (" + rev + " " + when + dirty + ")"
	}
	return out + " " + info.GoVersion
}
