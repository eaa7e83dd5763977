package cluster

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"shogi/app/lobby"
	"shogi/game/match"
	"shogi/kifu"
)

// watchTakeovers runs a node's takeover rounds for its lobby, as shogi
// serve does, until the test ends; every is the rounds' period.
func watchTakeovers(t *testing.T, rn *relayNode, every time.Duration) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		rn.n.WatchTakeovers(ctx, every, func(st lobby.TableState) error { _, err := rn.l.Adopt(st); return err })
	}()
	t.Cleanup(func() { cancel(); <-done })
}

// A node that stops while others run hands its table over rather than
// ending it: its player is told, the game is stopped without an ending
// and no record of an interrupted game is written there; another node
// takes the table over at once (its takeover rounds are an hour apart
// here, so only the release can have started the one that took it), with
// every move, time spent, clock and chat line; the far seat and the
// spectator on the other nodes carry on at the new referee without
// joining again, the player of the stopped node is offered the seat on
// another, and the game is finished there.
func TestHandOverOnStop(t *testing.T) {
	t.Parallel()
	ns := startNATS(t)
	a := startRelayNode(t, Config{Name: "a", URLs: []string{ns.URL()}})
	b := startRelayNode(t, Config{Name: "b", URLs: []string{ns.URL()}})
	c := startRelayNode(t, Config{Name: "c", URLs: []string{ns.URL()}})
	ctx := t.Context()
	if n, err := a.n.Others(ctx); err != nil || n != 2 {
		t.Fatalf("a counts %d other nodes (%v), want 2", n, err)
	}
	watchTakeovers(t, b, time.Hour)
	watchTakeovers(t, c, time.Hour)

	alice, err := a.l.Create(lobby.Person{Name: "alice"}, lobby.Options{Time: match.TimeControl{Main: 10 * time.Minute, Byoyomi: 30 * time.Second}})
	if err != nil {
		t.Fatal(err)
	}
	code := alice.Code()
	waitCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := b.d.Wait(waitCtx, func(ls []Listing) bool { return len(ls) == 1 && ls[0].Code == code }); err != nil {
		t.Fatal("b does not list the table:", err)
	}
	bob, err := b.l.Join(code, lobby.Person{Name: "bob"})
	if err != nil {
		t.Fatal("bob on b:", err)
	}
	aliceEvents := collect(t, alice.Events())
	bobEvents := collect(t, bob.Events())
	waitListedOn(t, c.d, code, "a")
	carol, err := c.l.Watch(code, lobby.Person{Name: "carol"})
	if err != nil {
		t.Fatal("carol on c:", err)
	}
	carolEvents := collect(t, carol.Events())
	eventually(t, 10*time.Second, "bob's seat sees the game begin", func() bool { _, ok := bob.Side(); return ok })
	seats := []*lobby.Seat{alice, bob}
	playOn(t, seats, "7g7f")
	if err := bob.Say("よろしく"); err != nil {
		t.Fatal(err)
	}
	playOn(t, seats, "3c3d")
	playOn(t, seats, "2g2f")
	eventually(t, 10*time.Second, "a saves three moves and the chat", func() bool {
		st, _, err := b.n.Store().Saved(ctx, code)
		return err == nil && len(st.Moves) == 3 && len(st.Chat) == 1
	})
	before := alice.Match().Snapshot()

	stopped := time.Now()
	if err := a.l.HandOver(ctx, "the server is stopping"); err != nil {
		t.Fatal("a hands over:", err)
	}
	var referee *relayNode
	eventually(t, 15*time.Second, "b or c takes the table over", func() bool {
		for _, rn := range []*relayNode{b, c} {
			if rn.l.Table(code) != nil {
				referee = rn
				return true
			}
		}
		return false
	})
	t.Logf("from the handover to the new referee (%s): %v", referee.n.Name(), time.Since(stopped))
	if err := a.n.Shutdown(ctx); err != nil { // as shogi serve leaves the cluster
		t.Fatal("a leaves the cluster:", err)
	}

	// alice was told, and her table closed here without an ending.
	var handed, closed bool
	for _, e := range aliceEvents() {
		switch e := e.(type) {
		case lobby.HandoverEvent:
			handed = !closed
			if e.Grace != time.Minute {
				t.Errorf("alice is told her seat waits %v, want the grace period 1m", e.Grace)
			}
		case lobby.ClosedEvent:
			closed = true
		case lobby.EndEvent:
			t.Fatalf("alice's game ended on the node that stopped: %+v", e.Result)
		}
	}
	if !handed || !closed {
		t.Fatalf("alice's events: handed over %v (before the close), closed %v", handed, closed)
	}
	// The node that stopped wrote the game so far, with no ending.
	kifs, _ := filepath.Glob(filepath.Join(a.games, "*.kif"))
	if len(kifs) != 1 {
		t.Fatalf("a's games folder holds %v", kifs)
	}
	rec, err := kifu.ReadFile(kifs[0])
	if err != nil {
		t.Fatal(err)
	}
	main := rec.MainLine()
	if len(main) != 3 || main[len(main)-1].Ending != kifu.NoEnding {
		t.Fatalf("a's record has %d nodes, the last ending %v: want the three moves and no ending", len(main), main[len(main)-1].Ending)
	}

	// The new referee stands where a stopped: the moves, their times and
	// both clocks (times go over the wire in milliseconds).
	after := referee.l.Table(code).Match().Snapshot()
	if usis(after.Moves) != usis(before.Moves) {
		t.Fatalf("the moves: %s after, %s before", usis(after.Moves), usis(before.Moves))
	}
	for i := range before.Notes {
		if after.Notes[i].Spent != before.Notes[i].Spent.Truncate(time.Millisecond) {
			t.Errorf("move %d took %v before, %v after", i+1, before.Notes[i].Spent, after.Notes[i].Spent)
		}
	}
	t.Logf("clocks before %v, after %v; moves' times before %v, after %v", before.Clock.Main, after.Clock.Main,
		spentOf(before), spentOf(after))
	for side := range 2 {
		// Each move's time is kept to the millisecond: the clock rebuilt
		// from them is at most a millisecond a move from a's.
		if d := before.Clock.Main[side] - after.Clock.Main[side]; d < -3*time.Millisecond || d > 3*time.Millisecond {
			t.Errorf("side %d's clock: %v before, %v after", side, before.Clock.Main[side], after.Clock.Main[side])
		}
	}

	// alice connects to the node that is not the referee, and is
	// offered her seat; bob's far seat and carol carry on.
	other := b
	if referee == b {
		other = c
	}
	var held []lobby.Info
	eventually(t, 10*time.Second, "alice offered her seat elsewhere", func() bool {
		held = other.l.Held(lobby.Person{Name: "alice"})
		return len(held) == 1
	})
	alice2, err := other.l.Join(code, lobby.Person{Name: "alice"})
	if err != nil {
		t.Fatal("alice back:", err)
	}
	seats = []*lobby.Seat{alice2, bob}
	playOn(t, seats, "8c8d")
	playOn(t, seats, "2f2e")
	eventually(t, 10*time.Second, "the fifth move reaches carol", func() bool {
		ctl := carolControl(t, carolEvents)
		return ctl != nil && len(ctl.Snapshot().Moves) == 5
	})
	if err := bob.Resign(); err != nil {
		t.Fatal("bob resigns at the new referee:", err)
	}
	var end lobby.EndEvent
	waitEvent(t, 10*time.Second, "the end reaches carol", carolEvents, func(e lobby.Event) bool {
		x, ok := e.(lobby.EndEvent)
		end = x
		return ok
	})
	waitEvent(t, 10*time.Second, "the end reaches bob", bobEvents, func(e lobby.Event) bool {
		_, ok := e.(lobby.EndEvent)
		return ok
	})
	for who, evs := range map[string]func() []lobby.Event{"bob": bobEvents, "carol": carolEvents} {
		ends := 0
		for _, e := range evs() {
			switch e := e.(type) {
			case lobby.EndEvent:
				ends++
			case lobby.ClosedEvent:
				t.Errorf("%s's table closed: %s", who, e.Reason)
			}
		}
		if ends != 1 {
			t.Errorf("%s saw %d ends, want the one", who, ends)
		}
	}
	if end.Result.Why != match.Resigned || end.Result.Game.Len() != 5 {
		t.Fatalf("the end: %+v", end.Result)
	}
	endPath := ""
	eventually(t, 10*time.Second, "the referee writes the record", func() bool {
		e, ok := referee.l.Table(code).End()
		endPath = e.Path
		return ok && e.Path != ""
	})
	if filepath.Dir(endPath) != referee.games {
		t.Fatalf("the record is at %s, not in the new referee's games folder", endPath)
	}
	rec, err = kifu.ReadFile(endPath)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(endPath)
	if err != nil {
		t.Fatal(err)
	}
	text, _, _, err := kifu.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text, "bob: よろしく") {
		t.Errorf("the record lacks the chat said before the handover:\n%s", text)
	}
	var spent []time.Duration
	for _, n := range rec.MainLine() {
		if n.Ending == kifu.NoEnding {
			spent = append(spent, n.Elapsed)
		}
	}
	if len(spent) != 5 {
		t.Fatalf("the record has %d moves, want 5", len(spent))
	}
	for i := range before.Notes {
		// KIF keeps whole seconds.
		if spent[i] != before.Notes[i].Spent.Truncate(time.Second) && spent[i] != before.Notes[i].Spent.Round(time.Second) {
			t.Errorf("the record's move %d took %v, %v before the handover", i+1, spent[i], before.Notes[i].Spent)
		}
	}
}

func spentOf(s match.Snapshot) []time.Duration {
	var out []time.Duration
	for _, n := range s.Notes {
		out = append(out, n.Spent)
	}
	return out
}

// A node alone counts no others: shogi serve ends its games as before.
func TestOthersAlone(t *testing.T) {
	t.Parallel()
	ns := startNATS(t)
	a := startNode(t, Config{Name: "a", URLs: []string{ns.URL()}})
	if n, err := a.Others(t.Context()); err != nil || n != 0 {
		t.Fatalf("a alone counts %d others (%v)", n, err)
	}
	b := startNode(t, Config{Name: "b", URLs: []string{ns.URL()}})
	if n, err := a.Others(t.Context()); err != nil || n != 1 {
		t.Fatalf("a beside b counts %d others (%v)", n, err)
	}
	if err := b.Shutdown(t.Context()); err != nil {
		t.Fatal(err)
	}
	if n, err := a.Others(t.Context()); err != nil || n != 0 {
		t.Fatalf("a after b left counts %d others (%v)", n, err)
	}
}
