package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"

	"shogi/game"
	"shogi/game/bot"
	"shogi/game/engine"
)

// play: self-play games of the top level at a fixed number of nodes a
// move, each position written with the search's score and the game's
// result. Game i depends only on the seed and i, so the output is the same
// whatever the number of workers. A game starts from the starting position
// and 6–15 random moves, or with -starts from a position of that file
// (the first field of each line an SFEN: what play and csa write, so the
// middle games of matches against other programs can be played on) and
// up to two random moves.

type playOptions struct {
	games, nodes, workers int
	seed                  uint64
	maxPlies              int
	out                   string
	starts                []game.Position
	// hashMB is each engine's table (16 MB when 0); the tests, whose
	// games are short, take a small one rather than zeroing 32 MB a game.
	hashMB int
}

func runPlay(args []string) error {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	var o playOptions
	fs.IntVar(&o.games, "games", 100, "number of games")
	fs.IntVar(&o.nodes, "nodes", 8000, "nodes a move")
	fs.IntVar(&o.workers, "workers", runtime.NumCPU(), "games played at once")
	fs.Uint64Var(&o.seed, "seed", 1, "random seed: openings and noise")
	fs.IntVar(&o.maxPlies, "max-plies", 320, "a game this long is a draw")
	fs.StringVar(&o.out, "o", "", "output file (default standard output)")
	starts := fs.String("starts", "", "start each game from a position of this file (an SFEN first on each line)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *starts != "" {
		var err error
		if o.starts, err = readStarts(*starts); err != nil {
			return err
		}
	}
	w := io.Writer(os.Stdout)
	if o.out != "" {
		f, err := os.Create(o.out)
		if err != nil {
			return err
		}
		defer f.Close()
		w = f
	}
	bw := bufio.NewWriter(w)
	defer bw.Flush()

	type done struct {
		i     int
		lines []string
	}
	jobs := make(chan int)
	results := make(chan done)
	var wg sync.WaitGroup
	for range max(1, o.workers) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				results <- done{i, playGame(o, i)}
			}
		}()
	}
	go func() {
		for i := range o.games {
			jobs <- i
		}
		close(jobs)
		wg.Wait()
		close(results)
	}()
	// Write games in order, holding back those that finish early.
	pending := map[int][]string{}
	next, positions := 0, 0
	for d := range results {
		pending[d.i] = d.lines
		for {
			lines, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			for _, l := range lines {
				bw.WriteString(l)
			}
			positions += len(lines)
			next++
			if next%50 == 0 {
				bw.Flush()
				fmt.Fprintf(os.Stderr, "%d games, %d positions\n", next, positions)
			}
		}
	}
	fmt.Fprintf(os.Stderr, "%d games, %d positions\n", next, positions)
	return nil
}

// record is one position of a game, before the result is known.
type record struct {
	sfen  string
	score int // centipawns for the side to move
	side  game.Color
}

// playGame plays game i and returns its lines: SFEN, score, result (1, 0.5
// or 0 for the side to move) and the game's number, tab-separated.
func playGame(o playOptions, i int) []string {
	r := rand.New(rand.NewPCG(o.seed, uint64(i)))
	var g *game.Game
	if len(o.starts) > 0 {
		g = game.NewGame(o.starts[r.IntN(len(o.starts))])
		randomOpening(g, r, r.IntN(3))
	} else {
		g = game.NewGame(game.StartPosition())
		randomOpening(g, r, 6+r.IntN(10))
	}
	top := bot.Levels()[len(bot.Levels())-1]
	top.MateNodes = 0
	players := [2]*bot.Engine{bot.NewEngine(top, r), bot.NewEngine(top, r)}
	hashMB := o.hashMB
	if hashMB == 0 {
		hashMB = 16
	}
	for _, e := range players {
		e.SetHashMB(hashMB)
	}
	var recs []record
	outcome := game.Draw
	lopsided := 0
	for g.Len() < o.maxPlies && !g.Result().Over() {
		p := g.Position()
		side := p.SideToMove()
		var last engine.Info
		bm, err := players[side].Search(context.Background(), engine.Request{Start: g.Start(), Moves: g.Moves(),
			Limits: engine.Limits{Nodes: uint64(o.nodes)}, Info: func(in engine.Info) {
				if in.HasScore && in.Score.Bound == engine.Exact && in.MultiPV <= 1 {
					last = in
				}
			}})
		if err != nil {
			panic(err)
		}
		if bm.Resign {
			g.Resign(side)
			break
		}
		if bm.Win {
			outcome = game.Win(side)
			break
		}
		score := last.Score.Value
		if last.Score.Mate {
			score = 30000
			if last.Score.Value < 0 {
				score = -30000
			}
		}
		quiet := bm.Move.Captured() == game.NoPiece && !bm.Move.IsPromotion()
		if !p.InCheck() && quiet && !last.Score.Mate && abs(score) < 3000 {
			recs = append(recs, record{p.SFEN(), score, side})
		}
		// Both sides agreeing that one is far ahead ends the game.
		if abs(score) >= 2500 {
			lopsided++
			if lopsided >= 4 {
				winner := side
				if score < 0 {
					winner = side.Other()
				}
				outcome = game.Win(winner)
				break
			}
		} else {
			lopsided = 0
		}
		if err := g.Play(bm.Move); err != nil {
			panic(err)
		}
	}
	if res := g.Result(); res.Over() {
		outcome = res.Outcome
	}
	lines := make([]string, 0, len(recs))
	for _, rc := range recs {
		res := "0.5"
		switch outcome {
		case game.Win(rc.side):
			res = "1"
		case game.Win(rc.side.Other()):
			res = "0"
		}
		lines = append(lines, rc.sfen+"\t"+strconv.Itoa(rc.score)+"\t"+res+"\t"+strconv.Itoa(i)+"\n")
	}
	return lines
}

// readStarts reads the positions of a -starts file: the first
// tab-separated field of each non-empty line, an SFEN. Positions whose
// game is already over are left out.
func readStarts(name string) ([]game.Position, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []game.Position
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text, _, _ := strings.Cut(sc.Text(), "\t")
		if strings.TrimSpace(text) == "" {
			continue
		}
		p, err := game.ParseSFEN(text)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, line, err)
		}
		if g := game.NewGame(p); !g.Result().Over() && len(p.LegalMoves(nil)) > 0 {
			out = append(out, p)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no position to start from", name)
	}
	return out, nil
}

// randomOpening plays n random board moves that lose no material by the
// static exchange, so the games start from many different positions.
func randomOpening(g *game.Game, r *rand.Rand, n int) {
	values := [game.NumPieceTypes]int{game.Pawn: 1, game.Lance: 3, game.Knight: 4, game.Silver: 5, game.Gold: 6,
		game.Bishop: 8, game.Rook: 10, game.ProPawn: 6, game.ProLance: 6, game.ProKnight: 6, game.ProSilver: 6,
		game.Horse: 10, game.Dragon: 12, game.King: 100}
	for range n {
		p := g.Position()
		var ok []game.Move
		for _, m := range p.LegalMoves(nil) {
			if !m.IsDrop() && p.SEE(m, &values) >= 0 {
				ok = append(ok, m)
			}
		}
		if len(ok) == 0 {
			return
		}
		if err := g.Play(ok[r.IntN(len(ok))]); err != nil || g.Result().Over() {
			return
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
