package cluster

import (
	"context"
	"errors"
	"reflect"
	"testing"
	"time"

	"shogi/app/lobby"
	"shogi/game"
)

// A referee whose lease lapsed while NATS was away takes its own table
// again when NATS is back, and goes on saving from where it was, if no
// other node wrote the table's state meanwhile; if one did (it took the
// table over), the old referee's saves are refused for good.
func TestRefereeResumesItsOwnTable(t *testing.T) {
	t.Parallel()
	ns := startNATS(t)
	px := startProxy(t, ns.srv.Addr().String())
	a := startNode(t, Config{Name: "a", URLs: []string{px.URL()}})
	b := startNode(t, Config{Name: "b", URLs: []string{ns.URL()}})
	ctx := context.Background()
	sa := a.Store()
	if err := sa.Save(testState("RSM34", 2)); err != nil {
		t.Fatal(err)
	}
	lose := func() {
		t.Helper()
		a.mu.Lock()
		l := a.owned["RSM34"]
		a.mu.Unlock()
		if l == nil {
			t.Fatal("a holds no lease")
		}
		px.Stall()
		select {
		case <-l.Lost():
		case <-time.After(10 * time.Second):
			t.Fatal("the lease outlived NATS's silence")
		}
	}
	lose()
	px.Resume()
	// Until the lapsed entry is gone the lease is still a's on record;
	// then a takes it again and saves over its own last state.
	eventually(t, 15*time.Second, "a to save again", func() bool { return sa.Save(testState("RSM34", 3)) == nil })
	st, referee, err := b.Store().Saved(ctx, "RSM34")
	if err != nil || referee != "a" || len(st.Moves) != 3 {
		t.Fatalf("saved: referee %q, %d moves, %v", referee, len(st.Moves), err)
	}

	// Now b takes the table over while a is cut off, and gives it up.
	lose()
	var lb *Lease
	eventually(t, 15*time.Second, "b to take the lease", func() bool {
		l, err := b.Acquire(ctx, "RSM34")
		lb = l
		return err == nil
	})
	if _, err := lb.Load(ctx); err != nil {
		t.Fatal(err)
	}
	if err := lb.Release(ctx); err != nil {
		t.Fatal(err)
	}
	px.Resume()
	if err := sa.Save(testState("RSM34", 4)); !errors.Is(err, ErrNotReferee) {
		t.Fatalf("a saving over b's takeover: %v", err)
	}
	if st, referee, err := b.Store().Saved(ctx, "RSM34"); err != nil || referee != "b" || len(st.Moves) != 3 {
		t.Fatalf("saved after a's refused save: referee %q, %d moves, %v", referee, len(st.Moves), err)
	}
	// The lease a took for that save is given back with the refusal: a
	// node holding it over another's state would make that node's
	// players lose their table to it.
	if h, err := b.Holder(ctx, "RSM34"); err != nil || h != "" {
		t.Fatalf("after a's refused save the lease is held by %q (%v), want no one", h, err)
	}
}

// A save that went unanswered but was written moves the state's revision
// on by the referee's own hand: the next save goes on from it, under
// the same lease or after taking the lease again, rather than taking its
// own write for another referee's and giving the table up.
func TestSaveAfterUnansweredSave(t *testing.T) {
	t.Parallel()
	ns := startNATS(t)
	a := startNode(t, Config{Name: "a", URLs: []string{ns.URL()}})
	b := startNode(t, Config{Name: "b", URLs: []string{ns.URL()}})
	ctx := context.Background()
	sa := a.Store()
	if err := sa.Save(testState("UNA12", 1)); err != nil {
		t.Fatal(err)
	}
	// unanswered writes the state as a save whose answer was lost does:
	// stored, but neither its revision nor its success known to a.
	unanswered := func(moves int) {
		t.Helper()
		a.mu.Lock()
		rev := a.written["UNA12"]
		a.mu.Unlock()
		data := encode(stateRecordOf("a", testState("UNA12", moves)))
		if _, err := a.state.Update(ctx, "UNA12", data, rev); err != nil {
			t.Fatal(err)
		}
		a.mu.Lock()
		a.unsaved["UNA12"] = append(a.unsaved["UNA12"], data)
		a.mu.Unlock()
	}
	release := func() {
		t.Helper()
		a.mu.Lock()
		l := a.owned["UNA12"]
		a.mu.Unlock()
		if err := l.Release(ctx); err != nil {
			t.Fatal(err)
		}
	}
	unanswered(2)
	if err := sa.Save(testState("UNA12", 3)); err != nil {
		t.Fatalf("the save after an unanswered one: %v", err)
	}
	// The same across leases: the unanswered save, then the lease lost
	// and taken again.
	unanswered(4)
	release()
	if err := sa.Save(testState("UNA12", 5)); err != nil {
		t.Fatalf("the save with the lease taken again after an unanswered one: %v", err)
	}
	if st, referee, err := b.Store().Saved(ctx, "UNA12"); err != nil || referee != "a" || len(st.Moves) != 5 {
		t.Fatalf("saved: referee %q, %d moves, %v", referee, len(st.Moves), err)
	}
	// Another referee's write is never taken for a's own, though a has
	// one unanswered: b takes the table over, and a's next save is refused.
	unanswered(6)
	release()
	lb, err := b.Acquire(ctx, "UNA12")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := lb.Load(ctx); err != nil {
		t.Fatal(err)
	}
	if err := lb.Release(ctx); err != nil {
		t.Fatal(err)
	}
	if err := sa.Save(testState("UNA12", 7)); !errors.Is(err, ErrNotReferee) {
		t.Fatalf("a saving over b's takeover: %v", err)
	}
}

// A table's state read back from what the store writes is the state
// saved: the chat lines keep the move they were said after, which the
// record of a game taken over puts them on.
func TestStateRecordRoundTrip(t *testing.T) {
	st := testState("KWC44", 3)
	at := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	st.Chat = []lobby.ChatEvent{{Name: "alice", Text: "よろしく", At: at}, {Name: "bob", Side: game.White, Text: "ok", At: at.Add(time.Minute), Ply: 3},
		{Name: "carol", Spectator: true, Text: "nice", At: at.Add(2 * time.Minute), Ply: 2}}
	back, err := stateRecordOf("n1", st).tableState()
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.Chat, st.Chat) {
		t.Fatalf("chat read back %+v, saved %+v", back.Chat, st.Chat)
	}
	if len(back.Moves) != 3 || back.Moves[2] != st.Moves[2] {
		t.Fatalf("moves read back %v, saved %v", back.Moves, st.Moves)
	}
}
