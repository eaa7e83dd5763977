package csa_test

import (
	"context"
	"testing"
	"time"

	"shogi/game"
	"shogi/game/csa"
	"shogi/game/csa/csatest"
	"shogi/game/match"
)

// Interrupt ends the game here at once, also while our move waits for a
// confirmation the server does not send (the match's context does not
// reach the referee's judging): the match ends interrupted, with the
// moves the server confirmed, long before the timeout.
func TestInterruptWhileUnconfirmed(t *testing.T) {
	srv := csatest.NewServer(t, csatest.Script{Client: game.Black, Silent: 2})
	cfg := config(srv.Addr, nil)
	cfg.Silence = 100 * time.Millisecond
	cfg.Timeout = time.Hour
	ctx := context.Background()
	c, err := csa.Dial(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	s, err := c.WaitSummary(ctx)
	if err != nil {
		t.Fatal(err)
	}
	g, err := c.Agree(ctx, s)
	if err != nil {
		t.Fatal(err)
	}
	remote := csa.NewPlayer(g, csa.PlayerOptions{})
	defer remote.Close()
	m, err := match.New(remote.MatchConfig([2]match.Player{&told{}, remote}))
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan match.Result, 1)
	go func() { done <- m.Run(ctx) }()
	select {
	case <-remote.Silences():
	case res := <-done:
		t.Fatalf("the game ended (%s) before the silence was said", res.Reason())
	}
	remote.Interrupt()
	var res match.Result
	select {
	case res = <-done:
	case <-time.After(time.Minute): // the timeout is an hour
		t.Fatal("Interrupt did not end the game")
	}
	if !res.Aborted || res.Why != match.Interrupted || res.Game.Len() != 2 {
		t.Errorf("result %+v (%s), %d moves; want interrupted after the 2 the server confirmed", res.Why, res.Note, res.Game.Len())
	}
}
