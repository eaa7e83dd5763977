package main

import (
	"context"
	"fmt"
	"sort"
	"strconv"

	"shogi/game"
)

func runPerft(_ context.Context, args []string, s stdio) int {
	stdout, stderr := s.out, s.err
	fs := newFlagSet("perft", stderr)
	sfen := fs.String("sfen", "", "start from this SFEN position (default: the even start)")
	divide := fs.Bool("divide", false, "print each root move (USI) with its count first")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: shogi perft [--sfen SFEN] [--divide] DEPTH")
		fs.PrintDefaults()
	}
	rest, err := parseFlags(fs, args)
	if err != nil {
		return parseStatus(err)
	}
	if len(rest) != 1 {
		fmt.Fprintf(stderr, "shogi perft: want exactly one DEPTH, got %d arguments\n", len(rest))
		return 2
	}
	depth, err := strconv.Atoi(rest[0])
	if err != nil || depth < 0 || depth > 20 {
		fmt.Fprintf(stderr, "shogi perft: bad depth %q: want an integer from 0 to 20\n", rest[0])
		return 2
	}
	p, ok := parsePosition("perft", *sfen, stderr)
	if !ok {
		return 2
	}
	if !*divide {
		fmt.Fprintln(stdout, game.Perft(&p, depth))
		return 0
	}
	entries := game.Divide(&p, depth)
	sort.Slice(entries, func(i, j int) bool { return entries[i].Move.USI() < entries[j].Move.USI() })
	var total uint64
	for _, e := range entries {
		fmt.Fprintf(stdout, "%s %d\n", e.Move.USI(), e.Nodes)
		total += e.Nodes
	}
	if depth == 0 {
		total = 1
	}
	fmt.Fprintln(stdout, total)
	return 0
}
