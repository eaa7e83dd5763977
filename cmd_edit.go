package main

import (
	"context"
	"fmt"
	"io"

	"shogi/game"
	"shogi/kifu"
	"shogi/tui"
)

// runEdit opens the position editor: `shogi edit [flags] [--sfen SFEN]
// [FILE]`, on the even game, the SFEN given, or the start of the record
// FILE holds (a KIF diagram, a CSA position, an SFEN …). Leaving the
// editor ends the app.
func runEdit(ctx context.Context, args []string, s stdio) int {
	stdin, stderr := s.in, s.err
	o, name, start, leftOut, err := editOptions(args, s.env, stderr)
	if err != nil {
		return parseStatus(err)
	}
	o.Context = ctx
	startApp(&o, s.env)
	if err := tui.Edit(o, localTerminal(stdin, s), name, start, leftOut); err != nil {
		fmt.Fprintln(stderr, "shogi edit:", err)
		return 1
	}
	return 0
}

// editOptions reads the edit command's flags and its position.
// A position a side of which has more than one king is taken: the kings
// beyond the first are left out and their squares returned (leftOut),
// which the editor names.
func editOptions(args []string, env []string, stderr io.Writer) (o tui.Options, name string, start game.Position, leftOut []game.Square, err error) {
	fs := newFlagSet("edit", stderr)
	d := addDisplayFlags(fs)
	sfen := fs.String("sfen", "", "start from this position (SFEN); any position is taken, and the editor says what is odd about it")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: shogi edit [--style kanji|western|ascii|kif] [--width narrow|wide] [--theme auto|light|dark]\n"+
			"                  [--lang en|ja] [--sfen SFEN] [FILE]")
		fs.PrintDefaults()
	}
	o = appOptions(env)
	files, err := parseFlags(fs, args)
	if err != nil {
		return o, "", start, nil, err
	}
	if err := d.apply(&o); err != nil {
		return o, "", start, nil, usageError(fs, "%v", err)
	}
	switch {
	case len(files) > 1:
		return o, "", start, nil, usageError(fs, "want at most one file")
	case len(files) == 1 && *sfen != "":
		return o, "", start, nil, usageError(fs, "give --sfen or a file, not both")
	case len(files) == 1:
		rec, err := kifu.ReadFile(files[0])
		if rec == nil {
			return o, "", start, nil, failed(fs, "%v", err)
		}
		return o, files[0], rec.Start, nil, nil
	case *sfen != "":
		p, extra, err := game.ParseSFENExtraKings(*sfen)
		if err != nil {
			return o, "", start, nil, failed(fs, "--sfen: %v", err)
		}
		return o, "", p, extra, nil
	}
	return o, "", game.StartPosition(), nil, nil
}
