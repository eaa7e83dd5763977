package cluster

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"shogi/app/lobby"
	"shogi/game"
	"shogi/game/match"
	"shogi/kifu"
)

// relayNode is a node with its lobby as shogi serve sets it up: the
// directory, the store and the relay.
type relayNode struct {
	n     *Node
	d     *Directory
	l     *lobby.Lobby
	games string
}

func startRelayNode(t *testing.T, cfg Config) *relayNode {
	t.Helper()
	n := startNode(t, cfg)
	d, err := n.Directory(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(d.Close)
	games := t.TempDir()
	l := lobby.New(lobby.Config{GamesDir: games, Grace: time.Minute, Directory: d, Store: n.Store(), Far: n.Relay(d)})
	t.Cleanup(func() { _ = l.Shutdown(context.Background(), "the test ends") })
	return &relayNode{n: n, d: d, l: l, games: games}
}

// waitListedOn waits until node d lists code as refereed by node.
func waitListedOn(t *testing.T, d *Directory, code, node string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	err := d.Wait(ctx, func(ls []Listing) bool {
		for _, l := range ls {
			if l.Code == code && l.Node == node && l.Started {
				return true
			}
		}
		return false
	})
	if err != nil {
		t.Fatalf("%s is not listed on %s: %v", code, node, err)
	}
}

// playOn plays usi through whichever seat's game has it to move, once
// that seat sees the move before it.
func playOn(t *testing.T, seats []*lobby.Seat, usi string) {
	t.Helper()
	eventually(t, 10*time.Second, "the move "+usi, func() bool {
		for _, s := range seats {
			side, ok := s.Side()
			if !ok {
				continue
			}
			snap := s.Control().Snapshot()
			if snap.Paused {
				continue
			}
			pos := snap.Start
			for _, mv := range snap.Moves {
				pos = pos.Play(mv)
			}
			if side != pos.SideToMove() {
				continue
			}
			mv, err := pos.ParseUSI(usi)
			if err != nil {
				t.Fatalf("%s: %v", usi, err)
			}
			return s.Control().SubmitMove(side, mv) == nil
		}
		return false
	})
}

// collect reads a feed on a goroutine; the events so far are got with
// the returned function.
func collect(t *testing.T, f *lobby.Feed) func() []lobby.Event {
	ch := make(chan lobby.Event, 1024)
	go func() {
		for {
			e, err := f.Next(t.Context())
			if err != nil {
				close(ch)
				return
			}
			ch <- e
		}
	}()
	var got []lobby.Event
	return func() []lobby.Event {
		for {
			select {
			case e, ok := <-ch:
				if !ok {
					return got
				}
				got = append(got, e)
			default:
				return got
			}
		}
	}
}

func chatLines(evs []lobby.Event) []string {
	var out []string
	for _, e := range evs {
		if c, ok := e.(lobby.ChatEvent); ok {
			out = append(out, c.Name+": "+c.Text)
		}
	}
	return out
}

func usis(ms []game.Move) string {
	var s []string
	for _, m := range ms {
		s = append(s, m.USI())
	}
	return strings.Join(s, " ")
}

// Two players on different nodes and a spectator on a third: the table
// is refereed on the creator's node, the others sit and watch through
// its subjects and see every move with its time and every chat line. The
// referee dies; another node takes the table over, the far seat and the
// spectator carry on there without joining again, the player whose node
// died comes back through the third node and is offered the seat, and
// the game ends with every move, time and chat line in the record.
func TestRelayTableAcrossNodesAndTakeover(t *testing.T) {
	t.Parallel()
	ns := startNATS(t)
	a := startRelayNode(t, Config{Name: "a", URLs: []string{ns.URL()}})
	b := startRelayNode(t, Config{Name: "b", URLs: []string{ns.URL()}})
	c := startRelayNode(t, Config{Name: "c", URLs: []string{ns.URL()}})
	ctx := t.Context()

	alice, err := a.l.Create(lobby.Person{Name: "alice"}, lobby.Options{Time: match.TimeControl{Main: 10 * time.Minute, Byoyomi: 30 * time.Second}})
	if err != nil {
		t.Fatal(err)
	}
	code := alice.Code()
	ctxList, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := b.d.Wait(ctxList, func(ls []Listing) bool { return len(ls) == 1 && ls[0].Code == code }); err != nil {
		t.Fatal("b does not list the table:", err)
	}
	if _, err := b.l.Join("ZZZZZ", lobby.Person{Name: "bob"}); err != lobby.ErrNoTable {
		t.Fatalf("joining a code no node has: %v, want ErrNoTable", err)
	}
	bob, err := b.l.Join(code, lobby.Person{Name: "bob"})
	if err != nil {
		t.Fatal("bob on b:", err)
	}
	if bob.Table() != nil {
		t.Fatal("bob's seat on b is a table of b's")
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
	for _, u := range []string{"7g7f", "3c3d"} {
		playOn(t, seats, u)
	}
	if err := bob.Say("よろしくお願いします"); err != nil {
		t.Fatal(err)
	}
	carol.Say("がんばれ")
	playOn(t, seats, "2g2f")
	ref := alice.Match()
	eventually(t, 10*time.Second, "three moves on b and c, with their times", func() bool {
		want := ref.Snapshot()
		for _, ctl := range []match.Control{bob.Control(), carolControl(t, carolEvents)} {
			if ctl == nil {
				return false
			}
			got := ctl.Snapshot()
			if usis(got.Moves) != usis(want.Moves) || len(got.Notes) != len(want.Notes) {
				return false
			}
			for i := range got.Notes {
				if got.Notes[i].Spent != want.Notes[i].Spent.Truncate(time.Millisecond) {
					t.Fatalf("move %d took %v on a, %v elsewhere", i+1, want.Notes[i].Spent, got.Notes[i].Spent)
				}
			}
			for side := range 2 {
				if got.Clock.Main[side] != want.Clock.Main[side].Truncate(time.Millisecond) {
					return false
				}
			}
		}
		return true
	})
	eventually(t, 10*time.Second, "both chat lines reach everyone", func() bool {
		for _, got := range [][]lobby.Event{aliceEvents(), bobEvents(), carolEvents()} {
			if strings.Join(chatLines(got), "|") != "bob: よろしくお願いします|carol: がんばれ" {
				return false
			}
		}
		return true
	})

	// a dies: its lease lapses and b takes the table over.
	eventually(t, 10*time.Second, "a saves three moves", func() bool {
		st, _, err := b.n.Store().Saved(ctx, code)
		return err == nil && len(st.Moves) == 3
	})
	// a's lease renewals, heard by the others as the table's heartbeat,
	// are not missed while it lives: carol hears six (over twice the time
	// a silence takes to be told) and no one was told of one.
	eventually(t, 10*time.Second, "carol hears six renewals of a's lease", func() bool {
		m := carolControl(t, carolEvents).(*mirror)
		m.mu.Lock()
		defer m.mu.Unlock()
		return m.beats >= 6
	})
	for who, evs := range map[string]func() []lobby.Event{"bob": bobEvents, "carol": carolEvents} {
		for _, e := range evs() {
			if s, ok := e.(lobby.SilentEvent); ok {
				t.Fatalf("%s was told %+v while the referee lived", who, s)
			}
		}
	}
	a.n.Close()
	// Its silence is told on b and c before its lease lapses (the test's
	// 1.2 s lease; half of it unheard is silence) and the table is taken.
	for who, evs := range map[string]func() []lobby.Event{"bob": bobEvents, "carol": carolEvents} {
		waitEvent(t, 10*time.Second, who+" told the referee is silent", evs, func(e lobby.Event) bool {
			s, ok := e.(lobby.SilentEvent)
			return ok && s.Silent && s.By == "a"
		})
	}
	adoptB := func(st lobby.TableState) error { _, err := b.l.Adopt(st); return err }
	eventually(t, 15*time.Second, "b takes the table over", func() bool {
		took, err := b.n.TakeOver(ctx, adoptB)
		return err == nil && len(took) == 1
	})
	for who, evs := range map[string]func() []lobby.Event{"bob": bobEvents, "carol": carolEvents} {
		waitEvent(t, 10*time.Second, who+" told b took the table over", evs, func(e lobby.Event) bool {
			s, ok := e.(lobby.SilentEvent)
			return ok && !s.Silent && s.TakenOver && s.By == "b"
		})
	}
	// alice, whose node died, connects to c and is offered her seat.
	var held []lobby.Info
	eventually(t, 10*time.Second, "alice on c is offered her seat", func() bool {
		held = c.l.Held(lobby.Person{Name: "alice"})
		return len(held) == 1
	})
	if held[0].Code != code || held[0].Moves != 3 {
		t.Fatalf("alice on c is offered %+v", held[0])
	}
	alice2, err := c.l.Join(code, lobby.Person{Name: "alice"})
	if err != nil {
		t.Fatal("alice back on c:", err)
	}
	seats = []*lobby.Seat{alice2, bob}
	playOn(t, seats, "8c8d") // bob's seat on b carried on at the new referee
	if err := alice2.Say("戻りました"); err != nil {
		t.Fatal(err)
	}
	playOn(t, seats, "2f2e")
	eventually(t, 10*time.Second, "the fifth move reaches carol", func() bool {
		ctl := carolControl(t, carolEvents)
		return ctl != nil && len(ctl.Snapshot().Moves) == 5
	})
	if err := bob.Resign(); err != nil {
		t.Fatal(err)
	}
	var end lobby.EndEvent
	eventually(t, 10*time.Second, "the end reaches alice, bob and carol", func() bool {
		for _, evs := range [][]lobby.Event{bobEvents(), carolEvents()} {
			found := false
			for _, e := range evs {
				if x, ok := e.(lobby.EndEvent); ok {
					found, end = true, x
				}
			}
			if !found {
				return false
			}
		}
		return alice2.Control().Snapshot().Over
	})
	if end.Result.Why != match.Resigned || end.Result.Game.Len() != 5 || end.Path == "" {
		t.Fatalf("the end: %+v", end)
	}
	// The record b wrote holds every move, its time and both nodes' chat.
	if filepath.Dir(end.Path) != b.games {
		t.Fatalf("the record is at %s, not in b's games folder %s", end.Path, b.games)
	}
	rec, err := kifu.ReadFile(end.Path)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(end.Path)
	if err != nil {
		t.Fatal(err)
	}
	text, _, _, err := kifu.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	var ms []game.Move
	for _, n := range rec.MainLine() {
		if n.Ending == kifu.NoEnding {
			ms = append(ms, n.Move)
		}
	}
	if got := usis(ms); got != "7g7f 3c3d 2g2f 8c8d 2f2e" {
		t.Fatalf("the record's moves: %s", got)
	}
	for _, want := range []string{"bob: よろしくお願いします", "carol（観戦）: がんばれ", "alice: 戻りました"} {
		if !strings.Contains(text, want) {
			t.Errorf("the record lacks %q:\n%s", want, text)
		}
	}
	snap := bob.Control().Snapshot()
	if len(snap.Notes) != 5 {
		t.Fatalf("bob's view has %d times", len(snap.Notes))
	}
}

// carolControl is the game a spectator's feed began with, once it has.
func carolControl(t *testing.T, evs func() []lobby.Event) match.Control {
	for _, e := range evs() {
		if s, ok := e.(lobby.StartEvent); ok {
			return s.Game
		}
	}
	return nil
}

// A player seated through another node whose node dies: the referee
// sees that node leave the registry and gives the seat up, so the grace
// period runs and the others are told; the player connects to a third
// node, is offered the seat and plays on.
func TestRelayFarSeatNodeDies(t *testing.T) {
	t.Parallel()
	ns := startNATS(t)
	a := startRelayNode(t, Config{Name: "a", URLs: []string{ns.URL()}})
	b := startRelayNode(t, Config{Name: "b", URLs: []string{ns.URL()}})
	c := startRelayNode(t, Config{Name: "c", URLs: []string{ns.URL()}})

	alice, err := a.l.Create(lobby.Person{Name: "alice"}, lobby.Options{})
	if err != nil {
		t.Fatal(err)
	}
	code := alice.Code()
	aliceEvents := collect(t, alice.Events())
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	if err := b.d.Wait(ctx, func(ls []Listing) bool { return len(ls) == 1 }); err != nil {
		t.Fatal(err)
	}
	bob, err := b.l.Join(code, lobby.Person{Name: "bob"})
	if err != nil {
		t.Fatal(err)
	}
	eventually(t, 10*time.Second, "bob seated", func() bool { _, ok := bob.Side(); return ok })
	playOn(t, []*lobby.Seat{alice, bob}, "7g7f")
	playOn(t, []*lobby.Seat{alice, bob}, "3c3d")

	b.n.Close() // bob's node dies
	waitEvent(t, 20*time.Second, "alice told bob's connection dropped", aliceEvents, func(e lobby.Event) bool {
		p, ok := e.(lobby.PresenceEvent)
		return ok && p.Name == "bob" && !p.Present
	})
	waitListedOn(t, c.d, code, "a")
	var held []lobby.Info
	eventually(t, 10*time.Second, "bob offered his seat on c", func() bool {
		held = c.l.Held(lobby.Person{Name: "bob"})
		return len(held) == 1
	})
	bob2, err := c.l.Join(code, lobby.Person{Name: "bob"})
	if err != nil {
		t.Fatal(err)
	}
	waitEvent(t, 10*time.Second, "alice told bob is back", aliceEvents, func(e lobby.Event) bool {
		p, ok := e.(lobby.PresenceEvent)
		return ok && p.Name == "bob" && p.Present
	})
	playOn(t, []*lobby.Seat{alice, bob2}, "2g2f")
	playOn(t, []*lobby.Seat{alice, bob2}, "8c8d")
	if got := usis(alice.Match().Snapshot().Moves); got != "7g7f 3c3d 2g2f 8c8d" {
		t.Fatalf("the game: %s", got)
	}
}
