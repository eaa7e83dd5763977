// Command shogi is a terminal shogi client: play, study records, and
// headless subcommands that expose the rules engine for scripting.
//
// Usage:
//
//	shogi                      open the menu
//	shogi play [flags]         start a game directly
//	shogi open [flags] FILE|-  study a record
//	shogi edit [flags] [FILE]  set up a position
//	shogi perft [flags] DEPTH  count leaf nodes of the move tree
//	shogi moves [flags]        list legal moves
//	shogi notate [flags] MOVE… read moves in any notation, print in one
//	shogi convert [flags] FILE convert a game record between formats
//	shogi match [flags] P P    play a series of games between engines and bots
//	shogi csa [flags]          play games on a CSA server (floodgate) for an engine or a level
//	shogi bot [flags]          the built-in engine's move in a position
//	shogi mate [flags]         a forced mate by checks (tsume), or none
//	shogi tsume [flags]        solve mate problems (the collection, a file, an SFEN)
//	shogi tsume --check FILE   check mate problems: length, uniqueness, 余詰
//	shogi usi [--level NAME]   the built-in engine as a USI engine
//	shogi analyse [flags] FILE judge every move of a record with an engine
//	shogi book build|show|merge opening books: build from records, look up, merge
//	shogi db import|explore|…  the games database: import records, explore a position's moves and games
//	shogi serve [flags]        let people play each other over SSH
//	shogi version              print the version
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"syscall"
)

// command is one subcommand: its name, its arguments and what it does as
// the usage lists them, and how it runs (nil for the usage's rows that are
// not subcommands). run returns the exit status.
type command struct {
	name, args, summary string
	run                 func(ctx context.Context, args []string, s stdio) int
	alias               bool // another spelling: runs, not listed
	// signals: SIGINT and SIGTERM cancel the command's context (it stops
	// its engines, writes what it has and says so) instead of ending the
	// process. The screens handle the signals in Bubble Tea; a command
	// that runs to its end quickly keeps their default.
	signals bool
}

// stdio is what a command runs with besides its arguments: the standard
// streams and the environment (KEY=VALUE, as os.Environ gives it).
type stdio struct {
	in       io.Reader
	out, err io.Writer
	env      []string
}

// commands is every subcommand, in the order the usage lists them.
var commands = []command{
	{name: "(no command)", summary: "open the menu"},
	{name: "play", summary: "start a game: shogi play -h", run: runPlay},
	{name: "open", args: "FILE|-", summary: "study a record (KIF, KI2, CSA, JKF, USI, SFEN, Western): shogi open -h", run: runOpen},
	{name: "edit", args: "[--sfen S] [FILE]", summary: "set up a position (the position editor): shogi edit -h", run: runEdit},
	{name: "perft", args: "[--sfen S] [--divide] DEPTH", summary: "count leaf nodes of the legal move tree", run: runPerft},
	{name: "moves", args: "[--sfen S] [--notation STYLE]", summary: "list every legal move, one per line", run: runMoves},
	{name: "notate", args: "[--each] [--sfen S] [--to STYLE] MOVE...", summary: "read moves in any notation and print them in STYLE", run: runNotate},
	{name: "convert", args: "[--from F] [--to F] [-o FILE] [FILE|-]", summary: "convert a game record", run: runConvert},
	{name: "match", args: "[flags] PLAYER PLAYER", summary: "play games between engines and bots: shogi match -h", run: runMatch, signals: true},
	{name: "csa", args: "--server HOST:PORT --id NAME --password PASS (--engine usi:PATH | --level NAME)", summary: "play games on a CSA server (floodgate): shogi csa -h", run: runCSA},
	{name: "bot", args: "[--sfen S] [--level NAME] [--time D]", summary: "print the built-in engine's move in USI", run: runBot},
	{name: "mate", args: "[--sfen S] [--time D]", summary: "print a mate by checks in USI, or nomate", run: runMate},
	{name: "tsume", args: "[--sfen S | FILE | --length N | --problem ID]", summary: "solve mate problems in the app (the program defends): shogi tsume -h", run: runTsume},
	{name: "tsume", args: "--check FILE|-", summary: "check mate problems (SFEN lines, KIF, CSA...): one line each"},
	{name: "usi", args: "[--level NAME]", summary: "run the built-in engine as a USI engine on stdin/stdout", run: runUSI},
	{name: "analyse", args: "[flags] FILE|-", summary: "analyse every move of a record with an engine: shogi analyse -h", run: runAnalyse, signals: true},
	{name: "analyze", run: runAnalyse, signals: true, alias: true},
	{name: "book", args: "build|show|merge", summary: "opening books (YaneuraOu's format): shogi book -h", run: runBook},
	{name: "db", args: "import|explore|games|show|stats|tags", summary: "the games database and opening explorer: shogi db -h", run: runDB},
	{name: "serve", args: "[flags]", summary: "let people play each other over SSH: shogi serve -h", run: runServe},
	{name: "version", summary: "the program's version (also --version)"},
}

func main() {
	// The root context: every command's engines, connections and
	// goroutines end with it.
	os.Exit(dispatch(context.Background(), os.Args[1:], stdio{os.Stdin, os.Stdout, os.Stderr, os.Environ()}))
}

// dispatch runs the command args name and returns its exit status.
func dispatch(ctx context.Context, args []string, s stdio) int {
	if len(args) == 0 {
		return runMenu(ctx, nil, s)
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		usage(s.out)
		return 0
	case "--version", "-version", "version":
		fmt.Fprintln(s.out, version())
		return 0
	}
	if strings.HasPrefix(args[0], "-") {
		return runMenu(ctx, args, s) // the display flags, for the menu
	}
	for _, c := range commands {
		if c.name == args[0] && c.run != nil {
			if c.signals {
				var stop context.CancelFunc
				ctx, stop = signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
				defer stop()
			}
			return c.run(ctx, args[1:], s)
		}
	}
	fmt.Fprintf(s.err, "shogi: unknown command %q\n", args[0])
	usage(s.err)
	return 2
}

// usageColumn is where the usage's summaries begin; a command whose
// arguments reach it has its summary on the next line.
const usageColumn = 23

// usage prints the list of commands from the table.
func usage(w io.Writer) {
	fmt.Fprint(w, "usage: shogi [command] [flags]\n\n")
	for _, c := range commands {
		if c.alias {
			continue
		}
		head := "  " + c.name
		if c.args != "" {
			head += " " + c.args
		}
		if len(head)+2 <= usageColumn {
			fmt.Fprintf(w, "%-*s%s\n", usageColumn, head, c.summary)
		} else {
			fmt.Fprintf(w, "%s\n%*s%s\n", head, usageColumn, "", c.summary)
		}
	}
	fmt.Fprint(w, `
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
