package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"shogi/game/analysis"
	"shogi/game/match"
	"shogi/game/notation"
	"shogi/tui"
)

// runOpen studies a record: `shogi open [flags] FILE|-`, read from FILE
// or, for -, from stdin (the keys then come from the terminal).
func runOpen(ctx context.Context, args []string, s stdio) int {
	stdin, stderr := s.in, s.err
	o, path, ply, err := openOptions(args, s.env, stderr)
	if err != nil {
		return parseStatus(err)
	}
	in := stdin
	var data []byte
	name := path // "-": the study knows standard input, which no file holds
	if path == "-" {
		if data, err = io.ReadAll(stdin); err != nil {
			fmt.Fprintln(stderr, "shogi open: reading stdin:", err)
			return 1
		}
		// The record came on stdin, so keys must come from the terminal.
		tty, err := os.Open("/dev/tty")
		if err != nil {
			fmt.Fprintln(stderr, "shogi open: the record is on stdin and there is no terminal to read keys from:", err)
			return 1
		}
		defer tty.Close()
		in = tty
	} else if data, err = os.ReadFile(path); err != nil {
		fmt.Fprintln(stderr, "shogi open:", err)
		return 1
	}
	o.Context = ctx
	startApp(&o, s.env)
	if err := tui.Study(o, localTerminal(in, s), name, data, ply); err != nil {
		// The app showed why; scripts learn it from the status and stderr.
		fmt.Fprintln(stderr, "shogi open:", err)
		return 1
	}
	return 0
}

// openOptions reads the open command's flags, which may follow the file.
func openOptions(args []string, env []string, stderr io.Writer) (o tui.Options, path string, ply int, err error) {
	fs := newFlagSet("open", stderr)
	d := addDisplayFlags(fs)
	nota := fs.String("notation", "", "move notation: ki2, kif, western, hosking, romaji, sassersson, csa or usi (default goes with --style)")
	plyFlag := fs.Int("ply", 0, "show this ply of the main line first")
	engine := fs.String("engine", "", "the engine for analysis: usi:PATH[,NAME=VALUE...] or a built-in level (default: "+analysis.DefaultSpec().String()+")")
	passTime := fs.Duration("analyse-time", analysis.DefaultMoveTime, "a position's time in the whole-record analysis (A)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: shogi open [--style kanji|western|ascii|kif] [--notation STYLE] [--width narrow|wide]\n"+
			"                  [--theme auto|light|dark] [--lang en|ja] [--ply N]\n"+
			"                  [--engine usi:PATH[,NAME=VALUE...]|LEVEL] [--analyse-time D] FILE|-")
		fs.PrintDefaults()
	}
	o = appOptions(env)
	files, err := parseFlags(fs, args)
	if err != nil {
		return o, "", 0, err
	}
	if len(files) != 1 {
		return o, "", 0, usageError(fs, "want one record file, or - for stdin")
	}
	if err := d.apply(&o); err != nil {
		return o, "", 0, usageError(fs, "%v", err)
	}
	if *nota != "" {
		ns, err := notation.ParseStyle(*nota)
		if err != nil {
			return o, "", 0, usageError(fs, "%v", err)
		}
		o.Notation = &ns
	}
	if *engine != "" {
		sp, err := match.ParseSpec(*engine)
		if err != nil {
			return o, "", 0, usageError(fs, "--engine: %v", err)
		}
		if sp.Kind == match.HumanKind {
			return o, "", 0, usageError(fs, "--engine: a person cannot analyse; name a built-in level or usi:PATH")
		}
		o.Engine = sp.String()
	}
	if *passTime <= 0 {
		return o, "", 0, usageError(fs, "--analyse-time %v: want a positive duration", *passTime)
	}
	o.AnalysisTime = *passTime
	return o, files[0], *plyFlag, nil
}
