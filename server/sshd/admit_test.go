package sshd

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"

	"shogi/app/lobby"
	"shogi/server/cluster"
)

// startInProcessNATS runs a NATS server with JetStream on a loopback
// port for the test's nodes to share.
func startInProcessNATS(t *testing.T) string {
	t.Helper()
	srv, err := server.NewServer(&server.Options{Host: "127.0.0.1", Port: server.RANDOM_PORT, JetStream: true,
		StoreDir: t.TempDir(), NoSigs: true, NoLog: true, ServerName: "admit-test"})
	if err != nil {
		t.Fatal(err)
	}
	srv.Start()
	if !srv.ReadyForConnections(10 * time.Second) {
		t.Fatal("the test NATS server did not start")
	}
	t.Cleanup(func() { srv.Shutdown(); srv.WaitForShutdown() })
	return srv.ClientURL()
}

// admitNode is an SSH server on a cluster node whose admission is the
// cluster's limits, as shogi serve wires it.
func admitNode(t *testing.T, url, name string, total int) *testServer {
	t.Helper()
	n, err := cluster.Start(context.Background(), cluster.Config{Name: name, URLs: []string{url}, StartTimeout: 30 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(n.Close)
	lim := n.Limits(total, 10, 100)
	return startServer(t, Config{MaxSessions: total, PerIP: 10, PerMinute: 100,
		Admit: func(ip string) (func(), error) { return lim.Admit(ip) }}, lobby.Config{})
}

// Two servers with a total of two sessions each, counted across the
// cluster: one session on each fills it, so a third on either is refused
// in words, though its own server has a place left; when one closes, its
// place is free again on the other server.
func TestAdmitAcrossNodes(t *testing.T) {
	t.Parallel()
	url := startInProcessNATS(t)
	a := admitNode(t, url, "a", 2)
	b := admitNode(t, url, "b", 2)

	onA := a.dial(t, dialOpts{user: "alice"})
	onA.waitFor("Your name")
	onB := b.dial(t, dialOpts{user: "bob"})
	onB.waitFor("Your name")

	third := a.dial(t, dialOpts{user: "carol"})
	stdout, stderr, err := third.waitExit()
	if err == nil || !strings.Contains(stdout+stderr, "the server is full (2 sessions); try again later") {
		t.Fatalf("a third session, on a with one place of its own left: err %v, told %q", err, stdout+stderr)
	}

	onB.close()
	waitUntilWithin(t, 10*time.Second, "a place free again once bob left b", func() bool {
		c := a.dial(t, dialOpts{user: "carol"})
		defer c.close()
		return admitted(c)
	})
	onA.close()
}

// admitted waits for a new session to start the app (true) or end
// (false, refused).
func admitted(c *client) bool {
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if strings.Contains(c.screen().String(), "Your name") {
			return true
		}
		select {
		case <-c.done:
			return false
		case <-time.After(20 * time.Millisecond):
		}
	}
	return false
}
