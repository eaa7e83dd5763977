package main

import (
	"context"
	"fmt"
	"sort"

	"shogi/game/notation"
)

func runMoves(_ context.Context, args []string, s stdio) int {
	stdout, stderr := s.out, s.err
	fs := newFlagSet("moves", stderr)
	sfen := fs.String("sfen", "", "position in SFEN (default: the even start)")
	style := fs.String("notation", "usi", "notation: usi, csa, western, hosking, ki2, kif, romaji, sassersson")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: shogi moves [--sfen SFEN] [--notation STYLE]")
		fs.PrintDefaults()
	}
	rest, err := parseFlags(fs, args)
	if err != nil {
		return parseStatus(err)
	}
	if len(rest) != 0 {
		fmt.Fprintf(stderr, "shogi moves: unexpected argument %q\n", rest[0])
		return 2
	}
	st, err := notation.ParseStyle(*style)
	if err != nil {
		fmt.Fprintf(stderr, "shogi moves: %v\n", err)
		return 2
	}
	p, ok := parsePosition("moves", *sfen, stderr)
	if !ok {
		return 2
	}
	// Sorted by USI in every notation, so lists in two notations line up.
	moves := p.LegalMoves(nil)
	sort.Slice(moves, func(i, j int) bool { return moves[i].USI() < moves[j].USI() })
	for _, m := range moves {
		fmt.Fprintln(stdout, notation.Format(&p, m, st, 0))
	}
	return 0
}
