package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"math/rand/v2"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"shogi/game"
	"shogi/game/bot"
	"shogi/game/csa"
	"shogi/game/match"
	"shogi/game/usi"
	"shogi/kifu"
	"shogi/kifu/matchrec"
)

// csaOptions are shogi csa's settings after the flags are read.
type csaOptions struct {
	server, id, password string
	local                match.Spec
	games                int
	x1                   bool
	gameName, turn       string
	keepAlive, timeout   time.Duration
	margin               time.Duration
	comments             bool
	out, logPath         string
}

// passwordEnv holds the password when --password is not given, so it
// need not show in the process list.
const passwordEnv = "SHOGI_CSA_PASSWORD"

func csaUsage(w io.Writer, fs *flag.FlagSet) {
	fmt.Fprint(w, `usage: shogi csa --server HOST:PORT --id NAME --password PASS (--engine usi:PATH[,NAME=VALUE...] | --level NAME) [flags]

Plays games on a CSA server (floodgate, or any server of the CSA protocol)
for an engine or a built-in level, one after another, and prints a line a
game on standard output:

  game N: COLOUR vs OPPONENT: OUTCOME REASON, M moves, GAME-ID

OUTCOME is win, loss, draw, censored or interrupted; REASON the server's
(RESIGN, TIME_UP, ILLEGAL_MOVE, SENNICHITE, OUTE_SENNICHITE, JISHOGI,
MAX_MOVES, CHUDAN) or, for a game a fault interrupted, the fault (DROPPED,
TIMEOUT, GARBAGE, SERVER_ERROR).

The server judges time to the millisecond, from when it sent the last move
to when ours arrives, and allows nothing past it: the engine is told its
time less --margin (default 500ms), which covers the engine's own overrun,
the network both ways and a busy machine. The built-in levels keep a
margin of their own besides (their NetworkDelay option, 100ms).

Ctrl+C finishes the game in progress and stops; a second Ctrl+C resigns
it. The password may come from the environment variable SHOGI_CSA_PASSWORD
instead of --password.

`)
	fs.PrintDefaults()
}

// runCSA plays games on a CSA server.
func runCSA(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("csa", stderr)
	server := fs.String("server", "", "the server's `HOST:PORT` (floodgate: wdoor.c.u-tokyo.ac.jp:4081)")
	id := fs.String("id", "", "the login `NAME`")
	password := fs.String("password", "", "the `PASS`word; in the standard mode it may carry the game name (floodgate-600-10F,PASS)")
	engine := fs.String("engine", "", "the USI engine that plays: `usi:PATH[,NAME=VALUE...]`")
	levelName := fs.String("level", "", "the built-in `LEVEL` that plays: "+strings.Join(bot.Names(), ", "))
	games := fs.Int("games", 1, "number of `N` games to play, one after another")
	x1 := fs.Bool("x1", false, "log in with floodgate's extended mode (x1) and ask for --game")
	gameName := fs.String("game", "", "with --x1, the game `NAME` to ask for, as the server names them (testgame-300-10)")
	turn := fs.String("turn", "*", "with --x1, the side to ask for: + (Black), - (White) or * (either)")
	keepAlive := fs.Duration("keepalive", 0, "send a blank line after `D` without sending anything (floodgate: 30s or more); 0 for none")
	timeout := fs.Duration("timeout", 30*time.Second, "how long to wait for the server's answers (to LOGIN, to a move)")
	margin := fs.Duration("margin", csa.DefaultMargin, "tell the engine `D` less time than the server's clock; 0 for none")
	comments := fs.Bool("comments", false, "send the engine's score and line with each move, for the server's record ('**)")
	out := fs.String("out", "", "write each game's record as CSA into `DIR` (GAME-ID.csa)")
	logPath := fs.String("log", "", "the server's and the engine's transcripts go to `FILE` (default: shogi/csa.log in the user cache directory)")
	fs.Usage = func() { csaUsage(stderr, fs) }
	rest, err := parseFlags(fs, args)
	if err != nil {
		return parseStatus(err)
	}
	bad := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "shogi csa: "+format+"\n", a...)
		fmt.Fprintln(stderr, "usage: shogi csa --server HOST:PORT --id NAME --password PASS (--engine … | --level …) (shogi csa -h for the flags)")
		return 2
	}
	o := csaOptions{server: *server, id: *id, password: *password, games: *games, x1: *x1, gameName: *gameName, turn: *turn,
		keepAlive: *keepAlive, timeout: *timeout, margin: *margin, comments: *comments, out: *out, logPath: *logPath}
	if o.password == "" {
		o.password = os.Getenv(passwordEnv)
	}
	switch {
	case len(rest) > 0:
		return bad("unexpected argument %q", rest[0])
	case o.server == "":
		return bad("--server HOST:PORT is needed")
	case o.id == "":
		return bad("--id NAME is needed")
	case o.password == "":
		return bad("--password PASS (or %s) is needed", passwordEnv)
	case (*engine == "") == (*levelName == ""):
		return bad("want one of --engine and --level")
	case o.games < 1:
		return bad("--games %d: want at least 1", o.games)
	case o.x1 && o.gameName == "":
		return bad("--x1 asks for a game: --game NAME is needed")
	case !o.x1 && o.gameName != "":
		return bad("--game needs --x1 (in the standard mode the game name goes in the password: NAME,PASS)")
	case o.turn != "+" && o.turn != "-" && o.turn != "*":
		return bad("--turn %q: want +, - or *", o.turn)
	case o.keepAlive < 0 || o.timeout <= 0:
		return bad("--keepalive and --timeout must not be negative")
	case o.margin < 0:
		return bad("--margin %v: want 0 or more", o.margin)
	}
	if _, _, err := net.SplitHostPort(o.server); err != nil {
		return bad("--server %s: want HOST:PORT", o.server)
	}
	spec := *engine
	if spec == "" {
		spec = *levelName
	}
	sp, err := match.ParseSpec(spec)
	if err != nil || sp.Kind == match.HumanKind || (*engine != "" && sp.Kind != match.USIKind) || (*levelName != "" && sp.Kind != match.BuiltinKind) {
		if err == nil {
			err = fmt.Errorf("%q is not a program (usi:PATH) for --engine or a level for --level", spec)
		}
		return bad("%v", err)
	}
	o.local = sp
	if o.out != "" {
		if err := os.MkdirAll(o.out, 0o755); err != nil {
			fmt.Fprintf(stderr, "shogi csa: %v\n", err)
			return 1
		}
	}
	sigs := make(chan os.Signal, 3)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sigs)
	return playCSA(o, stdout, stderr, sigs)
}

// csaRun is one run of shogi csa: the local player, the signals, the
// counts.
type csaRun struct {
	o              csaOptions
	stdout, stderr io.Writer
	logger         *log.Logger
	local          match.Player

	hard, wait context.Context // hard ends at the third Ctrl+C, wait at the first
	mu         sync.Mutex
	stops      int         // Ctrl+C so far
	remote     *csa.Player // the game in progress
	played     int
}

func playCSA(o csaOptions, stdout, stderr io.Writer, sigs <-chan os.Signal) int {
	hard, hardCancel := context.WithCancel(context.Background())
	defer hardCancel()
	wait, waitCancel := context.WithCancel(hard)
	defer waitCancel()
	r := &csaRun{o: o, stdout: stdout, stderr: stderr, hard: hard, wait: wait}
	done := make(chan struct{})
	defer close(done)
	go func() {
		for {
			select {
			case <-sigs:
			case <-done:
				return
			}
			r.mu.Lock()
			r.stops++
			n, remote := r.stops, r.remote
			r.mu.Unlock()
			switch {
			case n == 1:
				waitCancel()
				if remote != nil {
					fmt.Fprintln(stderr, "shogi csa: finishing the game in progress, then stopping (Ctrl+C again resigns it)")
				}
			case n == 2:
				// A game about to start resigns at once (play looks).
				if remote != nil {
					fmt.Fprintln(stderr, "shogi csa: resigning the game in progress")
					remote.Resign()
				}
			default:
				hardCancel()
			}
		}
	}()

	logFile, logPath := openEngineLog("csa", o.logPath, stderr)
	if logFile != nil {
		defer logFile.Close()
		r.logger = log.New(logFile, "", log.Ltime|log.Lmicroseconds)
	}
	if err := r.startLocal(); err != nil {
		fmt.Fprintf(stderr, "shogi csa: %v\n", err)
		if logPath != "" {
			fmt.Fprintf(stderr, "shogi csa: the engine's output is in %s\n", logPath)
		}
		return 1
	}
	defer func() { match.ClosePlayers([2]match.Player{r.local}, [2]match.Player{}) }()
	status := r.loop()
	if status == 0 && wait.Err() != nil {
		status = 130
	}
	if status == 130 {
		fmt.Fprintf(stderr, "shogi csa: stopped after %s\n", plural(r.played, "game"))
	}
	return status
}

// startLocal starts the player that plays for us (again, after its engine
// failed).
func (r *csaRun) startLocal() error {
	if r.local != nil {
		match.ClosePlayers([2]match.Player{r.local}, [2]match.Player{})
	}
	p, err := r.o.local.NewPlayer(r.hard, rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 1)), usi.Config{Log: r.logger})
	if err != nil {
		r.local = nil
		return err
	}
	r.local = p
	return nil
}

// loop connects, plays games until enough are played, and reconnects
// after a dropped connection as csa.Redial says: never before a login
// has succeeded (a mistyped address fails at once), then waiting longer
// after each failure.
func (r *csaRun) loop() int {
	var redial csa.Redial
	for r.played < r.o.games && r.wait.Err() == nil {
		cfg := csa.Config{Addr: r.o.server, ID: r.o.id, Password: r.o.password, X1: r.o.x1, Log: r.logger,
			Timeout: r.o.timeout, KeepAlive: r.o.keepAlive, Margin: r.o.margin}
		if cfg.Margin == 0 {
			cfg.Margin = -1 // --margin 0: nothing kept back
		}
		c, err := csa.Dial(r.wait, cfg)
		var started bool
		if err == nil {
			redial.LoggedIn()
			fmt.Fprintf(r.stderr, "shogi csa: logged in to %s as %s\n", r.o.server, c.Name())
			started, err = r.session(c)
		}
		if r.wait.Err() != nil || r.hard.Err() != nil {
			return 130
		}
		switch {
		case err == nil:
			redial.Reset()
			continue
		case errors.Is(err, errRecord) || errors.Is(err, errEngine):
			fmt.Fprintf(r.stderr, "shogi csa: %v\n", err)
			return 1
		}
		if started {
			redial.Reset()
		}
		if r.played >= r.o.games {
			return 0 // the fault ended the last game wanted, which is said
		}
		wait, again := redial.Next(err)
		if !again {
			fmt.Fprintf(r.stderr, "shogi csa: %v\n", err)
			if redial.HasLoggedIn() && redial.Failures() > 0 {
				fmt.Fprintf(r.stderr, "shogi csa: giving up after %d failures in a row\n", redial.Failures())
			}
			return 1
		}
		fmt.Fprintf(r.stderr, "shogi csa: %v; connecting again in %v\n", err, wait)
		select {
		case <-time.After(wait):
		case <-r.wait.Done():
			return 130
		}
	}
	return 0
}

var (
	errRecord = errors.New("cannot write the record")
	errEngine = errors.New("the engine cannot be started again")
)

// session plays games on one connection: one in the standard mode (the
// server ends the connection after it), as many as are wanted in x1. It
// reports whether a game started, and the fault that ended the session.
func (r *csaRun) session(c *csa.Client) (started bool, err error) {
	defer c.Close()
	for r.played < r.o.games {
		if r.o.x1 {
			if err := c.Game(r.o.gameName, r.o.turn); err != nil {
				return started, err
			}
		}
		s, err := c.WaitSummary(r.wait)
		if err != nil {
			if r.wait.Err() != nil && r.o.x1 {
				c.Logout(r.hard)
			}
			return started, err
		}
		for _, f := range s.Unknown {
			fmt.Fprintf(r.stderr, "shogi csa: the summary of %s has a field this client does not know (line %d): %s:%s\n", s.GameID, f.Line, f.Key, f.Value)
		}
		g, err := c.Agree(r.hard, s)
		if err != nil {
			var ce *csa.Error
			if errors.As(err, &ce) && ce.Kind == csa.Rejected {
				fmt.Fprintf(r.stderr, "shogi csa: %v\n", err)
				if r.o.x1 {
					continue
				}
				return started, nil // the server closes the connection: log in again
			}
			return started, err
		}
		started = true
		if err := r.play(g); err != nil {
			return started, err
		}
		if !r.o.x1 {
			return started, nil
		}
		if r.wait.Err() != nil {
			c.Logout(r.hard)
			return started, nil
		}
	}
	if r.o.x1 {
		c.Logout(r.hard)
	}
	return started, nil
}

// play plays one game as a match and reports it.
func (r *csaRun) play(g *csa.Game) error {
	s := g.Summary
	us := g.Us()
	remote := csa.NewPlayer(g, csa.PlayerOptions{Comments: r.o.comments})
	r.mu.Lock()
	r.remote = remote
	resign := r.stops >= 2
	r.mu.Unlock()
	if resign {
		remote.Resign()
	}
	fmt.Fprintf(r.stderr, "shogi csa: game %d: %s, %s vs %s, %s\n", r.played+1, s.GameID, us, s.Opponent(), timeRule(s))
	var players [2]match.Player
	players[us], players[us.Other()] = r.local, remote
	m, err := match.New(remote.MatchConfig(players))
	var res match.Result
	if err == nil {
		stop := sayCSASilences(r.stderr, r.played+1, remote)
		res = m.Run(r.hard)
		stop()
	}
	// The server's word on the end: at once, or when the other side's
	// turn ends (it resigns or its time runs out) after a mate here.
	server, ferr := remote.Finish(r.hard)
	remote.Close()
	r.mu.Lock()
	r.remote = nil
	r.mu.Unlock()
	r.played++
	if err != nil { // the summary's game cannot be a match: a bug, said plainly
		return fmt.Errorf("game %s: %v", s.GameID, err)
	}

	res.Names = s.Names
	outcome, reason := describeCSA(us, server, ferr, res)
	fmt.Fprintf(r.stdout, "game %d: %s vs %s: %s %s, %d moves, %s\n", r.played, colourWord(us), s.Opponent(), outcome, reason, res.Game.Len(), s.GameID)
	fmt.Fprintf(r.stderr, "shogi csa: game %d: %s\n", r.played, res.Reason())
	if ferr != nil && ferr.Error() != res.Reason() {
		fmt.Fprintf(r.stderr, "shogi csa: game %d: %v\n", r.played, ferr)
	}
	if r.o.out != "" {
		rec := matchrec.Record(res, s.GameID)
		rec.Headers = append(rec.Headers, kifu.Header{Key: "場所", Value: r.o.server})
		data, err := kifu.Marshal(rec, kifu.CSA, kifu.WriteOptions{})
		if err == nil {
			err = os.WriteFile(filepath.Join(r.o.out, fileName(s.GameID)+".csa"), data, 0o644)
		}
		if err != nil {
			return fmt.Errorf("%w of game %s: %v", errRecord, s.GameID, err)
		}
	}
	if !match.Healthy(r.local, &res, us) {
		if err := r.startLocal(); err != nil {
			return fmt.Errorf("%w: %v", errEngine, err)
		}
	}
	var ce *csa.Error
	if errors.As(ferr, &ce) {
		return ce // the connection is gone: log in again
	}
	return nil
}

// sayCSASilences says on w, as they come, that the server is silent
// (csa.Silent), until the returned function is called.
func sayCSASilences(w io.Writer, n int, remote *csa.Player) (stop func()) {
	done, quit := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		for {
			select {
			case s := <-remote.Silences():
				fmt.Fprintf(w, "shogi csa: game %d: %s\n", n, silenceText(s))
			case <-quit:
				return
			}
		}
	}()
	return func() { close(quit); <-done }
}

// silenceText says what a silence is.
func silenceText(s csa.Silent) string {
	if s.Unconfirmed != "" {
		return fmt.Sprintf("the server is silent: our move %s is not confirmed after %v", s.Unconfirmed, s.For)
	}
	return fmt.Sprintf("the server is silent: %s's time ran out %v ago and the server has not ended the turn", s.Side, s.For)
}

// describeCSA gives the outcome and reason words of a game's line.
func describeCSA(us game.Color, server csa.Result, fault error, res match.Result) (string, string) {
	if fault != nil {
		var ce *csa.Error
		reason := "FAULT"
		if errors.As(fault, &ce) {
			reason = strings.ToUpper(strings.ReplaceAll(ce.Kind.String(), " ", "_"))
		}
		return "interrupted", reason
	}
	reason := server.Reason.String()
	if reason == "" {
		reason = server.Special
	}
	if reason == "" {
		reason = "-"
	}
	switch server.Outcome {
	case csa.Win:
		return "win", reason
	case csa.Lose:
		return "loss", reason
	case csa.Draw:
		return "draw", reason
	case csa.Censored:
		return "censored", reason
	}
	return "interrupted", reason
}

func colourWord(c game.Color) string {
	if c == game.White {
		return "white"
	}
	return "black"
}

// timeRule describes the summary's clock: "300s + 10s byōyomi".
func timeRule(s *csa.Summary) string {
	tc := func(r csa.TimeRule) string {
		return match.TimeControl{Main: r.Total, Byoyomi: r.Byoyomi, Increment: r.Increment}.String()
	}
	if s.Time[0] == s.Time[1] {
		return tc(s.Time[0])
	}
	return "Black " + tc(s.Time[0]) + ", White " + tc(s.Time[1])
}

// fileName makes a game id a file name: no separators, nothing a shell
// or another system would trip on.
func fileName(id string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '+', r == '-', r == '_', r == '.', r == '@':
			return r
		}
		return '_'
	}, id)
}
