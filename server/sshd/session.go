package sshd

import (
	"fmt"
	"io"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/ssh"
	"charm.land/wish/v2/bubbletea"
	"github.com/charmbracelet/colorprofile"
	gossh "golang.org/x/crypto/ssh"
)

// session is one client's run of the app. It is the ssh.Session the app
// sees: Pty gives the size capped and the window changes filtered,
// Environ the client's terminal variables alone, Read notes each key.
type session struct {
	ssh.Session
	s *Server
	c *conn

	pty     ssh.Pty         // as the app sees it: the size capped
	winch   chan ssh.Window // window changes as the app sees them
	vars    []string        // the client's terminal variables (clientEnv)
	env     []string        // vars and TERM: the app's environment
	profile colorprofile.Profile

	mu       sync.Mutex
	p        *tea.Program
	done     func() // the app's end, once the program has run
	farewell string // the line printed after the app closes, if any
	finished bool   // the program has returned

	panicked atomic.Pointer[panicked] // the first panic caught, if any

	lastKey atomic.Int64 // unix nanoseconds of the last input
	playing atomic.Bool  // the person is at a game in progress (not idle)
}

// gate is the server's middleware, the first to see a session: it refuses
// what is not the app, else hands the session on to wish's Bubble Tea
// middleware (next) as the app is to see it, and says goodbye when the
// program has ended.
func (s *Server) gate(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		c, _ := sess.Context().Value(connKey).(*conn)
		if c == nil {
			return
		}
		c.timer.Stop()
		c.refs.Add(1)
		defer c.unref()
		defer hangUp(sess)
		ss := &session{Session: sess, s: s, c: c}
		defer func() {
			// A panic in the gate ends this session only (the app's are
			// caught by run and the guard).
			if r := recover(); r != nil {
				ss.caught(r, debug.Stack())
				ss.refuse(sorry)
			}
		}()
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
		case !c.hasPty:
			ss.refuse("the shogi app needs a terminal: connect with ssh -t, or without -T")
			c.outcome.Store("refused: no pty")
			return
		}
		// Read before the session is tracked: a shutdown's last line is
		// in the language they say (Config.HandedOver).
		ss.vars = clientEnv(sess.Environ())
		if !s.track(ss, true) {
			ss.refuse("the server is shutting down")
			c.outcome.Store("refused: shutting down")
			return
		}
		defer s.track(ss, false)
		ss.run(next)
	}
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
	fmt.Fprintf(ss.Session.Stderr(), "shogi: %s\r\n", why)
	_ = ss.Session.Exit(1)
}

// run runs the app through next, wish's Bubble Tea middleware, until the
// person quits, the connection drops, the session idles out or the server
// ends it.
func (ss *session) run(next ssh.Handler) {
	s, c := ss.s, ss.c
	ss.pty = c.pty
	ss.pty.Window.Width, ss.pty.Window.Height = s.clamp(c.pty.Window)
	ss.env = append(ss.vars[:len(ss.vars):len(ss.vars)], "TERM="+c.pty.Term)
	ss.profile = profile(s.cfg.Profile, ss.env)
	ss.winch = make(chan ssh.Window, 1)
	ss.lastKey.Store(time.Now().UnixNano())
	c.attrs.Store([]any{"user", truncate(ss.User(), 40), "key", ss.fingerprint(), "term", truncate(c.pty.Term, 40),
		"size", fmt.Sprintf("%dx%d", c.pty.Window.Width, c.pty.Window.Height), "profile", ss.profile.String()})

	done := make(chan struct{})
	var helpers sync.WaitGroup
	helpers.Add(2)
	go func() {
		// Window changes until the client's requests end (winch closes);
		// the channel is drained to the end so the SSH side never blocks.
		defer helpers.Done()
		for win := range c.winch {
			if w, h := s.clamp(win); w > 0 && h > 0 {
				ss.resized(ssh.Window{Width: w, Height: h})
			}
		}
	}()
	go func() {
		defer helpers.Done()
		ss.watchIdle(done)
	}()
	go ss.keepAlive(done)

	ss.runApp(next)

	close(done)
	ss.mu.Lock()
	ss.finished = true
	ss.p = nil
	end, farewell := ss.done, ss.farewell
	ss.mu.Unlock()
	if end != nil {
		end()
	}
	// An outcome noted on the way (a panic, a connection cut, a
	// keepalive unanswered) says more than how the program ended.
	outcome := func(o string) { c.outcome.CompareAndSwap(nil, o) }
	switch {
	case ss.panicked.Load() != nil:
		ss.refuse(sorry)
	case farewell != "":
		outcome(farewell)
		fmt.Fprintf(ss.Session, "shogi: %s\r\n", farewell)
		_ = ss.Session.Exit(0)
	case ss.Context().Err() != nil:
		outcome("disconnected")
	default:
		outcome("quit")
		_ = ss.Session.Exit(0)
	}
	// The window-change forwarder ends when the client's requests do,
	// which the exit brings about; the idle watcher has seen done.
	helpers.Wait()
}

// sorry is what a session that met a bug on the server is told.
const sorry = "something went wrong on the server; sorry"

// runApp runs the app through next, wish's Bubble Tea middleware, which
// calls program and runs what it returns. A panic on the way (making the
// app, say) ends the session; one in the app is the guard's.
func (ss *session) runApp(next ssh.Handler) {
	defer func() {
		if r := recover(); r != nil {
			ss.caught(r, debug.Stack())
		}
	}()
	next(ss)
}

// program makes the app's program for wish's Bubble Tea middleware: the
// app's model behind a guard against panics, on the session as the app
// sees it.
func (s *Server) program(sess ssh.Session) *tea.Program {
	ss := sess.(*session)
	m, done := s.newApp(Session{Context: ss.Context(), Lobby: s.lobby, User: ss.User(), Key: ss.fingerprint(), Playing: &ss.playing,
		In: ss, Out: ss, Env: slices.Clone(ss.env), Profile: ss.profile, Width: ss.pty.Window.Width, Height: ss.pty.Window.Height})
	ss.mu.Lock()
	defer ss.mu.Unlock()
	ss.done = done
	// The terminal's own colour profile replaces the one wish reads from
	// the environment alone (see profile); a signal to the server is not
	// the session's to hear.
	opts := append(bubbletea.MakeOptions(ss), tea.WithColorProfile(ss.profile), tea.WithoutSignalHandler())
	ss.p = tea.NewProgram(&guard{m: m, ss: ss}, opts...)
	if ss.farewell != "" {
		go ss.p.Quit() // told to end before the program was there
	}
	return ss.p
}

// Pty is the pty as the app sees it: the size capped, and window changes
// capped with nonsense (a zero size) left out.
func (ss *session) Pty() (ssh.Pty, <-chan ssh.Window, bool) { return ss.pty, ss.winch, true }

// Environ is the client's environment as the app sees it: the few
// variables that say something about its terminal (see clientEnv).
func (ss *session) Environ() []string { return append([]string(nil), ss.vars...) }

// Read notes when the person last sent anything.
func (ss *session) Read(p []byte) (int, error) {
	n, err := ss.Session.Read(p)
	if n > 0 {
		ss.lastKey.Store(time.Now().UnixNano())
	}
	return n, err
}

// resized passes a window change on to wish's middleware, which reads
// ss.winch while the program runs; a change it has not read yet is
// replaced, and once the program has ended nothing waits.
func (ss *session) resized(w ssh.Window) {
	for {
		select {
		case ss.winch <- w:
			return
		default:
		}
		select {
		case <-ss.winch:
		default:
		}
	}
}

// fingerprint is the SHA256 fingerprint of the key the client logged in
// with, or "".
func (ss *session) fingerprint() string {
	if k := ss.PublicKey(); k != nil {
		return gossh.FingerprintSHA256(k)
	}
	return ""
}

// caught notes a panic in the session: the first is logged and ends the
// program.
func (ss *session) caught(value any, stack []byte) {
	if !ss.panicked.CompareAndSwap(nil, &panicked{value: value, stack: stack}) {
		return
	}
	ss.c.outcome.Store("panic")
	ss.s.log.Error("session panic", "id", ss.c.id, "ip", ss.c.ip, "panic", fmt.Sprint(value), "stack", string(stack))
	if p := ss.program(); p != nil {
		go p.Quit()
	}
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
		if sc, ok := ss.Context().Value(ssh.ContextKeyConn).(*gossh.ServerConn); ok && !finished {
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
				if f := ss.s.idleSpared.Load(); f != nil {
					(*f)(ss.User())
				}
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
	sc, _ := ss.Context().Value(ssh.ContextKeyConn).(*gossh.ServerConn)
	if sc == nil {
		return
	}
	every := ss.s.keepAlive
	for {
		tick, stop := ss.s.clock.After(every)
		select {
		case <-done:
			stop()
			return
		case <-tick:
		}
		answered := make(chan error, 1)
		go func() {
			_, _, err := sc.SendRequest("keepalive@openssh.com", true, nil)
			answered <- err
		}()
		timeout, stop := ss.s.clock.After(every)
		select {
		case err := <-answered:
			stop()
			if err != nil {
				return
			}
			ss.s.answered.Add(1)
		case <-timeout:
			ss.c.outcome.Store("no answer to keepalive")
			_ = sc.Close()
			return
		case <-done:
			stop()
			return
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

// clientEnv is the part of the client's environment the app sees: the
// few variables that say something about its terminal (locale, colours,
// width of ambiguous characters). Everything else is left out; TMUX above
// all, which would make colour detection run tmux on the server.
func clientEnv(sent []string) []string {
	var env []string
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
func profile(detect func(io.Writer, []string) colorprofile.Profile, env []string) colorprofile.Profile {
	p := detect(io.Discard, append(env[:len(env):len(env)], "TTY_FORCE=1"))
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
