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
