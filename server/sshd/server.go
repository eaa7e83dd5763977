// Package sshd is shogi serve: an SSH server on which every session runs
// the app, so that two people in two terminals anywhere can play each
// other at a table of the lobby while others watch.
//
// It is built on wish v2 (charm.land/wish/v2) and its Bubble Tea
// middleware, which runs the app on each session and passes window changes
// on. A middleware of the server's own comes first (session.go): it
// refuses what is not the app, and shows the app a session that gives
// TERM and the size from the pty (the size capped), the few variables of
// the client's environment that describe its terminal, and its colour
// profile. Nothing but the app is served: no shell, no command, no port
// forwarding, no sftp. Limits (sessions in all and per address, new
// connections per address per minute, idle time, window size) refuse
// with a line saying why. A panic in one session ends that session and is
// logged; Shutdown tells every session, saves every game and returns.
package sshd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"sync"
	"sync/atomic"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/ssh"
	"charm.land/wish/v2"
	"charm.land/wish/v2/bubbletea"
	"github.com/charmbracelet/colorprofile"
	gossh "golang.org/x/crypto/ssh"

	"shogi/app/lobby"
	"shogi/game/match"
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
	// App makes what each session runs (required): the server knows
	// SSH, not the screens, so its caller hands them in (main gives
	// tui's).
	App App
	// Profile reads how many colours a terminal shows from its
	// environment, as colorprofile.Detect does (nil: that one). It is
	// asked with a writer that is no terminal and TTY_FORCE set: a
	// session with a pty has one.
	Profile func(out io.Writer, env []string) colorprofile.Profile
	// HandedOver is a session's last line when the server stops and
	// hands its games to the other nodes of a cluster (HandOver), in the
	// language of the client's terminal variables env (as Session.Env);
	// nil says it in English.
	HandedOver func(env []string) string
	// Admit, when set, admits a connection the server's own limits
	// (MaxSessions, PerIP, PerMinute, counted on this server) let in: a
	// cluster's limits, counted across its nodes. An error refuses the
	// connection with the error's text; release gives the place back
	// when the connection closes. The server's own limits still apply
	// first, and drop a flood without asking.
	Admit func(ip string) (release func(), err error)
}

// App makes the model a session's program runs, and what ends it once the
// program has returned.
type App func(Session) (m tea.Model, done func())

// Session is what the server tells the app of one SSH session.
type Session struct {
	// Context ends when the session does.
	Context context.Context
	Lobby   *lobby.Lobby
	User    string // the SSH user name
	Key     string // the fingerprint of the client's key, "" when anonymous
	// Playing is for the app to keep true while the person holds a seat
	// at a game in progress: the idle limit then does not apply.
	Playing *atomic.Bool
	In      io.Reader
	Out     io.Writer
	// Env is the client's terminal variables and TERM, as KEY=value.
	Env     []string
	Profile colorprofile.Profile // how many colours the client shows
	// Width and Height are the pty's size, capped.
	Width, Height int
}

// Server is a running shogi server.
type Server struct {
	cfg   Config
	ssh   *ssh.Server
	lobby *lobby.Lobby
	log   *slog.Logger
	lim   *limiter

	ids atomic.Int64
	// The server's own account of what it runs, so that Shutdown waits
	// for it without the SSH library's, whose count of connections is
	// added to as a handshake ends, unordered with its Shutdown's wait.
	mu        sync.Mutex
	closing   atomic.Bool // written under mu
	listeners map[net.Listener]struct{}
	conns     map[string]*conn // by remote address
	connWG    sync.WaitGroup   // open connections
	sessions  map[*session]struct{}
	wg        sync.WaitGroup // running session handlers

	// newApp makes the app's model for a session: Config.App, or a
	// test's stand-in.
	newApp App

	// keepAlive is how often a client is asked for a sign of life, and
	// how long it has to give one (30 s), on the clock clock (the real
	// one; tests move a fake one). answered counts the signs of life.
	keepAlive time.Duration
	clock     match.TimeSource
	answered  atomic.Int64

	// idleSpared, when a test sets it, hears each idle check that found
	// a player at a game in progress and left the session open, with the
	// session's user name.
	idleSpared atomic.Pointer[func(user string)]
}

// ctxKey keys what the server keeps in a connection's context.
type ctxKey int

const connKey ctxKey = iota

// conn is the server's record of one connection.
type conn struct {
	net.Conn
	id      int64
	ip      string
	addr    string // the remote address, ip:port
	began   time.Time
	refusal string // why the connection is refused, or ""
	release func() // gives the place Config.Admit gave back, or nil
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
	// (as Session.Pty does) races with the library's own writes on a
	// window change.
	pty    ssh.Pty
	winch  <-chan ssh.Window
	hasPty bool
}

// New returns a server with cfg.
func New(cfg Config) (*Server, error) {
	if cfg.HostKey == nil {
		return nil, errors.New("serve: no host key")
	}
	if cfg.App == nil {
		return nil, errors.New("serve: no app to run")
	}
	if cfg.Profile == nil {
		cfg.Profile = colorprofile.Detect
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
	s := &Server{cfg: cfg, lobby: cfg.Lobby, log: cfg.Log, sessions: map[*session]struct{}{}, listeners: map[net.Listener]struct{}{},
		conns: map[string]*conn{}, newApp: cfg.App, keepAlive: 30 * time.Second, clock: match.RealTime{},
		lim: newLimiter(cfg.MaxSessions, cfg.PerIP, cfg.PerMinute)}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if s.lobby == nil {
		s.lobby = lobby.New(lobby.Config{Log: s.log})
	}
	opts := []ssh.Option{
		wish.WithVersion(cfg.Version),
		// The pty is emulated: the app is the only program, and it needs
		// no device of the server's, only the session's own channel.
		ssh.EmulatePty(),
		// Middlewares run last to first: the server's gate, then wish's
		// Bubble Tea middleware, which runs the program the gate's
		// handler makes.
		wish.WithMiddleware(bubbletea.MiddlewareWithProgramHandler(s.program), s.gate),
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
	s.mu.Lock()
	if s.closing.Load() {
		s.mu.Unlock()
		ln.Close()
		return nil
	}
	s.listeners[ln] = struct{}{}
	s.mu.Unlock()
	err := s.ssh.Serve(ln)
	if s.closing.Load() || errors.Is(err, ssh.ErrServerClosed) {
		return nil
	}
	return err
}

// connected admits or refuses a new connection, before the handshake.
func (s *Server) connected(ctx ssh.Context, nc net.Conn) net.Conn {
	ip := hostOf(nc.RemoteAddr())
	c := &conn{Conn: nc, id: s.ids.Add(1), ip: ip, began: time.Now(), s: s, addr: nc.RemoteAddr().String()}
	s.mu.Lock()
	if s.closing.Load() {
		s.mu.Unlock()
		nc.Close()
		return nil
	}
	v, why := s.lim.admit(ip)
	if v == admit && s.cfg.Admit != nil {
		// The cluster's admission goes over the network: without the
		// server's lock.
		s.mu.Unlock()
		release, err := s.cfg.Admit(ip)
		s.mu.Lock()
		switch {
		case s.closing.Load():
			s.mu.Unlock()
			if err == nil {
				release()
			}
			s.lim.release(ip)
			nc.Close()
			return nil
		case err != nil:
			v, why = s.lim.demote(ip), err.Error()
		default:
			c.release = release
		}
	}
	if v == drop {
		s.mu.Unlock()
		s.log.Warn("connection dropped", "id", c.id, "ip", ip, "why", why)
		nc.Close()
		return nil
	}
	if v == refuse {
		c.refusal = why
	}
	c.refs.Store(1)
	s.conns[c.addr] = c
	s.connWG.Add(1)
	c.timer = time.AfterFunc(s.cfg.Handshake, func() {
		c.outcome.Store("no session in time")
		c.Close()
	})
	s.mu.Unlock()
	ctx.SetValue(connKey, c)
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
			if c.release != nil {
				// Over the network, bounded by its own timeout: a NATS
				// that is away holds up no close.
				go c.release()
			}
		}
		c.unref()
		c.s.mu.Lock()
		delete(c.s.conns, c.addr)
		c.s.mu.Unlock()
		c.s.connWG.Done()
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
	// nc is the SSH library's wrapper of the conn; its address finds it.
	s.mu.Lock()
	c := s.conns[nc.RemoteAddr().String()]
	s.mu.Unlock()
	if c != nil {
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
// (until ctx ends); then it cuts every connection left and waits for them
// to close (until ctx ends).
func (s *Server) Shutdown(ctx context.Context) error {
	const why = "the server is shutting down"
	return s.stop(ctx, func(ctx context.Context) error { return s.lobby.Shutdown(ctx, why) },
		func([]string) string { return why + "; games in progress were saved." })
}

// HandOver stops the server as Shutdown does, but hands the games in
// progress to the other nodes of the cluster (lobby.Lobby.HandOver)
// rather than interrupting them; each session's last line says where the
// game goes on (Config.HandedOver).
func (s *Server) HandOver(ctx context.Context) error {
	line := s.cfg.HandedOver
	if line == nil {
		line = func([]string) string {
			return fmt.Sprintf("this server is stopping; games in progress go on on another server of the cluster: connect to one, where your seat is offered back for %v.",
				s.lobby.Grace())
		}
	}
	return s.stop(ctx, func(ctx context.Context) error { return s.lobby.HandOver(ctx, "the server is stopping") }, line)
}

// stop stops accepting connections, closes the lobby with closeLobby,
// ends every session with its last line, and waits for them.
func (s *Server) stop(ctx context.Context, closeLobby func(context.Context) error, last func(env []string) string) error {
	s.mu.Lock()
	s.closing.Store(true)
	for ln := range s.listeners {
		ln.Close()
	}
	s.mu.Unlock()
	lerr := closeLobby(ctx)
	s.mu.Lock()
	for ss := range s.sessions {
		ss.end(last(ss.vars))
	}
	s.mu.Unlock()
	wait(ctx, &s.wg)
	// Every session has said goodbye (or run out of time): cut what is
	// left, connections whose clients have not hung up yet and those
	// still in their handshake included.
	s.mu.Lock()
	left := make([]*conn, 0, len(s.conns))
	for _, c := range s.conns {
		left = append(left, c)
	}
	s.mu.Unlock()
	for _, c := range left {
		c.Close()
	}
	_ = s.ssh.Close()
	wait(ctx, &s.connWG)
	return lerr
}

// demote turns a connection the limiter admitted into one refused (by
// Config.Admit): it is let in to be told why, or dropped when too many
// wait to be told already.
func (l *limiter) demote(ip string) verdict {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.active--
	if st := l.ips[ip]; st != nil {
		st.active--
	}
	if l.pending >= l.total {
		return drop
	}
	l.pending++
	return refuse
}

// wait waits for wg, or until ctx ends.
func wait(ctx context.Context, wg *sync.WaitGroup) {
	done := make(chan struct{})
	go func() {
		wg.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-ctx.Done():
	}
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

// Sessions is the number of sessions open now (for a cluster node's
// status line).
func (s *Server) Sessions() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.sessions)
}
