package csa

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"os"
	"strings"
	"sync"
	"time"

	"shogi/game/lines"
)

// Config says how to reach a server and who logs in.
type Config struct {
	Addr     string // host:port
	ID       string // the login name
	Password string // never written to the log
	// X1 logs in with the extended mode (LOGIN id password x1): no
	// automatic pairing; the client asks for games with Game.
	X1 bool
	// Log receives the transcript (">" sent, "<" received), the password
	// masked. Nil discards it.
	Log *log.Logger
	// Timeout bounds the wait for an answer that comes at once: the
	// connection, LOGIN, a move's confirmation, x1's lists, LOGOUT
	// (default 30 s). START, which waits for the other side to agree,
	// may take up to three minutes more.
	Timeout time.Duration
	// KeepAlive, when > 0, sends a blank line whenever the client has
	// sent nothing for this long (floodgate asks for no more than one a
	// 30 s).
	KeepAlive time.Duration
	// Grace is how long past a side's time the client waits for the
	// server to end the turn before it gives up on the server (default
	// 2 min: shogi-server judges a silent player's time once a minute).
	Grace time.Duration
	// Margin is kept back from what our player is told of its time
	// (match.Config.Reserve): the server judges time to the millisecond
	// from when it sent the last move to when ours arrives, and an
	// engine's own overrun, the network both ways and a loaded machine all
	// count. 0 is DefaultMargin; a negative Margin keeps nothing back.
	Margin time.Duration
	// Silence is how long the server may leave our move unconfirmed, or
	// a turn past its time unended, before the game reports it Silent
	// (default 2 s: a server confirms a move at once).
	Silence time.Duration
	// Pairing bounds the wait for a game to be proposed; 0 waits as
	// long as the context allows (floodgate pairs every half hour).
	Pairing time.Duration
}

// DefaultMargin is the Margin unless set: Fairy-Stockfish, told the whole
// of a 2 s byōyomi, lost every game on the reference server on time by
// some 15 ms; half a second also covers a round trip across the world.
const DefaultMargin = 500 * time.Millisecond

// startWait is how much longer than Timeout START may take: the server
// waits for the other side's AGREE (shogi-server gives up after 120 s,
// noticed within a minute).
const startWait = 3 * time.Minute

// Client is one connection to a server, logged in. Its methods are not
// safe for concurrent use, except Close.
type Client struct {
	cfg   Config
	conn  net.Conn
	lines chan readLine // from the reader; closed when the connection ends
	done  chan struct{} // closed by Close

	wmu       sync.Mutex // guards writes and lastWrite
	lastWrite time.Time
	closeOnce sync.Once
	broken    error // the fault that ended the connection
	name      string
}

type readLine struct {
	text string
	err  error // the read error that ended the connection
}

// maxLine is the longest line read whole; the rest of a longer one is
// dropped.
const maxLine = 64 << 10

// Dial connects to the server and logs in. In x1 mode it also reads the
// server's x1 greeting. On failure the connection is closed and the error
// is an *Error (or ctx's error).
func Dial(ctx context.Context, cfg Config) (*Client, error) {
	if cfg.Timeout <= 0 {
		cfg.Timeout = 30 * time.Second
	}
	if cfg.Grace <= 0 {
		cfg.Grace = 2 * time.Minute
	}
	if cfg.Margin == 0 {
		cfg.Margin = DefaultMargin
	}
	if cfg.Silence <= 0 {
		cfg.Silence = 2 * time.Second
	}
	c := &Client{cfg: cfg, lines: make(chan readLine, 256), done: make(chan struct{})}
	if !goodToken(cfg.ID) || strings.ContainsAny(cfg.Password, " \t\r\n") || cfg.Password == "" {
		return nil, c.fail("login", Refused, "", "the name must be one word and the password one word without spaces", nil)
	}
	d := net.Dialer{Timeout: cfg.Timeout}
	conn, err := d.DialContext(ctx, "tcp", cfg.Addr)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, c.fail("connecting", Unreachable, "", "cannot connect", err)
	}
	if tc, ok := conn.(*net.TCPConn); ok {
		tc.SetNoDelay(true) // a move is one short line: send it now
	}
	c.conn = conn
	c.lastWrite = time.Now()
	go c.read()
	if cfg.KeepAlive > 0 {
		go c.keepAlive()
	}
	if err := c.login(ctx); err != nil {
		c.Close()
		return nil, err
	}
	return c, nil
}

// Name returns the name the server logged the client in as.
func (c *Client) Name() string { return c.name }

func (c *Client) logf(format string, args ...any) {
	if c.cfg.Log != nil {
		c.cfg.Log.Printf("csa %s "+format, append([]any{c.cfg.Addr}, args...)...)
	}
}

func (c *Client) fail(op string, k Kind, line, msg string, err error) *Error {
	return &Error{Server: c.cfg.Addr, Kind: k, Op: op, Line: clip(line), Msg: msg, Err: err}
}

// read passes the server's lines to c.lines until the connection ends.
func (c *Client) read() {
	defer close(c.lines)
	r := lines.NewReader(quickAckReader{c.conn}, maxLine)
	for {
		line, err := r.Next()
		if err != nil {
			select {
			case c.lines <- readLine{err: err}:
			case <-c.done:
			}
			return
		}
		line = strings.TrimSuffix(line, "\r")
		c.logf("< %s", line)
		select {
		case c.lines <- readLine{text: line}:
		case <-c.done:
			return
		}
	}
}

// quickAckReader asks for quick acknowledgements before every read of the
// connection (Linux turns them off again after a while).
type quickAckReader struct{ conn net.Conn }

func (q quickAckReader) Read(p []byte) (int, error) {
	quickAck(q.conn)
	return q.conn.Read(p)
}

// keepAlive sends a blank line whenever the client has been quiet for
// KeepAlive.
func (c *Client) keepAlive() {
	every := c.cfg.KeepAlive
	t := time.NewTimer(every)
	defer t.Stop()
	for {
		select {
		case <-c.done:
			return
		case <-t.C:
		}
		c.wmu.Lock()
		quiet := time.Since(c.lastWrite)
		c.wmu.Unlock()
		if quiet >= every {
			if c.send("", "") != nil {
				return
			}
			quiet = 0
		}
		t.Reset(every - quiet)
	}
}

// send writes one line; shown, when not empty, is what the log says
// instead (a LOGIN without its password).
func (c *Client) send(line, shown string) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	if c.broken != nil {
		return c.broken
	}
	select {
	case <-c.done:
		return c.fail("sending", Closed, "", "the client is closed", nil)
	default:
	}
	if shown == "" {
		shown = line
	}
	c.logf("> %s", shown)
	c.conn.SetWriteDeadline(time.Now().Add(c.cfg.Timeout))
	_, err := c.conn.Write([]byte(line + "\n"))
	c.lastWrite = time.Now()
	if err != nil {
		what := "sending " + strings.Fields(shown + " ")[0]
		if line == "" {
			what = "sending a keep-alive"
		}
		if errors.Is(err, os.ErrDeadlineExceeded) {
			c.broken = c.fail(what, Timeout, "", fmt.Sprintf("the server took nothing for %v", c.cfg.Timeout), err)
		} else {
			c.broken = c.fail(what, Dropped, "", "the connection dropped", err)
		}
		return c.broken
	}
	return nil
}

// until returns a channel that fires once d has passed (nil, never, for
// d <= 0) and the function that releases it.
func until(d time.Duration) (<-chan time.Time, func()) {
	if d <= 0 {
		return nil, func() {}
	}
	t := time.NewTimer(d)
	return t.C, func() { t.Stop() }
}

// next returns the server's next line that is not blank, read as a
// Message, waiting up to timeout (0: for ctx alone). op says what the
// client waits for, for errors. A line that does not read is a Garbage
// *Error.
func (c *Client) next(ctx context.Context, op string, timeout time.Duration) (Message, string, error) {
	tc, stop := until(timeout)
	defer stop()
	return c.message(ctx, op, tc, timeout)
}

// message is next with a deadline that may span several calls: tc fires
// when timeout has passed.
func (c *Client) message(ctx context.Context, op string, tc <-chan time.Time, timeout time.Duration) (Message, string, error) {
	for {
		line, err := c.raw(ctx, op, tc, timeout)
		if err != nil {
			return nil, "", err
		}
		m, err := ParseLine(line)
		if err != nil {
			return nil, line, c.fail(op, Garbage, line, "the server sent a line that is not the protocol", nil)
		}
		if _, ok := m.(Blank); ok {
			continue
		}
		return m, line, nil
	}
}

// raw returns the next line as it came.
func (c *Client) raw(ctx context.Context, op string, tc <-chan time.Time, timeout time.Duration) (string, error) {
	if err := c.brokenErr(); err != nil {
		return "", err
	}
	select {
	case l, ok := <-c.lines:
		if !ok || l.err != nil {
			select {
			case <-c.done:
				return "", c.fail(op, Closed, "", "the client is closed", nil)
			default:
			}
			err := l.err
			msg := "the connection dropped"
			if err == nil || errors.Is(err, io.EOF) {
				msg, err = "the server closed the connection", nil
			}
			return "", c.breaks(c.fail(op, Dropped, "", msg, err))
		}
		return l.text, nil
	case <-tc:
		return "", c.fail(op, Timeout, "", fmt.Sprintf("no answer within %v", timeout), nil)
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

func (c *Client) login(ctx context.Context) error {
	line := "LOGIN " + c.cfg.ID + " " + c.cfg.Password
	shown := "LOGIN " + c.cfg.ID + " *****"
	if c.cfg.X1 {
		line += " x1"
		shown += " x1"
	}
	if err := c.send(line, shown); err != nil {
		return err
	}
	const op = "waiting for the answer to LOGIN"
	m, _, err := c.next(ctx, op, c.cfg.Timeout)
	if err != nil {
		return err
	}
	switch m := m.(type) {
	case LoginOK:
		c.name = m.Name
	case LoginIncorrect:
		// shogi-server says why on the next line when it knows (a name
		// already logged in); it is not the protocol, so take it raw.
		why := ""
		t := time.NewTimer(200 * time.Millisecond)
		defer t.Stop()
		if l, err := c.raw(ctx, op, t.C, 0); err == nil {
			why = l
		}
		msg := "the server refused the name or the password"
		if why != "" {
			msg += ": " + clip(why)
		}
		return c.fail("login", Refused, "", msg, nil)
	default:
		return c.fail(op, Garbage, fmt.Sprint(m), "the server answered LOGIN with something else", nil)
	}
	if c.cfg.X1 {
		// shogi-server greets the extended mode with ##[LOGIN] +OK x1.
		m, _, err := c.next(ctx, "waiting for the x1 greeting", c.cfg.Timeout)
		if err != nil {
			return err
		}
		if x, ok := m.(X1); !ok || x.Tag != "LOGIN" || !strings.HasPrefix(x.Text, "+OK") {
			return c.fail("waiting for the x1 greeting", Garbage, fmt.Sprint(m), "the server does not speak x1 (no ##[LOGIN] +OK x1)", nil)
		}
	}
	return nil
}

func (c *Client) brokenErr() error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	return c.broken
}

// breaks records the fault that ended the connection (the first one
// stands) and returns it.
func (c *Client) breaks(err *Error) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	if c.broken == nil {
		c.broken = err
	}
	return c.broken
}

// Close ends the connection at once. It is safe to call more than once.
func (c *Client) Close() error {
	c.closeOnce.Do(func() {
		close(c.done)
		if c.conn != nil {
			c.conn.Close()
		}
	})
	return nil
}

// Logout sends LOGOUT, waits for LOGOUT:completed and closes the
// connection.
func (c *Client) Logout(ctx context.Context) error {
	defer c.Close()
	if err := c.send("LOGOUT", ""); err != nil {
		return err
	}
	for {
		m, _, err := c.next(ctx, "waiting for LOGOUT:completed", c.cfg.Timeout)
		if err != nil {
			var e *Error
			if errors.As(err, &e) && e.Kind == Dropped {
				return nil // some servers just close
			}
			return err
		}
		if _, ok := m.(LogoutCompleted); ok {
			return nil
		}
	}
}

// Game asks an x1 server for a game (%%GAME): name is a game name as the
// server knows them ("testgame-300-10", "floodgate-600-10F"), turn "+",
// "-" or "*" (either). The server answers with a summary when it pairs
// the client; WaitSummary waits for it.
func (c *Client) Game(name, turn string) error {
	if !c.cfg.X1 {
		return c.fail("%%GAME", ServerError, "", "%%GAME needs the x1 mode", nil)
	}
	if !goodToken(name) || (turn != "+" && turn != "-" && turn != "*") {
		return c.fail("%%GAME", ServerError, "", fmt.Sprintf("bad game name %q or turn %q (+, - or *)", name, turn), nil)
	}
	return c.send("%%GAME "+name+" "+turn, "")
}

// List returns the ids of the games the server is playing (x1's %%LIST).
func (c *Client) List(ctx context.Context) ([]string, error) {
	lines, err := c.x1List(ctx, "%%LIST", "LIST")
	return lines, err
}

// Who is one player logged in, as x1's %%WHO lists them.
type Who struct {
	Name, Protocol, Status string
	// Game and Turn are set while the player waits for or plays a game.
	Game, Turn string
}

// Who returns the players logged in (x1's %%WHO).
func (c *Client) Who(ctx context.Context) ([]Who, error) {
	lines, err := c.x1List(ctx, "%%WHO", "WHO")
	if err != nil {
		return nil, err
	}
	var out []Who
	for _, l := range lines {
		f := strings.Fields(l)
		if len(f) < 3 {
			return nil, c.fail("reading %%WHO", Garbage, l, "a player is NAME PROTOCOL STATUS [GAME TURN]", nil)
		}
		w := Who{Name: f[0], Protocol: f[1], Status: f[2]}
		if len(f) >= 5 {
			w.Game, w.Turn = f[3], f[4]
		}
		out = append(out, w)
	}
	return out, nil
}

// x1List sends cmd and reads ##[tag] lines up to ##[tag] +OK.
func (c *Client) x1List(ctx context.Context, cmd, tag string) ([]string, error) {
	if !c.cfg.X1 {
		return nil, c.fail(cmd, ServerError, "", cmd+" needs the x1 mode", nil)
	}
	if err := c.send(cmd, ""); err != nil {
		return nil, err
	}
	op := "reading " + cmd
	var out []string
	for {
		m, line, err := c.next(ctx, op, c.cfg.Timeout)
		if err != nil {
			return nil, err
		}
		x, ok := m.(X1)
		switch {
		case ok && x.Tag == tag && x.Text == "+OK":
			return out, nil
		case ok && x.Tag == tag:
			out = append(out, x.Text)
		case ok && x.Tag == "ERROR":
			return nil, c.fail(op, ServerError, line, "the server refused: "+x.Text, nil)
		case ok:
			c.logf("ignored while %s: %s", op, line)
		default:
			return nil, c.fail(op, Garbage, line, "the server sent something else", nil)
		}
	}
}

// WaitSummary waits for the server to propose a game and reads its
// summary. x1 replies that come meanwhile are logged; ##[ERROR] (a game
// the server refuses) is an *Error (ServerError).
func (c *Client) WaitSummary(ctx context.Context) (*Summary, error) {
	const op = "waiting for a game"
	tc, stop := until(c.cfg.Pairing)
	defer stop()
	for {
		m, line, err := c.message(ctx, op, tc, c.cfg.Pairing)
		if err != nil {
			return nil, err
		}
		switch m := m.(type) {
		case SummaryBegin:
			return c.readSummary(ctx)
		case X1:
			if m.Tag == "ERROR" {
				return nil, c.fail(op, ServerError, line, "the server refused: "+m.Text, nil)
			}
			c.logf("ignored while %s: %s", op, line)
		case ResultLine, Special:
			// The tail of a game already over (#CHUDAN's outcome).
			c.logf("ignored while %s: %s", op, line)
		default:
			return nil, c.fail(op, Garbage, line, "the server sent something else before a game summary", nil)
		}
	}
}

// readSummary reads a summary's lines after BEGIN Game_Summary.
func (c *Client) readSummary(ctx context.Context) (*Summary, error) {
	const op = "reading the game summary"
	r := newSummaryReader()
	tc, stop := until(c.cfg.Timeout)
	defer stop()
	for !r.done {
		line, err := c.raw(ctx, op, tc, c.cfg.Timeout)
		if err != nil {
			return nil, err
		}
		if err := r.feed(line); err != nil {
			return nil, c.fail(op, BadSummary, "", "the summary does not hold together", err)
		}
	}
	return r.s, nil
}

// Agree accepts the game s proposes (AGREE) and waits for it to start.
// A game the other side (or the server) rejects is an *Error (Rejected)
// naming who rejected it.
func (c *Client) Agree(ctx context.Context, s *Summary) (*Game, error) {
	if err := c.send("AGREE "+s.GameID, ""); err != nil {
		return nil, err
	}
	const op = "waiting for START"
	tc, stop := until(c.cfg.Timeout + startWait)
	defer stop()
	for {
		m, line, err := c.message(ctx, op, tc, c.cfg.Timeout+startWait)
		if err != nil {
			return nil, err
		}
		switch m := m.(type) {
		case Start:
			if m.GameID != s.GameID {
				return nil, c.fail(op, Garbage, line, "START names another game than "+s.GameID, nil)
			}
			return newGame(c, s), nil
		case Reject:
			return nil, c.fail(op, Rejected, "", fmt.Sprintf("the game was rejected by %s", m.By), nil)
		case X1:
			c.logf("ignored while %s: %s", op, line)
		default:
			return nil, c.fail(op, Garbage, line, "the server sent something else than START or REJECT", nil)
		}
	}
}

// Reject refuses the game s proposes and waits for the server to confirm.
func (c *Client) Reject(ctx context.Context, s *Summary) error {
	if err := c.send("REJECT "+s.GameID, ""); err != nil {
		return err
	}
	const op = "waiting for REJECT to be confirmed"
	for {
		m, line, err := c.next(ctx, op, c.cfg.Timeout)
		if err != nil {
			return err
		}
		switch m.(type) {
		case Reject:
			return nil
		case X1:
			c.logf("ignored while %s: %s", op, line)
		default:
			return c.fail(op, Garbage, line, "the server sent something else than REJECT", nil)
		}
	}
}
