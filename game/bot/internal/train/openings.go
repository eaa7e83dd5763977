package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strings"

	"shogi/game"
	"shogi/game/bot"
	"shogi/game/engine"
)

// openings: start positions for matches, as `startpos moves …` lines that
// shogi match --openings reads. Each is a walk from the even start where
// every move is drawn from the moves a shallow search finds within a
// margin of its best, kept only when a deeper search finds the end
// position roughly even. Deterministic from the seed.

func runOpenings(args []string) error {
	fs := flag.NewFlagSet("openings", flag.ContinueOnError)
	n := fs.Int("n", 100, "number of openings")
	minPlies := fs.Int("min", 10, "fewest plies")
	maxPlies := fs.Int("max", 20, "most plies")
	margin := fs.Int("margin", 40, "moves within this many centipawns of the best are candidates")
	even := fs.Int("even", 120, "keep an opening only when the deeper search scores it within this")
	seed := fs.Uint64("seed", 1, "random seed")
	out := fs.String("o", "", "output file (default standard output)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	w := io.Writer(os.Stdout)
	if *out != "" {
		f, err := os.Create(*out)
		if err != nil {
			return err
		}
		defer f.Close()
		w = f
	}
	r := rand.New(rand.NewPCG(*seed, 0x09e))
	top := bot.Levels()[len(bot.Levels())-1]
	top.MateNodes = 0
	seen := map[uint64]bool{}
	fmt.Fprintf(w, "# %d openings: train openings -n %d -min %d -max %d -margin %d -even %d -seed %d\n",
		*n, *n, *minPlies, *maxPlies, *margin, *even, *seed)
	for made := 0; made < *n; {
		g := game.NewGame(game.StartPosition())
		plies := *minPlies + r.IntN(*maxPlies-*minPlies+1)
		e := bot.NewEngine(top, r)
		for g.Len() < plies && !g.Result().Over() {
			lines := map[int]engine.Info{}
			_, err := e.Search(context.Background(), engine.Request{Start: g.Start(), Moves: g.Moves(),
				Limits: engine.Limits{Depth: 5}, MultiPV: 8, Info: func(in engine.Info) {
					if in.HasScore && in.Score.Bound == engine.Exact && len(in.PV) > 0 {
						lines[in.MultiPV] = in
					}
				}})
			if err != nil {
				return err
			}
			best, ok := lines[1]
			if !ok {
				break
			}
			var cands []game.Move
			for i := 1; i <= len(lines); i++ {
				if in, ok := lines[i]; ok && !in.Score.Mate && best.Score.Value-in.Score.Value <= *margin {
					cands = append(cands, in.PV[0])
				}
			}
			if len(cands) == 0 {
				cands = []game.Move{best.PV[0]}
			}
			if err := g.Play(cands[r.IntN(len(cands))]); err != nil {
				return err
			}
		}
		p := g.Position()
		if g.Result().Over() || seen[p.Hash()] {
			continue
		}
		var last engine.Info
		if _, err := bot.NewEngine(top, r).Search(context.Background(), engine.Request{Start: g.Start(), Moves: g.Moves(),
			Limits: engine.Limits{Nodes: 200_000}, Info: func(in engine.Info) {
				if in.HasScore && in.Score.Bound == engine.Exact {
					last = in
				}
			}}); err != nil {
			return err
		}
		if last.Score.Mate || abs(last.Score.Value) > *even {
			continue
		}
		seen[p.Hash()] = true
		made++
		var b strings.Builder
		b.WriteString("startpos moves")
		for _, m := range g.Moves() {
			b.WriteString(" " + m.USI())
		}
		fmt.Fprintln(w, b.String())
	}
	return nil
}
