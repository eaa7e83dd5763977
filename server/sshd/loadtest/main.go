// Command loadtest measures shogi serve under load: a server in a process
// of its own on a loopback port, and SSH clients with ptys that play at
// its tables the way people do — two to a table, each waiting for the
// opponent's move to reach its screen, thinking a moment and typing a
// move. It reports the server's memory per session, the delay from a
// move's last key to the opponent's screen showing it (median, 99th
// percentile), the server's CPU, the machine's load average, which
// says how much else was running, and, once every client has hung up and
// the games they left have been forfeited, the server's goroutines again.
//
//	go run ./server/sshd/loadtest [-sessions 200] [-think 1s] [-duration 60s] [-cluster] [-nodes 1]
//
// -cluster runs the server as shogi serve does with no flag: a cluster
// node with NATS embedded in the process, the lobby's codes claimed and
// its tables' states saved in JetStream. -nodes 3 runs three such
// servers, each a process whose embedded NATS routes to the others' (as
// --nats-listen and --nats-routes do), the tables spread over them in
// turn; the figures are the three processes' together, with the NATS
// messages and bytes a move.
//
// A move is taken to be on the opponent's screen when the window title
// the app sets in the same frame as the board says it is that side's
// turn at the next move number.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	tea "charm.land/bubbletea/v2"
	gossh "golang.org/x/crypto/ssh"

	"shogi/app/lobby"
	"shogi/game"
	"shogi/server/cluster"
	"shogi/server/sshd"
	"shogi/tui"
)

// verbose prints every move slower than 500ms.
var verbose bool

// withCluster runs the server as a cluster node (-cluster); nodes is how
// many (-nodes).
var (
	withCluster bool
	nodes       = 1
)

func main() {
	child := flag.Bool("child", false, "run the server (used by the tool itself)")
	sessions := flag.Int("sessions", 200, "SSH sessions, two to a table")
	think := flag.Duration("think", time.Second, "mean time a player waits before moving, once the opponent's move is on screen")
	duration := flag.Duration("duration", 60*time.Second, "how long the tables play")
	flag.BoolVar(&verbose, "v", false, "print every move slower than 500ms")
	flag.BoolVar(&withCluster, "cluster", false, "run the server as a cluster node with NATS embedded, as shogi serve does")
	flag.IntVar(&nodes, "nodes", 1, "server processes, cluster nodes routed to one another (more than one implies -cluster)")
	flag.Parse()
	if *child {
		runServer()
		return
	}
	if nodes < 1 {
		fmt.Fprintln(os.Stderr, "loadtest: -nodes must be at least 1")
		os.Exit(2)
	}
	withCluster = withCluster || nodes > 1
	if *sessions < 2 || *sessions%2 != 0 {
		fmt.Fprintln(os.Stderr, "loadtest: -sessions must be even and at least 2")
		os.Exit(2)
	}
	if err := drive(os.Stdout, *sessions, *think, *duration); err != nil {
		fmt.Fprintln(os.Stderr, "loadtest:", err)
		os.Exit(1)
	}
}

// stats is what the server process says of itself: its memory, and
// its NATS traffic so far as cluster.Node.Traffic counts it.
type stats struct {
	HeapInuse, Sys uint64
	Goroutines     int
	cluster.Traffic
}

// add sums two processes' stats.
func (s stats) add(o stats) stats {
	return stats{HeapInuse: s.HeapInuse + o.HeapInuse, Sys: s.Sys + o.Sys, Goroutines: s.Goroutines + o.Goroutines,
		Traffic: cluster.Traffic{Msgs: s.Msgs + o.Msgs, Bytes: s.Bytes + o.Bytes,
			ServerMsgs: s.ServerMsgs + o.ServerMsgs, ServerBytes: s.ServerBytes + o.ServerBytes}}
}

// graceEnv, when set to a duration, replaces the server's 2 s of grace
// for a dropped seat and of linger for a finished table: the tests keep
// the wait for the idle server after the hang-up short.
const graceEnv = "LOADTEST_GRACE"

// runServer is the server process: it prints its address, then answers
// every line on stdin with its memory statistics, and shuts down at EOF.
func runServer() {
	dir, err := os.MkdirTemp("", "loadtest-games")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	key, _, err := sshd.LoadHostKey(filepath.Join(dir, "host_key"))
	if err != nil {
		panic(err)
	}
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug}))
	// Seats are kept and finished tables shown briefly, so that once the
	// clients hang up the server is soon back to what it was idle.
	grace := 2 * time.Second
	if d, err := time.ParseDuration(os.Getenv(graceEnv)); err == nil && d > 0 {
		grace = d
	}
	lc := lobby.Config{GamesDir: dir, Log: log, MaxTables: 10000, Grace: grace, Linger: grace}
	var node *cluster.Node
	if os.Getenv("LOADTEST_CLUSTER") != "" {
		name := os.Getenv("LOADTEST_NODE")
		if name == "" {
			name = "loadtest"
		}
		var routes []string
		if r := os.Getenv("LOADTEST_ROUTES"); r != "" {
			routes = strings.Split(r, ",")
		}
		node, err = cluster.Start(context.Background(), cluster.Config{Name: name, StoreDir: filepath.Join(dir, "nats"),
			Listen: os.Getenv("LOADTEST_LISTEN"), Routes: routes, StartTimeout: time.Minute,
			Log: slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))})
		if err != nil {
			panic(err)
		}
		defer node.Close()
		d, err := node.Directory(context.Background())
		if err != nil {
			panic(err)
		}
		defer d.Close()
		lc.Directory, lc.Store = d, node.Store()
	}
	l := lobby.New(lc)
	srv, err := sshd.New(sshd.Config{HostKey: key, Lobby: l, Log: log, MaxSessions: 10000, PerIP: 10000, PerMinute: 1000000,
		App: sshApp, Profile: tui.DetectProfile})
	if err != nil {
		panic(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	go srv.Serve(ln)
	fmt.Println(ln.Addr().String())
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		runtime.GC()
		if p := os.Getenv("LOADTEST_HEAPPROFILE"); p != "" {
			if f, err := os.Create(p); err == nil {
				_ = pprof.WriteHeapProfile(f)
				f.Close()
			}
		}
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		st := stats{HeapInuse: ms.HeapInuse, Sys: ms.Sys, Goroutines: runtime.NumGoroutine()}
		if node != nil {
			st.Traffic = node.Traffic()
		}
		b, _ := json.Marshal(st)
		fmt.Println(string(b))
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	_ = srv.Shutdown(ctx)
}

// server is the child process as the driver sees it.
type server struct {
	cmd   *exec.Cmd
	in    io.WriteCloser
	out   *bufio.Scanner
	addr  string
	mu    sync.Mutex
	codes map[string]string // creator's name → table code, from the log
	why   map[string]string // creator's name → the last refusal of a table, from the log
}

// fleet is the server processes, one or several nodes.
type fleet []*server

// startServers starts n server processes; with more than one, their
// embedded NATS servers route to one another on loopback ports. All
// start before any is waited for: a node waits for the others to elect
// JetStream's leaders.
func startServers(n int) (fleet, error) {
	var routes []string
	for range n {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, err
		}
		routes = append(routes, ln.Addr().String())
		ln.Close()
	}
	var f fleet
	for i := range n {
		var env []string
		if withCluster {
			env = append(os.Environ(), "LOADTEST_CLUSTER=1", fmt.Sprintf("LOADTEST_NODE=n%d", i+1))
			if n > 1 {
				env = append(env, "LOADTEST_LISTEN="+routes[i], "LOADTEST_ROUTES="+strings.Join(routes, ","))
			}
		}
		s, err := launch(env)
		if err != nil {
			f.stop()
			return nil, err
		}
		f = append(f, s)
	}
	for _, s := range f {
		if !s.out.Scan() {
			f.stop()
			return nil, fmt.Errorf("a server did not start")
		}
		s.addr = s.out.Text()
	}
	return f, nil
}

// stop ends every server: EOF on its stdin shuts it down.
func (f fleet) stop() {
	for _, s := range f {
		s.in.Close()
	}
	for _, s := range f {
		_ = s.cmd.Wait()
	}
}

// stats sums the servers' stats.
func (f fleet) stats() stats {
	var sum stats
	for _, s := range f {
		sum = sum.add(s.stats())
	}
	return sum
}

// cpu sums the servers' CPU time so far.
func (f fleet) cpu() time.Duration {
	var d time.Duration
	for _, s := range f {
		d += s.cpu()
	}
	return d
}

// rss sums the servers' resident memory.
func (f fleet) rss() uint64 {
	var b uint64
	for _, s := range f {
		b += s.rss()
	}
	return b
}

// launch starts one server process with env (nil: this process's).
func launch(env []string) (*server, error) {
	cmd := exec.Command(os.Args[0], "-child")
	cmd.Env = env
	in, _ := cmd.StdinPipe()
	out, _ := cmd.StdoutPipe()
	errOut, _ := cmd.StderrPipe()
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	s := &server{cmd: cmd, in: in, out: bufio.NewScanner(out), codes: map[string]string{}, why: map[string]string{}}
	re := regexp.MustCompile(`msg="table opened" code=(\w+) by=(\S+)`)
	go func() {
		sc := bufio.NewScanner(errOut)
		for sc.Scan() {
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				s.mu.Lock()
				s.codes[m[2]] = m[1]
				s.mu.Unlock()
			} else if m := refusedRE.FindStringSubmatch(sc.Text()); m != nil {
				s.mu.Lock()
				s.why[m[1]] = sc.Text()
				s.mu.Unlock()
			}
		}
	}()
	return s, nil
}

func (s *server) stats() stats {
	fmt.Fprintln(s.in)
	s.out.Scan()
	var st stats
	_ = json.Unmarshal(s.out.Bytes(), &st)
	return st
}

// refusedRE is the server's line for a table it could not open.
var refusedRE = regexp.MustCompile(`msg="cannot open a table" by=(\S+)`)

// refusals counts the tables refused at a first try (and later ones).
var refusals atomic.Int64

// received counts the bytes every client has read from the server.
var received atomic.Int64

// code waits for the code of the table name opened, or for its refusal
// (the cluster did not answer the claim in time, as on a machine loaded
// far past its cores): then the player presses enter again on the form
// a moment later, as a person would, up to twenty times.
func (s *server) code(p *player) (string, error) {
	tries := 0
	for deadline := time.Now().Add(3 * time.Minute); time.Now().Before(deadline); {
		s.mu.Lock()
		c, why := s.codes[p.name], s.why[p.name]
		delete(s.why, p.name)
		s.mu.Unlock()
		if c != "" {
			return c, nil
		}
		if why != "" {
			refusals.Add(1)
			if tries++; tries > 20 {
				return "", fmt.Errorf("refused %d times, the last: %s", tries, why)
			}
			time.Sleep(time.Second + time.Duration(rand.Int64N(int64(time.Second))))
			p.send("\r")
		}
		time.Sleep(10 * time.Millisecond)
	}
	return "", errors.New("no code within 3 minutes")
}

// cpu returns the server process's user and system time so far.
func (s *server) cpu() time.Duration { return cpuOf(s.cmd.Process.Pid) }

// cpuOf returns a process's user and system time so far.
func cpuOf(pid int) time.Duration {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	f := strings.Fields(string(data[bytes.LastIndexByte(data, ')')+2:]))
	ut, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(ut+st) * time.Second / 100 // clock ticks (USER_HZ 100)
}

// rss returns the process's resident memory.
func (s *server) rss() uint64 {
	data, _ := os.ReadFile(fmt.Sprintf("/proc/%d/status", s.cmd.Process.Pid))
	for _, l := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(l, "VmRSS:"); ok {
			n, _ := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return n << 10
		}
	}
	return 0
}

func loadavg() string {
	data, _ := os.ReadFile("/proc/loadavg")
	f := strings.Fields(string(data))
	if len(f) < 3 {
		return "?"
	}
	return strings.Join(f[:3], " ")
}

// player is one SSH session at a table.
type player struct {
	name  string
	in    io.Writer
	conn  *gossh.Client
	mu    sync.Mutex
	title string
	seen  chan string // every new window title
}

var titleRE = regexp.MustCompile("\x1b\\][02];([^\x07\x1b]*)(?:\x07|\x1b\\\\)")

func connect(addr, name string) (*player, error) {
	conn, err := gossh.Dial("tcp", addr, &gossh.ClientConfig{User: name, HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 30 * time.Second})
	if err != nil {
		return nil, err
	}
	sess, err := conn.NewSession()
	if err != nil {
		return nil, err
	}
	if err := sess.RequestPty("xterm-256color", 30, 100, gossh.TerminalModes{}); err != nil {
		return nil, err
	}
	p := &player{name: name, conn: conn, seen: make(chan string, 64)}
	p.in, _ = sess.StdinPipe()
	out, _ := sess.StdoutPipe()
	if err := sess.Shell(); err != nil {
		return nil, err
	}
	go func() {
		// Titles are found in what arrives; a sequence split between two
		// reads is found once the rest is there.
		var buf []byte
		chunk := make([]byte, 32<<10)
		for {
			n, err := out.Read(chunk)
			received.Add(int64(n))
			buf = append(buf, chunk[:n]...)
			for _, m := range titleRE.FindAllSubmatchIndex(buf, -1) {
				t := string(buf[m[2]:m[3]])
				p.mu.Lock()
				p.title = t
				p.mu.Unlock()
				select {
				case p.seen <- t:
				default:
				}
			}
			if i := bytes.LastIndex(buf, []byte("\x1b]")); i >= 0 && !titleRE.Match(buf[i:]) {
				buf = append(buf[:0], buf[i:]...)
			} else {
				buf = buf[:0]
			}
			if err != nil {
				close(p.seen)
				return
			}
		}
	}()
	return p, nil
}

func (p *player) send(keys ...string) {
	for _, k := range keys {
		_, _ = io.WriteString(p.in, k)
		time.Sleep(20 * time.Millisecond)
	}
}

// waitTitle waits until the title holds want.
func (p *player) waitTitle(want string, timeout time.Duration) (time.Time, bool) {
	p.mu.Lock()
	t := p.title
	p.mu.Unlock()
	if strings.Contains(t, want) {
		return time.Now(), true
	}
	deadline := time.After(timeout)
	for {
		select {
		case t, ok := <-p.seen:
			if !ok {
				return time.Time{}, false
			}
			if strings.Contains(t, want) {
				return time.Now(), true
			}
		case <-deadline:
			return time.Time{}, false
		}
	}
}

// table is two players and the position they play in.
type table struct {
	p   [2]*player // by colour
	pos game.Position
	ply int
}

// drive runs the server, seats n sessions, lets them play for duration
// and writes what it measured to out.
func drive(out io.Writer, n int, think, duration time.Duration) error {
	fmt.Fprintf(out, "loadtest: %d sessions at %d tables, think %v, play %v; %d CPUs, load average %s\n",
		n, n/2, think, duration, runtime.NumCPU(), loadavg())
	if nodes > 1 {
		fmt.Fprintf(out, "nodes: %d server processes, NATS embedded in each and routed to the others; the figures are theirs together\n", nodes)
	}
	srv, err := startServers(nodes)
	if err != nil {
		return err
	}
	defer srv.stop()
	idle := srv.stats()
	idleRSS := srv.rss()
	tables, err := seatAll(srv, n)
	hangUp := func() {
		for _, t := range tables {
			for _, p := range t.p {
				p.conn.Close()
			}
		}
	}
	if err != nil {
		hangUp()
		return err
	}
	seated := srv.stats()
	seatedRSS := srv.rss()
	if k := refusals.Load(); k > 0 {
		fmt.Fprintf(out, "seating: %d times a table was refused (the cluster did not answer its code's claim in time) and asked for again\n", k)
	}
	fmt.Fprintf(out, "seated: %d sessions; server heap in use %.1f MiB (idle %.1f), RSS %.1f MiB (idle %.1f), %d goroutines (idle %d)\n",
		n, mib(seated.HeapInuse), mib(idle.HeapInuse), mib(seatedRSS), mib(idleRSS), seated.Goroutines, idle.Goroutines)
	fmt.Fprintf(out, "per session: heap %.0f KiB, RSS %.0f KiB, %.1f goroutines\n",
		float64(seated.HeapInuse-idle.HeapInuse)/float64(n)/1024, float64(seatedRSS-idleRSS)/float64(n)/1024,
		float64(seated.Goroutines-idle.Goroutines)/float64(n))
	before := srv.stats()
	r := playAll(out, srv, tables, think, duration)
	r.report(out, n)
	if withCluster {
		d := srv.stats()
		moves := float64(max(1, len(r.delays)))
		fmt.Fprintf(out, "NATS a move: %.1f messages and %.0f bytes at the nodes' clients; %.1f messages and %.0f bytes through the servers (routes included)\n",
			float64(d.Msgs-before.Msgs)/moves, float64(d.Bytes-before.Bytes)/moves,
			float64(d.ServerMsgs-before.ServerMsgs)/moves, float64(d.ServerBytes-before.ServerBytes)/moves)
	}
	hangUp()
	closed := time.Now()
	var after stats
	for {
		after = srv.stats()
		if after.Goroutines <= idle.Goroutines || time.Since(closed) > 30*time.Second {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	fmt.Fprintf(out, "closed: %d sessions hung up; %v later the server has %d goroutines (idle %d), heap in use %.1f MiB\n",
		n, time.Since(closed).Round(100*time.Millisecond), after.Goroutines, idle.Goroutines, mib(after.HeapInuse))
	return nil
}

// seatAll seats n sessions, twenty at a time: the first of each pair
// opens a table (taking Black), the second joins it by its code. The
// tables seated are returned even when one fails, to be closed.
func seatAll(srv fleet, n int) ([]*table, error) {
	tables := make([]*table, n/2)
	var wg sync.WaitGroup
	errs := make(chan error, n)
	sem := make(chan struct{}, 20)
	for i := range tables {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			t, err := seat(srv[i%len(srv)], i)
			if err != nil {
				errs <- err
				return
			}
			tables[i] = t
		}()
	}
	wg.Wait()
	close(errs)
	seated := slices.DeleteFunc(tables, func(t *table) bool { return t == nil })
	for err := range errs {
		return seated, err
	}
	return seated, nil
}

// played is what the tables' play measured.
type played struct {
	delays       []time.Duration // from a move's last key to the opponent's screen, sorted
	lost, ended  int             // moves never seen, games ended
	cpu, self    time.Duration   // the server's and this process's CPU
	wall         time.Duration
	load0, load1 string // the load average before and after
	bytes        int64  // what the clients read from the server (the terminal output, after SSH)
}

// playAll plays at every table until duration has passed.
func playAll(out io.Writer, srv fleet, tables []*table, think, duration time.Duration) *played {
	cpu0, self0, wall0, bytes0 := srv.cpu(), cpuOf(os.Getpid()), time.Now(), received.Load()
	r := &played{load0: loadavg()}
	stop := time.Now().Add(duration)
	var mu sync.Mutex
	var wg sync.WaitGroup
	for i, t := range tables {
		wg.Add(1)
		go func() {
			defer wg.Done()
			t.play(i, think, stop, func(d time.Duration, seen, ended bool) {
				mu.Lock()
				defer mu.Unlock()
				switch {
				case ended:
					r.ended++
				case !seen:
					r.lost++
				default:
					r.delays = append(r.delays, d)
				}
			}, out)
		}()
	}
	wg.Wait()
	r.cpu, r.self, r.wall, r.load1 = srv.cpu()-cpu0, cpuOf(os.Getpid())-self0, time.Since(wall0), loadavg()
	r.bytes = received.Load() - bytes0
	slices.Sort(r.delays)
	return r
}

// play moves at table i, the side to move thinking a random while about
// think, until stop, the game's end, or a move its opponent never sees.
// note hears of every move (the delay until the opponent saw it) and of
// the game's end.
func (t *table) play(i int, think time.Duration, stop time.Time, note func(d time.Duration, seen, ended bool), out io.Writer) {
	r := rand.New(rand.NewPCG(uint64(i), 99))
	// Every table plays a move, however late its turn comes on a loaded
	// machine; then as many as fit before stop.
	for t.ply == 0 || time.Now().Before(stop) {
		time.Sleep(time.Duration(r.Int64N(int64(2 * think))))
		mv, ok := pick(t.pos, r)
		if !ok {
			note(0, false, true)
			return
		}
		side := t.pos.SideToMove()
		mover, opp := t.p[side], t.p[side.Other()]
		want := fmt.Sprintf("move %d ", t.ply+2)
		mover.send(mv.USI())
		sent := time.Now()
		_, _ = io.WriteString(mover.in, "\r")
		seenAt, ok := opp.waitTitle(want, 30*time.Second)
		note(seenAt.Sub(sent), ok, false)
		if !ok {
			return
		}
		if verbose && seenAt.Sub(sent) > 500*time.Millisecond {
			fmt.Fprintf(out, "slow: table %d ply %d %s: %v\n", i, t.ply+1, mv.USI(), seenAt.Sub(sent))
		}
		t.pos = t.pos.Play(mv)
		t.ply++
		// The mover's own screen has it too before the next turn.
		mover.waitTitle(want, 30*time.Second)
	}
}

// report writes what the play of n sessions measured.
func (r *played) report(out io.Writer, n int) {
	q := func(p float64) time.Duration {
		if len(r.delays) == 0 {
			return 0
		}
		return r.delays[min(len(r.delays)-1, int(p*float64(len(r.delays))))].Round(100 * time.Microsecond)
	}
	wall := r.wall.Seconds()
	fmt.Fprintf(out, "played: %d moves in %v (%.1f a second); %d games ended, %d moves never seen\n",
		len(r.delays), r.wall.Round(time.Second), float64(len(r.delays))/wall, r.ended, r.lost)
	fmt.Fprintf(out, "move → opponent's screen: median %v, p90 %v, p99 %v, max %v\n", q(0.5), q(0.9), q(0.99), q(1))
	fmt.Fprintf(out, "server CPU: %v in %v = %.0f%% of one core (%.0f%% of the machine's %d)\n",
		r.cpu, r.wall.Round(time.Second), 100*r.cpu.Seconds()/wall, 100*r.cpu.Seconds()/wall/float64(runtime.NumCPU()), runtime.NumCPU())
	fmt.Fprintf(out, "the clients (this process, %d SSH connections): %.0f%% of one core\n", n, 100*r.self.Seconds()/wall)
	fmt.Fprintf(out, "terminal output to the clients: %.0f bytes a second a session, %.0f bytes a move\n",
		float64(r.bytes)/wall/float64(n), float64(r.bytes)/float64(max(1, len(r.delays))))
	fmt.Fprintf(out, "load average: %s before, %s after\n", r.load0, r.load1)
}

// seat opens table i and seats its two players.
func seat(srv *server, i int) (*table, error) {
	a, err := connect(srv.addr, fmt.Sprintf("a%03d", i))
	if err != nil {
		return nil, err
	}
	b, err := connect(srv.addr, fmt.Sprintf("b%03d", i))
	if err != nil {
		return nil, err
	}
	// Name, Create a table, the form's last row (open it) with the
	// defaults: 10 minutes and 30 s byōyomi, even, the creator Black.
	a.send("\r", "\r", "\x1b[B", "\x1b[B", "\x1b[B", "\r")
	code, err := srv.code(a)
	if err != nil {
		return nil, fmt.Errorf("table %d: %v", i, err)
	}
	b.send("\r", "\x1b[B", "\r", code, "\r")
	for _, p := range []*player{a, b} {
		if _, ok := p.waitTitle("move 1 ", 30*time.Second); !ok {
			return nil, fmt.Errorf("table %s: %s never saw the game start (title %q)", code, p.name, p.title)
		}
	}
	return &table{p: [2]*player{a, b}, pos: game.StartPosition()}, nil
}

// pick chooses a move that does not end the game at once.
func pick(p game.Position, r *rand.Rand) (game.Move, bool) {
	moves := p.LegalMoves(nil)
	r.Shuffle(len(moves), func(i, j int) { moves[i], moves[j] = moves[j], moves[i] })
	for _, m := range moves {
		q := p.Play(m)
		if q.HasLegalMove() {
			return m, true
		}
	}
	return game.NoMove, false
}

func mib(b uint64) float64 { return float64(b) / (1 << 20) }

// sshApp is the app shogi serve runs on each session (main's sshApp).
func sshApp(s sshd.Session) (tea.Model, func()) {
	t := tui.Terminal{In: s.In, Out: s.Out, Env: s.Env, Profile: s.Profile, Width: s.Width, Height: s.Height}
	o := tui.Options{Width: tui.WidthPolicyFromEnv(t.Env), Lang: tui.LangFromEnv(t.Env), ASCII: !tui.UTF8Locale(t.Env)}
	return tui.NewRemote(s.Context, tui.Remote{Lobby: s.Lobby, Name: s.User, Key: s.Key, Playing: s.Playing}, o, t)
}
