package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"shogi/game/bot"
	"shogi/game/engine"
)

// benchDepth is the depth of the bench signature that `shogi bot --bench`
// prints and `shogi usi` answers bench with (0: bot.BenchDepth). Only the
// tests change it, to check the two ways agree at a depth that costs
// little; the full depth is their long tier's.
var benchDepth = 0

func runBot(ctx context.Context, args []string, s stdio) int {
	stdout, stderr := s.out, s.err
	fs := newFlagSet("bot", stderr)
	sfen := fs.String("sfen", "", "position in SFEN (default: the even start)")
	level := fs.String("level", "strong", "bot: "+strings.Join(bot.Names(), ", "))
	think := fs.Duration("time", 0, "thinking time, e.g. 500ms (default: the level's own budget)")
	seed := fs.Uint64("seed", 0, "seed for the bot's random choices (default: random)")
	verbose := fs.Bool("v", false, "print the search's progress on stderr")
	bench := fs.Bool("bench", false, "print the search's bench signature (nodes over fixed positions at a fixed depth) and exit")
	bf := addBookPlayFlags(fs)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: shogi bot [--sfen SFEN] [--level NAME] [--time D] [--book FILE [--book-moves N] [--book-pick weighted|best|off]]")
		fmt.Fprintln(stderr, "       shogi bot --bench")
		fs.PrintDefaults()
	}
	rest, err := parseFlags(fs, args)
	if err != nil {
		return parseStatus(err)
	}
	if len(rest) != 0 {
		fmt.Fprintf(stderr, "shogi bot: unexpected argument %q\n", rest[0])
		return 2
	}
	if *bench {
		if _, err := bot.BenchLinesAt(ctx, benchDepth, func(l string) { fmt.Fprintln(stdout, l) }); err != nil {
			fmt.Fprintf(stderr, "shogi bot: bench: %v\n", err)
			return 1
		}
		return 0
	}
	if *think < 0 {
		fmt.Fprintf(stderr, "shogi bot: bad --time %v: want a positive duration\n", *think)
		return 2
	}
	p, ok := parsePosition("bot", *sfen, stderr)
	if !ok {
		return 2
	}
	sd := *seed
	if sd == 0 {
		sd = rand.Uint64()
	}
	b, err := bot.NewSearcher(*level, rand.New(rand.NewPCG(sd, sd^0x9e3779b97f4a7c15)))
	if err != nil {
		fmt.Fprintf(stderr, "shogi bot: %v\n", err)
		return 2
	}
	use, done, err := bf.use()
	if err != nil {
		fmt.Fprintf(stderr, "shogi bot: %v\n", err)
		return 2
	}
	defer done()
	b = use.Wrap(b, rand.New(rand.NewPCG(sd^0x5851f42d4c957f2d, sd)))
	req := engine.Request{Start: p, Limits: engine.Limits{MoveTime: *think}}
	if *verbose {
		req.Info = func(in engine.Info) { fmt.Fprintln(stderr, formatInfo(in)) }
	}
	bm, err := b.Search(ctx, req)
	if err != nil {
		fmt.Fprintf(stderr, "shogi bot: %v\n", err)
		return 1
	}
	switch {
	case bm.Win:
		fmt.Fprintln(stdout, "win")
	case bm.Resign:
		fmt.Fprintln(stdout, "resign")
	default:
		fmt.Fprintln(stdout, bm.Move.USI())
	}
	return 0
}

// formatInfo writes an info line for people reading the progress.
func formatInfo(in engine.Info) string {
	var b strings.Builder
	fmt.Fprintf(&b, "depth %d seldepth %d", in.Depth, in.SelDepth)
	if in.Score.Mate {
		fmt.Fprintf(&b, " mate %d", in.Score.Value)
	} else {
		fmt.Fprintf(&b, " cp %d", in.Score.Value)
	}
	fmt.Fprintf(&b, " nodes %d nps %d time %v pv", in.Nodes, in.NPS, in.Time.Round(time.Millisecond))
	for _, m := range in.PV {
		b.WriteString(" " + m.USI())
	}
	return b.String()
}
