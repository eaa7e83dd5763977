package main

import (
	"fmt"
	"io"
	"math/rand/v2"
	"strings"

	"shogi/game/bot"
	"shogi/game/usi"
)

func runUSI(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("usi", stderr)
	names := make([]string, len(bot.Levels()))
	for i, l := range bot.Levels() {
		names[i] = l.Name
	}
	level := fs.String("level", bot.Levels()[len(bot.Levels())-1].Name, "level: "+strings.Join(names, ", "))
	seed := fs.Uint64("seed", 0, "seed for the levels' noise (default: random)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: shogi usi [--level NAME]   (then speak USI on stdin/stdout)")
		fs.PrintDefaults()
	}
	rest, err := parseFlags(fs, args)
	if err != nil {
		return parseStatus(err)
	}
	if len(rest) != 0 {
		fmt.Fprintf(stderr, "shogi usi: unexpected argument %q\n", rest[0])
		return 2
	}
	l, ok := bot.FindLevel(*level)
	if !ok {
		fmt.Fprintf(stderr, "shogi usi: unknown level %q (want one of %s)\n", *level, strings.Join(names, ", "))
		return 2
	}
	s := *seed
	if s == 0 {
		s = rand.Uint64()
	}
	if err := usi.Serve(stdin, stdout, bot.NewEngine(l, rand.New(rand.NewPCG(s, s^0x9e3779b97f4a7c15)))); err != nil {
		fmt.Fprintf(stderr, "shogi usi: %v\n", err)
		return 1
	}
	return 0
}
