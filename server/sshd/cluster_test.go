package sshd

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"shogi/app/lobby"
	"shogi/game/usi/usitest"
	"shogi/internal/testenv"
	"shogi/kifu"
	"shogi/server/cluster"
)

// The SSH server as a node of a cluster on a NATS that runs apart: real
// nats-server processes (Debian's package), killed with SIGKILL and
// started again on the same ports and files.

// natsServerBinary finds nats-server, or skips the test saying how to
// get it.
func natsServerBinary(t *testing.T) string {
	t.Helper()
	if p, err := exec.LookPath("nats-server"); err == nil {
		return p
	}
	for _, p := range []string{"/usr/sbin/nats-server", "/usr/bin/nats-server"} {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	t.Skip("no nats-server (apt-get install nats-server): the external NATS tests skip")
	return ""
}

// natsProc is one nats-server process with JetStream, on loopback ports
// and files of its own that outlive a kill.
type natsProc struct {
	t          *testing.T
	bin, conf  string
	name       string
	port, http int
	dir        string
	cmd        *exec.Cmd
	exited     chan struct{}
}

// startNATSServers starts n nats-server processes, routed to one another
// when n > 1, and waits until each says it is healthy. The ports are
// free when picked but may be taken before the servers bind them (by a
// test running beside this one): a server that exits saying so makes the
// whole set start again on other ports.
func startNATSServers(t *testing.T, n int) []*natsProc {
	t.Helper()
	for attempt := 1; ; attempt++ {
		procs, err := tryNATSServers(t, n)
		if err == nil {
			return procs
		}
		for _, p := range procs {
			p.kill()
		}
		if !errors.Is(err, errPortTaken) || attempt == 5 {
			t.Fatal(err)
		}
		t.Logf("nats-servers again on other ports: %v", err)
	}
}

// errPortTaken is a nats-server's exit on a port taken since it was picked.
var errPortTaken = errors.New("a port was taken before nats-server bound it")

func tryNATSServers(t *testing.T, n int) ([]*natsProc, error) {
	t.Helper()
	bin := natsServerBinary(t)
	ports := testenv.FreePorts(t, 3*n) // routes, clients, monitoring
	cports := ports[:n]
	var routes []string
	for i := range n {
		routes = append(routes, fmt.Sprintf("nats-route://127.0.0.1:%d", cports[i]))
	}
	var procs []*natsProc
	for i := range n {
		p := &natsProc{t: t, bin: bin, name: fmt.Sprintf("s%d", i+1), port: ports[n+2*i], http: ports[n+2*i+1],
			dir: t.TempDir()}
		conf := fmt.Sprintf("server_name: %s\nlisten: 127.0.0.1:%d\nhttp: 127.0.0.1:%d\njetstream { store_dir: %q }\n",
			p.name, p.port, p.http, filepath.Join(p.dir, "js"))
		if n > 1 {
			conf += fmt.Sprintf("cluster {\n  name: shogi\n  listen: 127.0.0.1:%d\n  routes: [%s]\n}\n", cports[i], strings.Join(routes, ", "))
		}
		p.conf = filepath.Join(p.dir, "nats.conf")
		if err := os.WriteFile(p.conf, []byte(conf), 0o600); err != nil {
			t.Fatal(err)
		}
		p.start()
		t.Cleanup(p.kill)
		procs = append(procs, p)
	}
	for _, p := range procs {
		if err := p.waitUp(); err != nil {
			return procs, err
		}
	}
	return procs, nil
}

func (p *natsProc) URL() string { return fmt.Sprintf("nats://127.0.0.1:%d", p.port) }

// start runs the process; its log goes to a file beside its data, shown
// when the test fails.
func (p *natsProc) start() {
	p.t.Helper()
	logf, err := os.OpenFile(filepath.Join(p.dir, "log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		p.t.Fatal(err)
	}
	p.cmd = exec.Command(p.bin, "-c", p.conf)
	p.cmd.Stdout, p.cmd.Stderr = logf, logf
	if err := p.cmd.Start(); err != nil {
		logf.Close()
		p.t.Fatalf("nats-server %s: %v", p.name, err)
	}
	p.exited = make(chan struct{})
	go func() {
		_ = p.cmd.Wait()
		logf.Close()
		close(p.exited)
	}()
}

// kill ends the process with SIGKILL: no goodbye to its routes or clients.
func (p *natsProc) kill() {
	if p.cmd == nil {
		return
	}
	_ = p.cmd.Process.Signal(syscall.SIGKILL)
	<-p.exited
	p.cmd = nil
	if p.t.Failed() {
		if b, err := os.ReadFile(filepath.Join(p.dir, "log")); err == nil {
			// Without the lines of a route retried once a second.
			var kept []string
			for _, l := range strings.Split(string(b), "\n") {
				if !strings.Contains(l, "Error trying to connect to route") {
					kept = append(kept, l)
				}
			}
			p.t.Logf("nats-server %s's log (last 6000 bytes):\n%s", p.name, tail([]byte(strings.Join(kept, "\n")), 6000))
		}
	}
}

func tail(b []byte, n int) string {
	if len(b) > n {
		b = b[len(b)-n:]
	}
	return string(b)
}

// waitHealthy waits for the server's /healthz to say JetStream is
// ready (its streams current with their peers).
func (p *natsProc) waitHealthy() {
	p.t.Helper()
	if err := p.waitUp(); err != nil {
		p.t.Fatal(err)
	}
}

// waitUp waits until the server says it is healthy, or says why not.
func (p *natsProc) waitUp() error {
	deadline := time.Now().Add(60 * time.Second)
	c := &http.Client{Timeout: 2 * time.Second}
	for {
		resp, err := c.Get(fmt.Sprintf("http://127.0.0.1:%d/healthz", p.http))
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		select {
		case <-p.exited:
			if b, _ := os.ReadFile(filepath.Join(p.dir, "log")); bytes.Contains(b, []byte("address already in use")) {
				return fmt.Errorf("nats-server %s: %w", p.name, errPortTaken)
			}
			return fmt.Errorf("nats-server %s exited", p.name)
		default:
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("nats-server %s not healthy within 60s: %v", p.name, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// clusterNode is an SSH server wired as shogi serve wires a node: the
// lobby's codes in the cluster's directory, its tables' states in the
// cluster's store.
type clusterNode struct {
	*testServer
	node *cluster.Node
	list *cluster.Directory
	log  *usitest.SyncBuffer
}

func startClusterNode(t testing.TB, cfg cluster.Config) *clusterNode {
	return startClusterServer(t, cfg, Config{})
}

// startClusterServer is startClusterNode with the SSH server's config.
func startClusterServer(t testing.TB, cfg cluster.Config, sc Config) *clusterNode {
	t.Helper()
	logs := &usitest.SyncBuffer{}
	cfg.Log = slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	if cfg.StartTimeout == 0 {
		cfg.StartTimeout = 60 * time.Second
	}
	n, err := cluster.Start(context.Background(), cfg)
	if err != nil {
		t.Fatalf("node %s: %v", cfg.Name, err)
	}
	t.Cleanup(func() {
		n.Close()
		if t.Failed() {
			t.Logf("node %s's cluster log:\n%s", cfg.Name, tail([]byte(logs.String()), 6000))
		}
	})
	d, err := n.Directory(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(d.Close)
	ts := startServer(t, sc, lobby.Config{Directory: d, Store: n.Store()})
	return &clusterNode{testServer: ts, node: n, list: d, log: logs}
}

// waitListed waits for code to be in d's list, opened on node.
func waitListed(t *testing.T, d *cluster.Directory, code, node string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	err := d.Wait(ctx, func(ls []cluster.Listing) bool {
		for _, l := range ls {
			if l.Code == code && l.Node == node {
				return true
			}
		}
		return false
	})
	if err != nil {
		t.Fatalf("%s not listed as %s's: %v", code, node, d.Tables())
	}
}

// waitSaved waits for the table's state in the cluster, as another node
// reads it, to hold n moves; a chat line is
// written now and then meanwhile, since a save that failed (a leader
// being elected) is made again only at the table's next event.
func waitSaved(t *testing.T, reader *cluster.Node, code string, n int, chat *client) lobby.TableState {
	t.Helper()
	deadline := time.Now().Add(45 * time.Second)
	nudge := time.Now().Add(5 * time.Second)
	for k := 0; ; {
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		st, _, err := reader.Store().Saved(ctx, code)
		cancel()
		if err == nil && len(st.Moves) == n {
			return st
		}
		if time.Now().After(deadline) {
			t.Fatalf("the cluster never held table %s's state at move %d: %d moves, %v", code, n, len(st.Moves), err)
		}
		if chat != nil && time.Now().After(nudge) {
			k++
			chat.send("t", fmt.Sprintf("still here %d", k), "enter")
			nudge = time.Now().Add(5 * time.Second)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// playMoves plays mate7[from:to] at a table of a (Black) and b (White),
// each move waited for on both screens.
func playMoves(t *testing.T, a, b *client, from, to int) {
	t.Helper()
	for i := from; i < to; i++ {
		mover := a
		if i%2 == 1 {
			mover = b
		}
		mover.send(mate7[i].usi, "enter")
		for _, c := range []*client{a, b} {
			c.waitFor(mate7[i].ki2)
			if i < len(mate7)-1 {
				c.waitTitle(fmt.Sprintf("move %d ", i+2))
			}
		}
	}
}

// Two nodes on an external cluster of three nats-server processes: a
// table opened on one is in the other's list and its code is refused
// there; the nats-server the table's node is connected to is killed and
// started again mid-game, and the nodes stay connected through the others
// and go on saving the table's state; then another one is killed, which
// the cluster survives only because the first came back.
func TestClusterExternalNATS(t *testing.T) {
	if !testenv.Long() {
		t.Skip("starts three nats-server processes and kills two, for about a minute: SHOGI_LONG_TESTS=1")
	}
	procs := startNATSServers(t, 3)
	var urls []string
	for _, p := range procs {
		urls = append(urls, p.URL())
	}
	na := startClusterNode(t, cluster.Config{Name: "east", URLs: urls})
	nb := startClusterNode(t, cluster.Config{Name: "west", URLs: urls})
	if na.node.Replicas() != 3 {
		t.Fatalf("%d replicas with three servers", na.node.Replicas())
	}

	alice := na.dial(t, dialOpts{user: "alice"})
	code := openTable(t, na.testServer, alice, "alice")
	waitListed(t, nb.list, code, "east")
	if err := nb.list.Claim(code, lobby.Info{Code: code}); !errors.Is(err, lobby.ErrCodeTaken) {
		t.Fatalf("the same code claimed on the other node: %v", err)
	}
	bob := na.dial(t, dialOpts{user: "bob"})
	joinTable(t, bob, "bob", code)
	for _, c := range []*client{alice, bob} {
		c.waitTitle("move 1 ")
	}
	playMoves(t, alice, bob, 0, 2)
	waitSaved(t, nb.node, code, 2, nil)

	// The server east is on dies.
	on := na.node.ConnectedURL()
	var killed *natsProc
	for _, p := range procs {
		if p.URL() == on {
			killed = p
		}
	}
	if killed == nil {
		t.Fatalf("east is on %q, none of %v", on, urls)
	}
	killed.kill()
	waitUntilWithin(t, 30*time.Second, "east on another server", func() bool {
		u := na.node.ConnectedURL()
		return na.node.Connected() && u != "" && u != on
	})
	playMoves(t, alice, bob, 2, 4)
	waitSaved(t, nb.node, code, 4, alice)

	// It comes back on its files; once healthy, another one dies: two of
	// three servers keep the quorum only if the first rejoined.
	killed.start()
	killed.waitHealthy()
	var second *natsProc
	for _, p := range procs {
		if p != killed {
			second = p
			break
		}
	}
	second.kill()
	playMoves(t, alice, bob, 4, 7)
	for _, c := range []*client{alice, bob} {
		c.waitTitle("checkmate")
	}
	st := waitSaved(t, nb.node, code, 7, alice)
	for i, m := range st.Moves {
		if m.USI() != mate7[i].usi {
			t.Errorf("saved move %d %s, played %s", i+1, m.USI(), mate7[i].usi)
		}
	}
	if !na.node.Connected() || !nb.node.Connected() {
		t.Errorf("connected: east %v, west %v", na.node.Connected(), nb.node.Connected())
	}
}

// waitUntilWithin waits, up to within, for ok.
func waitUntilWithin(t *testing.T, within time.Duration, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(within)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("not within %v: %s", within, what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// NATS goes away and comes back, under one node: the game in progress
// goes on to its end on the node and is written; a new table is refused
// in words on the player's screen while NATS is away, and opens once it
// is back.
func TestClusterNATSGoneAndBack(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a nats-server process and kills it")
	}
	t.Parallel()
	ns := startNATSServers(t, 1)[0]
	n := startClusterNode(t, cluster.Config{Name: "solo", URLs: []string{ns.URL()}})
	alice := n.dial(t, dialOpts{user: "alice"})
	code := openTable(t, n.testServer, alice, "alice")
	bob := n.dial(t, dialOpts{user: "bob"})
	joinTable(t, bob, "bob", code)
	for _, c := range []*client{alice, bob} {
		c.waitTitle("move 1 ")
	}
	playMoves(t, alice, bob, 0, 2)
	waitSaved(t, n.node, code, 2, nil)

	ns.kill()
	waitUntilWithin(t, 10*time.Second, "the node to notice NATS gone", func() bool { return !n.node.Connected() })
	playMoves(t, alice, bob, 2, 7)
	for _, c := range []*client{alice, bob} {
		c.waitTitle("checkmate")
	}
	waitUntilWithin(t, 10*time.Second, "the game written", func() bool {
		files, _ := filepath.Glob(filepath.Join(n.dir, "*"+code+"*.kif"))
		return len(files) == 1
	})
	files, _ := filepath.Glob(filepath.Join(n.dir, "*"+code+"*.kif"))
	rec, err := kifu.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	if e, _ := rec.Ending(); e != kifu.Mate || len(rec.MainMoves()) != len(mate7) {
		t.Errorf("the record: ending %v, %d moves, want mate in %d", e, len(rec.MainMoves()), len(mate7))
	}

	carol := n.dial(t, dialOpts{user: "carol", w: 200, h: 40})
	carol.waitFor("Your name")
	carol.send("ctrl+u", "carol", "enter")
	carol.waitFor("Create a table")
	carol.send("enter")
	carol.waitFor("Open the table")
	carol.send("down", "down", "down", "enter")
	carol.waitFor("the server cannot reach the other nodes just now, so no new table can", "open; try again in a moment")
	if len(n.Lobby().Tables()) != 1 {
		t.Errorf("tables while NATS is away: %v", n.Lobby().Tables())
	}

	ns.start()
	ns.waitHealthy()
	waitUntilWithin(t, 30*time.Second, "the node back on NATS", n.node.Connected)
	// The form is still there: enter opens the table now (JetStream may
	// take a moment after the server is back; each try is a keypress).
	deadline := time.Now().Add(30 * time.Second)
	for {
		carol.send("enter")
		if waitScreen(carol, 5*time.Second, "Your table's code:") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no table once NATS was back:\n%s", carol.screen().String())
		}
	}
	var carols string
	for _, i := range n.Lobby().Tables() {
		if i.Names[0] == "carol" {
			carols = i.Code
		}
	}
	if carols == "" {
		t.Fatal("carol's table is not in the lobby")
	}
	// Its code is claimed in the cluster: a list opened now holds it.
	fresh, err := n.node.Directory(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer fresh.Close()
	waitListed(t, fresh, carols, "solo")
	// The node's own list, followed since before NATS went, holds it too
	// once its watcher is made anew; nats.go does that only when two of the
	// server's idle heartbeats (5 s apart, fixed in nats.go) are missed,
	// 10 to 20 s after NATS is back, so this wait is in the long tier.
	if testenv.Long() {
		waitListed(t, n.list, carols, "solo")
	}
}

// waitScreen reports whether the screen shows text within d.
func waitScreen(c *client, d time.Duration, text string) bool {
	deadline := time.Now().Add(d)
	for time.Now().Before(deadline) {
		if strings.Contains(c.screen().String(), text) {
			return true
		}
		time.Sleep(50 * time.Millisecond)
	}
	return false
}

// BenchmarkFirstFrameClusterNode is BenchmarkFirstFrame on a server wired
// as shogi serve with no flag wires it: a cluster node, NATS embedded in
// the process.
func BenchmarkFirstFrameClusterNode(b *testing.B) {
	ts := startClusterServer(b, cluster.Config{Name: "bench", StoreDir: b.TempDir()},
		Config{PerIP: 1 << 20, MaxSessions: 1 << 20, PerMinute: 1 << 30})
	b.ResetTimer()
	for range b.N {
		conn, err := ts.dialConn(dialOpts{})
		if err != nil {
			b.Fatal(err)
		}
		c, err := startSession(b, conn, dialOpts{})
		if err != nil {
			b.Fatal(err)
		}
		for !bytes.Contains(c.rawBytes(), []byte("Your name")) {
			time.Sleep(time.Millisecond)
		}
		c.close()
	}
}
