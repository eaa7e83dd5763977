// Package csatest is a scripted CSA server for tests, as net/http/httptest
// is an HTTP server for them: it listens on loopback, pairs each client
// that logs in with an opponent it plays itself, keeps the game and the
// clock as a CSA server does, and can misbehave on demand in the ways a
// real server will not: never answer LOGIN, send garbage, drop the
// connection in the middle of a game, propose a summary with fields no
// client knows, rule a time-out at once.
//
// RealServer starts the reference server (shogi-server, in Ruby) for
// tests that need the real thing, or skips the test saying why.
package csatest

import (
	"bufio"
	"fmt"
	"net"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"shogi/game"
	"shogi/game/csa"
)

// Script says how the fake server behaves towards one connection.
type Script struct {
	// NoLogin never answers LOGIN; RefuseLogin answers LOGIN:incorrect.
	NoLogin, RefuseLogin bool
	// Client is the side the client plays; Opponent the name of the side
	// the server plays (default "fakeopp").
	Client   game.Color
	Opponent string
	// Time is the Time block's fields (default Total_Time:60, Byoyomi:1).
	Time []string
	// Extra lines go into the summary before END Game_Summary (fields no
	// client knows, say); Summary, when set, is sent instead of the whole
	// summary. The game's id is "fake-game-N", N the connection's number
	// (Summary's own, when it gives one).
	Extra   []string
	Summary string
	// Start is the start position (default the even start), written
	// as the nine rows, the pieces in hand and the side to move; Played
	// are moves already played, sent after it with their times.
	Start  *game.Position
	Played []string
	// Moves are the server's own moves, in order; when they run out it
	// plays the first legal move (resigning when it has none).
	Moves []string
	// After this many moves of the game (the summary's included): Drop
	// closes the connection, Garbage sends Junk (default a line that is
	// not the protocol), TimeUp rules the client out of time as its turn
	// begins. Zero turns each off.
	Drop, Garbage, TimeUp int
	Junk                  string
	// Silent, when not zero, is the number of moves after which the
	// server reads on and answers nothing, its socket open (a wedged
	// process), until the client closes the connection.
	Silent int
	// Think is how long the server's side takes over each move.
	Think time.Duration
	// Reject rejects the game instead of starting it.
	Reject bool
}

// Server is a running fake server. Scripts are used one per connection
// in order, the last for every connection after.
type Server struct {
	Addr    string
	ln      net.Listener
	scripts []Script
	mu      sync.Mutex
	conns   int
	got     []string    // every line received, "N< line" with the connection's number
	moved   []time.Time // when the server sent each of its own moves
	wg      sync.WaitGroup
	closed  chan struct{}
	open    map[net.Conn]bool
}

// NewServer starts a fake server on loopback; it stops when the test ends.
func NewServer(t testing.TB, scripts ...Script) *Server {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	if len(scripts) == 0 {
		scripts = []Script{{}}
	}
	s := &Server{Addr: ln.Addr().String(), ln: ln, scripts: scripts, closed: make(chan struct{}), open: map[net.Conn]bool{}}
	s.wg.Add(1)
	go s.accept()
	t.Cleanup(s.Close)
	return s
}

// Close stops the server and ends every connection.
func (s *Server) Close() {
	select {
	case <-s.closed:
		return
	default:
	}
	close(s.closed)
	s.ln.Close()
	s.mu.Lock()
	for c := range s.open {
		c.Close()
	}
	s.mu.Unlock()
	s.wg.Wait()
}

// Received returns every line the server received so far, each
// "N< line" with N the connection's number from 1.
func (s *Server) Received() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.got...)
}

// Moved returns when the server sent each of its own moves, in order.
func (s *Server) Moved() []time.Time {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]time.Time(nil), s.moved...)
}

// Connections returns how many connections the server has accepted.
func (s *Server) Connections() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.conns
}

func (s *Server) accept() {
	defer s.wg.Done()
	for {
		c, err := s.ln.Accept()
		if err != nil {
			return
		}
		s.mu.Lock()
		s.conns++
		n := s.conns
		sc := s.scripts[min(n, len(s.scripts))-1]
		s.open[c] = true
		s.mu.Unlock()
		s.wg.Add(1)
		go func() {
			defer s.wg.Done()
			defer func() {
				c.Close()
				s.mu.Lock()
				delete(s.open, c)
				s.mu.Unlock()
			}()
			(&session{s: s, n: n, sc: sc, c: c, r: bufio.NewReader(c)}).run()
		}()
	}
}

// session is one connection.
type session struct {
	s  *Server
	n  int
	sc Script
	c  net.Conn
	r  *bufio.Reader
}

func (ss *session) say(lines ...string) bool {
	_, err := ss.c.Write([]byte(strings.Join(lines, "\n") + "\n"))
	return err == nil
}

// line reads the next line that is not a keep-alive (which it answers,
// as shogi-server does).
func (ss *session) line() (string, bool) {
	for {
		l, err := ss.r.ReadString('\n')
		if err != nil {
			return "", false
		}
		l = strings.TrimRight(l, "\r\n")
		ss.s.mu.Lock()
		ss.s.got = append(ss.s.got, fmt.Sprintf("%d< %s", ss.n, l))
		ss.s.mu.Unlock()
		if l == "" {
			ss.say("")
			continue
		}
		return l, true
	}
}

func (ss *session) run() {
	sc := ss.sc
	l, ok := ss.line()
	if !ok || !strings.HasPrefix(l, "LOGIN ") {
		return
	}
	f := strings.Fields(l)
	if sc.NoLogin {
		for {
			if _, ok := ss.line(); !ok {
				return
			}
		}
	}
	if sc.RefuseLogin || len(f) < 3 {
		ss.say("LOGIN:incorrect")
		return
	}
	ss.say("LOGIN:" + f[1] + " OK")
	if len(f) == 4 && f[3] == "x1" {
		ss.say("##[LOGIN] +OK x1")
		for {
			l, ok := ss.line()
			if !ok {
				return
			}
			if strings.HasPrefix(l, "%%GAME ") {
				break
			}
			switch l {
			case "%%LIST":
				ss.say("##[LIST] "+ss.id(), "##[LIST] +OK")
			case "%%WHO":
				ss.say("##[WHO] "+f[1]+" x1 connected", "##[WHO] fakeopp x1 game_waiting fake-60-1 +", "##[WHO] +OK")
			default:
				ss.say("##[ERROR] unknown command")
			}
		}
	}
	ss.game(f[1])
}

func (ss *session) id() string {
	if m := regexp.MustCompile(`(?m)^Game_ID:(\S+)`).FindStringSubmatch(ss.sc.Summary); m != nil {
		return m[1]
	}
	return fmt.Sprintf("fake-game-%d", ss.n)
}

func (ss *session) summary(me string) string {
	sc := ss.sc
	if sc.Summary != "" {
		return strings.TrimRight(sc.Summary, "\n")
	}
	opp := sc.Opponent
	if opp == "" {
		opp = "fakeopp"
	}
	names := [2]string{me, opp}
	if sc.Client == game.White {
		names = [2]string{opp, me}
	}
	timeLines := sc.Time
	if timeLines == nil {
		timeLines = []string{"Time_Unit:1sec", "Total_Time:60", "Byoyomi:1", "Least_Time_Per_Move:0"}
	}
	pos := []string{"PI", "+"}
	if sc.Start != nil {
		pos = sc.Start.CSALines()
	}
	turn := "+"
	if sc.Client == game.White {
		turn = "-"
	}
	lines := []string{"BEGIN Game_Summary", "Protocol_Version:1.2", "Protocol_Mode:Server", "Format:Shogi 1.0",
		"Declaration:Jishogi 1.1", "Game_ID:" + ss.id(), "Name+:" + names[0], "Name-:" + names[1],
		"Your_Turn:" + turn, "Rematch_On_Draw:NO", "To_Move:" + pos[len(pos)-1], "Max_Moves:0", "BEGIN Time"}
	lines = append(lines, timeLines...)
	lines = append(lines, "END Time", "BEGIN Position")
	lines = append(lines, pos...)
	for _, m := range sc.Played {
		lines = append(lines, m+",T1")
	}
	lines = append(lines, "END Position")
	lines = append(lines, sc.Extra...)
	lines = append(lines, "END Game_Summary")
	return strings.Join(lines, "\n")
}

// game proposes a game and plays it.
func (ss *session) game(me string) {
	sc := ss.sc
	text := ss.summary(me)
	sum, err := csa.ParseSummary(text)
	if !ss.say(text) {
		return
	}
	id := ss.id()
	l, ok := ss.line()
	if !ok || l != "AGREE "+id {
		if ok && strings.HasPrefix(l, "REJECT") {
			ss.say("REJECT:" + id + " by " + me)
		}
		return
	}
	if sc.Reject {
		ss.say("REJECT:" + id + " by fakeopp")
		return
	}
	if err != nil {
		// A summary no client should accept: the test checks the
		// client refused it; there is no game to play.
		return
	}
	ss.say("START:" + id)
	g := game.NewGame(sum.Start)
	for _, m := range sum.Moves {
		g.Play(m)
	}
	clock := sum.Clock()
	us := sum.YourTurn.Other() // the server's side
	opp := 0
	for {
		n := g.Len()
		switch {
		case sc.Drop > 0 && n >= sc.Drop:
			return
		case sc.Silent > 0 && n >= sc.Silent:
			for {
				if _, ok := ss.line(); !ok {
					return
				}
			}
		case sc.Garbage > 0 && n == sc.Garbage:
			junk := sc.Junk
			if junk == "" {
				junk = "Hello from a server that lost its way"
			}
			ss.say(junk)
			sc.Garbage = 0
		}
		p := g.Position()
		side := p.SideToMove()
		if side == us {
			time.Sleep(sc.Think)
			var m game.Move
			if opp < len(sc.Moves) {
				m, err = csa.ReadMove(&p, sc.Moves[opp])
				opp++
				if err != nil {
					ss.say("#CHUDAN")
					return
				}
			} else if legal := p.LegalMoves(nil); len(legal) > 0 {
				m = legal[0]
			} else {
				ss.say("%TORYO", "#RESIGN", "#WIN")
				return
			}
			units := clock.Rules[side].Units(sc.Think)
			clock.Charge(side, units)
			g.Play(m)
			ss.say(fmt.Sprintf("%s,T%d", csa.FormatMove(m), units))
			ss.s.mu.Lock()
			ss.s.moved = append(ss.s.moved, time.Now())
			ss.s.mu.Unlock()
			if ss.over(g) {
				return
			}
			continue
		}
		if sc.TimeUp > 0 && n >= sc.TimeUp {
			ss.say("#TIME_UP", "#LOSE")
			return
		}
		began := time.Now()
		l, ok := ss.line()
		if !ok {
			return
		}
		units := clock.Rules[side].Units(time.Since(began))
		switch {
		case l == "%TORYO":
			ss.say("%TORYO", "#RESIGN", "#LOSE")
			return
		case l == "%KACHI":
			if p.CanDeclare() == nil {
				ss.say("%KACHI", "#JISHOGI", "#WIN")
			} else {
				ss.say("%KACHI", "#ILLEGAL_MOVE", "#LOSE")
			}
			return
		case l == "%CHUDAN":
			ss.say("#CHUDAN")
			return
		}
		text, _, _ := strings.Cut(l, ",")
		m, err := csa.ReadMove(&p, text)
		if err != nil {
			ss.say("#ILLEGAL_MOVE", "#LOSE")
			return
		}
		clock.Charge(side, units)
		g.Play(m)
		ss.say(fmt.Sprintf("%s,T%d", text, units))
		if ss.over(g) {
			return
		}
	}
}

// over sends the result of a game the rules ended, from the client's
// view.
func (ss *session) over(g *game.Game) bool {
	r := g.Result()
	if !r.Over() {
		return false
	}
	client := ss.sc.Client
	outcome := "#DRAW"
	if w, ok := r.Winner(); ok {
		outcome = "#LOSE"
		if w == client {
			outcome = "#WIN"
		}
	}
	switch r.Ending {
	case game.Repetition:
		ss.say("#SENNICHITE", outcome)
	case game.PerpetualCheck:
		ss.say("#OUTE_SENNICHITE", outcome)
	default: // checkmate: the mated side is expected to resign; say it
		ss.say("%TORYO", "#RESIGN", outcome)
	}
	return true
}
