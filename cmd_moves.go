package main

import (
	"fmt"
	"io"
	"sort"
)

func runMoves(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("moves", stderr)
	sfen := fs.String("sfen", "", "position in SFEN (default: the even start)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: shogi moves [--sfen SFEN]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 0 {
		fmt.Fprintf(stderr, "shogi moves: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	p, ok := parsePosition(*sfen, stderr)
	if !ok {
		return 2
	}
	var lines []string
	for _, m := range p.LegalMoves(nil) {
		lines = append(lines, m.USI())
	}
	sort.Strings(lines)
	for _, l := range lines {
		fmt.Fprintln(stdout, l)
	}
	return 0
}
