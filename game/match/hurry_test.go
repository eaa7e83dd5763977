package match

import (
	"context"
	"testing"
	"time"

	"shogi/game"
	"shogi/game/engine"
)

// waiter is a player that thinks until it is hurried: it spends the time
// it was told of on the fake clock, then waits for Hurry and answers.
type waiter struct {
	ft      *FakeTime
	hurried []time.Duration // the fake time each turn's hurry came after
}

func (w *waiter) Name() string { return "waiter" }

func (w *waiter) Play(ctx context.Context, r engine.Request) (engine.BestMove, error) {
	told := r.Limits.BTime + r.Limits.Byoyomi
	if p := r.Position(); p.SideToMove() == game.White {
		told = r.Limits.WTime + r.Limits.Byoyomi
	}
	start := w.ft.Now()
	w.ft.Advance(told)
	select {
	case <-r.Hurry:
	case <-ctx.Done():
		return engine.BestMove{}, ctx.Err()
	case <-time.After(10 * time.Second): // the hurry never came: a failure, not a wait
		return engine.BestMove{Resign: true}, nil
	}
	w.hurried = append(w.hurried, w.ft.Now().Sub(start))
	p := r.Position()
	return engine.BestMove{Move: p.LegalMoves(nil)[0]}, nil
}

// A player still thinking when the time it was told of runs out is
// hurried then — its reserve kept back from what it was told is left for
// the answer — and plays in time.
func TestHurryAtTheToldTime(t *testing.T) {
	ft := NewFakeTime(t0)
	b, w := &waiter{ft: ft}, &waiter{ft: ft}
	tc := TimeControl{Main: time.Second, Byoyomi: 2 * time.Second}
	cfg := Config{Start: game.StartPosition(), Players: [2]Player{b, w}, Time: [2]TimeControl{tc, tc},
		Reserve: [2]time.Duration{500 * time.Millisecond, 0}, MaxMoves: 4, TimeSource: ft}
	res := run(t, cfg)
	if res.Why != MoveLimit {
		t.Fatalf("result %s, want the move limit", res.Reason())
	}
	// Black, 500 ms reserved: told 0.5 s + 2 s, then 2 s less 500 ms.
	// White, none: 1 s + 2 s, then 2 s.
	want := map[*waiter][]time.Duration{b: {2500 * time.Millisecond, 1500 * time.Millisecond}, w: {3 * time.Second, 2 * time.Second}}
	for p, d := range want {
		if len(p.hurried) != len(d) || p.hurried[0] != d[0] || p.hurried[1] != d[1] {
			t.Errorf("hurried after %v, want %v", p.hurried, d)
		}
	}
}

// An engine that would think on past its time (the fake thinks an hour
// unless stopped) is sent stop when its told time runs out, and the
// bestmove that answers the stop is played, in time.
func TestHurryStopsAnEngine(t *testing.T) {
	b, w := fake(t, "think=1h", nil), fake(t, "think=1h", nil)
	// Each side is told 100 ms (300 ms byōyomi less 200 ms kept back): the
	// claim holds at any told time, and a shorter one is less waiting.
	cfg := Config{Start: game.StartPosition(), Players: [2]Player{b, w}, Time: byoyomi(300 * time.Millisecond),
		Reserve: [2]time.Duration{200 * time.Millisecond, 200 * time.Millisecond}, Margin: 3 * time.Second, MaxMoves: 2}
	res := run(t, cfg)
	if res.Why != MoveLimit || res.Game.Len() != 2 {
		t.Fatalf("result %s after %d moves, want both engines to move in time", res.Reason(), res.Game.Len())
	}
}

// A ponder hit's search is hurried with the turn that took it over: the
// hurry reaches the ponder search's own request.
func TestHurryReachesAPonderHit(t *testing.T) {
	search := func(ctx context.Context, r engine.Request) (engine.BestMove, error) {
		pos := r.Position()
		legal := pos.LegalMoves(nil)
		if r.Limits.Ponder {
			select {
			case <-r.PonderHit:
			case <-ctx.Done():
				return engine.BestMove{}, ctx.Err()
			}
			select {
			case <-r.Hurry:
			case <-ctx.Done():
				return engine.BestMove{}, ctx.Err()
			}
		}
		after := pos.Play(legal[0])
		return engine.BestMove{Move: legal[0], Ponder: after.LegalMoves(nil)[0]}, nil
	}
	p := newPonderer(search)
	defer p.Stop()
	start := game.StartPosition()
	first, err := p.Play(t.Context(), engine.Request{Start: start})
	if err != nil {
		t.Fatal(err)
	}
	hurry := make(chan struct{})
	close(hurry)
	done := make(chan error, 1)
	go func() {
		_, err := p.Play(t.Context(), engine.Request{Start: start, Moves: []game.Move{first.Move, first.Ponder}, Hurry: hurry})
		done <- err
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the hurried turn did not answer: the hurry did not reach the ponder search")
	}
}
