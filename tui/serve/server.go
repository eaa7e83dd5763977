// Package serve is shogi serve: an SSH server on which every session runs
// the app, so that two people in two terminals anywhere can play each
// other at a table of the lobby while others watch.
//
// It is built on wish v1 (github.com/charmbracelet/wish) and runs Bubble
// Tea v2 programs through a middleware of its own (session.go): the
// program reads the session, draws on it, takes TERM and the size from the
// pty and its colour profile from the client's environment, and hears of
// window changes. Nothing but the app is served: no shell, no command, no
// port forwarding, no sftp. Limits (sessions in all and per address, new
// connections per address per minute, idle time, window size) refuse
// with a line saying why. A panic in one session is caught and logged;
// Shutdown tells every session, saves every game and returns.
package serve

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"sync"
	"sync/atomic"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/ssh"
	"github.com/charmbracelet/wish"
	gossh "golang.org/x/crypto/ssh"

	"shogi/tui"
	"shogi/tui/lobby"
)

// Config sets up a server. Zero fields take the defaults shogi serve
// documents.
type Config struct {
	HostKey gossh.Signer // required
	// AuthorizedKeys, when not nil, are the only keys let in (their
	// ssh.PublicKey.Marshal form); nil lets anyone in.
	AuthorizedKeys map[string]bool
	MaxSessions    int           // sessions at once (default 100)
	PerIP          int           // sessions at once from one address (default 4)
	PerMinute      int           // new connections from one address in a minute (default 20)
	Idle           time.Duration // a session with no key pressed this long is closed (default 30m)
	// MaxWidth and MaxHeight cap the window size a client reports
	// (default 400×200): the app draws at most that much.
	MaxWidth, MaxHeight int
	// Handshake bounds the time from connecting to a running app
	// (default 30s).
	Handshake time.Duration
	// Lobby holds the tables; nil makes one with no games folder.
	Lobby *lobby.Lobby
	// Log receives one line per connection; nil discards.
	Log *slog.Logger
	// Version is sent in the SSH banner.
	Version string
}

// Server is a running shogi server.
type Server struct {
	cfg   Config
	ssh   *ssh.Server
	lobby *lobby.Lobby
	log   *slog.Logger
	lim   *limiter

	ids      atomic.Int64
	closing  atomic.Bool
	mu       sync.Mutex
	sessions map[*session]struct{}
	wg       sync.WaitGroup // running session handlers

	// runApp runs the app on a session: tui.RunRemote, or a test's
	// stand-in.
	runApp func(ctx context.Context, r tui.Remote, o tui.Options, t tui.Terminal, started func(*tea.Program), extra ...tea.ProgramOption) error
}

// ctxKey keys what the server keeps in a connection's context.
type ctxKey int

const connKey ctxKey = iota

// conn is the server's record of one connection.
type conn struct {
	net.Conn
	id      int64
	ip      string
	began   time.Time
	refusal string // why the connection is refused, or ""
	s       *Server
	once    sync.Once
	timer   *time.Timer  // closes a connection that never starts the app
	outcome atomic.Value // string: how it ended
	attrs   atomic.Value // []any: what the session said of itself, for the log line
	// refs counts the connection itself and its running session: the log
	// line is written when both are over, so it says how the session ended.
	refs atomic.Int32
	// The session's pty as it was when the shell started, read on the
	// SSH library's request goroutine: reading it later from the handler
	// would race with the library's own writes on a window change.
	pty    ssh.Pty
	winch  <-chan ssh.Window
	hasPty bool
}

// New returns a server with cfg.
func New(cfg Config) (*Server, error) {
	if cfg.HostKey == nil {
		return nil, errors.New("serve: no host key")
	}
	def := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	def(&cfg.MaxSessions, 100)
	def(&cfg.PerIP, 4)
	def(&cfg.PerMinute, 20)
	def(&cfg.MaxWidth, 400)
	def(&cfg.MaxHeight, 200)
	if cfg.Idle <= 0 {
		cfg.Idle = 30 * time.Minute
	}
	if cfg.Handshake <= 0 {
		cfg.Handshake = 30 * time.Second
	}
	if cfg.Version == "" {
		cfg.Version = "shogi"
	}
	s := &Server{cfg: cfg, lobby: cfg.Lobby, log: cfg.Log, sessions: map[*session]struct{}{}, runApp: tui.RunRemote,
		lim: newLimiter(cfg.MaxSessions, cfg.PerIP, cfg.PerMinute)}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if s.lobby == nil {
		s.lobby = lobby.New(lobby.Config{Log: s.log})
	}
	opts := []ssh.Option{
		wish.WithVersion(cfg.Version),
		wish.WithMiddleware(s.middleware),
		func(srv *ssh.Server) error {
			srv.AddHostKey(cfg.HostKey)
			srv.ConnCallback = s.connected
			srv.ConnectionFailedCallback = s.failed
			// Only the session channel; no forwarding of any kind, no
			// subsystem (sftp), and no requests beyond a pty, the
			// environment, window changes and the one shell.
			srv.ChannelHandlers = map[string]ssh.ChannelHandler{"session": s.sessionChannel}
			srv.RequestHandlers = map[string]ssh.RequestHandler{}
			srv.SubsystemHandlers = map[string]ssh.SubsystemHandler{}
			srv.SessionRequestCallback = s.sessionRequest
			srv.LocalPortForwardingCallback = func(ssh.Context, string, uint32) bool { return false }
			srv.ReversePortForwardingCallback = func(ssh.Context, string, uint32) bool { return false }
			return nil
		},
	}
	if cfg.AuthorizedKeys != nil {
		opts = append(opts, wish.WithPublicKeyAuth(func(_ ssh.Context, k ssh.PublicKey) bool {
			return cfg.AuthorizedKeys[string(k.Marshal())]
		}))
	}
	srv, err := wish.NewServer(opts...)
	if err != nil {
		return nil, err
	}
	s.ssh = srv
	return s, nil
}

// Lobby returns the server's tables.
func (s *Server) Lobby() *lobby.Lobby { return s.lobby }

// Serve accepts connections on ln until Shutdown.
func (s *Server) Serve(ln net.Listener) error {
	err := s.ssh.Serve(ln)
	if errors.Is(err, ssh.ErrServerClosed) {
		return nil
	}
	return err
}

// connected admits or refuses a new connection, before the handshake.
func (s *Server) connected(ctx ssh.Context, nc net.Conn) net.Conn {
	ip := hostOf(nc.RemoteAddr())
	c := &conn{Conn: nc, id: s.ids.Add(1), ip: ip, began: time.Now(), s: s}
	if s.closing.Load() {
		nc.Close()
		return nil
	}
	v, why := s.lim.admit(ip)
	switch v {
	case drop:
		s.log.Warn("connection dropped", "id", c.id, "ip", ip, "why", why)
		nc.Close()
		return nil
	case refuse:
		c.refusal = why
	}
	c.refs.Store(1)
	ctx.SetValue(connKey, c)
	c.timer = time.AfterFunc(s.cfg.Handshake, func() {
		c.outcome.Store("no session in time")
		c.Close()
	})
	return c
}

// Close closes the connection once, gives its place back and logs it.
func (c *conn) Close() error {
	err := c.Conn.Close()
	c.once.Do(func() {
		c.timer.Stop()
		if c.refusal != "" {
			c.s.lim.done()
		} else {
			c.s.lim.release(c.ip)
		}
		c.unref()
	})
	return err
}

// unref drops a reference; the last one writes the connection's line.
func (c *conn) unref() {
	if c.refs.Add(-1) == 0 {
		outcome, _ := c.outcome.Load().(string)
		if outcome == "" {
			outcome = "closed without a session" // none asked for, or a subsystem (sftp) refused
		}
		attrs := []any{"id", c.id, "ip", c.ip, "duration", time.Since(c.began).Round(time.Millisecond).String(), "outcome", outcome}
		if more, ok := c.attrs.Load().([]any); ok {
			attrs = append(attrs, more...)
		}
		c.s.log.Info("connection", attrs...)
	}
}

// failed notes a handshake that did not complete.
func (s *Server) failed(nc net.Conn, err error) {
	if c, ok := nc.(*conn); ok {
		c.outcome.CompareAndSwap(nil, "handshake failed: "+err.Error())
	}
}

// sessionChannel accepts one session channel per connection: a second
// would be a second app on one connection's allowance.
func (s *Server) sessionChannel(srv *ssh.Server, sc *gossh.ServerConn, ch gossh.NewChannel, ctx ssh.Context) {
	c, _ := ctx.Value(connKey).(*conn)
	if c == nil {
		_ = ch.Reject(gossh.Prohibited, "no session")
		return
	}
	if ctx.Value(sessionTakenKey) != nil {
		_ = ch.Reject(gossh.Prohibited, "one session per connection")
		return
	}
	ctx.SetValue(sessionTakenKey, true)
	ssh.DefaultSessionHandler(srv, sc, ch, ctx)
}

const sessionTakenKey ctxKey = 1

// sessionRequest takes note of the pty as a shell or command starts; a
// subsystem (sftp) is refused.
func (s *Server) sessionRequest(sess ssh.Session, kind string) bool {
	if kind == "subsystem" {
		return false
	}
	if c, ok := sess.Context().Value(connKey).(*conn); ok {
		c.pty, c.winch, c.hasPty = sess.Pty()
	}
	return true
}

// Shutdown stops accepting connections, interrupts and saves every game,
// tells every session why it ends, and waits for the sessions to close
// (until ctx ends, when the rest are cut).
func (s *Server) Shutdown(ctx context.Context) error {
	s.closing.Store(true)
	// Closing the listeners is the first thing ssh's Shutdown does; it
	// then waits for the connections, which end as their sessions do.
	sshDone := make(chan error, 1)
	go func() { sshDone <- s.ssh.Shutdown(ctx) }()
	const why = "the server is shutting down"
	lerr := s.lobby.Shutdown(ctx, why)
	s.mu.Lock()
	for ss := range s.sessions {
		ss.end(fmt.Sprintf("%s; games in progress were saved.", why))
	}
	s.mu.Unlock()
	done := make(chan struct{})
	go func() {
		s.wg.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-ctx.Done():
	}
	// Every session has said goodbye (or run out of time): cut what is
	// left, connections whose clients have not hung up yet included.
	_ = s.ssh.Close()
	err := <-sshDone
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		err = nil
	}
	return errors.Join(lerr, err)
}

// hostOf returns the address's IP.
func hostOf(a net.Addr) string {
	if t, ok := a.(*net.TCPAddr); ok {
		return t.IP.String()
	}
	h, _, err := net.SplitHostPort(a.String())
	if err != nil {
		return a.String()
	}
	return h
}
