package cluster

import (
	"context"
	"errors"
	"testing"
	"time"

	"shogi/app/lobby"
	"shogi/game"
)

// One referee per table: a second node is refused while the first holds
// the lease, and takes it at once when the first releases it.
func TestLeaseOneReferee(t *testing.T) {
	t.Parallel()
	ns := startNATS(t)
	a := startNode(t, Config{Name: "a", URLs: []string{ns.URL()}})
	b := startNode(t, Config{Name: "b", URLs: []string{ns.URL()}})
	ctx := context.Background()
	la, err := a.Acquire(ctx, "KXA34")
	if err != nil {
		t.Fatal(err)
	}
	var taken *LeaseTakenError
	if _, err := b.Acquire(ctx, "KXA34"); !errors.As(err, &taken) || taken.Holder != "a" {
		t.Fatalf("b while a holds: %v", err)
	}
	if h, _ := b.Holder(ctx, "KXA34"); h != "a" || a.Owned() != 1 {
		t.Errorf("holder %q, a owns %d", h, a.Owned())
	}
	// Renewed past its time to live: still a's.
	first, err := a.leases.Get(ctx, "KXA34")
	if err != nil {
		t.Fatal(err)
	}
	eventually(t, 10*time.Second, "a renewal twice the time to live after the first write", func() bool {
		e, err := a.leases.Get(ctx, "KXA34")
		return err == nil && e.Created().Sub(first.Created()) > 2*a.cfg.LeaseTTL
	})
	if _, err := b.Acquire(ctx, "KXA34"); !errors.As(err, &taken) {
		t.Fatalf("b after a renewed: %v", err)
	}
	if err := la.Release(ctx); err != nil {
		t.Fatal(err)
	}
	select {
	case <-la.Lost():
	default:
		t.Error("Lost not closed on release")
	}
	if la.Valid() {
		t.Error("a released lease is valid")
	}
	lb, err := b.Acquire(ctx, "KXA34")
	if err != nil {
		t.Fatalf("b after release: %v", err)
	}
	if !lb.Valid() || a.Owned() != 0 || b.Owned() != 1 {
		t.Errorf("b valid %v; a owns %d, b owns %d", lb.Valid(), a.Owned(), b.Owned())
	}
}

// A partition: node a's connection to NATS goes silent (nothing is
// closed, requests just get no answer). a cannot renew, and must have
// stopped refereeing before b can take the table; b's takeover fences
// a's state writes.
func TestPartitionedRefereeStopsFirst(t *testing.T) {
	t.Parallel()
	ns := startNATS(t)
	px := startProxy(t, ns.srv.Addr().String())
	_, alog := newTestLog()
	a := startNode(t, Config{Name: "a", URLs: []string{px.URL()}, Log: alog})
	b := startNode(t, Config{Name: "b", URLs: []string{ns.URL()}})
	ctx := context.Background()
	la, err := a.Acquire(ctx, "HJK79")
	if err != nil {
		t.Fatal(err)
	}
	st := testState("HJK79", 2)
	if err := la.Save(ctx, st); err != nil {
		t.Fatal(err)
	}
	px.Stall()
	var lb *Lease
	for lb == nil {
		l, err := b.Acquire(ctx, "HJK79")
		var taken *LeaseTakenError
		switch {
		case err == nil:
			lb = l
			// The moment b holds it, a must already have given up.
			if la.Valid() {
				t.Fatal("split brain: a's lease is valid while b holds it")
			}
		case errors.As(err, &taken):
			time.Sleep(10 * time.Millisecond)
		default:
			t.Fatal(err)
		}
	}
	select {
	case <-la.Lost():
	case <-time.After(5 * time.Second):
		t.Fatal("a's Lost not closed")
	}
	if !errors.Is(la.Err(), ErrLeaseLost) {
		t.Errorf("a's lease ended with %v", la.Err())
	}
	// b takes the table over from the saved state.
	got, err := lb.Load(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Moves) != 2 || got.Moves[1] != st.Moves[1] {
		t.Fatalf("loaded %v", got.Moves)
	}
	// The partition heals: a's late writes are refused.
	px.Resume()
	if err := la.Save(ctx, testState("HJK79", 3)); !errors.Is(err, ErrNotReferee) {
		t.Errorf("a saving after losing the lease: %v", err)
	}
	// Even a referee that believes its lease valid (paused past its
	// deadline) cannot write over b: the state's revision moved on.
	la.mu.Lock()
	la.why, la.deadline, la.lost = nil, time.Now().Add(time.Hour), make(chan struct{})
	la.mu.Unlock()
	if err := la.Save(ctx, testState("HJK79", 3)); !errors.Is(err, ErrNotReferee) {
		t.Errorf("a stale referee's write: %v", err)
	}
	saved, referee, err := b.Store().Saved(ctx, "HJK79")
	if err != nil || referee != "b" || len(saved.Moves) != 2 {
		t.Errorf("saved state: referee %q, %d moves, %v", referee, len(saved.Moves), err)
	}
	if err := lb.Save(ctx, testState("HJK79", 3)); err != nil {
		t.Errorf("b saving: %v", err)
	}
}

// testState is a game of n moves of mate7 at table code.
func testState(code string, n int) lobby.TableState {
	mate7 := []string{"9g9f", "5a5b", "8h9g", "5c5d", "9g3a+", "4a5a", "S*5c"}
	g := game.NewGame(game.StartPosition())
	st := lobby.TableState{Code: code, Start: game.StartPosition(), Started: true,
		Seats: [2]lobby.SeatState{{Taken: true, Name: "alice", Present: true}, {Taken: true, Name: "bob", Colour: game.White, Present: true}}}
	for _, u := range mate7[:n] {
		p := g.Position()
		m, err := p.ParseUSI(u)
		if err != nil {
			panic(err)
		}
		if err := g.Play(m); err != nil {
			panic(err)
		}
		st.Moves = append(st.Moves, m)
		st.Spent = append(st.Spent, time.Second)
	}
	return st
}
