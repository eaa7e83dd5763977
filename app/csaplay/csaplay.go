// Package csaplay runs shogi csa's games: it logs in to a CSA server
// (floodgate, or any server of the protocol), plays a series of games
// there for a USI engine or a built-in level, logs in again after a
// dropped connection as csa.Redial says, writes each game's record, and
// tells each game's end on standard output and the rest on standard
// error, as the command documents (docs/csa.md). The command parses the
// flags; Run does the rest.
package csaplay

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"shogi/app/session"
	"shogi/game"
	"shogi/game/csa"
	"shogi/game/match"
	"shogi/game/usi"
	"shogi/kifu"
)

// Options are a run's settings, read from shogi csa's flags.
type Options struct {
	Server, ID, Password string
	Local                match.Spec // the engine or level that plays for us
	Games                int
	X1                   bool   // floodgate's extended mode: ask for GameName
	GameName, Turn       string // with X1: the game and the side (+, - or *) to ask for
	KeepAlive, Timeout   time.Duration
	Margin               time.Duration // 0 for none
	// Silence is how long the server may stay silent (our move not
	// confirmed, a turn past its time not ended) before stderr says so;
	// 0 is the client's default (csa.Config.Silence).
	Silence  time.Duration
	Comments bool
	Out      string // the directory of the records, "" for none
	// OpenLog opens the server's and the engine's transcript (nil for
	// none): the file and its path, which the messages name. Run closes
	// the file.
	OpenLog func() (*os.File, string)
}

// run is one run of shogi csa: the local player, the interrupts, the
// counts.
type run struct {
	o              Options
	stdout, stderr io.Writer
	logger         *log.Logger
	local          match.Player

	hard, wait context.Context // hard ends at the third Ctrl+C, wait at the first
	mu         sync.Mutex
	stops      int                 // Ctrl+C so far
	remote     *session.ServerGame // the game in progress
	played     int
}

// Run plays the games o describes, telling each game's end on stdout and
// the rest on stderr. Each value on interrupts is a Ctrl+C: the first
// finishes the game in progress and stops, the second resigns it, the
// third ends everything at once, as ctx ending does. It returns the exit
// status: 0, 1 when the server or the engine fails for good or a record
// cannot be written, 130 when stopped by an interrupt.
func Run(ctx context.Context, o Options, stdout, stderr io.Writer, interrupts <-chan os.Signal) int {
	if o.Out != "" {
		if err := os.MkdirAll(o.Out, 0o755); err != nil {
			fmt.Fprintf(stderr, "shogi csa: %v\n", err)
			return 1
		}
	}
	hard, hardCancel := context.WithCancel(ctx)
	defer hardCancel()
	wait, waitCancel := context.WithCancel(hard)
	defer waitCancel()
	r := &run{o: o, stdout: stdout, stderr: stderr, hard: hard, wait: wait}
	// The interrupts' watcher ends before Run returns, so that nothing
	// is said on stderr after.
	done, watched := make(chan struct{}), make(chan struct{})
	defer func() { close(done); <-watched }()
	go func() {
		defer close(watched)
		for {
			select {
			case <-interrupts:
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

	var logFile *os.File
	var logPath string
	if o.OpenLog != nil {
		logFile, logPath = o.OpenLog()
	}
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
func (r *run) startLocal() error {
	if r.local != nil {
		match.ClosePlayers([2]match.Player{r.local}, [2]match.Player{})
	}
	p, err := r.o.Local.NewPlayer(r.hard, rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 1)), usi.Config{Log: r.logger})
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
func (r *run) loop() int {
	var redial csa.Redial
	for r.played < r.o.Games && r.wait.Err() == nil {
		cfg := csa.Config{Addr: r.o.Server, ID: r.o.ID, Password: r.o.Password, X1: r.o.X1, Log: r.logger,
			Timeout: r.o.Timeout, KeepAlive: r.o.KeepAlive, Margin: r.o.Margin, Silence: r.o.Silence}
		if cfg.Margin == 0 {
			cfg.Margin = -1 // --margin 0: nothing kept back
		}
		c, err := csa.Dial(r.wait, cfg)
		var started bool
		if err == nil {
			redial.LoggedIn()
			fmt.Fprintf(r.stderr, "shogi csa: logged in to %s as %s\n", r.o.Server, c.Name())
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
		if r.played >= r.o.Games {
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
func (r *run) session(c *csa.Client) (started bool, err error) {
	defer c.Close()
	for r.played < r.o.Games {
		if r.o.X1 {
			if err := c.Game(r.o.GameName, r.o.Turn); err != nil {
				return started, err
			}
		}
		s, err := c.WaitSummary(r.wait)
		if err != nil {
			if r.wait.Err() != nil && r.o.X1 {
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
				if r.o.X1 {
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
		if !r.o.X1 {
			return started, nil
		}
		if r.wait.Err() != nil {
			c.Logout(r.hard)
			return started, nil
		}
	}
	if r.o.X1 {
		c.Logout(r.hard)
	}
	return started, nil
}

// play plays one game as a session and reports it: its record, when
// asked for, kept after every move (a game cut short keeps its moves so
// far) and written whole at its end.
func (r *run) play(g *csa.Game) error {
	s := g.Summary
	us := g.Us()
	cfg := session.Config{Place: r.o.Server}
	cfg.Keep[us] = r.local // it plays the next game too
	if r.o.Out != "" {
		cfg.Store = session.RecordFile(filepath.Join(r.o.Out, fileName(s.GameID)+".csa"), kifu.CSA, true)
	}
	// The server's word on the end is waited for as long as it takes (the
	// other side's whole time after a mate here), as the next game on the
	// connection comes after it.
	sg, err := session.NewServerGame(g, r.local, session.ServerOptions{Player: csa.PlayerOptions{Comments: r.o.Comments}}, cfg)
	if err != nil { // the summary's game cannot be a match: a bug, said plainly
		r.played++
		return fmt.Errorf("game %s: %v", s.GameID, err)
	}
	r.mu.Lock()
	r.remote = sg
	resign := r.stops >= 2
	r.mu.Unlock()
	ponders := ""
	if allowed := PonderAllowed(s.Time[us]); r.o.Local.Ponder && match.SetPondering(r.local, allowed) && allowed {
		ponders = ", pondering"
	}
	// Said once the game can hear Ctrl+C (r.remote set): a stop asked
	// from here on is told and done on this game.
	fmt.Fprintf(r.stderr, "shogi csa: game %d: %s, %s vs %s, %s%s\n", r.played+1, s.GameID, us, s.Opponent(), timeRule(s), ponders)
	if resign {
		sg.Resign()
	}
	sg.Start(r.hard)
	sayCSASilences(r.stderr, r.played+1, sg) // until the game is done
	end := sg.End()
	r.mu.Lock()
	r.remote = nil
	r.mu.Unlock()
	r.played++

	res, ferr := end.Result, end.ServerErr
	outcome, reason := describeCSA(us, end.Server, ferr, res)
	fmt.Fprintf(r.stdout, "game %d: %s vs %s: %s %s, %d moves, %s\n", r.played, colourWord(us), s.Opponent(), outcome, reason, res.Game.Len(), s.GameID)
	fmt.Fprintf(r.stderr, "shogi csa: game %d: %s\n", r.played, res.Reason())
	if ferr != nil && ferr.Error() != res.Reason() {
		fmt.Fprintf(r.stderr, "shogi csa: game %d: %v\n", r.played, ferr)
	}
	if end.KeepErr != nil {
		return fmt.Errorf("%w of game %s: %v", errRecord, s.GameID, end.KeepErr)
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
// (csa.Silent), until the game is over.
func sayCSASilences(w io.Writer, n int, g *session.ServerGame) {
	for {
		select {
		case s := <-g.Silences():
			fmt.Fprintf(w, "shogi csa: game %d: %s\n", n, silenceText(s))
		case <-g.Done():
			return
		}
	}
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

// PonderAllowed reports whether our clock in a game leaves time for
// pondering: none at all (the opponent's time is free), at least 1 s of
// byōyomi or increment a move, or a minute of main time. Below that a
// ponder miss's stop and fresh search, and the engine's own answer to
// ponderhit, are a real share of a move's time, and a short sudden-death
// game is lost on time sooner than it is won by a deeper search.
func PonderAllowed(r csa.TimeRule) bool {
	return r.IsZero() || r.Byoyomi+r.Increment >= time.Second || r.Total >= time.Minute
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

// plural says n of what: "1 game", "3 games".
func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}
