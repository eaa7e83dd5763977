package cluster

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"shogi/app/lobby"
	"shogi/game"
)

// A node cut off from the others by its routes: three nodes with
// embedded, routed NATS, the third reached only through a proxy (it
// advertises the proxy's address, and routes to no one but itself), which
// the test closes. The isolated node referees a table with a game in
// progress; the two others keep JetStream's quorum, and one of them can
// take the table's lease only once the isolated node has stopped
// counting itself its referee — never two referees at once. The isolated
// node's late saves are refused, and its lobby refuses a new table in
// the words its players read; the majority's lobby opens one.
func TestPartitionedNodeNoSplitBrain(t *testing.T) {
	if testing.Short() {
		t.Skip("three routed nodes and a partition")
	}
	t.Parallel()
	l1 := fmt.Sprintf("127.0.0.1:%d", freePort(t))
	l2 := fmt.Sprintf("127.0.0.1:%d", freePort(t))
	l3 := fmt.Sprintf("127.0.0.1:%d", freePort(t))
	p3 := fmt.Sprintf("127.0.0.1:%d", freePort(t))
	px := startProxyOn(t, p3, l3)
	routes := []string{l1, l2, p3}
	cfgs := []Config{
		{Name: "n1", Listen: l1, Routes: routes, StoreDir: t.TempDir()},
		{Name: "n2", Listen: l2, Routes: routes, StoreDir: t.TempDir()},
		// JetStream wants a route configured: n3's is its own address
		// through the proxy, which NATS knows for itself and drops.
		{Name: "n3", Listen: l3, Advertise: p3, Routes: []string{p3}, Replicas: 3, StoreDir: t.TempDir()},
	}
	nodes := make([]*Node, 3)
	var wg sync.WaitGroup
	for i, c := range cfgs {
		wg.Go(func() { nodes[i] = startNode(t, c) })
	}
	wg.Wait()
	if t.Failed() {
		t.FailNow()
	}
	n1, n3 := nodes[0], nodes[2]
	ctx := context.Background()

	// A game on n3: n3 referees it, and its state is in the cluster.
	d3, err := n3.Directory(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(d3.Close)
	lob3 := lobby.New(lobby.Config{GamesDir: t.TempDir(), Directory: d3, Store: n3.Store()})
	t.Cleanup(func() { _ = lob3.Shutdown(context.Background(), "the test ended") })
	alice, err := lob3.Create(lobby.Person{Name: "alice"}, lobby.Options{})
	if err != nil {
		t.Fatal(err)
	}
	code := alice.Code()
	bob, err := lob3.Join(code, lobby.Person{Name: "bob"})
	if err != nil {
		t.Fatal(err)
	}
	eventually(t, 10*time.Second, "the game to start", func() bool { return alice.Match() != nil })
	pos := game.StartPosition()
	for i, u := range []string{"7g7f", "3c3d"} {
		m, err := pos.ParseUSI(u)
		if err != nil {
			t.Fatal(err)
		}
		if err := []*lobby.Seat{alice, bob}[i].Move(m); err != nil {
			t.Fatalf("move %s: %v", u, err)
		}
		pos = pos.Play(m)
	}
	eventually(t, 20*time.Second, "n3's state with two moves, read on n1", func() bool {
		st, referee, err := n1.Store().Saved(ctx, code)
		return err == nil && referee == "n3" && len(st.Moves) == 2
	})
	n3.mu.Lock()
	l3lease := n3.owned[code]
	n3.mu.Unlock()
	if l3lease == nil || !l3lease.Valid() {
		t.Fatal("n3 does not hold the table's lease")
	}

	// The routes to n3 are dropped.
	cut := time.Now()
	px.Close()
	eventually(t, 10*time.Second, "n3 without routes (else it reached the others around the proxy)", func() bool {
		return n3.srv.NumRoutes() == 0
	})
	var l1lease *Lease
	deadline := time.Now().Add(60 * time.Second)
	for l1lease == nil {
		actx, cancel := context.WithTimeout(ctx, 2*time.Second)
		l, err := n1.Acquire(actx, code)
		cancel()
		if err == nil {
			l1lease = l
			// The figure for the docs: how long the table has no referee.
			t.Logf("n1 took the lease %v after the partition (lease TTL %v)", time.Since(cut).Round(10*time.Millisecond), n1.cfg.LeaseTTL)
			// The moment n1 holds it, n3 must have given up already.
			if l3lease.Valid() {
				t.Fatal("split brain: n3's lease is valid while n1 holds it")
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("n1 never took the table: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	select {
	case <-l3lease.Lost():
	case <-time.After(5 * time.Second):
		t.Fatal("n3's Lost not closed")
	}
	// The state's stream may be electing a leader of its own still.
	var st lobby.TableState
	eventually(t, 30*time.Second, "n1 to read the table's state", func() bool {
		lctx, cancel := context.WithTimeout(ctx, 2*time.Second)
		defer cancel()
		st, err = l1lease.Load(lctx)
		return err == nil
	})
	if len(st.Moves) != 2 || st.Seats[0].Name != "alice" || st.Seats[1].Name != "bob" {
		t.Fatalf("n1 took over %d moves, seats %+v", len(st.Moves), st.Seats)
	}
	// n3 saving on: refused (its lease is gone and it has no quorum).
	if err := n3.Store().Save(testState(code, 3)); err == nil {
		t.Fatal("the isolated node saved the table's state")
	}
	if _, referee, err := n1.Store().Saved(ctx, code); err != nil || referee != "n1" {
		t.Fatalf("the state's referee %q, %v", referee, err)
	}
	// n3's players asking for a new table read why they cannot have one.
	if _, err := lob3.Create(lobby.Person{Name: "carol"}, lobby.Options{}); !errors.Is(err, lobby.ErrNoCluster) ||
		!strings.Contains(err.Error(), "cannot reach the other nodes") {
		t.Fatalf("a new table on the isolated node: %v", err)
	}
	// The majority's lobby opens one.
	d1, err := n1.Directory(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(d1.Close)
	lob1 := lobby.New(lobby.Config{GamesDir: t.TempDir(), Directory: d1, Store: n1.Store()})
	t.Cleanup(func() { _ = lob1.Shutdown(context.Background(), "the test ended") })
	eventually(t, 30*time.Second, "a new table on the majority's side", func() bool {
		_, err := lob1.Create(lobby.Person{Name: "dave"}, lobby.Options{})
		return err == nil
	})
}
