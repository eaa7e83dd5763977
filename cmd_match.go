package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
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
	openings    []match.Opening
	randomPlies int
	concurrency int
	out         string
	outFormat   kifu.Format
	resume      bool
	sprt        *match.SPRT
	seed        uint64
	logPath     string
	specs       [2]match.Spec
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
	o := matchOptions{games: *games, margin: *margin, maxMoves: *maxMoves, randomPlies: *randomPlies,
		concurrency: *concurrency, out: *out, resume: *resume, seed: *seed, logPath: *logPath}
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
	if o.resume && o.out == "" {
		return bad("--resume goes on with the games in --out's file: give --out")
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
	use, done, err := bf.use()
	if err != nil {
		return bad("%v", err)
	}
	defer done()
	for i := range o.specs {
		if o.specs[i].Kind == match.BuiltinKind {
			o.specs[i].Book = use
		}
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
func readOpenings(path string) ([]match.Opening, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []match.Opening
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
		out = append(out, match.Opening{Start: start, Moves: moves})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no positions in it", path)
	}
	return out, nil
}

func playMatch(ctx context.Context, o matchOptions, stdout, stderr io.Writer) int {
	logFile, logPath := openEngineLog("match", o.logPath, stderr)
	var logger *log.Logger
	if logFile != nil {
		defer logFile.Close()
		logger = log.New(logFile, "", log.Ltime|log.Lmicroseconds)
	}
	w := &matchWriter{o: o, stderr: stderr, began: time.Now()}
	var earlier []earlierGame
	if o.resume {
		var err error
		if earlier, w.written, err = readPlayed(o); err != nil {
			fmt.Fprintf(stderr, "shogi match: --resume: %v\n", err)
			return 2
		}
		w.resumed = len(earlier)
	}
	cfg := match.SeriesConfig{Players: o.specs, Games: o.games, Time: o.control, Margin: o.margin, MaxMoves: o.maxMoves,
		Openings: o.openings, RandomPlies: o.randomPlies, Concurrency: o.concurrency, SPRT: o.sprt, Seed: o.seed,
		Log: logger, Finished: w.finished}
	for _, g := range earlier {
		cfg.Played = append(cfg.Played, g.PlayedGame)
	}
	// Every engine starts before the first game; the file is created (or
	// opened to add to) and the run announced once they have.
	started := func(names [2]string) error {
		w.running = true
		for _, g := range earlier {
			if err := g.samePlayers(names); err != nil {
				w.openErr = fmt.Errorf("--resume: %v", err)
				return w.openErr
			}
		}
		if o.out != "" {
			flags := os.O_WRONLY | os.O_CREATE | os.O_TRUNC
			if o.resume {
				flags = os.O_WRONLY | os.O_CREATE | os.O_APPEND
			}
			f, err := os.OpenFile(o.out, flags, 0o644)
			if err != nil {
				w.openErr = err
				return err
			}
			w.out = f
		}
		fmt.Fprintf(stderr, "shogi match: %s, %s vs %s, %s, seed %d", plural(o.games, "game"), names[0], names[1], o.control, o.seed)
		if logPath != "" {
			fmt.Fprintf(stderr, ", engine log %s", logPath)
		}
		if o.resume {
			fmt.Fprintf(stderr, ", %s already in %s", plural(len(earlier), "game"), o.out)
		}
		fmt.Fprintln(stderr)
		return nil
	}
	res, err := match.RunSeries(ctx, cfg, started)
	if w.out != nil {
		defer w.out.Close()
	}
	switch {
	case !w.running:
		// An engine could not start: nothing was played.
		fmt.Fprintf(stderr, "shogi match: %v\n", err)
		if logPath != "" {
			fmt.Fprintf(stderr, "shogi match: the engine's output is in %s\n", logPath)
		}
		return 1
	case w.openErr != nil:
		fmt.Fprintf(stderr, "shogi match: %v\n", w.openErr)
		return 1
	}
	status := 0
	if err != nil && !errors.Is(err, errWrite) {
		fmt.Fprintf(stderr, "shogi match: %v\n", err)
		status = 1
	}
	for _, g := range res.Faults {
		fmt.Fprintf(stderr, "shogi match: game %d: %v; %s lost the game and was restarted\n", g.Index+1, g.Result.Fault, g.Result.Names[g.Result.Faulty])
	}
	if w.writeErr != nil {
		fmt.Fprintf(stderr, "shogi match: %v\n", w.writeErr)
		status = 1
	}
	if ctx.Err() != nil && status == 0 {
		fmt.Fprintf(stderr, "shogi match: interrupted after %s", plural(res.Done, "game"))
		if w.out != nil {
			fmt.Fprintf(stderr, " (%d written to %s)", w.written, o.out)
		}
		fmt.Fprintln(stderr)
		status = 130
	}
	line := fmt.Sprintf("%s vs %s: %s", res.Names[0], res.Names[1], res.Tally)
	if o.sprt != nil {
		line += sprtText(*o.sprt, res)
	}
	fmt.Fprintln(stdout, line)
	return status
}

// errWrite stops a series whose games cannot be written.
var errWrite = errors.New("the games cannot be written")

// matchWriter writes a series' finished games and reports progress.
type matchWriter struct {
	o        matchOptions
	stderr   io.Writer
	began    time.Time
	running  bool // the players started
	out      *os.File
	openErr  error
	written  int // games in the file, with those it held before a resumed run
	resumed  int // games counted from the file before this run
	writeErr error
}

// finished writes a finished game (the series calls it one game at a
// time) and says how the series stands.
func (w *matchWriter) finished(g match.SeriesGame) error {
	res := g.Result
	if w.out != nil && w.writeErr == nil {
		rec := matchrec.Record(res, fmt.Sprintf("shogi match, game %d", g.Index+1))
		enc := kifu.EncodingOfPath(w.o.out)
		data, err := kifu.Marshal(rec, w.o.outFormat, kifu.WriteOptions{Encoding: enc})
		if err == nil && w.written > 0 {
			sep := []byte("\n")
			if w.o.outFormat == kifu.CSA {
				sep = []byte("/\n")
			}
			_, err = w.out.Write(sep)
		}
		if err == nil {
			_, err = w.out.Write(data)
		}
		if err != nil {
			w.writeErr = fmt.Errorf("cannot write %s: %v", w.o.out, err)
		} else {
			w.written++
		}
	}
	t := g.Tally
	elapsed := time.Since(w.began)
	eta := time.Duration(float64(elapsed) / float64(g.Done-w.resumed) * float64(w.o.games-g.Done)).Round(time.Second)
	fmt.Fprintf(w.stderr, "game %d/%d: %s (%s) vs %s: %s, %d moves — %d-%d-%d, %.1f%%, ETA %v\n",
		g.Done, w.o.games, res.Names[game.Black], game.Black, res.Names[game.White], describeResult(res), res.Game.Len(),
		t.Wins, t.Draws, t.Losses, 100*t.Score(), eta)
	if w.writeErr != nil {
		return errWrite
	}
	return nil
}

// openEngineLog opens command cmd's engine log: the path asked for, or
// shogi/CMD.log in the user cache directory. Without one, engines' output
// is dropped.
func openEngineLog(cmd, path string, stderr io.Writer) (*os.File, string) {
	if path == "" {
		if path = dirs().Log(cmd + ".log"); path == "" {
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

// earlierGame is a game of an earlier run read back from --out's file.
type earlierGame struct {
	match.PlayedGame
	names [2]string // Black's and White's, as the record has them
}

// samePlayers checks that the game was played by the players of this run,
// called names (the first player's first), in the colours its index gives.
func (g earlierGame) samePlayers(names [2]string) error {
	want := names
	if g.Index%2 == 1 {
		want = [2]string{names[1], names[0]}
	}
	if g.names != want {
		return fmt.Errorf("game %d was played by %s (Black) and %s (White), not %s and %s", g.Index+1, g.names[0], g.names[1], want[0], want[1])
	}
	return nil
}

// matchEvent is the start of the event header shogi match gives each game.
const matchEvent = "shogi match, game "

// readPlayed reads back the games an earlier run of the series wrote to
// o.out: those whose record says who won, checked against this run's
// settings, and how many games the file holds. A game the file does not
// score (an engine's fault, which its record ends with 中断) is played
// again. A file that does not exist holds no games.
func readPlayed(o matchOptions) ([]earlierGame, int, error) {
	f, err := os.Open(o.out)
	if errors.Is(err, os.ErrNotExist) {
		return nil, 0, nil
	}
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	var out []earlierGame
	at := map[int]int{} // index → position in out
	gr := kifu.NewGameReader(f, o.out, o.outFormat)
	n := 0
	for ; ; n++ {
		r, err := gr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, 0, fmt.Errorf("%s, game %d of the file: %v", o.out, n+1, err)
		}
		event, _ := r.Lookup("棋戦")
		i, err := strconv.Atoi(strings.TrimPrefix(event, matchEvent))
		if !strings.HasPrefix(event, matchEvent) || err != nil || i < 1 {
			return nil, 0, fmt.Errorf("%s, game %d of the file: not a game shogi match wrote (its event is %q)", o.out, n+1, event)
		}
		i--
		if i >= o.games {
			return nil, 0, fmt.Errorf("%s holds game %d, but the series has %s", o.out, i+1, plural(o.games, "game"))
		}
		if err := sameSeries(r, i, o); err != nil {
			return nil, 0, fmt.Errorf("%s, game %d: %v", o.out, i+1, err)
		}
		res := r.Result()
		if !res.Over() {
			continue
		}
		black, _ := r.Lookup(kifu.KeyBlack)
		white, _ := r.Lookup(kifu.KeyWhite)
		g := earlierGame{PlayedGame: match.PlayedGame{Index: i, Result: res}, names: [2]string{black, white}}
		if k, ok := at[i]; ok {
			out[k] = g // played again after a fault: the later one counts
			continue
		}
		at[i] = len(out)
		out = append(out, g)
	}
	return out, n, nil
}

// sameSeries checks that record r, game i of a series, began as this
// run's game i begins and had its clock.
func sameSeries(r *kifu.Record, i int, o matchOptions) error {
	if tc, _ := r.Lookup("持ち時間"); tc != "" && tc != o.control.CSA() {
		return fmt.Errorf("its clock was %s, this run's is %s", tc, o.control.CSA())
	}
	op := match.Opening{Start: game.StartPosition()}
	if len(o.openings) > 0 {
		op = o.openings[(i/2)%len(o.openings)]
	}
	moves := r.MainMoves()
	begins := r.Start == op.Start && len(moves) >= len(op.Moves)
	for k := 0; begins && k < len(op.Moves); k++ {
		begins = moves[k] == op.Moves[k]
	}
	if !begins {
		return errors.New("it began from another position than this run's opening for it (other --openings?)")
	}
	return nil
}

// sprtText is the result line's account of the SPRT: the log-likelihood
// ratio, its bounds and the verdict. A verdict gives the ratio it stopped
// on, and the game it came at when games still in flight then (two or
// more played at once) finished and counted after it — they may have
// moved the ratio back inside the bounds.
func sprtText(p match.SPRT, res match.SeriesResult) string {
	lo, hi := p.Bounds()
	t := res.Tally
	if res.Verdict != "" {
		t = res.Decided
	}
	s := fmt.Sprintf(", SPRT [%g, %g] LLR %.2f (%.2f, %.2f)", p.Elo0, p.Elo1, p.LLR(t), lo, hi)
	switch {
	case res.Verdict == "":
		return s + ": no verdict"
	case t.Games() != res.Tally.Games():
		s += fmt.Sprintf(" at game %d", t.Games())
	}
	return s + ": " + res.Verdict
}
