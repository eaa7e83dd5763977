package sshd

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	gossh "golang.org/x/crypto/ssh"

	"shogi/app/lobby"
	"shogi/game/usi/usitest"
	"shogi/tui"
)

// testServer is a server on a random loopback port.
type testServer struct {
	*Server
	addr    string
	hostKey gossh.PublicKey
	logs    *usitest.SyncBuffer // the server and the test both touch it
	dir     string
}

// tuiApp is the app shogi serve hands the server (main's sshApp): the
// lobby's screens on the session's terminal.
func tuiApp(s Session) (tea.Model, func()) {
	t := tui.Terminal{In: s.In, Out: s.Out, Env: s.Env, Profile: s.Profile, Width: s.Width, Height: s.Height}
	o := tui.Options{Width: tui.WidthPolicyFromEnv(t.Env), Lang: tui.LangFromEnv(t.Env), ASCII: !tui.UTF8Locale(t.Env)}
	return tui.NewRemote(s.Context, tui.Remote{Lobby: s.Lobby, Name: s.User, Key: s.Key, Playing: s.Playing}, o, t)
}

// startServer runs a server for the test; cfg's zero fields get test
// defaults, and the lobby writes its games to a temporary folder.
func startServer(t testing.TB, cfg Config, lc lobby.Config) *testServer {
	t.Helper()
	key, _, err := LoadHostKey(t.TempDir() + "/host_key")
	if err != nil {
		t.Fatal(err)
	}
	logs := &usitest.SyncBuffer{}
	log := slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	dir := t.TempDir()
	if lc.GamesDir == "" {
		lc.GamesDir = dir
	}
	lc.Log = log
	cfg.HostKey = key
	cfg.App, cfg.Profile = tuiApp, tui.DetectProfile
	cfg.Lobby = lobby.New(lc)
	cfg.Log = log
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	served := make(chan error, 1)
	go func() { served <- s.Serve(ln) }()
	ts := &testServer{Server: s, addr: ln.Addr().String(), hostKey: key.PublicKey(), logs: logs, dir: dir}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := s.Shutdown(ctx); err != nil {
			t.Errorf("Shutdown: %v", err)
		}
		if err := <-served; err != nil {
			t.Errorf("Serve: %v", err)
		}
		if t.Failed() {
			t.Logf("server log:\n%s", logs.String())
		}
	})
	return ts
}

// client is one SSH connection with a session, and the screen it shows.
type client struct {
	t    testing.TB
	conn *gossh.Client
	sess *gossh.Session
	in   io.WriteCloser

	mu     sync.Mutex
	raw    []byte
	stderr bytes.Buffer
	w, h   int
	scr    *screen // raw[:fed] replayed at w×h
	fed    int
	done   chan struct{} // closed when the session ends
	exit   error
}

type dialOpts struct {
	user   string
	term   string
	w, h   int
	noPty  bool
	cmd    string
	env    map[string]string
	signer gossh.Signer
}

// dialConn opens a connection, or fails.
func (ts *testServer) dialConn(o dialOpts) (*gossh.Client, error) {
	if o.user == "" {
		o.user = "tester"
	}
	cc := &gossh.ClientConfig{User: o.user, HostKeyCallback: gossh.FixedHostKey(ts.hostKey), Timeout: 5 * time.Second}
	if o.signer != nil {
		cc.Auth = []gossh.AuthMethod{gossh.PublicKeys(o.signer)}
	}
	return gossh.Dial("tcp", ts.addr, cc)
}

// dial connects and starts a session: a pty and the shell, unless
// o says otherwise.
func (ts *testServer) dial(t testing.TB, o dialOpts) *client {
	t.Helper()
	conn, err := ts.dialConn(o)
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	c, err := startSession(t, conn, o)
	if err != nil {
		t.Fatalf("session: %v", err)
	}
	return c
}

func startSession(t testing.TB, conn *gossh.Client, o dialOpts) (*client, error) {
	if o.term == "" {
		o.term = "xterm-256color"
	}
	if o.w == 0 {
		o.w, o.h = 100, 34
	}
	sess, err := conn.NewSession()
	if err != nil {
		conn.Close()
		return nil, err
	}
	c := &client{t: t, conn: conn, sess: sess, w: o.w, h: o.h, done: make(chan struct{})}
	for k, v := range o.env {
		_ = sess.Setenv(k, v)
	}
	if !o.noPty {
		if err := sess.RequestPty(o.term, o.h, o.w, gossh.TerminalModes{}); err != nil {
			conn.Close()
			return nil, err
		}
	}
	c.in, _ = sess.StdinPipe()
	sess.Stdout = writerFunc(func(p []byte) (int, error) {
		c.mu.Lock()
		c.raw = append(c.raw, p...)
		c.mu.Unlock()
		return len(p), nil
	})
	sess.Stderr = writerFunc(func(p []byte) (int, error) {
		c.mu.Lock()
		c.stderr.Write(p)
		c.mu.Unlock()
		return len(p), nil
	})
	if o.cmd != "" {
		err = sess.Start(o.cmd)
	} else {
		err = sess.Shell()
	}
	if err != nil {
		conn.Close()
		return nil, err
	}
	go func() {
		err := sess.Wait()
		c.mu.Lock()
		c.exit = err
		c.mu.Unlock()
		close(c.done)
	}()
	t.Cleanup(c.close)
	return c, nil
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }

// close hangs up.
func (c *client) close() {
	c.sess.Close()
	c.conn.Close()
}

// screen replays everything received so far: what arrived since the
// last look onto the screen kept from it (everything again after a
// resize), and a sequence still incomplete onto a copy.
func (c *client) screen() *screen {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.scr == nil || c.scr.w != c.w || c.scr.h != c.h {
		c.scr, c.fed = newScreen(c.w, c.h), 0
	}
	c.fed += c.scr.feedWhole(c.raw[c.fed:])
	s := c.scr.clone()
	s.feed(c.raw[c.fed:])
	return s
}

// rawBytes returns everything received so far.
func (c *client) rawBytes() []byte {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]byte(nil), c.raw...)
}

// failAfter bounds the waits for something the server should do (a screen,
// a title, a session's end). It is reached only when that never happens, so
// it is generous: on a loaded machine a session's first screen has taken
// over 10 s to come.
const failAfter = 45 * time.Second

// waitFor waits until the screen shows every one of texts.
func (c *client) waitFor(texts ...string) string {
	c.t.Helper()
	deadline := time.Now().Add(failAfter)
	for {
		s := c.screen().String()
		ok := true
		for _, t := range texts {
			if !strings.Contains(s, t) {
				ok = false
				break
			}
		}
		if ok {
			return s
		}
		if time.Now().After(deadline) {
			c.t.Fatalf("the screen never showed %q:\n%s", texts, s)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// send types keys: text as it is, and a few names.
func (c *client) send(keys ...string) {
	c.t.Helper()
	names := map[string]string{"enter": "\r", "esc": "\x1b", "up": "\x1b[A", "down": "\x1b[B", "right": "\x1b[C",
		"left": "\x1b[D", "tab": "\t", "ctrl+c": "\x03", "ctrl+u": "\x15", "backspace": "\x7f"}
	for _, k := range keys {
		if s, ok := names[k]; ok {
			k = s
		}
		if _, err := io.WriteString(c.in, k); err != nil {
			c.t.Fatalf("send %q: %v", k, err)
		}
		// A lone esc is told from the start of a sequence by a pause.
		time.Sleep(15 * time.Millisecond)
	}
}

// waitExit waits for the session to end and returns what it wrote to
// stderr (which, on a pty, arrives in stdout).
func (c *client) waitExit() (stdout, stderr string, err error) {
	c.t.Helper()
	select {
	case <-c.done:
	case <-time.After(failAfter):
		c.t.Fatal("the session did not end")
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return string(c.raw), c.stderr.String(), c.exit
}

// resize tells the server the window changed.
func (c *client) resize(w, h int) {
	c.t.Helper()
	if err := c.sess.WindowChange(h, w); err != nil {
		c.t.Fatalf("window change: %v", err)
	}
	c.mu.Lock()
	c.w, c.h = min(w, 400), min(h, 200)
	c.mu.Unlock()
}
