package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"shogi/app/series"
	"shogi/game/match"
	"shogi/kifu"
)

func matchUsage(w io.Writer, fs *flag.FlagSet) {
	fmt.Fprint(w, `usage: shogi match [flags] PLAYER PLAYER

Plays games between two players, colours alternating, and prints the first
player's result: wins, draws and losses, score, Elo difference with its 95%
interval, LOS. PLAYER is random, greedy, another built-in level, or
usi:PATH[,NAME=VALUE...] for a USI engine with options, as in
usi:/usr/games/fairy-stockfish,Skill\ Level=-20 (quote the spaces).

`)
	fs.PrintDefaults()
}

// runMatch plays a series of games between two players.
func runMatch(ctx context.Context, args []string, s stdio) int {
	stdout, stderr := s.out, s.err
	fs := newFlagSet("match", stderr)
	games := fs.Int("games", 2, "number of `N` games")
	mainTime := fs.Duration("time", 0, "main time per side (持ち時間), e.g. 5m")
	byoyomi := fs.Duration("byoyomi", 0, "time per move once the main time is spent (default 1s when no time is given)")
	increment := fs.Duration("increment", 0, "Fischer increment per move")
	margin := fs.Duration("margin", 500*time.Millisecond, "how late a move may arrive before its side loses on time")
	maxMoves := fs.Int("max-moves", 512, "a game reaching `N` moves is drawn (持将棋); 0 for no limit")
	openingsPath := fs.String("openings", "", "`FILE` of start positions, one a line: SFEN, sfen …, or startpos moves …; each is played twice, colours swapped")
	randomPlies := fs.Int("random-plies", 0, "begin each pair of games with `K` random moves (after the opening, if any)")
	concurrency := fs.Int("concurrency", 1, "games played at once")
	out := fs.String("out", "", "write every finished game to `FILE`: .csa (one CSA file of many games), .kif (Shift_JIS) or .kifu (UTF-8)")
	resume := fs.Bool("resume", false, "go on with the series whose games --out's file holds: those it scores count and are not played again")
	sprtFlag := fs.String("sprt", "", "stop when a sequential test decides between `ELO0,ELO1` (α = β = 0.05)")
	seed := fs.Uint64("seed", 0, "random seed for the bots and the random plies (default: from the clock)")
	logPath := fs.String("log", "", "engines' transcript and stderr go to `FILE` (default: shogi/match.log in the user cache directory)")
	bf := addBookPlayFlags(fs)
	fs.Usage = func() { matchUsage(stderr, fs) }
	set := map[string]bool{}
	rest, err := parseFlags(fs, args)
	if err != nil {
		return parseStatus(err)
	}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	bad := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "shogi match: "+format+"\n", a...)
		fmt.Fprintln(stderr, "usage: shogi match [flags] PLAYER PLAYER (shogi match -h for the flags)")
		return 2
	}
	o := series.Options{Games: *games, Margin: *margin, MaxMoves: *maxMoves, RandomPlies: *randomPlies,
		Concurrency: *concurrency, Out: *out, Resume: *resume, Seed: *seed}
	if len(rest) != 2 {
		return bad("want two players, got %d", len(rest))
	}
	for i, s := range rest {
		sp, err := match.ParseSpec(s)
		if err != nil {
			return bad("%v", err)
		}
		if sp.Kind == match.HumanKind {
			return bad("player %d: a human cannot play a headless match (use shogi play)", i+1)
		}
		o.Specs[i] = sp
	}
	switch {
	case o.Games < 1:
		return bad("--games %d: want at least 1", o.Games)
	case *mainTime < 0 || *byoyomi < 0 || *increment < 0 || o.Margin < 0:
		return bad("times must not be negative")
	case o.MaxMoves < 0:
		return bad("--max-moves %d: want 0 (no limit) or more", o.MaxMoves)
	case o.RandomPlies < 0 || o.RandomPlies > 200:
		return bad("--random-plies %d: want 0 to 200", o.RandomPlies)
	case o.Concurrency < 1 || o.Concurrency > 64:
		return bad("--concurrency %d: want 1 to 64", o.Concurrency)
	}
	o.Control = match.TimeControl{Main: *mainTime, Byoyomi: *byoyomi, Increment: *increment}
	if !set["time"] && !set["byoyomi"] && !set["increment"] {
		o.Control.Byoyomi = time.Second
	}
	if o.Control.IsZero() {
		return bad("the clock must give some time: --time, --byoyomi or --increment")
	}
	if o.Resume && o.Out == "" {
		return bad("--resume goes on with the games in --out's file: give --out")
	}
	if o.Out != "" {
		switch filepath.Ext(o.Out) {
		case ".csa":
			o.OutFormat = kifu.CSA
		case ".kif", ".kifu":
			o.OutFormat = kifu.KIF
		default:
			return bad("--out %s: want a .csa, .kif or .kifu file", o.Out)
		}
	}
	if *sprtFlag != "" {
		p, err := match.ParseSPRT(*sprtFlag)
		if err != nil {
			return bad("%v", err)
		}
		o.SPRT = &p
	}
	if *openingsPath != "" {
		ops, err := match.ReadOpenings(*openingsPath)
		if err != nil {
			fmt.Fprintf(stderr, "shogi match: %v\n", err)
			return 2
		}
		o.Openings = ops
	}
	use, done, err := bf.use()
	if err != nil {
		return bad("%v", err)
	}
	defer done()
	for i := range o.Specs {
		if o.Specs[i].Kind == match.BuiltinKind {
			o.Specs[i].Book = use
		}
	}
	if !set["seed"] {
		o.Seed = uint64(time.Now().UnixNano())
	}
	o.OpenLog = func() (*os.File, string) { return engineLogIn("match", *logPath, s.env, stderr) }
	return series.Run(ctx, o, stdout, stderr)
}

// engineLogIn opens command cmd's engine log: the path asked for, or
// shogi/CMD.log in the user cache directory env names.
func engineLogIn(cmd, path string, env []string, stderr io.Writer) (*os.File, string) {
	if path == "" {
		if path = dirsIn(env).Log(cmd + ".log"); path == "" {
			return nil, ""
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return nil, ""
		}
	}
	f, err := os.Create(path)
	if err != nil {
		fmt.Fprintf(stderr, "shogi %s: warning: no engine log: %v\n", cmd, err)
		return nil, ""
	}
	return f, path
}
