package match

import (
	"context"
	"errors"
	"testing"
	"time"

	"shogi/game"
	"shogi/game/engine"
)

// nextOf waits for the next event of type E, skipping the others.
func nextOf[E Event](t *testing.T, sub *Subscription) E {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for {
		e, err := sub.Next(ctx)
		if err != nil {
			var zero E
			t.Fatalf("waiting for %T: %v", zero, err)
		}
		if x, ok := e.(E); ok {
			return x
		}
	}
}

func humanMatch(t *testing.T) (*Match, *Subscription, chan Result) {
	t.Helper()
	return humanMatchWith(t, Config{})
}

// humanMatchWith is humanMatch on cfg's clock and time source.
func humanMatchWith(t *testing.T, cfg Config) (*Match, *Subscription, chan Result) {
	t.Helper()
	cfg.Start, cfg.Players = game.StartPosition(), [2]Player{NewHuman("a"), NewHuman("b")}
	m, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	sub := m.Subscribe()
	done := make(chan Result, 1)
	go func() { done <- m.Run(context.Background()) }()
	nextOf[TurnEvent](t, sub)
	return m, sub, done
}

func submit(t *testing.T, m *Match, usiMove string) {
	t.Helper()
	snap := m.Snapshot()
	p := engine.Request{Start: snap.Start, Moves: snap.Moves}.Position()
	mv, err := p.ParseUSI(usiMove)
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Submit(p.SideToMove(), engine.BestMove{Move: mv}); err != nil {
		t.Fatal(err)
	}
	// The move is the match's once Submit returns: no event needed.
	if got := m.Snapshot().Moves; len(got) != len(snap.Moves)+1 || got[len(got)-1] != mv {
		t.Fatalf("after Submit(%s) the snapshot has %d moves", usiMove, len(got))
	}
}

// A draw offer stands until answered: accepted by the other side's offer
// (counted by the impasse rule), declined, or lapsed by a move instead.
func TestDrawOffers(t *testing.T) {
	t.Parallel()
	t.Run("lapses on a move", func(t *testing.T) {
		t.Parallel()
		m, sub, _ := humanMatch(t)
		defer m.Abort("test")
		if err := m.OfferDraw(game.Black); err != nil {
			t.Fatal(err)
		}
		if ev := nextOf[DrawEvent](t, sub); ev.Side != game.Black || !ev.Offered {
			t.Fatalf("offer event %+v", ev)
		}
		if s := m.Snapshot(); !s.Offered || s.Offer != game.Black {
			t.Fatalf("snapshot offer %v %v", s.Offered, s.Offer)
		}
		submit(t, m, "7g7f") // Black's own move: the offer stands
		if s := m.Snapshot(); !s.Offered {
			t.Fatal("the offerer's own move withdrew the offer")
		}
		submit(t, m, "3c3d") // White moves instead of answering
		if ev := nextOf[DrawEvent](t, sub); ev.Offered || ev.Side != game.Black {
			t.Fatalf("lapse event %+v", ev)
		}
		if s := m.Snapshot(); s.Offered {
			t.Fatal("the offer stands after White moved")
		}
	})
	t.Run("declined", func(t *testing.T) {
		t.Parallel()
		m, sub, _ := humanMatch(t)
		defer m.Abort("test")
		_ = m.OfferDraw(game.White)
		nextOf[DrawEvent](t, sub)
		if err := m.DeclineDraw(game.Black); err != nil {
			t.Fatal(err)
		}
		if ev := nextOf[DrawEvent](t, sub); ev.Offered {
			t.Fatalf("decline event %+v", ev)
		}
	})
	t.Run("accepted", func(t *testing.T) {
		t.Parallel()
		m, _, done := humanMatch(t)
		_ = m.OfferDraw(game.White)
		if err := m.OfferDraw(game.Black); err != nil {
			t.Fatal(err)
		}
		r := <-done
		if r.Why != ImpasseAgreed || r.Outcome != game.Draw || r.Points != [2]int{27, 27} {
			t.Fatalf("accepted draw: %v %v %v", r.Why, r.Result, r.Points)
		}
	})
	t.Run("not to a program", func(t *testing.T) {
		t.Parallel()
		m, err := New(Config{Start: game.StartPosition(), Players: [2]Player{NewHuman("a"), Bot{S: mustBot(t, "greedy")}}})
		if err != nil {
			t.Fatal(err)
		}
		go m.Run(context.Background())
		defer m.Abort("test")
		if err := m.OfferDraw(game.Black); !errors.Is(err, ErrNoAnswer) {
			t.Errorf("offer to a bot: %v", err)
		}
		if err := m.OfferDraw(game.White); !errors.Is(err, ErrNotHuman) {
			t.Errorf("offer by a bot's side: %v", err)
		}
	})
}

// A player who left and did not come back loses as by resignation, and the
// result says so with the grace period.
func TestForfeit(t *testing.T) {
	t.Parallel()
	m, _, done := humanMatch(t)
	if err := m.Forfeit(game.White, time.Minute); err != nil {
		t.Fatal(err)
	}
	r := <-done
	if r.Why != Forfeited || r.Side != game.White || r.Ending != game.Resignation || r.Outcome != game.BlackWins {
		t.Fatalf("forfeit: %v %v %v", r.Why, r.Side, r.Result)
	}
	if want := "b (White) left and did not come back within 1m0s"; r.Reason() != want {
		t.Errorf("reason %q, want %q", r.Reason(), want)
	}
}

// The time a player who left spent away on their own turn is charged to
// their clock when they forfeit, as the clocks showed it running; the
// forfeit gave it back (the screen's clock jumped back to full).
func TestForfeitChargesTheTimeAway(t *testing.T) {
	t.Parallel()
	ft := NewFakeTime(time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC))
	tc := TimeControl{Main: 10 * time.Minute}
	m, sub, done := humanMatchWith(t, Config{Time: [2]TimeControl{tc, tc}, TimeSource: ft})
	submit(t, m, "7g7f")
	if te := nextOf[TurnEvent](t, sub); te.Side != game.White {
		t.Fatalf("turn %+v", te)
	}
	ft.Advance(61 * time.Second)
	if err := m.Forfeit(game.White, time.Minute); err != nil {
		t.Fatal(err)
	}
	<-done
	c := m.Snapshot().Clock
	if c.Running || c.Main[game.White] != tc.Main-61*time.Second || c.Main[game.Black] != tc.Main {
		t.Errorf("clocks after the forfeit: %+v, want White charged 61s", c)
	}
}
