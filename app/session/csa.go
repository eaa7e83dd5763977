package session

import (
	"context"
	"sync"
	"time"

	"shogi/game/csa"
	"shogi/game/match"
)

// ServerGame is a game on a CSA server run as a session: our player
// against the server's side (csa.Player), which referees it; kept after
// every move, with the move the server was last silent on
// (Session.Unconfirmed); the record and the Finished hook as the Config
// says; then the server's own word on the end. The app's online screen
// and shogi csa run their server games through it and differ in the
// Store, what they show and what they do with the connection after.
type ServerGame struct {
	s      *Session
	remote *csa.Player
	wait   time.Duration // ServerOptions.FinishWait
	out    chan csa.Silent
	done   chan struct{} // closed once the game is kept, the word heard, the players closed
	end    ServerEnd     // set before done closes

	mu     sync.Mutex
	cancel context.CancelFunc // ends the game here (Start's ctx)
}

// ServerEnd is how a server's game ended.
type ServerEnd struct {
	Result match.Result // the match's, with the names records give the players
	// Server is the server's word on the end, when it came; ServerErr
	// why it did not (the fault that ended the game, a *csa.Error, or the
	// context's end).
	Server    csa.Result
	ServerErr error
	Saved     string // where the Store put the finished game's record
	KeepErr   error  // the first error of the keeping (the record, the kept file)
}

// ServerOptions say how a ServerGame plays for our side.
type ServerOptions struct {
	// Player says how the server's side speaks for ours (comments).
	Player csa.PlayerOptions
	// FinishWait bounds the wait for the server's word once the match is
	// over (the server rules at once, or when the other side's turn ends
	// after a mate here, which may take that side's whole time); 0 waits
	// as long as Start's context lasts.
	FinishWait time.Duration
}

// NewServerGame makes the session of g, a game the server started, for
// local playing our side: cfg's Match is made from the game's summary
// (its TimeSource kept), its names are the server's unless cfg gives
// them, its event the server's game id unless cfg gives one. The
// players are the session's (Close closes them) but for cfg.Keep. When
// it fails, local is still the caller's.
func NewServerGame(g *csa.Game, local match.Player, o ServerOptions, cfg Config) (*ServerGame, error) {
	remote := csa.NewPlayer(g, o.Player)
	var players [2]match.Player
	players[g.Us()], players[g.Us().Other()] = local, remote
	ts := cfg.Match.TimeSource
	cfg.Match = remote.MatchConfig(players)
	cfg.Match.TimeSource = ts
	if cfg.Names == ([2]string{}) {
		cfg.Names = g.Summary.Names
	}
	if cfg.Event == "" {
		cfg.Event = g.Summary.GameID
	}
	s, err := New(cfg)
	if err != nil {
		remote.Close()
		return nil, err
	}
	return &ServerGame{s: s, remote: remote, wait: o.FinishWait, out: make(chan csa.Silent, 4), done: make(chan struct{})}, nil
}

// Session is the game's session: the screens follow its match and feed.
func (g *ServerGame) Session() *Session { return g.s }

// Start runs the game on ctx: its end interrupts the game here (it stays
// kept; the server plays on) and the wait for the server's word.
func (g *ServerGame) Start(ctx context.Context) {
	ctx, cancel := context.WithCancel(ctx)
	g.mu.Lock()
	g.cancel = cancel
	g.mu.Unlock()
	g.s.Start(ctx)
	go g.run(ctx)
}

// run notes the server's silences while the game is on, then hears the
// server's word on the end and closes the players.
func (g *ServerGame) run(ctx context.Context) {
	defer close(g.done)
	defer g.Interrupt()
	// ctx's end interrupts also an answer waiting for the server's
	// confirmation, which the match's context does not reach.
	unhook := context.AfterFunc(ctx, g.remote.Interrupt)
	defer unhook()
	heard := make(chan struct{})
	go func() {
		defer close(heard)
		g.watch()
	}()
	<-g.s.Done()
	<-heard
	// Done already: Wait returns the result at once.
	g.end.Result, g.end.KeepErr = g.s.Wait(context.WithoutCancel(ctx))
	g.end.Saved = g.s.Saved()
	fctx, fcancel := ctx, context.CancelFunc(func() {})
	if g.wait > 0 {
		fctx, fcancel = context.WithTimeout(ctx, g.wait)
	}
	g.end.Server, g.end.ServerErr = g.remote.Finish(fctx)
	fcancel()
	g.s.Close()
}

// watch passes the server's silences on (Silences) until the game is
// kept, noting the move each leaves unconfirmed: a game that ends
// without the server's word on it is kept saying so.
func (g *ServerGame) watch() {
	for {
		select {
		case s := <-g.remote.Silences():
			g.s.Unconfirmed(s.Unconfirmed)
			select {
			case g.out <- s:
			default: // no one listens, or not yet: the next one will do
			}
		case <-g.s.Done():
			return
		}
	}
}

// Silences delivers the server's silences (csa.Silent) as they come, for
// a screen or a log to say; reading it is optional.
func (g *ServerGame) Silences() <-chan csa.Silent { return g.out }

// Done is closed once the game is over and kept, the server's word heard
// (or given up on) and the players closed.
func (g *ServerGame) Done() <-chan struct{} { return g.done }

// End is how the game ended, once Done (the zero ServerEnd before).
func (g *ServerGame) End() ServerEnd {
	select {
	case <-g.done:
		return g.end
	default:
		return ServerEnd{}
	}
}

// Resign resigns the game on the server if it is still on; the server's
// ruling ends the match.
func (g *ServerGame) Resign() {
	if !g.s.Match().Snapshot().Over {
		g.remote.Resign()
	}
}

// Interrupt ends the game here at once (the game stays kept), and the
// wait for the server's word.
func (g *ServerGame) Interrupt() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.cancel != nil {
		g.cancel()
	}
}
