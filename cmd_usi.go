package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"shogi/game/book"
	"shogi/game/bot"
	"shogi/game/usi"
)

func runUSI(ctx context.Context, args []string, st stdio) int {
	stdin, stdout, stderr := st.in, st.out, st.err
	fs := newFlagSet("usi", stderr)
	names := make([]string, len(bot.Levels()))
	for i, l := range bot.Levels() {
		names[i] = l.Name
	}
	level := fs.String("level", bot.Levels()[len(bot.Levels())-1].Name, "level: "+strings.Join(names, ", "))
	seed := fs.Uint64("seed", 0, "seed for the levels' noise and the book's choices (default: random)")
	bf := addBookPlayFlags(fs)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: shogi usi [--level NAME] [--book FILE [--book-moves N] [--book-pick weighted|best|off]]   (then speak USI on stdin/stdout)")
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
	opts, err := bf.options()
	if err != nil {
		fmt.Fprintf(stderr, "shogi usi: %v\n", err)
		return 2
	}
	// The book's options are YaneuraOu's; the flags set where they start.
	eng := bot.NewEngine(l, rand.New(rand.NewPCG(s, s^0x9e3779b97f4a7c15)))
	e := book.NewServed(eng, *bf.file, rand.New(rand.NewPCG(s^0x5851f42d4c957f2d, s)))
	e.SetOption("BookMoves", strconv.Itoa(opts.Moves))
	switch opts.Pick {
	case book.Off:
		e.SetOption("USI_OwnBook", "false")
	case book.Weighted:
		e.SetOption("ConsiderBookMoveCount", "true")
		e.SetOption("BookEvalDiff", "99999")
	case book.Best:
		e.SetOption("BookEvalDiff", "0")
	}
	if err := usi.Serve(ctx, stdin, stdout, benchServed{e}); err != nil {
		fmt.Fprintf(stderr, "shogi usi: %v\n", err)
		return 1
	}
	return 0
}

// benchServed answers bench with the built-in engine's signature: the book
// in front of it has none of its own.
type benchServed struct {
	*book.Served
}

// Bench says the signature as `shogi bot --bench` prints it, at the same
// depth; it takes no context, as usi.Bencher's does not.
func (benchServed) Bench(say func(line string)) {
	if _, err := bot.BenchLinesAt(context.Background(), benchDepth, say); err != nil {
		say("bench: " + err.Error())
	}
}
