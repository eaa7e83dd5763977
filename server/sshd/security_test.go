package sshd

import (
	"bufio"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode"

	tea "charm.land/bubbletea/v2"
	"charm.land/ssh"
	gossh "golang.org/x/crypto/ssh"

	"shogi/app/lobby"
	"shogi/game/match"
)

// exitStatus is a session's exit status (0 when it exited cleanly).
func exitStatus(err error) int {
	var ee *gossh.ExitError
	if errors.As(err, &ee) {
		return ee.ExitStatus()
	}
	if err != nil {
		return -1
	}
	return 0
}

func TestAppRunsAndQuits(t *testing.T) {
	t.Parallel()
	ts := startServer(t, Config{}, lobby.Config{})
	c := ts.dial(t, dialOpts{user: "alice"})
	c.waitFor("Your name: alice")
	c.send("enter")
	c.waitFor("Create a table", "Join a table by its code", "Watch a game", "Play the computer")
	c.send("q")
	if _, _, err := c.waitExit(); exitStatus(err) != 0 {
		t.Fatalf("exit: %v", err)
	}
	waitUntil(t, func() bool { return strings.Contains(ts.logs.String(), `outcome=quit user=alice`) })
}

func TestRefusesCommands(t *testing.T) {
	t.Parallel()
	ts := startServer(t, Config{}, lobby.Config{})
	for _, o := range []dialOpts{{cmd: "ls -la /"}, {cmd: "sh -c 'id'", noPty: true}} {
		c := ts.dial(t, o)
		out, errOut, err := c.waitExit()
		if exitStatus(err) != 1 {
			t.Errorf("%q: exit %v", o.cmd, err)
		}
		if got := out + errOut; !strings.Contains(got, "shogi: this server runs the shogi app and nothing else") || strings.Count(got, "\n") > 1 {
			t.Errorf("%q: refusal %q", o.cmd, got)
		}
	}
}

func TestRefusesSessionsWithoutPty(t *testing.T) {
	t.Parallel()
	ts := startServer(t, Config{}, lobby.Config{})
	c := ts.dial(t, dialOpts{noPty: true})
	_, errOut, err := c.waitExit()
	if exitStatus(err) != 1 || !strings.Contains(errOut, "the shogi app needs a terminal") {
		t.Fatalf("exit %v, stderr %q", err, errOut)
	}
}

func TestRefusesSubsystemsAndForwarding(t *testing.T) {
	t.Parallel()
	ts := startServer(t, Config{}, lobby.Config{})
	conn, err := ts.dialConn(dialOpts{})
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	sess, err := conn.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	if err := sess.RequestSubsystem("sftp"); err == nil {
		t.Error("sftp subsystem accepted")
	}
	sess.Close()
	if _, err := conn.Dial("tcp", ts.addr); err == nil {
		t.Error("local port forwarding (direct-tcpip) accepted")
	}
	if _, err := conn.Listen("tcp", "127.0.0.1:0"); err == nil {
		t.Error("remote port forwarding (tcpip-forward) accepted")
	}
	// One app per connection: a second session channel is refused.
	s1, err := conn.NewSession()
	if err == nil {
		s1.Close()
		if s2, err := conn.NewSession(); err == nil {
			s2.Close()
			t.Error("a second session on one connection was accepted")
		}
	}
}

func TestPerIPLimit(t *testing.T) {
	t.Parallel()
	ts := startServer(t, Config{PerIP: 2, MaxSessions: 10}, lobby.Config{})
	a := ts.dial(t, dialOpts{})
	b := ts.dial(t, dialOpts{})
	a.waitFor("Your name")
	b.waitFor("Your name")
	c := ts.dial(t, dialOpts{})
	_, out, err := c.waitExit()
	if exitStatus(err) != 1 || !strings.Contains(out, "shogi: too many sessions from your address (at most 2 at once)") {
		t.Fatalf("third session: exit %v, %q", err, out)
	}
	// A place freed is a place taken.
	a.send("esc")
	a.waitExit()
	waitUntil(t, func() bool { all, _ := ts.lim.counts("127.0.0.1"); return all == 1 })
	d := ts.dial(t, dialOpts{})
	d.waitFor("Your name")
}

func TestTotalLimit(t *testing.T) {
	t.Parallel()
	ts := startServer(t, Config{PerIP: 10, MaxSessions: 2}, lobby.Config{})
	ts.dial(t, dialOpts{}).waitFor("Your name")
	ts.dial(t, dialOpts{}).waitFor("Your name")
	c := ts.dial(t, dialOpts{})
	_, out, err := c.waitExit()
	if exitStatus(err) != 1 || !strings.Contains(out, "shogi: the server is full (2 sessions)") {
		t.Fatalf("third session: exit %v, %q", err, out)
	}
}

func TestConnectionRateLimit(t *testing.T) {
	t.Parallel()
	ts := startServer(t, Config{PerIP: 10, MaxSessions: 20, PerMinute: 3}, lobby.Config{})
	for range 3 {
		c := ts.dial(t, dialOpts{cmd: "x"})
		c.waitExit()
	}
	c := ts.dial(t, dialOpts{})
	_, out, err := c.waitExit()
	if exitStatus(err) != 1 || !strings.Contains(out, "too many new connections from your address (at most 3 a minute)") {
		t.Fatalf("fourth connection: exit %v, %q", err, out)
	}
	// Far over the rate, connections are closed before the handshake.
	var dropped bool
	for range 4 {
		if _, err := ts.dialConn(dialOpts{}); err != nil {
			dropped = true
		}
	}
	if !dropped {
		t.Error("a flood of connections was let through the handshake")
	}
}

func TestAuthorizedKeys(t *testing.T) {
	t.Parallel()
	keyOf := func() gossh.Signer {
		_, priv, _ := ed25519.GenerateKey(rand.Reader)
		s, err := gossh.NewSignerFromKey(priv)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	good, bad := keyOf(), keyOf()
	path := filepath.Join(t.TempDir(), "authorized_keys")
	line := "# the one key\n\n" + string(gossh.MarshalAuthorizedKey(good.PublicKey()))
	if err := os.WriteFile(path, []byte(line), 0o600); err != nil {
		t.Fatal(err)
	}
	keys, err := ReadAuthorizedKeys(path)
	if err != nil {
		t.Fatal(err)
	}
	ts := startServer(t, Config{AuthorizedKeys: keys}, lobby.Config{})
	if _, err := ts.dialConn(dialOpts{}); err == nil {
		t.Error("a client without a key got in")
	}
	if _, err := ts.dialConn(dialOpts{signer: bad}); err == nil {
		t.Error("a client with another key got in")
	}
	c := ts.dial(t, dialOpts{signer: good})
	c.waitFor("Your name")

	if err := os.WriteFile(path, []byte("ssh-ed25519 not-base64 x\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	var le *KeyLineError
	if _, err := ReadAuthorizedKeys(path); !errors.As(err, &le) || le.Path != path || le.Line != 1 {
		t.Errorf("a bad line: %v", err)
	}
}

func TestHostKeyCreatedOnceAndKept(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "cfg", "shogi", "ssh_host_ed25519_key")
	k1, created, err := LoadHostKey(path)
	if err != nil || !created {
		t.Fatalf("first load: created %v, %v", created, err)
	}
	k2, created, err := LoadHostKey(path)
	if err != nil || created {
		t.Fatalf("second load: created %v, %v", created, err)
	}
	if string(k1.PublicKey().Marshal()) != string(k2.PublicKey().Marshal()) {
		t.Fatal("the host key changed between starts")
	}
	if k1.PublicKey().Type() != gossh.KeyAlgoED25519 {
		t.Fatalf("host key type %s", k1.PublicKey().Type())
	}
	fi, err := os.Stat(path)
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("host key mode %v, %v", fi.Mode(), err)
	}
	if err := os.WriteFile(path, []byte("garbage"), 0o600); err != nil {
		t.Fatal(err)
	}
	var ke *HostKeyError
	if _, _, err := LoadHostKey(path); !errors.As(err, &ke) || ke.Path != path {
		t.Fatalf("a corrupt key: %v", err)
	}
}

func TestGarbageAndHugeWindowSizes(t *testing.T) {
	t.Parallel()
	ts := startServer(t, Config{}, lobby.Config{})
	// A pty request as large as the protocol allows.
	c := ts.dial(t, dialOpts{w: 1<<31 - 1, h: 1<<31 - 1, term: "\x1b]0;evil\x07"})
	c.resize(400, 200)
	c.waitFor("Your name")
	for _, sz := range [][2]int{{0, 0}, {1, 1}, {1<<31 - 1, 3}, {5, 1<<31 - 1}, {100000, 100000}} {
		if err := c.sess.WindowChange(sz[1], sz[0]); err != nil {
			t.Fatalf("window change %v: %v", sz, err)
		}
	}
	// Malformed window-change and pty requests: short, empty, nonsense.
	for _, p := range [][]byte{nil, {1, 2, 3}, make([]byte, 3), []byte(strings.Repeat("\xff", 64))} {
		_, _ = c.sess.SendRequest("window-change", true, p)
		_, _ = c.sess.SendRequest("pty-req", true, p)
		_, _ = c.sess.SendRequest("env", true, p)
	}
	// Garbage typed: broken escape sequences, invalid UTF-8, controls, in
	// one write (between writes a pause would make a cut-off sequence a
	// lone esc, which leaves the name prompt, however loaded the machine).
	c.send(strings.Join([]string{"\x1b[", "\x1b[999999999999999999999;1H", "\xff\xfe\xc3", "\x1b]52;c;AAAA", "\x00\x01\x02\x1b\x1b[M   ",
		"\x1b[<0;99999;99999M", "\x1bP+q544e\x1b\\", strings.Repeat("\x1b[1;5A", 200)}, ""))
	// The session is alive and draws within the cap.
	c.resize(90, 30)
	c.waitFor("Your name")
	c.send("enter")
	c.waitFor("Create a table")
	c.send("q")
	if _, _, err := c.waitExit(); exitStatus(err) != 0 {
		t.Fatalf("exit %v", err)
	}
	waitUntil(t, func() bool { return strings.Contains(ts.logs.String(), "size=2147483647x2147483647") })
	if strings.Contains(ts.logs.String(), "\x1b") {
		t.Error("an escape sequence reached the log")
	}
}

func TestClampsWindow(t *testing.T) {
	t.Parallel()
	s := &Server{cfg: Config{MaxWidth: 400, MaxHeight: 200}}
	for _, tc := range []struct{ w, h, ww, wh int }{
		{80, 24, 80, 24}, {0, 24, 0, 0}, {80, 0, 0, 0}, {-1, 5, 0, 0}, {1 << 31, 1 << 31, 400, 200}, {401, 10, 400, 10},
	} {
		w, h := s.clamp(windowOf(tc.w, tc.h))
		if w != tc.ww || h != tc.wh {
			t.Errorf("clamp(%d×%d) = %d×%d, want %d×%d", tc.w, tc.h, w, h, tc.ww, tc.wh)
		}
	}
}

func TestIdleSessionClosed(t *testing.T) {
	t.Parallel()
	ts := startServer(t, Config{Idle: 300 * time.Millisecond}, lobby.Config{})
	c := ts.dial(t, dialOpts{})
	// No wait for the first screen: on a loaded machine the 300 ms could
	// pass before the test saw it (CI), and the claim is the closing.
	out, _, _ := c.waitExit()
	if !strings.Contains(out, "shogi: closed after 300ms without a key pressed") {
		t.Fatalf("idle session: %q", out[max(0, len(out)-200):])
	}
}

// TestPanicInOneSessionLeavesOthers: a panic while the app is made, or
// in the app's Init, Update, View or a command (alone, in a batch, in a
// sequence) ends that session, which is told in a line and exits 1, and
// is logged with its value; another session goes on.
func TestPanicInOneSessionLeavesOthers(t *testing.T) {
	t.Parallel()
	ts := startServer(t, Config{PerIP: 20}, lobby.Config{})
	newApp := ts.newApp
	ts.newApp = func(s Session) (tea.Model, func()) {
		if s.User == "fine" {
			return newApp(s)
		}
		if s.User == "making" {
			panic("a bug in making")
		}
		return panicModel{where: s.User}, func() {}
	}
	ok := ts.dial(t, dialOpts{user: "fine"})
	ok.waitFor("Your name: fine")
	cases := []string{"making", "init", "update", "view", "cmd", "batch", "sequence"}
	for _, user := range cases {
		c := ts.dial(t, dialOpts{user: user})
		if user != "making" && user != "init" {
			c.waitFor("ready")
			c.send("x")
		}
		out, errOut, err := c.waitExit()
		if got := out + errOut; exitStatus(err) != 1 || !strings.Contains(got, "shogi: something went wrong on the server; sorry") {
			t.Errorf("%s: exit %v, %q", user, err, got)
		}
		waitUntil(t, func() bool { return strings.Contains(ts.logs.String(), "panic=\"a bug in "+user+"\"") })
	}
	if got := strings.Count(ts.logs.String(), "session panic"); got != len(cases) {
		t.Errorf("%d panics logged, want %d:\n%s", got, len(cases), ts.logs.String())
	}
	// Each connection's line is written once it has closed.
	waitUntil(t, func() bool { return strings.Count(ts.logs.String(), "outcome=panic") == len(cases) })
	ok.send("enter")
	ok.waitFor("Create a table")
}

// panicModel panics where it is told to, once a key is pressed.
type panicModel struct {
	where   string
	pressed bool
}

func (m panicModel) boom(where string) {
	if m.where == where {
		panic("a bug in " + where)
	}
}

func (m panicModel) Init() tea.Cmd {
	m.boom("init")
	return nil
}

func (m panicModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if _, ok := msg.(tea.KeyPressMsg); !ok || m.pressed {
		return m, nil
	}
	m.pressed = true
	m.boom("update")
	cmd := func() tea.Msg {
		m.boom("cmd")
		m.boom("batch")
		m.boom("sequence")
		return nil
	}
	switch m.where {
	case "batch":
		return m, tea.Batch(func() tea.Msg { return nil }, cmd)
	case "sequence":
		return m, tea.Sequence(func() tea.Msg { return nil }, cmd)
	}
	return m, cmd
}

func (m panicModel) View() tea.View {
	if m.pressed {
		m.boom("view")
	}
	return tea.NewView("ready")
}

// TestNoGoroutineLeak: 20 sessions — 8 of them players at 4 tables who
// play a move each and drop, the rest in the menu, half quitting and
// half hanging up — leave no goroutine behind once the tables' games
// have been forfeited and the tables closed.
func TestNoGoroutineLeak(t *testing.T) {
	ts := startServer(t, Config{PerIP: 100, MaxSessions: 100, PerMinute: 1000},
		lobby.Config{Grace: 200 * time.Millisecond, Linger: 200 * time.Millisecond})
	settle := func() int {
		runtime.GC()
		time.Sleep(50 * time.Millisecond)
		return runtime.NumGoroutine()
	}
	before := settle()
	// Each way of ending is taken at least four times (a quit from the
	// lobby, a hang-up in the lobby, at a table): a goroutine left per
	// session of any kind is over the margin of two.
	const n, tables = 20, 4
	// The tables are seated side by side, each in a subtest whose end
	// hangs its two players up without a word.
	t.Run("tables", func(t *testing.T) {
		for i := range tables {
			t.Run(strconv.Itoa(i), func(t *testing.T) {
				t.Parallel()
				a := ts.dial(t, dialOpts{user: fmt.Sprintf("a%d", i)})
				code := openTable(t, ts, a, fmt.Sprintf("a%d", i))
				b := ts.dial(t, dialOpts{user: fmt.Sprintf("b%d", i)})
				joinTable(t, b, fmt.Sprintf("b%d", i), code)
				a.waitTitle("move 1 ")
				a.send("7g7f", "enter")
				b.waitTitle("move 2 ")
			})
		}
	})
	if t.Failed() {
		t.FailNow()
	}
	var clients []*client
	for range n - 2*tables {
		clients = append(clients, ts.dial(t, dialOpts{}))
	}
	for _, c := range clients {
		c.waitFor("Your name")
	}
	for i, c := range clients {
		if i%2 == 0 {
			c.send("esc") // quits
			c.waitExit()
		}
		c.close() // the others hang up without a word
	}
	waitUntil(t, func() bool { return len(ts.Lobby().Tables()) == 0 })
	var after int
	deadline := time.Now().Add(10 * time.Second)
	for {
		after = settle()
		if after <= before+2 || time.Now().After(deadline) {
			break
		}
	}
	t.Logf("goroutines: %d before, %d after %d sessions", before, after, n)
	if after > before+2 {
		buf := make([]byte, 1<<20)
		t.Fatalf("%d goroutines before, %d after %d sessions:\n%s", before, after, n, buf[:runtime.Stack(buf, true)])
	}
	if got := strings.Count(ts.logs.String(), `msg="game over"`); got != tables {
		t.Errorf("%d games over in the log, want %d", got, tables)
	}
}

func waitUntil(t *testing.T, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(failAfter)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatal("timed out")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func windowOf(w, h int) ssh.Window { return ssh.Window{Width: w, Height: h} }

// TestStrictKeyExchange checks the server offers strict key exchange,
// the countermeasure to the Terrapin attack (CVE-2023-48795) that
// golang.org/x/crypto has from v0.17.0: its first key-exchange message
// names kex-strict-s-v00@openssh.com.
func TestStrictKeyExchange(t *testing.T) {
	t.Parallel()
	ts := startServer(t, Config{}, lobby.Config{})
	conn, err := net.DialTimeout("tcp", ts.addr, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(5 * time.Second))
	if _, err := conn.Write([]byte("SSH-2.0-probe\r\n")); err != nil {
		t.Fatal(err)
	}
	r := bufio.NewReader(conn)
	version, err := r.ReadString('\n')
	if err != nil || !strings.HasPrefix(version, "SSH-2.0-") {
		t.Fatalf("version line %q: %v", version, err)
	}
	var head [5]byte
	if _, err := io.ReadFull(r, head[:]); err != nil {
		t.Fatal(err)
	}
	n := binary.BigEndian.Uint32(head[:4])
	if n > 1<<16 {
		t.Fatalf("packet of %d bytes", n)
	}
	packet := make([]byte, n-1)
	if _, err := io.ReadFull(r, packet); err != nil {
		t.Fatal(err)
	}
	const msgKexInit = 20
	if packet[0] != msgKexInit {
		t.Fatalf("first message %d, want KEXINIT", packet[0])
	}
	rest := packet[1+16:] // the cookie
	l := binary.BigEndian.Uint32(rest[:4])
	kex := strings.Split(string(rest[4:4+l]), ",")
	if !slices.Contains(kex, "kex-strict-s-v00@openssh.com") {
		t.Fatalf("key exchange methods %v lack strict key exchange", kex)
	}
}

// TestSessionMustStartInTime: a connection that has not started the app
// within the limit is closed, whether it never began the SSH handshake
// or logged in and asked for nothing.
func TestSessionMustStartInTime(t *testing.T) {
	t.Parallel()
	// A second: a loaded machine has taken over 300 ms for a handshake
	// and a session.
	ts := startServer(t, Config{Handshake: time.Second}, lobby.Config{})
	// A session started in time, before the others connect: once they
	// have been closed for the limit, it has lived past it.
	c := ts.dial(t, dialOpts{})
	raw, err := net.DialTimeout("tcp", ts.addr, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	conn, err := ts.dialConn(dialOpts{user: "silent"})
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	// The server closes the bare TCP connection: reading it ends.
	_ = raw.SetReadDeadline(time.Now().Add(5 * time.Second))
	if _, err := io.Copy(io.Discard, raw); err != nil {
		t.Errorf("the connection without a handshake was not closed: %v", err)
	}
	closed := make(chan error, 1)
	go func() { closed <- conn.Wait() }()
	select {
	case <-closed:
	case <-time.After(5 * time.Second):
		t.Fatal("the connection without a session was not closed")
	}
	waitUntil(t, func() bool { return strings.Count(ts.logs.String(), `outcome="no session in time"`) == 2 })
	// The session started in time is not cut when the limit has passed.
	c.waitFor("Your name")
	c.send("enter")
	c.waitFor("Create a table")
}

// TestKeepAlive: a client that stops answering keepalives is taken for
// gone and its connection closed; one that answers stays. The keepalive
// timers run on a fake clock that moves only once every session is
// waiting on it, so a slow machine cannot make a living client look dead.
func TestKeepAlive(t *testing.T) {
	t.Parallel()
	ts := startServer(t, Config{}, lobby.Config{})
	clock := match.NewFakeTime(time.Unix(0, 0))
	ts.keepAlive, ts.clock = time.Minute, clock
	p := newProxy(t, ts.addr)
	mute := (&testServer{Server: ts.Server, addr: p.addr, hostKey: ts.hostKey}).dial(t, dialOpts{user: "mute"})
	mute.waitFor("Your name: mute")
	alive := ts.dial(t, dialOpts{user: "alive"})
	alive.waitFor("Your name: alive")
	p.freeze()
	// Both sessions wait for their first keepalive.
	waitUntil(t, func() bool { return clock.Timers() == 2 })
	clock.Advance(time.Minute)
	// The living client answered and waits for the next; the mute one's
	// question is still open.
	waitUntil(t, func() bool { return ts.answered.Load() == 1 && clock.Timers() == 2 })
	if strings.Contains(ts.logs.String(), "no answer to keepalive") {
		t.Fatalf("a session closed before its time to answer ran out:\n%s", ts.logs.String())
	}
	clock.Advance(time.Minute)
	waitUntil(t, func() bool { return strings.Contains(ts.logs.String(), `outcome="no answer to keepalive" user=mute`) })
	waitUntil(t, func() bool { return ts.answered.Load() == 2 })
	alive.send("enter")
	alive.waitFor("Create a table")
	if strings.Contains(ts.logs.String(), "user=alive") {
		t.Errorf("the session that answers keepalives ended:\n%s", ts.logs.String())
	}
}

// proxy passes a TCP connection on to addr until frozen, when it stops
// passing anything either way, as a network that has gone does.
type proxy struct {
	addr   string
	frozen chan struct{}
}

func newProxy(t *testing.T, to string) *proxy {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	p := &proxy{addr: ln.Addr().String(), frozen: make(chan struct{})}
	go func() {
		for {
			in, err := ln.Accept()
			if err != nil {
				return
			}
			out, err := net.Dial("tcp", to)
			if err != nil {
				in.Close()
				return
			}
			t.Cleanup(func() { in.Close(); out.Close() })
			go p.pass(out, in)
			go p.pass(in, out)
		}
	}()
	return p
}

func (p *proxy) freeze() { close(p.frozen) }

// pass copies from src to dst until frozen or either end closes.
func (p *proxy) pass(dst io.Writer, src io.Reader) {
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		select {
		case <-p.frozen:
			return
		default:
		}
		if _, werr := dst.Write(buf[:n]); werr != nil || err != nil {
			return
		}
	}
}

// TestClientTerminal: each session gets its own client's terminal: the
// language and character set from its locale, the colours from its TERM
// and COLORTERM, never the server's; other variables are not passed on.
func TestClientTerminal(t *testing.T) {
	t.Setenv("LANG", "ja_JP.UTF-8")
	t.Setenv("COLORTERM", "truecolor")
	ts := startServer(t, Config{}, lobby.Config{})
	type terminalCase struct {
		user, term string
		env        map[string]string
		prompt     string
		profile    string
		sgr        string // a colour sequence of that profile
	}
	var cases []terminalCase
	var clients []*client
	for _, tc := range []terminalCase{
		{"ja", "xterm-256color", map[string]string{"LANG": "ja_JP.UTF-8", "TMUX": "/tmp/tmux-0/default,1,0"}, "お名前: ja", "ANSI256", "38;5;"},
		{"truecolor", "xterm", map[string]string{"LANG": "en_US.UTF-8", "COLORTERM": "truecolor"}, "Your name: truecolor", "TrueColor", "38;2;"},
		{"plain", "dumb", map[string]string{"LC_ALL": "C"}, "Your name: plain", "Ascii", ""},
	} {
		// The sessions start side by side, each looked at in turn.
		cases = append(cases, tc)
		clients = append(clients, ts.dial(t, dialOpts{user: tc.user, term: tc.term, env: tc.env}))
	}
	for i, tc := range cases {
		c := clients[i]
		c.waitFor(tc.prompt)
		c.send("enter")
		c.waitFor(map[bool]string{true: "対局室を作る", false: "Create a table"}[tc.user == "ja"])
		raw := string(c.rawBytes())
		for _, sgr := range []string{"38;5;", "38;2;"} {
			if got := strings.Contains(raw, sgr); got != (sgr == tc.sgr) {
				t.Errorf("%s: colour sequences %q: %v", tc.user, sgr, got)
			}
		}
		// A C locale gets ASCII alone: no box drawing, no Japanese.
		if i := strings.IndexFunc(raw, func(r rune) bool { return r > unicode.MaxASCII }); (i >= 0) == (tc.user == "plain") {
			t.Errorf("%s: a character beyond ASCII at %d of %q", tc.user, i, raw)
		}
		c.send("q")
		c.waitExit()
		// The client hangs up once its session ends, as OpenSSH's does
		// (the server would in half a second), and the connection's line
		// is logged.
		c.close()
		waitUntil(t, func() bool {
			return strings.Contains(ts.logs.String(), "user="+tc.user+` key="" term=`+tc.term+" size=100x34 profile="+tc.profile)
		})
	}
}

// TestClientEnv: of what a client sends, the app sees only the variables
// that describe its terminal, in the order sent.
func TestClientEnv(t *testing.T) {
	sent := []string{"TMUX=/tmp/tmux-0/default,1,0", "LANG=ja_JP.UTF-8", "PATH=/evil", "LC_ALL=C", "COLORTERM=truecolor",
		"LD_PRELOAD=/evil.so", "NO_COLOR=1", "TERM=dumb", "noequals", "LC_CTYPE=" + strings.Repeat("x", 300), "RUNEWIDTH_EASTASIAN=1"}
	want := []string{"LANG=ja_JP.UTF-8", "LC_ALL=C", "COLORTERM=truecolor", "NO_COLOR=1", "RUNEWIDTH_EASTASIAN=1"}
	if got := clientEnv(sent); !slices.Equal(got, want) {
		t.Errorf("clientEnv = %q, want %q", got, want)
	}
}
