package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"example.com/shogi/game/notation"
	"example.com/shogi/tui"
)

// runOpen studies a record: `shogi open [flags] FILE|-`, read from FILE
// or, for -, from stdin (the keys then come from the terminal).
func runOpen(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	o, path, ply, err := openOptions(args, os.Environ(), stderr)
	if err != nil {
		return parseStatus(err)
	}
	in := stdin
	var data []byte
	name := path
	if path == "-" {
		name = "stdin"
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
	o.EngineLog = engineLog()
	if err := tui.Study(o, localTerminal(in), name, data, ply); err != nil {
		// The app showed why; scripts learn it from the status and stderr.
		fmt.Fprintln(stderr, "shogi open:", err)
		return 1
	}
	return 0
}

// openOptions reads the open command's flags, which may follow the file.
func openOptions(args []string, env []string, stderr io.Writer) (o tui.Options, path string, ply int, err error) {
	fs := flag.NewFlagSet("open", flag.ContinueOnError)
	fs.SetOutput(stderr)
	d := addDisplayFlags(fs)
	nota := fs.String("notation", "", "move notation: ki2, kif, western, hosking, romaji, sassersson, csa or usi (default goes with --style)")
	plyFlag := fs.Int("ply", 0, "show this ply of the main line first")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: shogi open [--style kanji|western|ascii|kif] [--notation STYLE] [--width narrow|wide]\n"+
			"                  [--theme auto|light|dark] [--lang en|ja] [--ply N] FILE|-")
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
	return o, files[0], *plyFlag, nil
}
