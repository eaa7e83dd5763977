package cluster

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"shogi/app/lobby"
	"shogi/internal/testenv"
)

// routedConfigs are three nodes whose embedded servers route to one
// another on loopback ports, each with its own files.
func routedConfigs(t *testing.T) []Config {
	var listen, routes []string
	for range 3 {
		a := fmt.Sprintf("127.0.0.1:%d", testenv.FreePort(t))
		listen = append(listen, a)
		routes = append(routes, "nats-route://"+a)
	}
	var cfgs []Config
	for i, name := range []string{"n1", "n2", "n3"} {
		cfgs = append(cfgs, Config{Name: name, Listen: listen[i], Routes: routes, StoreDir: t.TempDir()})
	}
	return cfgs
}

// startAll starts nodes at once: each waits for the others to elect
// JetStream's leader.
func startAll(t *testing.T, cfgs []Config) []*Node {
	t.Helper()
	nodes := make([]*Node, len(cfgs))
	var wg sync.WaitGroup
	for i, c := range cfgs {
		wg.Go(func() { nodes[i] = startNode(t, c) })
	}
	wg.Wait()
	if t.Failed() {
		t.FailNow()
	}
	return nodes
}

// Three shogi serve nodes with nothing else: embedded servers routed to
// one another, buckets with three replicas. A node dies and the other two
// go on (two of three is a quorum); it comes back from its own files and
// sees the cluster's list again.
func TestThreeRoutedNodes(t *testing.T) {
	t.Parallel()
	cfgs := routedConfigs(t)
	nodes := startAll(t, cfgs)
	ctx := context.Background()
	for _, n := range nodes {
		if n.Replicas() != 3 {
			t.Fatalf("%s: %d replicas", n.Name(), n.Replicas())
		}
	}
	st, err := nodes[0].tables.Status(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if r := st.(*jetstream.KeyValueBucketStatus).StreamInfo().Config.Replicas; r != 3 {
		t.Fatalf("the tables bucket keeps %d copies", r)
	}
	dirs := make([]*Directory, 3)
	for i, n := range nodes {
		if dirs[i], err = n.Directory(ctx); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(dirs[i].Close)
	}
	if err := dirs[0].Claim("AAAAA", lobby.Info{Code: "AAAAA"}); err != nil {
		t.Fatal(err)
	}
	if err := dirs[2].Claim("AAAAA", lobby.Info{Code: "AAAAA"}); !errors.Is(err, ErrCodeTaken) {
		t.Fatalf("the same code on another node: %v", err)
	}
	waitListed(t, dirs[2], "AAAAA", "n1")

	// n2 dies (its embedded server with it).
	dirs[1].Close()
	nodes[1].Close()
	if err := dirs[2].Claim("CCCCC", lobby.Info{Code: "CCCCC"}); err != nil {
		t.Fatalf("claim with n2 gone: %v", err)
	}
	l, err := nodes[0].Acquire(ctx, "CCCCC")
	if err != nil {
		t.Fatalf("lease with n2 gone: %v", err)
	}
	if err := l.Save(ctx, testState("CCCCC", 3)); err != nil {
		t.Fatalf("state with n2 gone: %v", err)
	}
	waitListed(t, dirs[0], "CCCCC", "n3")

	// n2 comes back on its files, once its old name has lapsed: the
	// others' registry no longer holds it (a start before that would embed
	// a server and join the cluster only to be refused the name).
	eventually(t, 20*time.Second, "n2's name to lapse", func() bool {
		_, err := nodes[0].nodes.Get(ctx, "n2")
		return errors.Is(err, jetstream.ErrKeyNotFound)
	})
	c := quick(cfgs[1])
	_, c.Log = newTestLog()
	// The lapse seen by n1's view of the bucket may reach the replica n2
	// reads a moment later: a name still held there is tried again.
	var n2 *Node
	var err2 error
	eventually(t, 20*time.Second, "n2 to start again", func() bool {
		n2, err2 = Start(ctx, c)
		var taken *NameTakenError
		return !errors.As(err2, &taken)
	})
	if err2 != nil {
		t.Fatalf("n2 again: %v", err2)
	}
	t.Cleanup(n2.Close)
	d2, err := n2.Directory(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer d2.Close()
	waitListed(t, d2, "CCCCC", "n3")
	// A node back on its files answers reads once its replica of the
	// state stream has caught up; until then the request finds no
	// responder (CI saw it right after the list had arrived).
	var saved lobby.TableState
	var referee string
	eventually(t, 20*time.Second, "n2 to read the state", func() bool {
		saved, referee, err = n2.Store().Saved(ctx, "CCCCC")
		return err == nil
	})
	if referee != "n1" || len(saved.Moves) != 3 {
		t.Errorf("n2 reads the state: referee %q, %d moves", referee, len(saved.Moves))
	}
}

// waitListed waits for code to be in d's list, refereed by node.
// A node that died takes its share of the stream's replicas with it: the
// others elect a new leader and their watchers resume, which on a loaded
// machine under -race has taken more than 10 s.
func waitListed(t *testing.T, d *Directory, code, node string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	err := d.Wait(ctx, func(ls []Listing) bool {
		for _, l := range ls {
			if l.Code == code && l.Node == node {
				return true
			}
		}
		return false
	})
	if err != nil {
		t.Fatalf("%s not listed on %s's node: %v", code, node, d.Tables())
	}
}
