package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"math/rand/v2"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"shogi/game"
	"shogi/game/match"
	"shogi/game/usi"
	"shogi/kifu"
	"shogi/kifu/matchrec"
)

// matchOptions are shogi match's settings after the flags are read.
type matchOptions struct {
	games       int
	control     match.TimeControl
	margin      time.Duration
	maxMoves    int
	openings    []opening
	randomPlies int
	concurrency int
	out         string
	outFormat   kifu.Format
	sprt        *match.SPRT
	seed        uint64
	logPath     string
	specs       [2]match.Spec
}

// opening is a start position and moves played from it.
type opening struct {
	start game.Position
	moves []game.Move
}

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
func runMatch(args []string, _ io.Reader, stdout, stderr io.Writer) int {
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
	sprtFlag := fs.String("sprt", "", "stop when a sequential test decides between `ELO0,ELO1` (α = β = 0.05)")
	seed := fs.Uint64("seed", 0, "random seed for the bots and the random plies (default: from the clock)")
	logPath := fs.String("log", "", "engines' transcript and stderr go to `FILE` (default: shogi/match.log in the user cache directory)")
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
	o := matchOptions{games: *games, margin: *margin, maxMoves: *maxMoves, randomPlies: *randomPlies,
		concurrency: *concurrency, out: *out, seed: *seed, logPath: *logPath}
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
		o.specs[i] = sp
	}
	switch {
	case o.games < 1:
		return bad("--games %d: want at least 1", o.games)
	case *mainTime < 0 || *byoyomi < 0 || *increment < 0 || o.margin < 0:
		return bad("times must not be negative")
	case o.maxMoves < 0:
		return bad("--max-moves %d: want 0 (no limit) or more", o.maxMoves)
	case o.randomPlies < 0 || o.randomPlies > 200:
		return bad("--random-plies %d: want 0 to 200", o.randomPlies)
	case o.concurrency < 1 || o.concurrency > 64:
		return bad("--concurrency %d: want 1 to 64", o.concurrency)
	}
	o.control = match.TimeControl{Main: *mainTime, Byoyomi: *byoyomi, Increment: *increment}
	if !set["time"] && !set["byoyomi"] && !set["increment"] {
		o.control.Byoyomi = time.Second
	}
	if o.control.IsZero() {
		return bad("the clock must give some time: --time, --byoyomi or --increment")
	}
	if o.out != "" {
		switch filepath.Ext(o.out) {
		case ".csa":
			o.outFormat = kifu.CSA
		case ".kif", ".kifu":
			o.outFormat = kifu.KIF
		default:
			return bad("--out %s: want a .csa, .kif or .kifu file", o.out)
		}
	}
	if *sprtFlag != "" {
		p, err := match.ParseSPRT(*sprtFlag)
		if err != nil {
			return bad("%v", err)
		}
		o.sprt = &p
	}
	if *openingsPath != "" {
		ops, err := readOpenings(*openingsPath)
		if err != nil {
			fmt.Fprintf(stderr, "shogi match: %v\n", err)
			return 2
		}
		o.openings = ops
	}
	if !set["seed"] {
		o.seed = uint64(time.Now().UnixNano())
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return playMatch(ctx, o, stdout, stderr)
}

// readOpenings reads a file of start positions: SFEN lines (with or
// without "sfen", "position", "moves …") and "startpos moves …" lines.
// Blank lines and lines starting with # are skipped.
func readOpenings(path string) ([]opening, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []opening
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(strings.TrimPrefix(sc.Text(), "\ufeff"))
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cmd := line
		if f := usi.Command(line); f != "position" && f != "startpos" && f != "sfen" {
			cmd = "sfen " + line
		}
		start, moves, err := usi.ParsePosition(cmd)
		if err != nil {
			var se *usi.SyntaxError
			if errors.As(err, &se) {
				err = errors.New(se.Msg)
			}
			return nil, fmt.Errorf("%s:%d: %v", path, n, err)
		}
		g := game.NewGame(start)
		for _, m := range moves {
			g.Play(m)
		}
		if g.Result().Over() {
			return nil, fmt.Errorf("%s:%d: the game is already over there (%v)", path, n, g.Result())
		}
		out = append(out, opening{start, moves})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no positions in it", path)
	}
	return out, nil
}

// randomOpening plays k random legal moves from o, avoiding any that end
// the game.
func randomOpening(o opening, k int, r *rand.Rand) opening {
	for try := 0; try < 100; try++ {
		g := game.NewGame(o.start)
		for _, m := range o.moves {
			g.Play(m)
		}
		for i := 0; i < k && !g.Result().Over(); i++ {
			p := g.Position()
			legal := p.LegalMoves(nil)
			g.Play(legal[r.IntN(len(legal))])
		}
		if !g.Result().Over() {
			return opening{o.start, append([]game.Move(nil), g.Moves()...)}
		}
	}
	return o
}

// seat is one of the two players as a worker runs it.
type seat struct {
	spec   match.Spec
	engine *usi.Engine // for an engine, started once and restarted after a fault
}

// series is a running match: the games' results and the output.
type series struct {
	o      matchOptions
	names  [2]string
	stderr io.Writer
	logger *log.Logger

	mu       sync.Mutex
	tally    match.Tally
	done     int
	began    time.Time
	out      *os.File
	written  int
	faults   []string
	verdict  string
	writeErr error
	stopped  chan struct{} // closed when no further game should start
	stopOnce sync.Once
}

func playMatch(ctx context.Context, o matchOptions, stdout, stderr io.Writer) int {
	s := &series{o: o, stderr: stderr, began: time.Now(), stopped: make(chan struct{})}
	logFile, logPath := openEngineLog("match", o.logPath, stderr)
	if logFile != nil {
		defer logFile.Close()
		s.logger = log.New(logFile, "", log.Ltime|log.Lmicroseconds)
	}
	// Every engine of every worker starts before the first game: one that
	// cannot start ends the run at once, naming it.
	workers := make([][2]*seat, o.concurrency)
	defer func() {
		for _, w := range workers {
			for _, st := range w {
				if st != nil && st.engine != nil {
					st.engine.Close()
				}
			}
		}
	}()
	for i := range workers {
		for k := range workers[i] {
			st := &seat{spec: o.specs[k]}
			workers[i][k] = st
			if err := s.startEngine(ctx, st); err != nil {
				fmt.Fprintf(stderr, "shogi match: %v\n", err)
				if logPath != "" {
					fmt.Fprintf(stderr, "shogi match: the engine's output is in %s\n", logPath)
				}
				return 1
			}
			if st.engine != nil {
				s.names[k] = st.engine.Name()
			} else {
				s.names[k] = st.spec.Name
			}
		}
	}
	if o.out != "" {
		f, err := os.Create(o.out)
		if err != nil {
			fmt.Fprintf(stderr, "shogi match: %v\n", err)
			return 1
		}
		defer f.Close()
		s.out = f
	}
	fmt.Fprintf(stderr, "shogi match: %s, %s vs %s, %s, seed %d", plural(o.games, "game"), s.names[0], s.names[1], o.control, o.seed)
	if logPath != "" {
		fmt.Fprintf(stderr, ", engine log %s", logPath)
	}
	fmt.Fprintln(stderr)

	jobs := make(chan int)
	go func() {
		defer close(jobs)
		for i := 0; i < o.games; i++ {
			select {
			case jobs <- i:
			case <-s.stopped:
				return
			case <-ctx.Done():
				return
			}
		}
	}()
	var wg sync.WaitGroup
	fatal := make(chan error, len(workers))
	for _, w := range workers {
		wg.Add(1)
		go func(w [2]*seat) {
			defer wg.Done()
			for i := range jobs {
				if err := s.playGame(ctx, w, i); err != nil {
					fatal <- err
					s.stop()
					return
				}
			}
		}(w)
	}
	wg.Wait()
	close(fatal)
	status := 0
	for err := range fatal {
		fmt.Fprintf(stderr, "shogi match: %v\n", err)
		status = 1
	}
	for _, f := range s.faults {
		fmt.Fprintln(stderr, "shogi match: "+f)
	}
	if s.writeErr != nil {
		fmt.Fprintf(stderr, "shogi match: %v\n", s.writeErr)
		status = 1
	}
	if ctx.Err() != nil && status == 0 {
		fmt.Fprintf(stderr, "shogi match: interrupted after %s", plural(s.done, "game"))
		if s.out != nil {
			fmt.Fprintf(stderr, " (%d written to %s)", s.written, o.out)
		}
		fmt.Fprintln(stderr)
		status = 130
	}
	line := fmt.Sprintf("%s vs %s: %s", s.names[0], s.names[1], s.tally)
	if o.sprt != nil {
		lo, hi := o.sprt.Bounds()
		line += fmt.Sprintf(", SPRT [%g, %g] LLR %.2f (%.2f, %.2f)", o.sprt.Elo0, o.sprt.Elo1, o.sprt.LLR(s.tally), lo, hi)
		if s.verdict != "" {
			line += ": " + s.verdict
		} else {
			line += ": no verdict"
		}
	}
	fmt.Fprintln(stdout, line)
	return status
}

// openEngineLog opens command cmd's engine log: the path asked for, or
// shogi/CMD.log in the user cache directory. Without one, engines' output
// is dropped.
func openEngineLog(cmd, path string, stderr io.Writer) (*os.File, string) {
	if path == "" {
		dir, err := os.UserCacheDir()
		if err != nil {
			return nil, ""
		}
		path = filepath.Join(dir, "shogi", cmd+".log")
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

func (s *series) stop() { s.stopOnce.Do(func() { close(s.stopped) }) }

// startEngine starts a seat's engine (nothing for a bot).
func (s *series) startEngine(ctx context.Context, st *seat) error {
	if st.spec.Kind != match.USIKind {
		return nil
	}
	cfg := usi.Config{Path: st.spec.Name, Options: st.spec.Options, Log: s.logger}
	if s.logger == nil {
		cfg.Log = log.New(io.Discard, "", 0)
	}
	p, err := st.spec.NewPlayer(ctx, nil, cfg)
	if err != nil {
		return err
	}
	st.engine = p.(match.Engine).E
	return nil
}

// player returns the seat's player for game i: the engine, or a fresh bot
// whose choices depend on the seed and the game.
func (s *series) player(st *seat, i, k int) match.Player {
	if st.engine != nil {
		return match.Engine{E: st.engine}
	}
	p, _ := st.spec.NewPlayer(context.Background(), rand.New(rand.NewPCG(s.o.seed, uint64(2*i+k))), usi.Config{})
	return p
}

// playGame plays game i with a worker's seats; an error means the run
// cannot go on (an engine that crashed cannot be restarted).
func (s *series) playGame(ctx context.Context, w [2]*seat, i int) error {
	op := opening{start: game.StartPosition()}
	pair := i / 2
	if len(s.o.openings) > 0 {
		op = s.o.openings[pair%len(s.o.openings)]
	}
	if s.o.randomPlies > 0 {
		op = randomOpening(op, s.o.randomPlies, rand.New(rand.NewPCG(s.o.seed, 1<<32+uint64(pair))))
	}
	// The first player takes Black in even games: each opening is played
	// once from each side.
	first := game.Black
	if i%2 == 1 {
		first = game.White
	}
	var players [2]match.Player
	players[first] = s.player(w[0], i, 0)
	players[first.Other()] = s.player(w[1], i, 1)
	m, err := match.New(match.Config{Start: op.start, Moves: op.moves, Players: players,
		Time: [2]match.TimeControl{s.o.control, s.o.control}, Margin: s.o.margin, MaxMoves: s.o.maxMoves})
	if err != nil {
		return err
	}
	res := m.Run(ctx)
	if res.Aborted {
		return nil // interrupted: not counted, not written
	}
	s.finish(i, first, res)
	// An engine that faulted, or whose process ended, starts afresh.
	for k, st := range w {
		if st.engine == nil {
			continue
		}
		side := first
		if k == 1 {
			side = first.Other()
		}
		exited := false
		select {
		case <-st.engine.Exited():
			exited = true
		default:
		}
		if exited || res.Fault != nil && res.Faulty == side {
			st.engine.Close()
			st.engine = nil
			if err := s.startEngine(ctx, st); err != nil {
				if ctx.Err() != nil {
					return nil
				}
				return fmt.Errorf("after game %d, %v", i+1, err)
			}
		}
	}
	return nil
}

// finish counts and writes a finished game and reports progress.
func (s *series) finish(i int, first game.Color, res match.Result) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.done++
	switch w, ok := res.Winner(); {
	case !ok:
		s.tally.Draws++
	case w == first:
		s.tally.Wins++
	default:
		s.tally.Losses++
	}
	if res.Fault != nil {
		s.faults = append(s.faults, fmt.Sprintf("game %d: %v; %s lost the game and was restarted", i+1, res.Fault, res.Names[res.Faulty]))
	}
	if s.out != nil && s.writeErr == nil {
		rec := matchrec.Record(res, fmt.Sprintf("shogi match, game %d", i+1))
		enc := kifu.EncodingOfPath(s.o.out)
		data, err := kifu.Marshal(rec, s.o.outFormat, kifu.WriteOptions{Encoding: enc})
		if err == nil && s.written > 0 {
			sep := []byte("\n")
			if s.o.outFormat == kifu.CSA {
				sep = []byte("/\n")
			}
			_, err = s.out.Write(sep)
		}
		if err == nil {
			_, err = s.out.Write(data)
		}
		if err != nil {
			s.writeErr = fmt.Errorf("cannot write %s: %v", s.o.out, err)
			s.stop()
		} else {
			s.written++
		}
	}
	elapsed := time.Since(s.began)
	eta := time.Duration(float64(elapsed) / float64(s.done) * float64(s.o.games-s.done)).Round(time.Second)
	fmt.Fprintf(s.stderr, "game %d/%d: %s (%s) vs %s: %s, %d moves — %d-%d-%d, %.1f%%, ETA %v\n",
		s.done, s.o.games, res.Names[game.Black], game.Black, res.Names[game.White], describeResult(res), res.Game.Len(),
		s.tally.Wins, s.tally.Draws, s.tally.Losses, 100*s.tally.Score(), eta)
	if s.o.sprt != nil && s.verdict == "" {
		if v := s.o.sprt.Verdict(s.tally); v != "" {
			s.verdict = v
			s.stop()
		}
	}
}

func describeResult(res match.Result) string {
	switch {
	case res.MaxMoves:
		return "draw at the move limit"
	case res.Fault != nil && res.Ending != game.TimeLoss:
		return fmt.Sprintf("%s (%s's engine failed)", res.Outcome, res.Faulty)
	}
	return res.Result.String()
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}
