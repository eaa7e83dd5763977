package main

import (
	"context"
	"fmt"

	"shogi/game"
	"shogi/game/notation"
)

// runNotate reads moves in any notation and writes them in one. Without
// --each the moves are a game, played in turn, so 同 and the side marks
// come out right; with --each every move is read against the same
// position.
func runNotate(_ context.Context, args []string, s stdio) int {
	stdout, stderr := s.out, s.err
	fs := newFlagSet("notate", stderr)
	sfen := fs.String("sfen", "", "position in SFEN (default: the even start)")
	to := fs.String("to", "usi", "notation to write: usi, csa, western, hosking, ki2, kif, romaji, sassersson")
	each := fs.Bool("each", false, "read every MOVE against the same position instead of playing them in turn")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: shogi notate [--each] [--sfen SFEN] [--to STYLE] [--] MOVE...")
		fs.PrintDefaults()
	}
	moves, err := parseFlags(fs, args)
	if err != nil {
		return parseStatus(err)
	}
	style, err := notation.ParseStyle(*to)
	if err != nil {
		fmt.Fprintf(stderr, "shogi notate: %v\n", err)
		return 2
	}
	if len(moves) == 0 {
		fmt.Fprintln(stderr, "shogi notate: no MOVE given (use -- before moves that start with -)")
		return 2
	}
	p, ok := parsePosition("notate", *sfen, stderr)
	if !ok {
		return 2
	}
	prev := game.NoMove
	status := 0
	for i, text := range moves {
		m, err := notation.ParseAny(&p, text, prev)
		if *each {
			if err != nil {
				fmt.Fprintf(stdout, "error: %v\n", err)
				status = 1
				continue
			}
			fmt.Fprintln(stdout, notation.Format(&p, m, style, prev))
			continue
		}
		if err != nil {
			fmt.Fprintf(stderr, "shogi notate: move %d %q: %v\n", i+1, text, err)
			return 1
		}
		fmt.Fprintln(stdout, notation.Format(&p, m, style, prev))
		p = p.Play(m)
		prev = m
	}
	return status
}
