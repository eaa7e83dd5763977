package online

import (
	"context"
	"math/rand/v2"
	"strings"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"

	"shogi/app/gamedb"
	"shogi/app/players"
	appsession "shogi/app/session"
	"shogi/game/csa"
	"shogi/game/match"
	"shogi/kifu"
	"shogi/kifu/kept"
	"shogi/tui/common"
)

// request is what the form asked for: kept to log in again after a
// dropped connection.
type request struct {
	cfg   csa.Config // the server, the login, x1, the keep-alive, the log
	game  string     // the x1 game asked for; "" in the standard mode
	spec  match.Spec // who plays for us
	label string     // how the screens name them
}

// gameName is the game the login asks for: the x1 game, or in the
// standard mode the part of the password before its comma, where
// floodgate and shogi-server read it (GAME,PASSWORD); "" when there is
// none.
func (r request) gameName() string {
	if r.game != "" {
		return r.game
	}
	if name, _, ok := strings.Cut(r.cfg.Password, ","); ok {
		return name
	}
	return ""
}

// attempt is one way from the form to a game: the local player started,
// the login, the wait for a game, its agreement. Its steps run off the UI
// loop, one command each; cancelling it (esc) ends the wait and closes
// what it holds, whichever step it is at.
type attempt struct {
	gen    int
	req    request
	ctx    context.Context
	cancel context.CancelFunc

	mu     sync.Mutex
	closed bool
	client *csa.Client
	local  match.Player
}

// hold gives the attempt a client or a player; false (and they are
// closed) when the attempt was cancelled meanwhile.
func (a *attempt) hold(c *csa.Client, p match.Player) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.closed {
		if c != nil {
			c.Close()
		}
		match.ClosePlayers([2]match.Player{p}, [2]match.Player{})
		return false
	}
	if c != nil {
		a.client = c
	}
	if p != nil {
		a.local = p
	}
	return true
}

// take hands what the attempt holds to the game it led to.
func (a *attempt) take() (*csa.Client, match.Player) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.closed = true
	c, p := a.client, a.local
	a.client, a.local = nil, nil
	return c, p
}

// stop cancels the attempt and closes what it holds: the client logs
// out (x1 servers wait for LOGOUT), the player's engine ends.
func (a *attempt) stop() {
	a.cancel()
	c, p := a.take()
	if c != nil {
		// a.ctx is cancelled by now; the logout is still the attempt's.
		ctx, cancel := context.WithTimeout(context.WithoutCancel(a.ctx), 2*time.Second)
		if a.req.cfg.X1 {
			c.Logout(ctx)
		}
		cancel()
		c.Close()
	}
	match.ClosePlayers([2]match.Player{p}, [2]match.Player{})
}

// The attempt's steps report with these messages, each for attempt gen.
type (
	playerMsg struct {
		gen int
		err error
	}
	loggedInMsg struct {
		gen  int
		name string
		err  error
	}
	summaryMsg struct {
		gen int
		s   *csa.Summary
		err error
	}
	startedMsg struct {
		gen int
		g   *csa.Game
		err error
	}
)

// startPlayer starts the player that plays for us: an engine is a
// process to run and hear usiok from, which may take seconds, so it is
// started before the login, and a game the server proposes is agreed at
// once.
func startPlayer(a *attempt, cfg common.SessionEnv, seed uint64) tea.Cmd {
	return func() tea.Msg {
		p, err := a.req.spec.NewPlayer(a.ctx, rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)), cfg.EngineCfg)
		if err == nil && !a.hold(nil, p) {
			err = context.Canceled
		}
		return playerMsg{gen: a.gen, err: err}
	}
}

// login connects and logs in; in x1 it asks for the game.
func login(a *attempt) tea.Cmd {
	return func() tea.Msg {
		c, err := csa.Dial(a.ctx, a.req.cfg)
		if err != nil {
			return loggedInMsg{gen: a.gen, err: err}
		}
		if !a.hold(c, nil) {
			return loggedInMsg{gen: a.gen, err: context.Canceled}
		}
		if a.req.game != "" {
			if err := c.Game(a.req.game, "*"); err != nil {
				return loggedInMsg{gen: a.gen, err: err}
			}
		}
		return loggedInMsg{gen: a.gen, name: c.Name()}
	}
}

// client is the attempt's logged-in client.
func (a *attempt) clientNow() *csa.Client {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.client
}

// waitGame waits for the server to propose a game.
func waitGame(a *attempt) tea.Cmd {
	c := a.clientNow()
	return func() tea.Msg {
		if c == nil {
			return summaryMsg{gen: a.gen, err: context.Canceled}
		}
		s, err := c.WaitSummary(a.ctx)
		return summaryMsg{gen: a.gen, s: s, err: err}
	}
}

// agree accepts the game proposed and waits for the server to start it.
func agree(a *attempt, s *csa.Summary) tea.Cmd {
	c := a.clientNow()
	return func() tea.Msg {
		if c == nil {
			return startedMsg{gen: a.gen, err: context.Canceled}
		}
		g, err := c.Agree(a.ctx, s)
		return startedMsg{gen: a.gen, g: g, err: err}
	}
}

// serverGame is a game on the server: its running (the match between
// our player and the server's side, kept after every move, its record
// written when the server rules, the server's word on the end) is an
// app/session.ServerGame; this holds the connection around it and logs
// out once the game is done.
type serverGame struct {
	gen    int
	client *csa.Client
	sg     *appsession.ServerGame
	s      *appsession.Session // sg's
	m      *match.Match        // the session's
	x1     bool
	server string // host:port, and the server's id of the game, for the screen
	gameID string
	done   chan struct{} // closed once the game is kept and the connection closed
	end    gameEnd       // the game's end, set before done closes
}

// gameEnd is how a server's game ended, as the screen says it.
type gameEnd struct {
	res       match.Result
	server    csa.Result // the server's word, when it came
	fault     error      // what ended the game when the server could not (a *csa.Error)
	saved     string     // the record in the games folder
	keepErr   error      // the record or the kept file could not be written
	serverErr error
}

// endedMsg says the game on screen is over and kept.
type endedMsg struct{ gen int }

// newServerGame makes the session of a game the server started: our
// player against the server's side; kept after every move in the kept
// file (with the server, the game id and the move the server was last
// silent on), a finished game's record in the games folder and the
// games database, the server's names on it, its game id as the event
// and the server as the place.
func newServerGame(gen int, req request, c *csa.Client, local match.Player, g *csa.Game, env common.SessionEnv, keepPath string, setup *common.Setup) (*serverGame, error) {
	server, id := req.cfg.Addr, g.Summary.GameID
	cfg := appsession.Config{Match: match.Config{TimeSource: env.Ts}, Specs: setup.Players, Place: server, Began: setup.Began,
		Store: appsession.Kept(keepPath, env.GamesDir, func(st appsession.State) kept.Game {
			k := kept.Of(st.Snap, setup.Players, setup.Names, setup.Time, setup.Began, st.Now, nil)
			k.Server, k.GameID, k.Unconfirmed = server, id, st.Unconfirmed
			return k
		})}
	if dir := env.GamesDir; dir != "" {
		cfg.Finished = func(rec *kifu.Record, path string) {
			_ = gamedb.AddFinished(dir, rec, path) // best effort: the record is saved
		}
	}
	sg, err := appsession.NewServerGame(g, local, appsession.ServerOptions{
		Player: csa.PlayerOptions{Comments: req.spec.Kind != match.HumanKind}, FinishWait: time.Minute}, cfg)
	if err != nil {
		return nil, err
	}
	return &serverGame{gen: gen, client: c, sg: sg, s: sg.Session(), m: sg.Session().Match(), x1: req.cfg.X1,
		server: server, gameID: id, done: make(chan struct{})}, nil
}

// start runs the game on ctx (the app's: its end interrupts the game,
// which stays kept) and the goroutine that ends it (run); done says
// when both are over.
func (g *serverGame) start(ctx context.Context) {
	g.sg.Start(ctx)
	go g.run(ctx)
}

// run waits for the game to be done (kept: the record in the games
// folder when the server ruled, the kept file, which the Resume list
// offers to study, for a game a fault interrupted; the server's word
// heard; the players closed), then logs out and closes the connection.
func (g *serverGame) run(ctx context.Context) {
	defer close(g.done)
	<-g.sg.Done()
	e := g.sg.End()
	g.end = gameEnd{res: e.Result, server: e.Server, serverErr: e.ServerErr, fault: e.Result.Fault, saved: e.Saved, keepErr: e.KeepErr}
	if g.x1 && g.end.fault == nil {
		// x1 servers wait for LOGOUT, also from an app that is ending.
		lctx, lcancel := context.WithTimeout(context.WithoutCancel(ctx), 2*time.Second)
		g.client.Logout(lctx)
		lcancel()
	}
	g.client.Close()
}

// silentMsg says the server of game gen is silent (csa.Silent).
type silentMsg struct {
	gen int
	s   csa.Silent
}

// waitSilence waits for the server's next silence in the game (the
// session keeps the move it leaves unconfirmed).
func (g *serverGame) waitSilence() tea.Cmd {
	return func() tea.Msg {
		select {
		case s := <-g.sg.Silences():
			return silentMsg{gen: g.gen, s: s}
		case <-g.done:
			return nil
		}
	}
}

// waitEnd waits for the game's runner to be done.
func (g *serverGame) waitEnd() tea.Cmd {
	return func() tea.Msg {
		<-g.done
		return endedMsg{gen: g.gen}
	}
}

// leave resigns the game on the server, if it is still on; the runner
// keeps the game when the server rules, and closes the connection.
func (g *serverGame) leave() { g.sg.Resign() }

// shutdown leaves the game and waits for the runner, at most d (stop).
func (g *serverGame) shutdown(d time.Duration) {
	g.leave()
	g.stop(d)
}

// stop waits for the runner, at most d; past it the match is
// interrupted here (the game stays kept) and the connection closed.
func (g *serverGame) stop(d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-g.done:
		return
	case <-t.C:
	}
	g.sg.Interrupt()
	g.client.Close()
	t.Reset(5 * time.Second)
	select {
	case <-g.done:
	case <-t.C:
	}
}

// setupOf is the play screen's set-up for the server's game: the names
// and the clocks from the summary, our player's spec on our side (the
// engine panel follows it), the opponent shown as a person at a distance,
// and the link through which the screen follows the match.
func setupOf(req request, g *csa.Game, began time.Time) common.Setup {
	s := g.Summary
	us := g.Us()
	var specs [2]match.Spec
	specs[us] = req.spec
	specs[us.Other()] = match.Spec{Kind: match.HumanKind, Name: players.HumanSpec}
	var tc [2]match.TimeControl
	for c, r := range s.Time {
		tc[c] = match.TimeControl{Main: r.Total, Byoyomi: r.Byoyomi, Increment: r.Increment}
	}
	link := &common.TableLink{Server: req.cfg.Addr} // Ctl: the match, once made
	link.Mine[us] = req.spec.Kind == match.HumanKind
	return common.Setup{Players: specs, Names: s.Names, Start: s.Start, Moves: s.Moves, Time: tc, Began: began, Table: link}
}
