package main

import (
	"flag"
	"fmt"
	"io"
	"sort"
	"strconv"

	"shogi/game"
)

// newFlagSet returns a flag set that reports errors to stderr without
// exiting, so commands are testable.
func newFlagSet(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("shogi "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs
}

// parsePosition reads --sfen (empty means the start) and prints any
// warnings to stderr: odd positions are accepted, never refused.
func parsePosition(sfen string, stderr io.Writer) (game.Position, bool) {
	if sfen == "" {
		return game.StartPosition(), true
	}
	p, err := game.ParseSFEN(sfen)
	if err != nil {
		fmt.Fprintf(stderr, "shogi: %v\n", err)
		return p, false
	}
	for _, w := range p.Warnings() {
		fmt.Fprintf(stderr, "shogi: warning: %s\n", w)
	}
	return p, true
}

func runPerft(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("perft", stderr)
	sfen := fs.String("sfen", "", "start from this SFEN position (default: the even start)")
	divide := fs.Bool("divide", false, "print each root move (USI) with its count first")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: shogi perft [--sfen SFEN] [--divide] DEPTH")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "shogi perft: want exactly one DEPTH")
		return 2
	}
	depth, err := strconv.Atoi(fs.Arg(0))
	if err != nil || depth < 0 || depth > 20 {
		fmt.Fprintf(stderr, "shogi perft: bad depth %q: want an integer from 0 to 20\n", fs.Arg(0))
		return 2
	}
	p, ok := parsePosition(*sfen, stderr)
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
