package sshd

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"shogi/game/usi/usitest"
	"shogi/internal/termtest"
	"shogi/internal/testenv"
	"shogi/kifu"
)

// serveProc is one shogi serve process of a cluster, with its log.
type serveProc struct {
	name, addr, games string
	cmd               *exec.Cmd
	log               *usitest.SyncBuffer
	done              chan struct{}
}

// startServeCluster starts n shogi serve processes whose embedded NATS
// servers route to one another on loopback, and waits until each
// listens for SSH.
func startServeCluster(t *testing.T, n int, grace time.Duration) []*serveProc {
	t.Helper()
	bin := termtest.Binary(t)
	// Every node's two ports picked at once, so that none is picked twice.
	ports := testenv.FreePorts(t, 2*n)
	var routes []string
	for i := range n {
		routes = append(routes, fmt.Sprintf("127.0.0.1:%d", ports[i]))
	}
	var procs []*serveProc
	for i := range n {
		dir := t.TempDir()
		p := &serveProc{name: fmt.Sprintf("n%d", i+1), addr: fmt.Sprintf("127.0.0.1:%d", ports[n+i]),
			games: filepath.Join(dir, "games"), log: &usitest.SyncBuffer{}, done: make(chan struct{})}
		p.cmd = exec.Command(bin, "serve", "--listen", p.addr, "--node", p.name, "--host-key", filepath.Join(dir, "key"),
			"--games", p.games, "--nats-listen", routes[i], "--nats-routes", strings.Join(routes, ","),
			"--nats-store", filepath.Join(dir, "nats"), "--grace", grace.String(), "--log-level", "debug", "--status-every", "5s")
		p.cmd.Env = append(os.Environ(), "XDG_CONFIG_HOME="+dir, "XDG_DATA_HOME="+dir, "XDG_STATE_HOME="+dir, "XDG_CACHE_HOME="+dir)
		p.cmd.Stdout, p.cmd.Stderr = p.log, p.log
		if err := p.cmd.Start(); err != nil {
			t.Fatal(err)
		}
		go func() { _ = p.cmd.Wait(); close(p.done) }()
		t.Cleanup(func() {
			_ = p.cmd.Process.Signal(syscall.SIGTERM)
			select {
			case <-p.done:
			case <-time.After(15 * time.Second):
				_ = p.cmd.Process.Kill()
				<-p.done
			}
			if t.Failed() {
				t.Logf("%s's log:\n%s", p.name, tail([]byte(p.log.String()), 6000))
			}
		})
		procs = append(procs, p)
	}
	for _, p := range procs {
		waitUntilWithin(t, 90*time.Second, p.name+" listening", func() bool {
			c, err := net.DialTimeout("tcp", p.addr, time.Second)
			if err != nil {
				return false
			}
			c.Close()
			return true
		})
	}
	return procs
}

// kill ends the process with SIGKILL: nothing handed over.
func (p *serveProc) kill(t *testing.T) {
	t.Helper()
	if err := p.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	<-p.done
}

var openedRE = regexp.MustCompile(`"table opened" code=([A-Z0-9]+)`)

// seatAcrossNodes opens a table on n1 for alice, seats bob at it from
// n2 and carol as a spectator from n3, and returns their panes and the
// table's code: the start of every three-node table test.
func seatAcrossNodes(t *testing.T, n1, n2, n3 *serveProc) (alice, bob, carol *termtest.Tmux, code string) {
	t.Helper()
	alice = sshClient(t, n1.addr, "alice", 110, 36)
	alice.WaitLong(30*time.Second, "Your name: alice")
	alice.Keys("Enter", "Enter", "Down", "Down", "Down", "Enter")
	alice.WaitFor("Waiting for an opponent")
	waitUntilWithin(t, 10*time.Second, "the table's code in n1's log", func() bool {
		m := openedRE.FindStringSubmatch(n1.log.String())
		if m != nil {
			code = m[1]
		}
		return m != nil
	})
	alice.WaitFor(spacedCode(code))

	bob = sshClient(t, n2.addr, "bob", 110, 36)
	bob.WaitLong(30*time.Second, "Your name: bob")
	bob.Keys("Enter", "Down", "Enter")
	bob.WaitFor("Table code")
	bob.Keys(strings.ToLower(code), "Enter")
	bob.WaitFor("▲Black alice")
	alice.WaitFor("△White bob")

	carol = sshClient(t, n3.addr, "carol", 120, 40)
	carol.WaitLong(30*time.Second, "Your name: carol")
	carol.Keys("Enter", "Down", "Down", "Enter")
	carol.WaitFor(code)
	carol.Keys("Enter")
	carol.WaitFor("You are watching this game.")
	return alice, bob, carol, code
}

// Three shogi serve processes with embedded, routed NATS on loopback; two
// OpenSSH clients on different nodes play a table with a spectator on
// the third; the referee's node (the creator's) is killed with SIGKILL
// mid-game. Another node takes the table over: the far player and the
// spectator carry on where they are, the player who was on the dead node
// connects to another node and is offered the seat, and the game ends
// with every move, its time and every chat line in the record.
func TestThreeNodesRefereeKilled(t *testing.T) {
	if !testenv.Long() {
		t.Skip("three shogi serve processes, a node killed and its table taken over (about a minute): SHOGI_LONG_TESTS=1")
	}
	termtest.Need(t, "ssh")
	nodes := startServeCluster(t, 3, 2*time.Minute)
	n1, n2, n3 := nodes[0], nodes[1], nodes[2]

	alice, bob, carol, code := seatAcrossNodes(t, n1, n2, n3)

	alice.Keys("7g7f", "Enter")
	bob.WaitFor("７六歩")
	bob.Keys("3c3d", "Enter")
	alice.WaitFor("３四歩")
	bob.Keys("t", "yoroshiku", "Enter")
	carol.Keys("t", "ganbare", "Enter")
	alice.WaitFor("bob: yoroshiku", "carol (watching): ganbare")
	alice.Keys("2g2f", "Enter")
	bob.WaitFor("２六歩")
	carol.WaitFor("3 ▲２六歩", "bob: yoroshiku", "carol (watching): ganbare")

	// n1, the referee, dies. Its table is taken over by n2 or n3 once its
	// lease lapses; bob's seat on n2 sits down at the new referee by
	// itself, and plays on once alice is back.
	killed := time.Now()
	n1.kill(t)
	sshExited(t, alice)
	// Before the lease lapses, bob and carol are told the referee went
	// silent (its renewals unheard for half the lease's time).
	bob.WaitFor("The server refereeing this game is silent")
	carol.WaitFor("The server refereeing this game is silent")
	t.Logf("bob and carol were told the referee is silent %v after n1 was killed", time.Since(killed).Round(100*time.Millisecond))

	alice2 := sshClient(t, n3.addr, "alice", 110, 36)
	alice2.WaitLong(30*time.Second, "Your name: alice")
	alice2.Keys("Enter")
	// The menu offers the seat back once the table is taken over; the
	// menu is drawn afresh at each key.
	waitUntilWithin(t, 60*time.Second, "alice on n3 offered her seat", func() bool {
		if strings.Contains(alice2.Screen(), "Back to your game "+code) {
			return true
		}
		alice2.Keys("Down", "Up")
		return false
	})
	t.Logf("alice was offered her seat %v after n1 was killed", time.Since(killed).Round(100*time.Millisecond))
	alice2.Keys("Enter")
	alice2.WaitFor("△White bob", "３四歩")
	resumed := time.Now()
	bob.Keys("8c8d", "Enter")
	alice2.WaitFor("８四歩")
	carol.WaitLong(30*time.Second, "4 △８四歩")
	alice2.Keys("t", "tadaima", "Enter")
	bob.WaitFor("alice: tadaima")
	carol.WaitFor("alice: tadaima")
	alice2.Keys("2f2e", "Enter")
	bob.WaitFor("２五歩")
	carol.WaitFor("5 ▲２五歩")
	bob.Keys("x", "y", "Enter")
	alice2.WaitFor("Black wins by resignation after 5 moves")
	carol.WaitFor("Black wins by resignation after 5 moves")

	// The record: written once, by the node that took the table over,
	// with every move, its time and every chat line.
	var found []string
	waitUntilWithin(t, 10*time.Second, "the record written", func() bool {
		found = nil
		for _, p := range []*serveProc{n2, n3} {
			m, _ := filepath.Glob(filepath.Join(p.games, "*"+code+"*.kif*"))
			found = append(found, m...)
		}
		return len(found) > 0
	})
	if len(found) != 1 {
		t.Fatalf("records of the game: %v", found)
	}
	rec, err := kifu.ReadFile(found[0])
	if err != nil {
		t.Fatal(err)
	}
	var moves []string
	var comments []string
	var spent []time.Duration
	if c := rec.Root.Comment(); c != "" {
		comments = append(comments, c)
	}
	for _, n := range rec.MainLine() {
		if c := n.Comment(); c != "" {
			comments = append(comments, c)
		}
		if n.Ending != kifu.NoEnding {
			continue
		}
		if !n.HasTime {
			t.Errorf("move %d has no time in the record", n.Ply)
		}
		moves = append(moves, n.Move.USI())
		spent = append(spent, n.Elapsed)
	}
	if got := strings.Join(moves, " "); got != "7g7f 3c3d 2g2f 8c8d 2f2e" {
		t.Fatalf("the record's moves: %s", got)
	}
	// bob's fourth move was thought over across the takeover (the lease
	// lapsing alone takes longer): the clocks stood still meanwhile, so
	// neither side was charged for it.
	if len(spent) == 5 && spent[3] >= resumed.Sub(killed) {
		t.Errorf("move 4 took %v in the record, though the takeover alone took %v", spent[3], resumed.Sub(killed))
	}
	chat := strings.Join(comments, "\n")
	for _, want := range []string{"bob: yoroshiku", "carol（観戦）: ganbare", "alice: tadaima"} {
		if !strings.Contains(chat, want) {
			t.Errorf("the record lacks the chat line %q; its comments:\n%s", want, chat)
		}
	}
	data, err := os.ReadFile(found[0])
	if err != nil {
		t.Fatal(err)
	}
	text, _, _, err := kifu.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text, "投了") {
		t.Errorf("the record does not end in a resignation:\n%s", text)
	}
	t.Logf("the record:\n%s", text)
	// The dead node's routes are tried every second on each of their
	// pooled connections; the survivors report it at the first failure
	// and then once a minute, not four lines a second.
	limit := 4 * (2 + int(time.Since(killed)/time.Minute))
	for _, p := range []*serveProc{n2, n3} {
		if n := strings.Count(p.log.String(), "Error trying to connect to route"); n > limit {
			t.Errorf("%d route errors logged in %v after the kill (at most %d)", n, time.Since(killed).Round(time.Second), limit)
		}
	}
}
