// Package usitest is a scripted USI engine for tests, as net/http/httptest
// is a server for them. A test binary runs it from TestMain when the
// environment variable Env is set, so a test can start its own binary as
// an engine (no outside program needed) and make it misbehave in every
// way a real engine can.
//
// Env holds comma-separated behaviours:
//
//	name=NAME     the id name (default "fake")
//	banner        print a banner line before anything else, as Fairy-Stockfish does
//	exit          exit at once with status 3, saying why on stderr
//	nousiok       never answer usi
//	noreadyok     never answer isready
//	think=D       think for D (a Go duration) before answering go; stop ends it early
//	crash=N       exit with status 2 when asked to move at ply N or later
//	hang          on go, never answer and ignore stop
//	illegal       answer go with a move that reads but breaks a rule
//	unreadable    answer go with "bestmove xyz"
//	garbage       on go, print lines of junk without end
//	slowquit      take 30 s to obey quit
//	deaf          stop reading input after the first readyok
//	resign        answer go with bestmove resign
//	win           answer go with bestmove win whether the declaration holds or not
//	quiet         send no info lines
//	tick=D        under go infinite, a deeper round of info lines every D (default 20ms)
//	ponder        name a reply to ponder on in bestmove (the first legal one)
//
// "go ponder" waits for ponderhit or stop before thinking; "go infinite"
// thinks until stop, as USI asks, sending a round of info lines (one per
// MultiPV line) at depth 1, 2, … every tick up to depth 30.
//
// Without a misbehaviour it plays the first legal move (or declares when
// the declaration holds, or resigns when there is no move), reporting one
// info line with a score and a PV first (one per MultiPV line). The score
// of line k is 10 + (moves played) − 5(k−1) + depth − 1, from the side to
// move's view, and its PV starts with the k-th legal move, so a test can
// tell positions and lines apart. It echoes every setoption it receives as
// "info string set NAME=VALUE" before its next readyok, so a test can see
// what reached it.
package usitest

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"strings"
	"sync"
	"time"

	"shogi/game"
	"shogi/game/usi"
)

// Env is the environment variable that turns a test binary into the fake.
const Env = "SHOGI_FAKE_USI"

// MaybeRun runs the fake engine and exits when Env is set; call it first
// in TestMain.
func MaybeRun() {
	spec, ok := os.LookupEnv(Env)
	if !ok {
		return
	}
	run(spec)
	os.Exit(0)
}

type fake struct {
	name                                         string
	think                                        time.Duration
	crashAt                                      int
	banner, exit, nousiok, noreadyok             bool
	hang, illegal, unreadable, garbage, slowquit bool
	deaf                                         bool
	resign, win, quiet, ponder                   bool
	tick                                         time.Duration
	multiPV                                      int
	out                                          *bufio.Writer
	set                                          []string
}

func run(spec string) {
	f := &fake{name: "fake", crashAt: -1, tick: 20 * time.Millisecond, multiPV: 1, out: bufio.NewWriter(os.Stdout)}
	for _, b := range strings.Split(spec, ",") {
		k, v, _ := strings.Cut(strings.TrimSpace(b), "=")
		switch k {
		case "name":
			f.name = v
		case "think":
			f.think, _ = time.ParseDuration(v)
		case "crash":
			fmt.Sscan(v, &f.crashAt)
		case "banner":
			f.banner = true
		case "exit":
			f.exit = true
		case "nousiok":
			f.nousiok = true
		case "noreadyok":
			f.noreadyok = true
		case "hang":
			f.hang = true
		case "illegal":
			f.illegal = true
		case "unreadable":
			f.unreadable = true
		case "garbage":
			f.garbage = true
		case "slowquit":
			f.slowquit = true
		case "deaf":
			f.deaf = true
		case "resign":
			f.resign = true
		case "win":
			f.win = true
		case "quiet":
			f.quiet = true
		case "ponder":
			f.ponder = true
		case "tick":
			if d, err := time.ParseDuration(v); err == nil && d > 0 {
				f.tick = d
			}
		}
	}
	if f.exit {
		fmt.Fprintln(os.Stderr, "fake: cannot open eval/nn.bin")
		os.Exit(3)
	}
	if f.banner {
		f.say("Fake Engine 1.0 by nobody")
	}
	lines := make(chan string)
	go func() {
		in := bufio.NewScanner(os.Stdin)
		in.Buffer(make([]byte, 1<<20), 1<<20)
		for in.Scan() {
			lines <- in.Text()
		}
		close(lines)
	}()
	var start game.Position
	var moves []game.Move
	for line := range lines {
		switch usi.Command(line) {
		case "usi":
			if f.nousiok {
				continue
			}
			f.say("id name " + f.name)
			f.say("id author the tests")
			f.say("option name Skill Level type spin default 20 min -20 max 20")
			f.say("option name Ponder type check default false")
			f.say("option name Style type combo default normal var normal var wild")
			f.say("option name Clear Hash type button")
			f.say("option name EvalDir type string default <empty>")
			f.say("option name MultiPV type spin default 1 min 1 max 5")
			f.say("usiok")
		case "setoption":
			n, v, _ := usi.ParseSetOption(line)
			f.set = append(f.set, n+"="+v)
			if n == "MultiPV" {
				fmt.Sscan(v, &f.multiPV)
			}
		case "isready":
			if f.noreadyok {
				continue
			}
			for _, s := range f.set {
				f.say("info string set " + s)
			}
			f.set = nil
			f.say("readyok")
			if f.deaf {
				time.Sleep(time.Hour)
			}
		case "position":
			var err error
			if start, moves, err = usi.ParsePosition(line); err != nil {
				// A real engine might hang here (gpsusi does); the fake says so.
				fmt.Fprintln(os.Stderr, "fake: bad position:", err)
			}
		case "go":
			f.search(line, start, moves, lines)
		case "quit":
			if f.slowquit {
				time.Sleep(30 * time.Second)
			}
			return
		}
	}
}

func (f *fake) say(s string) {
	f.out.WriteString(s)
	f.out.WriteByte('\n')
	f.out.Flush()
}

// search answers one go, reading stop (and anything else) meanwhile.
func (f *fake) search(goLine string, start game.Position, moves []game.Move, lines <-chan string) {
	p := start
	for _, m := range moves {
		p = p.Play(m)
	}
	limits, mate, _ := usi.ParseGo(goLine)
	if mate.Search {
		f.mate(&p)
		return
	}
	if limits.Ponder {
		// Ponder until told the move came (ponderhit) or not (stop).
		for line := range lines {
			if line == "ponderhit" || line == "stop" {
				break
			}
		}
	}
	if f.crashAt >= 0 && len(moves) >= f.crashAt {
		fmt.Fprintln(os.Stderr, "fake: segmentation fault (pretend)")
		os.Exit(2)
	}
	if f.garbage {
		for i := 0; ; i++ {
			f.say(fmt.Sprintf("### junk line %d ###", i))
		}
	}
	if f.hang {
		for line := range lines {
			if line == "quit" {
				os.Exit(0)
			}
		}
		return
	}
	if limits.Infinite {
		f.infinite(&p, len(moves), lines)
		return
	}
	timer := time.NewTimer(f.think)
	defer timer.Stop()
wait:
	for {
		select {
		case <-timer.C:
			break wait
		case line, ok := <-lines:
			if !ok || line == "stop" {
				break wait
			}
			if line == "quit" {
				os.Exit(0)
			}
		}
	}
	switch {
	case f.resign:
		f.say("bestmove resign")
		return
	case f.win:
		f.say("bestmove win")
		return
	case f.unreadable:
		f.say("bestmove xyz")
		return
	case f.illegal:
		f.say("bestmove " + illegalMove(&p))
		return
	}
	if p.CanDeclare() == nil {
		f.say("bestmove win")
		return
	}
	legal := p.LegalMoves(nil)
	if len(legal) == 0 {
		f.say("bestmove resign")
		return
	}
	best := legal[0]
	if !f.quiet {
		f.round(&p, len(moves), legal, 1)
		f.say("info depth 1 nodes 50")
	}
	if after := p.Play(best); f.ponder && after.HasLegalMove() {
		f.say("bestmove " + best.USI() + " ponder " + after.LegalMoves(nil)[0].USI())
		return
	}
	f.say("bestmove " + best.USI())
}

// round sends one info line per MultiPV line at depth d.
func (f *fake) round(p *game.Position, ply int, legal []game.Move, d int) {
	for k := 1; k <= f.multiPV && k <= len(legal); k++ {
		m := legal[k-1]
		pv := m.USI()
		next := p.Play(m)
		if replies := next.LegalMoves(nil); len(replies) > 0 {
			pv += " " + replies[0].USI()
		}
		mpv := ""
		if f.multiPV > 1 {
			mpv = fmt.Sprintf(" multipv %d", k)
		}
		f.say(fmt.Sprintf("info depth %d seldepth %d%s score cp %d nodes %d nps 4200 time %d pv %s",
			d, d+1, mpv, 10+ply-5*(k-1)+d-1, 42*d, 10*d, pv))
	}
}

// infinite thinks until stop, deepening every tick, then answers with the
// first legal move.
func (f *fake) infinite(p *game.Position, ply int, lines <-chan string) {
	legal := p.LegalMoves(nil)
	tick := time.NewTicker(f.tick)
	defer tick.Stop()
	for d := 1; ; {
		if d <= 30 && !f.quiet && len(legal) > 0 {
			f.round(p, ply, legal, d)
			d++
		}
		select {
		case <-tick.C:
			continue
		case line, ok := <-lines:
			if line == "quit" {
				os.Exit(0)
			}
			if ok && line != "stop" {
				continue
			}
		}
		break
	}
	switch {
	case len(legal) == 0:
		f.say("bestmove resign")
	default:
		f.say("bestmove " + legal[0].USI())
	}
}

// illegalMove finds a move of a piece of the side to move that reads as
// USI but breaks a rule (it cannot reach its destination).
func illegalMove(p *game.Position) string {
	for s := game.Square(0); s < game.NumSquares; s++ {
		pc := p.At(s)
		if pc == game.NoPiece || pc.Color() != p.SideToMove() {
			continue
		}
		for t := game.Square(0); t < game.NumSquares; t++ {
			m := p.NewMove(s, t, false)
			if t != s && !p.IsLegal(m) && p.CheckMove(m) != nil {
				if err, ok := p.CheckMove(m).(*game.IllegalMoveError); ok && err.Rule == game.RuleCannotReach {
					return m.USI()
				}
			}
		}
	}
	return "1a1b"
}

// mate answers go mate with a mate in one when there is one.
func (f *fake) mate(p *game.Position) {
	for _, m := range p.LegalMoves(nil) {
		if q := p.Play(m); q.IsCheckmate() {
			f.say("checkmate " + m.USI())
			return
		}
	}
	f.say("checkmate nomate")
}

// SyncBuffer collects what engines and matches write from their own
// goroutines (logs, standard error) for a test to read while they run.
type SyncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *SyncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

// String returns everything written so far.
func (s *SyncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
