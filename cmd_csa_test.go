package main

import (
	"bytes"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"shogi/game"
	"shogi/game/csa"
	"shogi/game/csa/csatest"
	"shogi/game/match"
	"shogi/game/usi/usitest"
	"shogi/internal/testenv"
	"shogi/kifu"
)

func TestCSAFlags(t *testing.T) {
	base := []string{"csa", "--server", "127.0.0.1:4081", "--id", "me", "--password", "pw"}
	with := func(more ...string) []string { return append(append([]string(nil), base...), more...) }
	ok := with("--level", "greedy")
	for _, c := range []struct {
		args []string
		says string
	}{
		{[]string{"csa"}, "--server HOST:PORT is needed"},
		{[]string{"csa", "--server", "nohost", "--id", "me", "--password", "pw", "--level", "greedy"}, "want HOST:PORT"},
		{[]string{"csa", "--server", "h:1", "--password", "pw", "--level", "greedy"}, "--id NAME is needed"},
		{[]string{"csa", "--server", "h:1", "--id", "me", "--level", "greedy"}, "--password PASS (or SHOGI_CSA_PASSWORD) is needed"},
		{with(), "want one of --engine and --level"},
		{with("--level", "greedy", "--engine", "usi:x"), "want one of --engine and --level"},
		{with("--level", "overlord"), "unknown player"},
		{with("--engine", "greedy"), "is not a program"},
		{append(ok, "--games", "0"), "--games 0"},
		{append(with("--level", "greedy"), "--x1"), "--game NAME is needed"},
		{append(with("--level", "greedy"), "--game", "g-1-1"), "--game needs --x1"},
		{append(with("--level", "greedy"), "--x1", "--game", "g-1-1", "--turn", "b"), "--turn \"b\""},
		{append(with("--level", "greedy"), "extra"), "unexpected argument"},
		{append(with("--level", "greedy"), "--margin", "-1s"), "--margin -1s: want 0 or more"},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(c.args, nil, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), c.says) {
			t.Errorf("%v: exit %d, want 2 saying %q:\n%s", c.args, code, c.says, stderr.String())
		}
	}
}

// -h says what the margin is for and what it is unless set.
func TestCSAHelpMargin(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"csa", "-h"}, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d", code)
	}
	h := stderr.String()
	for _, want := range []string{"the engine is told its\ntime less --margin (default 500ms)", "-margin D", "tell the engine D less time than the server's clock"} {
		if !strings.Contains(h, want) {
			t.Errorf("-h does not say %q:\n%s", want, h)
		}
	}
}

// csaTest is shogi csa run in this process against a server, with a
// hand on its Ctrl+C.
type csaTest struct {
	o      csaOptions
	stdout bytes.Buffer
	stderr *usitest.SyncBuffer
	sigs   chan os.Signal
	code   int
}

func newCSATest(t *testing.T, addr, local string) *csaTest {
	t.Helper()
	sp, err := match.ParseSpec(local)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	return &csaTest{o: csaOptions{server: addr, id: "tester", password: "pw", local: sp, games: 1, turn: "*",
		timeout: 2 * time.Second, out: filepath.Join(dir, "games"), logPath: filepath.Join(dir, "csa.log")},
		stderr: &usitest.SyncBuffer{}, sigs: make(chan os.Signal, 3)}
}

func (c *csaTest) run(t *testing.T) {
	t.Helper()
	os.MkdirAll(c.o.out, 0o755)
	done := make(chan int)
	go func() { done <- playCSA(c.o, &c.stdout, c.stderr, c.sigs) }()
	select {
	case c.code = <-done:
	case <-time.After(3 * time.Minute):
		t.Fatalf("shogi csa did not stop:\n%s", c.stderr.String())
	}
}

// interruptWhen sends Ctrl+C n times once stderr says something.
func (c *csaTest) interruptWhen(says string, n int) {
	go func() {
		for !strings.Contains(c.stderr.String(), says) {
			time.Sleep(2 * time.Millisecond)
		}
		for i := 0; i < n; i++ {
			c.sigs <- os.Interrupt
		}
	}()
}

var gameLine = regexp.MustCompile(`^game (\d+): (black|white) vs (\S+): (win|loss|draw|censored|interrupted) (\S+), (\d+) moves, (\S+)$`)

// lines checks every line of standard output against the documented form
// and returns their fields.
func (c *csaTest) lines(t *testing.T) [][]string {
	t.Helper()
	var out [][]string
	for _, l := range strings.Split(strings.TrimSpace(c.stdout.String()), "\n") {
		if l == "" {
			continue
		}
		m := gameLine.FindStringSubmatch(l)
		if m == nil {
			t.Fatalf("a line not in the documented form: %q", l)
		}
		out = append(out, m[1:])
	}
	return out
}

// record reads the record shogi csa wrote of a game.
func (c *csaTest) record(t *testing.T, id string) *kifu.Record {
	t.Helper()
	r, err := kifu.ReadFile(filepath.Join(c.o.out, id+".csa"))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// sentMoves are the moves a fake server received from connection n.
func sentMoves(srv *csatest.Server, n int) []string {
	var out []string
	for _, l := range srv.Received() {
		if rest, ok := strings.CutPrefix(l, strconv.Itoa(n)+"< "); ok && len(rest) >= 7 && (rest[0] == '+' || rest[0] == '-') {
			out = append(out, rest[:7])
		}
	}
	return out
}

// recordMoves are a record's moves as CSA writes them.
func recordMoves(r *kifu.Record) []string {
	var out []string
	for _, n := range r.MainLine() {
		if n.IsMove() {
			out = append(out, csa.FormatMove(n.Move))
		}
	}
	return out
}

// ours keeps the moves of one colour.
func ours(moves []string, sign byte) []string {
	var out []string
	for _, m := range moves {
		if m[0] == sign {
			out = append(out, m)
		}
	}
	return out
}

func TestCSAFakeServer(t *testing.T) {
	srv := csatest.NewServer(t, csatest.Script{Client: game.White, Think: time.Millisecond})
	c := newCSATest(t, srv.Addr, "greedy")
	c.run(t)
	if c.code != 0 {
		t.Fatalf("exit %d:\n%s", c.code, c.stderr.String())
	}
	l := c.lines(t)
	if len(l) != 1 || l[0][1] != "white" || l[0][2] != "fakeopp" || l[0][6] != "fake-game-1" {
		t.Fatalf("lines %v", l)
	}
	r := c.record(t, "fake-game-1")
	moves := recordMoves(r)
	if strconv.Itoa(len(moves)) != l[0][5] || strings.Join(ours(moves, '-'), " ") != strings.Join(sentMoves(srv, 1), " ") {
		t.Errorf("the record's moves %v; the line says %s; the server got %v", moves, l[0][5], sentMoves(srv, 1))
	}
	if r.Header("$EVENT") != "fake-game-1" || r.Header("N-") != "tester" || r.Header("N+") != "fakeopp" || r.Header("$SITE") != srv.Addr {
		t.Errorf("headers %+v", r.Headers)
	}
	for _, n := range r.MainLine() {
		if n.IsMove() && !n.HasTime {
			t.Fatalf("move %d has no time", n.Ply)
		}
	}
}

// A dropped connection ends the game as interrupted, keeps its record,
// and shogi csa logs in again and plays on.
func TestCSAReconnects(t *testing.T) {
	t.Parallel()
	srv := csatest.NewServer(t, csatest.Script{Drop: 4}, csatest.Script{Client: game.White})
	c := newCSATest(t, srv.Addr, "greedy")
	c.o.games = 2
	c.run(t)
	l := c.lines(t)
	if c.code != 0 || len(l) != 2 || strings.Join(l[0][3:6], " ") != "interrupted DROPPED 4" || l[1][6] != "fake-game-2" || l[1][1] != "white" {
		t.Fatalf("exit %d, lines %v\n%s", c.code, l, c.stderr.String())
	}
	if !strings.Contains(c.stderr.String(), "connecting again in 1s") || srv.Connections() != 2 {
		t.Errorf("%d connections\n%s", srv.Connections(), c.stderr.String())
	}
	r := c.record(t, "fake-game-1")
	last := r.MainLine()[len(r.MainLine())-1]
	if len(recordMoves(r)) != 4 || last.Ending != kifu.Interrupt || !strings.Contains(last.Comment(), "connection") {
		t.Errorf("the dropped game's record: %v, ending %v %q", recordMoves(r), last.Ending, last.Comment())
	}
}

// A connection dropped in the last game wanted: the game is over (its
// line and record written), so shogi csa neither promises to connect
// again nor waits to; it says the fault once and stops. (The only wait
// before a redial follows the "connecting again" line, so its absence
// and the one connection show no wait, without timing the run.)
func TestCSADropInLastGame(t *testing.T) {
	srv := csatest.NewServer(t, csatest.Script{Drop: 4})
	c := newCSATest(t, srv.Addr, "greedy")
	c.run(t)
	l := c.lines(t)
	if c.code != 0 || len(l) != 1 || strings.Join(l[0][3:6], " ") != "interrupted DROPPED 4" {
		t.Fatalf("exit %d, lines %v\n%s", c.code, l, c.stderr.String())
	}
	errs := c.stderr.String()
	if strings.Contains(errs, "connecting again") || srv.Connections() != 1 {
		t.Errorf("%d connections; stderr:\n%s", srv.Connections(), errs)
	}
	if n := strings.Count(errs, "csa "+srv.Addr+": "); n != 1 {
		t.Errorf("the fault said %d times:\n%s", n, errs)
	}
}

// What the real server will not do on demand, each a clear message, the
// record so far kept, no hang, no engine left running.
func TestCSAServerFaults(t *testing.T) {
	marker := "csa-faults-" + strconv.Itoa(os.Getpid())
	t.Setenv(usitest.Env, "name="+marker)
	for _, c := range []struct {
		name   string
		script csatest.Script
		line   string // outcome, reason, moves
		says   string
		ending kifu.Ending
	}{
		{"garbage", csatest.Script{Garbage: 3}, "interrupted GARBAGE 3", "not the protocol", kifu.Interrupt},
		{"dropped", csatest.Script{Drop: 3}, "interrupted DROPPED 3", "the connection", kifu.Interrupt},
		{"time up", csatest.Script{TimeUp: 2}, "loss TIME_UP 2", "ran out of time", kifu.Timeout},
		{"unknown fields", csatest.Script{Extra: []string{"Reconnect_Token:x1y2"}, TimeUp: 4}, "loss TIME_UP 4",
			"a field this client does not know (line 23): Reconnect_Token:x1y2", kifu.Timeout},
	} {
		t.Run(c.name, func(t *testing.T) {
			srv := csatest.NewServer(t, c.script)
			ct := newCSATest(t, srv.Addr, "usi:"+os.Args[0])
			ct.run(t)
			if left := engineProcesses(usitest.Env + "=name=" + marker); len(left) > 0 {
				t.Errorf("engine processes left: %v", left)
			}
			l := ct.lines(t)
			if ct.code != 0 || len(l) != 1 || strings.Join(l[0][3:6], " ") != c.line || !strings.Contains(ct.stderr.String(), c.says) {
				t.Fatalf("exit %d, lines %v\n%s", ct.code, l, ct.stderr.String())
			}
			r := ct.record(t, "fake-game-1")
			main := r.MainLine()
			if last := main[len(main)-1]; last.Ending != c.ending {
				t.Errorf("the record ends with %v", last.Ending)
			}
		})
	}
}

// A server that never answers LOGIN: a message saying so, and no second
// try, since no login has succeeded yet.
func TestCSANoLogin(t *testing.T) {
	marker := "csa-nologin-" + strconv.Itoa(os.Getpid())
	t.Setenv(usitest.Env, "name="+marker)
	srv := csatest.NewServer(t, csatest.Script{NoLogin: true})
	c := newCSATest(t, srv.Addr, "usi:"+os.Args[0])
	c.o.timeout = 200 * time.Millisecond
	c.run(t)
	errs := c.stderr.String()
	if c.code != 1 || c.stdout.Len() != 0 || !strings.Contains(errs, "waiting for the answer to LOGIN: no answer within 200ms") ||
		strings.Contains(errs, "connecting again") || srv.Connections() != 1 {
		t.Errorf("exit %d, %d connections\n%s", c.code, srv.Connections(), errs)
	}
	if left := engineProcesses(usitest.Env + "=name=" + marker); len(left) > 0 {
		t.Errorf("engine processes left: %v", left)
	}
}

// A mistyped port (nothing listens there): one line saying so, exit 1,
// no retries.
func TestCSAFirstConnectionRefused(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	c := newCSATest(t, addr, "greedy")
	c.run(t)
	errs := c.stderr.String()
	if c.code != 1 || !strings.Contains(errs, "cannot connect") || strings.Contains(errs, "connecting again") ||
		strings.Count(strings.TrimSpace(errs), "\n") != 0 {
		t.Errorf("exit %d\n%s", c.code, errs)
	}
}

func TestCSALoginRefused(t *testing.T) {
	srv := csatest.NewServer(t, csatest.Script{RefuseLogin: true})
	c := newCSATest(t, srv.Addr, "greedy")
	c.run(t)
	if c.code != 1 || !strings.Contains(c.stderr.String(), "refused the name or the password") || srv.Connections() != 1 {
		t.Errorf("exit %d, %d connections\n%s", c.code, srv.Connections(), c.stderr.String())
	}
	if b, _ := os.ReadFile(c.o.logPath); !bytes.Contains(b, []byte("LOGIN tester *****")) || bytes.Contains(b, []byte(" pw")) {
		t.Errorf("the log:\n%s", b)
	}
}

// Ctrl+C finishes the game in progress; a second Ctrl+C resigns it.
func TestCSAInterrupt(t *testing.T) {
	t.Run("finish", func(t *testing.T) {
		srv := csatest.NewServer(t, csatest.Script{Think: 5 * time.Millisecond, TimeUp: 12})
		c := newCSATest(t, srv.Addr, "greedy")
		c.o.games = 3
		c.interruptWhen("shogi csa: game 1:", 1)
		c.run(t)
		l := c.lines(t)
		if c.code != 130 || len(l) != 1 || strings.Join(l[0][3:6], " ") != "loss TIME_UP 12" || !strings.Contains(c.stderr.String(), "stopped after 1 game") {
			t.Errorf("exit %d, lines %v\n%s", c.code, l, c.stderr.String())
		}
	})
	t.Run("resign", func(t *testing.T) {
		srv := csatest.NewServer(t, csatest.Script{Think: 50 * time.Millisecond})
		c := newCSATest(t, srv.Addr, "greedy")
		c.o.games = 3
		c.interruptWhen("shogi csa: game 1:", 2)
		c.run(t)
		l := c.lines(t)
		if c.code != 130 || len(l) != 1 || strings.Join(l[0][3:5], " ") != "loss RESIGN" || !strings.Contains(c.stderr.String(), "resigning the game") {
			t.Errorf("exit %d, lines %v\n%s", c.code, l, c.stderr.String())
		}
		if got := srv.Received(); got[len(got)-1] != "1< %TORYO" {
			t.Errorf("the server last got %q", got[len(got)-1])
		}
	})
}

// engineProcesses lists the processes whose environment holds marker (the
// fake engines of one test).
func engineProcesses(marker string) []int {
	var out []int
	dirs, _ := filepath.Glob("/proc/[0-9]*")
	for _, d := range dirs {
		b, err := os.ReadFile(filepath.Join(d, "environ"))
		if err == nil && bytes.Contains(b, []byte(marker)) {
			pid, _ := strconv.Atoi(filepath.Base(d))
			if pid != os.Getpid() {
				out = append(out, pid)
			}
		}
	}
	return out
}

// An engine that crashes loses its game (shogi csa resigns it on the
// server) and is started again for the next; none is left running.
func TestCSAEngine(t *testing.T) {
	if _, err := os.Stat("/proc/self/environ"); err != nil {
		t.Skip("needs /proc to find the engine's processes")
	}
	marker := "csa-engine-" + strconv.Itoa(os.Getpid())
	t.Setenv(usitest.Env, "name="+marker+",crash=4")
	srv := csatest.NewServer(t, csatest.Script{Client: game.White})
	c := newCSATest(t, srv.Addr, "usi:"+os.Args[0])
	c.o.games = 2
	c.run(t)
	l := c.lines(t)
	if c.code != 0 || len(l) != 2 || l[0][3] != "loss" || l[0][4] != "RESIGN" || l[1][3] != "loss" {
		t.Fatalf("exit %d, lines %v\n%s", c.code, l, c.stderr.String())
	}
	if !strings.Contains(c.stderr.String(), marker+" exited") {
		t.Errorf("stderr does not say the engine exited:\n%s", c.stderr.String())
	}
	if left := engineProcesses(usitest.Env + "=name=" + marker); len(left) > 0 {
		t.Errorf("engine processes left: %v", left)
	}
}

// ---- against the reference server, as processes ----

// csaProcess is shogi csa running as a process of its own.
type csaProcess struct {
	cmd            *exec.Cmd
	stdout, stderr usitest.SyncBuffer
	out            string // its records
	err            error
	done           chan struct{}
	peakRSS        atomic.Int64 // kB, sampled while it runs (by a goroutine of its own)
}

func startCSA(t *testing.T, env []string, args ...string) *csaProcess {
	t.Helper()
	dir := t.TempDir()
	p := &csaProcess{out: filepath.Join(dir, "games"), done: make(chan struct{})}
	args = append([]string{"csa", "--out", p.out, "--log", filepath.Join(dir, "csa.log"), "--timeout", "20s"}, args...)
	p.cmd = exec.Command(os.Args[0], args...)
	p.cmd.Env = append(append(os.Environ(), mainEnv+"=1"), env...)
	p.cmd.Stdout, p.cmd.Stderr = &p.stdout, &p.stderr
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		defer close(p.done)
		p.err = p.cmd.Wait()
	}()
	go func() {
		for {
			select {
			case <-p.done:
				return
			case <-time.After(50 * time.Millisecond):
			}
			if kb := int64(rss(p.cmd.Process.Pid)); kb > p.peakRSS.Load() {
				p.peakRSS.Store(kb)
			}
		}
	}()
	t.Cleanup(func() {
		p.cmd.Process.Signal(syscall.SIGKILL)
		<-p.done
	})
	return p
}

// rss reads a process's resident memory in kB from /proc (0 elsewhere).
func rss(pid int) int {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(l, "VmRSS:"); ok {
			n, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(rest), " kB"))
			return n
		}
	}
	return 0
}

func (p *csaProcess) wait(t *testing.T, limit time.Duration) {
	t.Helper()
	select {
	case <-p.done:
	case <-time.After(limit):
		p.cmd.Process.Signal(syscall.SIGKILL)
		t.Fatalf("shogi csa did not end within %v:\n%s", limit, p.stderr.String())
	}
	if p.err != nil {
		t.Fatalf("shogi csa: %v\n%s", p.err, p.stderr.String())
	}
}

// line is the process's one game line, checked against the documented
// form.
func (p *csaProcess) line(t *testing.T) []string {
	t.Helper()
	m := gameLine.FindStringSubmatch(strings.TrimSpace(p.stdout.String()))
	if m == nil {
		t.Fatalf("not one game line: %q\n%s", p.stdout.String(), p.stderr.String())
	}
	return m[1:]
}

// sameAsServer checks a record shogi csa wrote against the server's.
func sameAsServer(t *testing.T, p *csaProcess, dir, id string) (*kifu.Record, string) {
	t.Helper()
	server := csatest.Record(t, dir, id)
	moves, times := csatest.RecordMoves(server)
	r, err := kifu.ReadFile(filepath.Join(p.out, id+".csa"))
	if err != nil {
		t.Fatal(err)
	}
	got := recordMoves(r)
	if strings.Join(got, " ") != strings.Join(moves, " ") {
		t.Fatalf("the record's moves differ from the server's:\n%v\n%v", got, moves)
	}
	i := 0
	for _, n := range r.MainLine() {
		if n.IsMove() {
			if n.Elapsed != time.Duration(times[i])*time.Second {
				t.Errorf("move %d: %v in the record, T%d on the server", i+1, n.Elapsed, times[i])
			}
			i++
		}
	}
	return r, server
}

// Against one reference server (its start costs seconds of Ruby; the
// games and rulings below use names of their own, so they share it):
// realServerGames and realServerRulings.
func TestCSARealServer(t *testing.T) {
	t.Parallel()
	addr, dir := csatest.RealServer(t)
	t.Run("rulings", func(t *testing.T) {
		t.Parallel()
		realServerRulings(t, addr, dir)
	})
	fsf := "/usr/games/fairy-stockfish"
	if _, err := os.Stat(fsf); err != nil {
		t.Skipf("Fairy-Stockfish is not installed (%s)", fsf)
	}
	if testing.Short() {
		t.Skip("whole games against Fairy-Stockfish: not with -short")
	}
	realServerGames(t, addr, dir, fsf)
}

// Two shogi csa processes, a built-in level and Fairy-Stockfish, play
// whole games on the reference server under byōyomi and under a Fischer
// increment; both records have the server's moves and times, and
// --comments puts Fairy-Stockfish's score and line in the server's record.
func realServerGames(t *testing.T, addr, dir, fsf string) {
	for _, c := range []struct{ game, options string }{
		// Fairy-Stockfish takes a third of its main time on its first
		// move with byōyomi: it gets byōyomi alone, less an overhead.
		// At its weakest it mostly plays moves off its line (whose
		// comments are left out); at full strength it plays its line's
		// first move, and its comments must reach the server's record.
		// The overheads are wide, so that it thinks a tenth of a second
		// or so a move under byōyomi, and its minimum thinking time (20
		// ms) under Fischer, where the overhead swallows its whole
		// clock: the claim is about the records and the clocks' kinds,
		// not its strength, and its search is the test's CPU.
		{"byoyomi-0-2", ",Skill Level=-20,Move Overhead=5000,Minimum Thinking Time=20"},
		{"fischer-5-1F", ",Move Overhead=5000,Minimum Thinking Time=20"},
	} {
		t.Run(c.game, func(t *testing.T) {
			// A whole game costs a second or two of CPU, much of it the
			// reference server's: the default run plays the Fischer game
			// (Fairy-Stockfish at full strength, whose comments must reach
			// the server's record), the long tier both. Whole games under
			// byōyomi on the reference server stay in the default run in
			// game/csa (TestRealServerGames/byoyomi-60-1).
			if strings.HasPrefix(c.game, "byoyomi") && !testenv.Long() {
				t.Skip("the byōyomi game against Fairy-Stockfish: long tier (SHOGI_LONG_TESTS=1)")
			}
			t.Parallel()
			// Each game's own names: the server refuses a name logged in twice.
			pass := c.game + ",pw"
			fsfID, noviceID := "fsf-"+c.game[:1], "novice-"+c.game[:1]
			a := startCSA(t, nil, "--server", addr, "--id", fsfID, "--password", pass, "--comments",
				"--engine", "usi:"+fsf+c.options)
			b := startCSA(t, nil, "--server", addr, "--id", noviceID, "--password", pass, "--level", "novice", "--comments")
			a.wait(t, 5*time.Minute)
			b.wait(t, 3*time.Minute)
			la, lb := a.line(t), b.line(t)
			if la[6] != lb[6] || la[1] == lb[1] || la[2] != noviceID || lb[2] != fsfID || la[5] != lb[5] || !complementary(la[3], lb[3]) || la[4] != lb[4] {
				t.Fatalf("lines %v / %v", la, lb)
			}
			_, server := sameAsServer(t, a, dir, la[6])
			sameAsServer(t, b, dir, lb[6])
			// At its weakest Fairy-Stockfish may play no move of its line
			// in a whole game (its comments are then all left out, and the
			// novice's carry a score alone): the comments are checked at
			// full strength.
			fsfSign := map[string]byte{"black": '+', "white": '-'}[la[1]]
			commented := commentsBySide(server)
			if !strings.Contains(c.options, "Skill Level") {
				if !regexp.MustCompile(`(?m)^'\*\* -?\d+( [+-]\d{4}[A-Z]{2})+$`).MatchString(server) {
					t.Errorf("no engine comment with a line in the server's record:\n%s", server)
				}
				if commented[fsfSign] == 0 {
					t.Errorf("no comment of Fairy-Stockfish's (%c) in the server's record:\n%s", fsfSign, server)
				}
			}
			t.Logf("comments in the server's record: fsf %d, novice %d", commented[fsfSign], commented['+'+'-'-fsfSign])
			t.Logf("%s moves: fsf %s %s, novice %s; peak memory: shogi csa with fsf %d kB, with novice %d kB", la[5], la[3], la[4], lb[3], a.peakRSS.Load(), b.peakRSS.Load())
		})
	}
}

// commentsBySide counts the engine comments ('**) of a server's record
// by the side whose move each follows ('+' or '-').
func commentsBySide(record string) map[byte]int {
	n := map[byte]int{}
	var side byte
	for _, l := range strings.Split(record, "\n") {
		switch {
		case len(l) == 7 && (l[0] == '+' || l[0] == '-'):
			side = l[0]
		case strings.HasPrefix(l, "'** ") && side != 0:
			n[side]++
		}
	}
	return n
}

// fakeScript writes a program that runs the fake engine (this test
// binary) behaving as spec says, for a shogi csa process to start: the
// process itself must not see the fake's variable.
func fakeScript(t *testing.T, spec string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "fake-engine")
	body := "#!/bin/sh\n" + usitest.Env + "='" + spec + "' exec '" + os.Args[0] + "'\n"
	writeScript(t, p, body)
	return p
}

func complementary(a, b string) bool {
	return a == "win" && b == "loss" || a == "loss" && b == "win" || a == b && a != "win" && a != "loss"
}

// The reference server accepts a declaration from a shogi csa client: a
// buoy game starts where Black may declare, and Black's engine (the fake,
// which declares when it may) does. And an engine's illegal move loses
// by #ILLEGAL_MOVE, which shogi csa reports.
// The cases run one after the other: both log in as fake and level.
func realServerRulings(t *testing.T, addr, dir string) {
	csatest.SetBuoy(t, addr, "buoy_kachi-60-1", csatest.DeclarableMoves(t))
	for _, c := range []struct {
		name, game, fake string
		want             [2]string // Black's and White's outcome and reason
		says             string
	}{
		{"declaration", "buoy_kachi-60-1", "name=declarer", [2]string{"win JISHOGI", "loss JISHOGI"}, "declared an entering-king win"},
		{"illegal move", "illegal-60-1", "illegal", [2]string{"loss ILLEGAL_MOVE", "win ILLEGAL_MOVE"}, "which is illegal"},
	} {
		t.Run(c.name, func(t *testing.T) {
			a := startCSA(t, nil, "--server", addr, "--id", "fake", "--password", "pw",
				"--x1", "--game", c.game, "--turn", "+", "--engine", "usi:"+fakeScript(t, c.fake))
			b := startCSA(t, nil, "--server", addr, "--id", "level", "--password", "pw", "--x1", "--game", c.game, "--turn", "-", "--level", "beginner")
			var wg sync.WaitGroup
			for _, p := range []*csaProcess{a, b} {
				wg.Add(1)
				go func() { defer wg.Done(); p.wait(t, 3*time.Minute) }()
			}
			wg.Wait()
			la, lb := a.line(t), b.line(t)
			if la[3]+" "+la[4] != c.want[0] || lb[3]+" "+lb[4] != c.want[1] || !strings.Contains(a.stderr.String(), c.says) {
				t.Fatalf("lines %v / %v\n%s", la, lb, a.stderr.String())
			}
			sameAsServer(t, a, dir, la[6])
		})
	}
}

// A server that stops answering: shogi csa says at once that it is
// silent, naming the move it sent, then times the game out as
// interrupted.
func TestCSAServerSilent(t *testing.T) {
	t.Parallel()
	srv := csatest.NewServer(t, csatest.Script{Client: game.Black, Silent: 2})
	c := newCSATest(t, srv.Addr, "greedy")
	c.o.timeout = 2500 * time.Millisecond
	c.run(t)
	l := c.lines(t)
	errs := c.stderr.String()
	if len(l) != 1 || strings.Join(l[0][3:6], " ") != "interrupted TIMEOUT 2" {
		t.Fatalf("exit %d, lines %v\n%s", c.code, l, errs)
	}
	i := strings.Index(errs, "game 1: the server is silent: our move +")
	j := strings.Index(errs, "was sent and the server has not confirmed it")
	if i < 0 || j < i {
		t.Errorf("the silence not said first, or the move not named:\n%s", errs)
	}
}

// writeScript writes an executable script at path from another process
// (sh), so that no process this one forks meanwhile can inherit a file
// descriptor open for writing on it: executing the script would then fail
// with "text file busy" until that child execs (the parallel tests fork
// engines and servers all the time; go test -race made it happen).
func writeScript(t *testing.T, path, body string) {
	t.Helper()
	cmd := exec.Command("/bin/sh", "-c", `cat >"$0" && chmod 755 "$0"`, path)
	cmd.Stdin = strings.NewReader(body)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("writing %s: %v\n%s", path, err, out)
	}
}
