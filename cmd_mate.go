package main

import (
	"context"
	"fmt"
	"strings"
	"time"

	"shogi/game/bot"
)

func runMate(ctx context.Context, args []string, s stdio) int {
	stdout, stderr := s.out, s.err
	fs := newFlagSet("mate", stderr)
	sfen := fs.String("sfen", "", "position in SFEN, the attacker to move (default: the even start)")
	limit := fs.Duration("time", 10*time.Second, "give up after this long")
	nodes := fs.Int("nodes", 0, "give up after this many positions (default: no limit)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: shogi mate [--sfen SFEN] [--time D] [--nodes N]")
		fs.PrintDefaults()
	}
	rest, err := parseFlags(fs, args)
	if err != nil {
		return parseStatus(err)
	}
	if len(rest) != 0 {
		fmt.Fprintf(stderr, "shogi mate: unexpected argument %q\n", rest[0])
		return 2
	}
	if *limit <= 0 || *nodes < 0 {
		fmt.Fprintln(stderr, "shogi mate: --time and --nodes must be positive")
		return 2
	}
	p, ok := parsePosition("mate", *sfen, stderr)
	if !ok {
		return 2
	}
	ctx, cancel := context.WithTimeout(ctx, *limit)
	defer cancel()
	r := bot.Mate(ctx, p, *nodes)
	rate := func() string {
		if ms := r.Time.Milliseconds(); ms > 0 {
			return fmt.Sprintf("%d positions in %v, %d/s", r.Nodes, r.Time.Round(time.Millisecond), int64(r.Nodes)*1000/ms)
		}
		return fmt.Sprintf("%d positions", r.Nodes)
	}
	switch r.Status {
	case bot.MateFound:
		moves := make([]string, len(r.PV))
		for i, m := range r.PV {
			moves[i] = m.USI()
		}
		how := "the shortest"
		if !r.Shortest {
			how = "not proved the shortest"
		}
		fmt.Fprintf(stderr, "mate in %d (%s); %s\n", len(r.PV), how, rate())
		fmt.Fprintln(stdout, strings.Join(moves, " "))
	case bot.NoMate:
		fmt.Fprintf(stderr, "no mate by checks; %s\n", rate())
		fmt.Fprintln(stdout, "nomate")
	default:
		fmt.Fprintf(stderr, "gave up: no answer within the budget; %s\n", rate())
		fmt.Fprintln(stdout, "timeout")
		return 1
	}
	return 0
}
