package csa_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"shogi/game"
	"shogi/game/csa"
	"shogi/game/csa/csatest"
	"shogi/game/match"
)

// A server that stops answering with its socket open: the move we sent
// goes unconfirmed; the player says at once (past Config.Silence) that
// the server is silent, naming the move, then times out and ends the
// game as interrupted, its note naming the unconfirmed move.
func TestServerSilent(t *testing.T) {
	t.Parallel()
	srv := csatest.NewServer(t, csatest.Script{Client: game.Black, Silent: 2})
	cfg := config(srv.Addr, nil)
	cfg.Silence = 100 * time.Millisecond
	cfg.Timeout = 600 * time.Millisecond
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
	var silent csa.Silent
	select {
	case silent = <-remote.Silences():
	case res := <-done:
		t.Fatalf("the game ended (%s) before the silence was said", res.Reason())
	case <-time.After(10 * time.Second):
		t.Fatal("no silence said")
	}
	if !strings.HasPrefix(silent.Unconfirmed, "+") || silent.For != cfg.Silence {
		t.Errorf("silence %+v: want our move unconfirmed after %v", silent, cfg.Silence)
	}
	var res match.Result
	select {
	case res = <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the game did not time out")
	}
	if !res.Aborted || res.Why != match.Interrupted || !strings.Contains(res.Note, "our move "+silent.Unconfirmed+" was sent and the server has not confirmed it") {
		t.Errorf("result %+v (%s)", res.Why, res.Note)
	}
	if res.Game.Len() != 2 {
		t.Errorf("%d moves kept, want the 2 the server confirmed", res.Game.Len())
	}
}
