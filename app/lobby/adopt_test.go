package lobby

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"shogi/game"
	"shogi/game/match"
	"shogi/kifu"
)

// midGame plays the first four moves of mate7 at a table of a lobby
// saving to a store, with chat from a player and a spectator and
// White's draw offer standing, Black then thinking 2s; it returns the
// state saved last and the seconds each move took.
func midGame(t *testing.T, ft *match.FakeTime) (TableState, []time.Duration) {
	t.Helper()
	store := newMemStore()
	l := newStoreLobby(t, ft, store)
	a, b := seated(t, l, Options{Time: match.TimeControl{Main: 10 * time.Minute, Byoyomi: 30 * time.Second}})
	w, err := l.Watch(a.Code(), Person{Name: "carol"})
	if err != nil {
		t.Fatal(err)
	}
	spent := []time.Duration{5 * time.Second, 3 * time.Second, 4 * time.Second, 6 * time.Second}
	for i, mv := range mate7[:4] {
		ft.Advance(spent[i])
		play(t, []*Seat{a, b}[i%2], mv)
		switch i {
		case 0:
			if err := a.Say("よろしくお願いします"); err != nil {
				t.Fatal(err)
			}
		case 1:
			w.Say("がんばれ")
		}
	}
	if err := b.OfferDraw(); err != nil {
		t.Fatal(err)
	}
	st := store.await(t, a.Code(), "four moves, two chat lines and White's offer", func(s TableState) bool {
		return len(s.Moves) == 4 && len(s.Chat) == 2 && s.Offer != nil && *s.Offer == game.White
	})
	ft.Advance(2 * time.Second) // Black thinks; then the node is gone
	return st, spent
}

// A table saved mid-game is taken over by a second lobby: the seats
// wait for their people with the grace period counted from the
// takeover, the clocks stand as saved and the game is paused until the
// side to move is back, the draw offer and the chat are there, and the
// game is finished with every move, its time and the chat in the
// record.
func TestAdoptFinishesTheGame(t *testing.T) {
	ft := match.NewFakeTime(time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC))
	st, spent := midGame(t, ft)
	code := st.Code
	ft.Advance(30 * time.Second) // the takeover takes its time
	store := newMemStore()
	l := newStoreLobby(t, ft, store)
	tb, err := l.Adopt(st)
	if err != nil {
		t.Fatal(err)
	}
	takeover := ft.Now()
	if tb.Code() != code {
		t.Fatalf("adopted as %s, saved as %s", tb.Code(), code)
	}
	if h := l.Held(Person{Name: "alice"}); len(h) != 1 || h[0].Code != code || !h[0].Started || h[0].Moves != 4 {
		t.Fatalf("alice is offered %+v", h)
	}
	store.await(t, code, "the table taken over, nobody seated", func(s TableState) bool {
		return s.Started && len(s.Moves) == 4 && !s.Seats[0].Present && !s.Seats[1].Present
	})

	w, err := l.Watch(code, Person{Name: "carol"})
	if err != nil {
		t.Fatal(err)
	}
	snap := nextOf[StartEvent](t, w.Events()).Match.Snapshot()
	black, white := 10*time.Minute-spent[0]-spent[2], 10*time.Minute-spent[1]-spent[3]
	if st.Clock.Main != [2]time.Duration{black, white} || snap.Clock.Main != st.Clock.Main {
		t.Fatalf("clocks saved %v, taken over %v, want %v %v", st.Clock.Main, snap.Clock.Main, black, white)
	}
	if !snap.Paused || len(snap.Moves) != 4 || snap.Clock.Main != [2]time.Duration{black, white} || !snap.Offered || snap.Offer != game.White {
		t.Fatalf("taken over: paused %v, %d moves, clocks %v (want %v %v), offer %v by %v",
			snap.Paused, len(snap.Moves), snap.Clock.Main, black, white, snap.Offered, snap.Offer)
	}
	for range 2 {
		if p := nextOf[PresenceEvent](t, w.Events()); p.Present || !p.Deadline.Equal(takeover.Add(time.Minute)) {
			t.Fatalf("presence %+v, want away until %v", p, takeover.Add(time.Minute))
		}
	}
	if d := nextOf[DrawEvent](t, w.Events()); !d.Offered || d.Side != game.White {
		t.Fatalf("draw offer %+v", d)
	}
	if c := nextOf[ChatEvent](t, w.Events()); c.Text != "よろしくお願いします" || c.Ply != 1 {
		t.Fatalf("chat %+v", c)
	}

	// White is back first: the game stays paused, Black's clock stopped.
	b, err := l.Join(code, Person{Name: "bob"})
	if err != nil {
		t.Fatal(err)
	}
	if s := tb.m.Snapshot(); !s.Paused || s.Clock.Running {
		t.Fatalf("the game went on without the side to move: paused %v, clock running %v", s.Paused, s.Clock.Running)
	}
	ft.Advance(20 * time.Second)
	a, err := l.Join(code, Person{Name: "alice"})
	if err != nil {
		t.Fatal(err)
	}
	if s := tb.m.Snapshot(); s.Paused || !s.Clock.Running || s.Clock.Side != game.Black || s.Clock.Main[game.Black] != black {
		t.Fatalf("Black back: paused %v, running %v for %v, %v left (want %v)", s.Paused, s.Clock.Running, s.Clock.Side, s.Clock.Main[game.Black], black)
	}
	if c, ok := a.DrawOffered(); !ok || c != game.White {
		t.Fatal("White's draw offer did not survive the takeover")
	}
	if err := a.Say("再開"); err != nil {
		t.Fatal(err)
	}
	plies[tb.m] = 4
	more := []time.Duration{6 * time.Second, time.Second, 2 * time.Second}
	for i, mv := range mate7[4:] {
		ft.Advance(more[i])
		play(t, []*Seat{a, b}[i%2], mv)
	}
	end := nextOf[EndEvent](t, a.Events())
	if end.Result.Ending != game.Checkmate || end.Err != nil {
		t.Fatalf("end %v (%v)", end.Result.Result, end.Err)
	}

	rec, err := kifu.ReadFile(end.Path)
	if err != nil {
		t.Fatal(err)
	}
	if got := rec.MainMoves(); len(got) != len(mate7) {
		t.Fatalf("record holds %d moves", len(got))
	}
	if e, _ := rec.Ending(); e != kifu.Mate || rec.Header("先手") != "alice" || rec.Header("後手") != "bob" {
		t.Errorf("record: ending %v, players %q %q", e, rec.Header("先手"), rec.Header("後手"))
	}
	times := append(spent, more...)
	said := map[int]string{1: "alice: よろしくお願いします", 2: "carol（観戦）: がんばれ", 4: "alice: 再開"}
	for _, n := range rec.MainLine() {
		if n.Ending != kifu.NoEnding {
			continue
		}
		if n.Ply > len(mate7) || n.Move.USI() != mate7[n.Ply-1] || !n.HasTime || n.Elapsed != times[n.Ply-1] {
			t.Errorf("move %d: %s in %v, want %s in %v", n.Ply, n.Move.USI(), n.Elapsed, mate7[n.Ply-1], times[n.Ply-1])
		}
		if n.Comment() != said[n.Ply] {
			t.Errorf("move %d: comment %q, want %q", n.Ply, n.Comment(), said[n.Ply])
		}
	}
}

// A player who was away when the node went down has the grace period
// again from the takeover, and loses when not back by then.
func TestAdoptGraceFromTakeover(t *testing.T) {
	ft := match.NewFakeTime(time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC))
	st, _ := midGame(t, ft)
	st.Seats[0].Present, st.Seats[0].Deadline = false, ft.Now().Add(-50*time.Second)
	l := newStoreLobby(t, ft, newMemStore())
	if _, err := l.Adopt(st); err != nil {
		t.Fatal(err)
	}
	b, err := l.Join(st.Code, Person{Name: "bob"})
	if err != nil {
		t.Fatal(err)
	}
	p := nextOf[PresenceEvent](t, b.Events())
	if p.Side != game.Black || !p.Deadline.Equal(ft.Now().Add(time.Minute)) {
		t.Fatalf("alice's seat held %+v, want until %v", p, ft.Now().Add(time.Minute))
	}
	ft.Advance(61 * time.Second)
	end := nextOf[EndEvent](t, b.Events())
	if w, ok := end.Result.Winner(); !ok || w != game.White || !strings.Contains(end.Result.Reason(), "did not come back within 1m0s") {
		t.Fatalf("end %v: %s", end.Result.Result, end.Result.Reason())
	}
}

// What cannot be taken over is refused, saying why.
func TestAdoptRefuses(t *testing.T) {
	ft := match.NewFakeTime(time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC))
	st, _ := midGame(t, ft)
	l := newStoreLobby(t, ft, newMemStore())
	bad := func(change func(*TableState)) TableState {
		s := st
		s.Moves, s.Spent, s.Seats = append([]game.Move(nil), st.Moves...), append([]time.Duration(nil), st.Spent...), st.Seats
		change(&s)
		return s
	}
	pos := game.StartPosition()
	for _, c := range []struct {
		name string
		st   TableState
		want string
	}{
		{"waiting", bad(func(s *TableState) { s.Started = false }), "no game in progress"},
		{"over", bad(func(s *TableState) { s.Over = true }), "no game in progress"},
		{"same colours", bad(func(s *TableState) { s.Seats[1].Colour = game.Black }), "same colour"},
		{"no name", bad(func(s *TableState) { s.Seats[1].Name = "" }), "seat 2"},
		{"times", bad(func(s *TableState) { s.Spent = s.Spent[:3] }), "4 moves but 3 times"},
		{"illegal move", bad(func(s *TableState) { s.Moves[3] = s.Moves[0] }), "move 4"},
		{"handicap", bad(func(s *TableState) { s.Handicap = "2p" }), "not the handicap \"2p\"'s"},
		{"code", bad(func(s *TableState) { s.Code = "AB" }), "code"},
		{"code letters", bad(func(s *TableState) { s.Code = "ABCDE" }), "code"},
		{"offer", bad(func(s *TableState) { c := game.Color(2); s.Offer = &c }), "draw offer by colour 2"},
		{"start", bad(func(s *TableState) { s.Start = pos.Play(s.Moves[0]) }), "the start position"},
	} {
		if _, err := l.Adopt(c.st); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error saying %q", c.name, err, c.want)
		}
	}
	if len(l.Tables()) != 0 {
		t.Fatalf("a refused table is listed: %+v", l.Tables())
	}
	if _, err := l.Adopt(st); err != nil {
		t.Fatal(err)
	}
	if _, err := l.Adopt(st); !errors.Is(err, ErrCodeTaken) {
		t.Fatalf("adopted twice: %v", err)
	}
}

// A game taken over and still waiting for its players is interrupted
// and written by a Shutdown, as any game in progress.
func TestAdoptThenShutdown(t *testing.T) {
	ft := match.NewFakeTime(time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC))
	st, _ := midGame(t, ft)
	dir := t.TempDir()
	l := New(Config{GamesDir: dir, TimeSource: ft})
	tb, err := l.Adopt(st)
	if err != nil {
		t.Fatal(err)
	}
	w := tb.watch(Person{Name: "carol"})
	if err := l.Shutdown(context.Background(), "the server is shutting down"); err != nil {
		t.Fatal(err)
	}
	end := nextOf[EndEvent](t, w.Events())
	if !end.Result.Aborted || filepath.Dir(end.Path) != dir {
		t.Fatalf("end %+v at %q", end.Result.Result, end.Path)
	}
	rec, err := kifu.ReadFile(end.Path)
	if err != nil {
		t.Fatal(err)
	}
	if e, _ := rec.Ending(); e != kifu.Interrupt || len(rec.MainMoves()) != 4 {
		t.Fatalf("record: ending %v, %d moves", e, len(rec.MainMoves()))
	}
	if _, err := l.Adopt(st); !errors.Is(err, ErrShutdown) {
		t.Fatalf("adopted after the shutdown: %v", err)
	}
}
