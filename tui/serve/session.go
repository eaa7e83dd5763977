package serve

import (
	"fmt"
	"io"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/ssh"
	gossh "golang.org/x/crypto/ssh"

	"shogi/tui"
)

// session is one client's run of the app.
type session struct {
	s    *Server
	sess ssh.Session
	c    *conn

	mu       sync.Mutex
	p        *tea.Program
	farewell string // the line printed after the app closes, if any
	finished bool   // the program has returned

	lastKey atomic.Int64 // unix nanoseconds of the last input
	playing atomic.Bool  // the person is at a game in progress (not idle)
}

// middleware runs the app on every session; it is the only handler.
func (s *Server) middleware(ssh.Handler) ssh.Handler { return s.handle }

// handle serves one session: refuses what is not the app, else runs it.
func (s *Server) handle(sess ssh.Session) {
	c, _ := sess.Context().Value(connKey).(*conn)
	if c == nil {
		return
	}
	c.timer.Stop()
	c.refs.Add(1)
	defer c.unref()
	defer hangUp(sess)
	ss := &session{s: s, sess: sess, c: c}
	defer func() {
		// A panic outside the program (Bubble Tea catches its own) ends
		// this session only.
		if r := recover(); r != nil {
			c.outcome.Store("panic")
			s.log.Error("session panic", "id", c.id, "ip", c.ip, "panic", fmt.Sprint(r), "stack", string(debug.Stack()))
			ss.refuse("something went wrong on the server; sorry")
		}
	}()
	pty, winch, ok := c.pty, c.winch, c.hasPty
	switch {
	case c.refusal != "":
		ss.refuse(c.refusal)
		c.outcome.Store("refused: " + c.refusal)
		return
	case sess.RawCommand() != "":
		ss.refuse("this server runs the shogi app and nothing else: connect without a command")
		c.outcome.Store("refused: a command")
		c.attrs.Store([]any{"command", truncate(sess.RawCommand(), 80)})
		return
	case !ok:
		ss.refuse("the shogi app needs a terminal: connect with ssh -t, or without -T")
		c.outcome.Store("refused: no pty")
		return
	}
	if !s.track(ss, true) {
		ss.refuse("the server is shutting down")
		c.outcome.Store("refused: shutting down")
		return
	}
	defer s.track(ss, false)
	ss.run(pty, winch)
}

// hangUp closes the connection shortly after its one session ended, for
// a client that would keep it open (and its place taken); the moment's
// wait lets the last words and the exit status reach the client first.
func hangUp(sess ssh.Session) {
	if sc, ok := sess.Context().Value(ssh.ContextKeyConn).(*gossh.ServerConn); ok {
		time.AfterFunc(500*time.Millisecond, func() { _ = sc.Close() })
	}
}

// track adds or removes a running session; adding fails once the server
// is shutting down.
func (s *Server) track(ss *session, add bool) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !add {
		delete(s.sessions, ss)
		s.wg.Done()
		return true
	}
	if s.closing.Load() {
		return false
	}
	s.sessions[ss] = struct{}{}
	s.wg.Add(1)
	return true
}

// refuse says why in one line and ends the session with status 1.
func (ss *session) refuse(why string) {
	fmt.Fprintf(ss.sess.Stderr(), "shogi: %s\r\n", why)
	_ = ss.sess.Exit(1)
}

// run runs the app until the person quits, the connection drops, the
// session idles out or the server ends it.
func (ss *session) run(pty ssh.Pty, winch <-chan ssh.Window) {
	s, c := ss.s, ss.c
	env := clientEnv(ss.sess.Environ(), pty.Term)
	w, h := s.clamp(pty.Window)
	t := tui.Terminal{In: &inputReader{r: ss.sess, last: &ss.lastKey}, Out: ss.sess, Env: env,
		Profile: profile(env), Width: w, Height: h}
	ss.lastKey.Store(time.Now().UnixNano())
	key := ""
	if k := ss.sess.PublicKey(); k != nil {
		key = gossh.FingerprintSHA256(k)
	}
	o := tui.Options{Width: tui.WidthPolicyFromEnv(env), Lang: tui.LangFromEnv(env), ASCII: !tui.UTF8Locale(env)}
	c.attrs.Store([]any{"user", truncate(ss.sess.User(), 40), "key", key, "term", truncate(pty.Term, 40),
		"size", fmt.Sprintf("%dx%d", pty.Window.Width, pty.Window.Height), "profile", t.Profile.String()})

	done := make(chan struct{})
	var helpers sync.WaitGroup
	helpers.Add(2)
	go func() {
		// Window changes until the client's requests end (winch closes);
		// the channel is drained to the end so the SSH side never blocks.
		defer helpers.Done()
		for win := range winch {
			select {
			case <-done:
				continue
			default:
			}
			w, h := s.clamp(win)
			if p := ss.program(); p != nil && w > 0 && h > 0 {
				p.Send(tea.WindowSizeMsg{Width: w, Height: h})
			}
		}
	}()
	go func() {
		defer helpers.Done()
		ss.watchIdle(done)
	}()
	go ss.keepAlive(done)

	err := s.runApp(ss.sess.Context(), tui.Remote{Lobby: s.lobby, Name: ss.sess.User(), Key: key, Playing: &ss.playing}, o, t,
		func(p *tea.Program) {
			ss.mu.Lock()
			ss.p = p
			ending := ss.farewell != ""
			ss.mu.Unlock()
			if ending {
				go p.Quit() // told to end before the program was there
			}
		}, tea.WithoutSignalHandler())
	close(done)
	ss.mu.Lock()
	ss.finished = true
	ss.mu.Unlock()
	outcome := "quit"
	switch {
	case err != nil && strings.Contains(err.Error(), "panic"):
		outcome = "panic"
		s.log.Error("session panic", "id", c.id, "ip", c.ip, "err", err)
	case ss.sess.Context().Err() != nil:
		outcome = "disconnected"
	}
	ss.mu.Lock()
	ss.p = nil
	farewell := ss.farewell
	ss.mu.Unlock()
	if farewell != "" {
		outcome = farewell
		fmt.Fprintf(ss.sess, "shogi: %s\r\n", farewell)
	}
	c.outcome.Store(outcome)
	_ = ss.sess.Exit(0)
	// The winch forwarder ends when the client's requests do, which the
	// exit brings about; the idle watcher has seen done.
	helpers.Wait()
}

// program returns the running program, or nil.
func (ss *session) program() *tea.Program {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	return ss.p
}

// end closes the app with a line saying why.
func (ss *session) end(why string) {
	ss.mu.Lock()
	ss.farewell = why
	p := ss.p
	ss.mu.Unlock()
	if p != nil {
		go p.Quit()
	}
	// A program that cannot end (its client takes no output, so a frame
	// never finishes writing) has its connection cut after a while.
	time.AfterFunc(endTimeout, func() {
		ss.mu.Lock()
		finished := ss.finished
		ss.mu.Unlock()
		if sc, ok := ss.sess.Context().Value(ssh.ContextKeyConn).(*gossh.ServerConn); ok && !finished {
			ss.c.outcome.Store("cut: " + why)
			_ = sc.Close()
		}
	})
}

// endTimeout is how long a session told to end may take to say goodbye.
const endTimeout = 10 * time.Second

// watchIdle ends a session whose person has pressed nothing for the
// server's idle time. Screen updates (a running clock, the opponent's
// moves) do not count: only input does. A player at a game in progress is
// never idle: thinking long is theirs to do, and their clock decides.
func (ss *session) watchIdle(done <-chan struct{}) {
	idle := ss.s.cfg.Idle
	tick := time.NewTicker(min(idle/4, 30*time.Second))
	defer tick.Stop()
	for {
		select {
		case <-done:
			return
		case now := <-tick.C:
			if ss.playing.Load() {
				ss.lastKey.Store(now.UnixNano())
				continue
			}
			if now.Sub(time.Unix(0, ss.lastKey.Load())) >= idle {
				ss.end(fmt.Sprintf("closed after %s without a key pressed", idle))
				return
			}
		}
	}
}

// keepAlive asks the client for a sign of life every half minute, so a
// connection that died without a word (a laptop closed, a network gone)
// is noticed and its player's grace period starts.
func (ss *session) keepAlive(done <-chan struct{}) {
	sc, _ := ss.sess.Context().Value(ssh.ContextKeyConn).(*gossh.ServerConn)
	if sc == nil {
		return
	}
	tick := time.NewTicker(30 * time.Second)
	defer tick.Stop()
	for {
		select {
		case <-done:
			return
		case <-tick.C:
			answered := make(chan error, 1)
			go func() {
				_, _, err := sc.SendRequest("keepalive@openssh.com", true, nil)
				answered <- err
			}()
			select {
			case err := <-answered:
				if err != nil {
					return
				}
			case <-time.After(30 * time.Second):
				ss.c.outcome.Store("no answer to keepalive")
				_ = sc.Close()
				return
			case <-done:
				return
			}
		}
	}
}

// clamp keeps a reported size within the server's maximum; nonsense
// (zero) stays zero, which the app reads as "unknown".
func (s *Server) clamp(w ssh.Window) (int, int) {
	width, height := w.Width, w.Height
	if width <= 0 || height <= 0 {
		return 0, 0
	}
	return min(width, s.cfg.MaxWidth), min(height, s.cfg.MaxHeight)
}

// inputReader notes when the person last sent anything.
type inputReader struct {
	r    io.Reader
	last *atomic.Int64
}

func (r *inputReader) Read(p []byte) (int, error) {
	n, err := r.r.Read(p)
	if n > 0 {
		r.last.Store(time.Now().UnixNano())
	}
	return n, err
}

// clientEnv is the environment the app sees: TERM from the pty and the
// few variables a client sends that say something about its terminal
// (locale, colours, width of ambiguous characters). Everything else is
// left out; TMUX above all, which would make colour detection run tmux on
// the server.
func clientEnv(sent []string, term string) []string {
	env := []string{"TERM=" + term}
	for _, kv := range sent {
		k, _, ok := strings.Cut(kv, "=")
		if !ok || len(kv) > 256 {
			continue
		}
		switch {
		case k == "LANG", k == "LANGUAGE", strings.HasPrefix(k, "LC_"), k == "COLORTERM", k == "COLORFGBG",
			k == "NO_COLOR", k == "CLICOLOR", k == "CLICOLOR_FORCE", k == "RUNEWIDTH_EASTASIAN", k == "TERM_PROGRAM":
			env = append(env, kv)
		}
	}
	return env
}

// profile is the client's colour profile from its environment: the
// client has a terminal (the session has a pty), so the question is only
// how many colours it shows; one that shows none still gets attributes.
func profile(env []string) colorprofile.Profile {
	p := tui.DetectProfile(io.Discard, append(env[:len(env):len(env)], "TTY_FORCE=1"))
	if p < colorprofile.ASCII {
		p = colorprofile.ASCII
	}
	return p
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}
