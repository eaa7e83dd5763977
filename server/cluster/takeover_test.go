package cluster

import (
	"context"
	"slices"
	"testing"
	"time"

	"shogi/app/lobby"
	"shogi/game/match"
)

// move plays usi for whichever of seats is to move, once the match has
// the move's turn.
func move(t *testing.T, seats []*lobby.Seat, usi string) {
	t.Helper()
	eventually(t, 10*time.Second, "the move "+usi, func() bool {
		for _, s := range seats {
			m := s.Match()
			if m == nil {
				return false
			}
			snap := m.Snapshot()
			pos := snap.Start
			for _, mv := range snap.Moves {
				pos = pos.Play(mv)
			}
			side, ok := s.Side()
			if !ok || side != pos.SideToMove() {
				continue
			}
			mv, err := pos.ParseUSI(usi)
			if err != nil {
				t.Fatalf("%s: %v", usi, err)
			}
			return s.Move(mv) == nil
		}
		return false
	})
}

// A node that dies mid-game (closed without handing over: its lease
// lapses) loses no game: another node takes the table over from its
// saved state, its players find it there with every move, and the game
// goes on under the new referee; a third node does not take it twice.
func TestTakeOverDeadReferee(t *testing.T) {
	t.Parallel()
	ns := startNATS(t)
	a := startNode(t, Config{Name: "a", URLs: []string{ns.URL()}})
	b := startNode(t, Config{Name: "b", URLs: []string{ns.URL()}})
	c := startNode(t, Config{Name: "c", URLs: []string{ns.URL()}})
	ctx := t.Context()

	la := lobby.New(lobby.Config{Store: a.Store()})
	t.Cleanup(func() { _ = la.Shutdown(context.Background(), "the test ends") })
	alice, err := la.Create(lobby.Person{Name: "alice"}, lobby.Options{Time: match.TimeControl{Main: 10 * time.Minute, Byoyomi: 30 * time.Second}})
	if err != nil {
		t.Fatal(err)
	}
	code := alice.Code()
	bob, err := la.Join(code, lobby.Person{Name: "bob"})
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range []string{"7g7f", "3c3d"} {
		move(t, []*lobby.Seat{alice, bob}, u)
	}
	eventually(t, 10*time.Second, "two moves saved by a", func() bool {
		st, ref, err := b.Store().Saved(ctx, code)
		return err == nil && ref == "a" && len(st.Moves) == 2
	})

	// No takeover while a referees.
	lb := lobby.New(lobby.Config{Store: b.Store()})
	t.Cleanup(func() { _ = lb.Shutdown(context.Background(), "the test ends") })
	adoptB := func(st lobby.TableState) error { _, err := lb.Adopt(st); return err }
	if took, err := b.TakeOver(ctx, adoptB); err != nil || len(took) != 0 {
		t.Fatalf("b took %v (%v) while a referees", took, err)
	}

	a.Close() // dies: nothing handed over
	var took []string
	eventually(t, 15*time.Second, "b takes the table over once a's lease lapsed", func() bool {
		got, err := b.TakeOver(ctx, adoptB)
		took = append(took, got...)
		return err == nil && len(took) > 0
	})
	if !slices.Equal(took, []string{code}) {
		t.Fatalf("b took %v, want [%s]", took, code)
	}
	lc := lobby.New(lobby.Config{Store: c.Store()})
	t.Cleanup(func() { _ = lc.Shutdown(context.Background(), "the test ends") })
	if got, err := c.TakeOver(ctx, func(st lobby.TableState) error { _, err := lc.Adopt(st); return err }); err != nil || len(got) != 0 {
		t.Fatalf("c took %v (%v) from b", got, err)
	}

	// The players, back on b, are offered their seats and play on.
	if h := lb.Held(lobby.Person{Name: "alice"}); len(h) != 1 || h[0].Code != code || h[0].Moves != 2 {
		t.Fatalf("alice on b is offered %+v", h)
	}
	alice2, err := lb.Join(code, lobby.Person{Name: "alice"})
	if err != nil {
		t.Fatal(err)
	}
	bob2, err := lb.Join(code, lobby.Person{Name: "bob"})
	if err != nil {
		t.Fatal(err)
	}
	move(t, []*lobby.Seat{alice2, bob2}, "8h2b+")
	eventually(t, 10*time.Second, "the third move saved by b", func() bool {
		st, ref, err := c.Store().Saved(ctx, code)
		return err == nil && ref == "b" && len(st.Moves) == 3 && st.Moves[2].IsPromotion()
	})
	if h, _ := c.Holder(ctx, code); h != "b" {
		t.Errorf("the table's referee is %q, want b", h)
	}
}
