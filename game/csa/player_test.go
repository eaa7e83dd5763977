package csa_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"shogi/game"
	"shogi/game/bot"
	"shogi/game/csa"
	"shogi/game/csa/csatest"
	"shogi/game/engine"
	"shogi/game/match"
	"shogi/game/usi"
	"shogi/game/usi/usitest"
)

// fakeEngine starts this test binary as a USI engine behaving as spec
// says (see usitest).
func fakeEngine(t testing.TB, spec string) match.Engine {
	t.Helper()
	e, err := usi.Start(context.Background(), usi.Config{Path: os.Args[0], Env: []string{usitest.Env + "=" + spec},
		Timeout: 5 * time.Second, StopGrace: 500 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close() })
	return match.Engine{E: e}
}

func greedy(t testing.TB) match.Player {
	s, err := bot.NewSearcher("greedy", rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		t.Fatal(err)
	}
	return match.Bot{S: s}
}

// serverMatch plays local against the fake server as a match and returns
// the match's result and the server's.
func serverMatch(t testing.TB, srv *csatest.Server, local match.Player, opts csa.PlayerOptions) (match.Result, csa.Result, *csa.Player, error) {
	t.Helper()
	ctx := context.Background()
	c, err := csa.Dial(ctx, config(srv.Addr, nil))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	s, err := c.WaitSummary(ctx)
	if err != nil {
		t.Fatal(err)
	}
	g, err := c.Agree(ctx, s)
	if err != nil {
		t.Fatal(err)
	}
	remote := csa.NewPlayer(g, opts)
	defer remote.Close()
	var players [2]match.Player
	players[g.Us()], players[g.Us().Other()] = local, remote
	m, err := match.New(remote.MatchConfig(players))
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan match.Result)
	go func() { done <- m.Run(ctx) }()
	var res match.Result
	select {
	case res = <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("the match did not end")
	}
	fctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	sr, err := remote.Finish(fctx)
	return res, sr, remote, err
}

func TestPlayerFullGame(t *testing.T) {
	srv := csatest.NewServer(t, csatest.Script{Client: game.White, Think: 5 * time.Millisecond})
	res, sr, remote, err := serverMatch(t, srv, fakeEngine(t, "name=fake"), csa.PlayerOptions{Comments: true})
	if err != nil {
		t.Fatal(err)
	}
	// The fake plays the first legal move, as the server does: a repetition.
	if res.Why != match.Sennichite || sr.Reason != csa.Sennichite || sr.Outcome != csa.Draw {
		t.Fatalf("match %v (%s), server %v", res.Why, res.Reason(), sr)
	}
	if res.Names != [2]string{"fakeopp", "fake"} {
		t.Errorf("names %v", res.Names)
	}
	moves := remote.Game().Moves()
	if res.Game.Len() != len(moves) || len(res.Notes) != len(moves) {
		t.Fatalf("%d moves in the match, %d notes, %d on the server", res.Game.Len(), len(res.Notes), len(moves))
	}
	// Every move's time is the server's charge: the server's 5 ms thinking
	// and the engine's are both less than its unit.
	for i, n := range res.Notes {
		if n.Spent != 0 {
			t.Errorf("move %d took %v", i+1, n.Spent)
		}
	}
	// Our moves went with the engine's comment, as floodgate shows them.
	var comments int
	for _, l := range srv.Received() {
		if strings.HasPrefix(l, "1< -") {
			if !strings.Contains(l, ",'* ") {
				t.Errorf("a move without a comment: %q", l)
			}
			comments++
		}
	}
	if comments != (len(moves))/2 {
		t.Errorf("%d comments for %d moves of ours", comments, len(moves)/2)
	}
}

func TestPlayerRulings(t *testing.T) {
	t.Parallel()
	declarable, err := game.ParseSFEN("9/1R2K2B1/LNSG1GSNL/9/9/9/9/9/k8 b 10Prb2g2s2n2l8p 1")
	if err != nil {
		t.Fatal(err)
	}
	mate, err := game.ParseSFEN("8k/9/7G1/9/9/9/9/9/K8 b G 1")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name   string
		script csatest.Script
		local  string // a fake engine's spec; "" for greedy
		why    match.Why
		side   game.Color
		server csa.Result
		moves  int
	}{
		{"time up while we think", csatest.Script{TimeUp: 2}, "think=1s", match.TimeUp, game.Black,
			csa.Result{Reason: csa.TimeUp, Outcome: csa.Lose, Mover: game.Black}, 2},
		{"illegal move", csatest.Script{}, "illegal", match.IllegalMove, game.Black,
			csa.Result{Reason: csa.IllegalMove, Outcome: csa.Lose, Mover: game.Black}, 0},
		{"declaration", csatest.Script{Start: &declarable}, "name=fake", match.Declared, game.Black,
			csa.Result{Reason: csa.Jishogi, Outcome: csa.Win, Special: "KACHI", Mover: game.Black}, 0},
		{"resignation", csatest.Script{}, "resign", match.Resigned, game.Black,
			csa.Result{Reason: csa.Resign, Outcome: csa.Lose, Special: "TORYO", Mover: game.Black}, 0},
		// Mated here, the client resigns on the server.
		{"checkmated", csatest.Script{Client: game.White, Start: &mate, Moves: []string{"+0012KI"}}, "", match.Checkmated, game.White,
			csa.Result{Reason: csa.Resign, Outcome: csa.Lose, Special: "TORYO", Mover: game.White}, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel() // a server and an engine of its own
			srv := csatest.NewServer(t, c.script)
			local := greedy(t)
			if c.local != "" {
				local = fakeEngine(t, c.local)
			}
			res, sr, _, err := serverMatch(t, srv, local, csa.PlayerOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if res.Why != c.why || res.Side != c.side || sr != c.server || res.Game.Len() != c.moves {
				t.Errorf("match %v %v after %d moves (%s); server %+v", res.Why, res.Side, res.Game.Len(), res.Reason(), sr)
			}
			var ill *game.IllegalMoveError
			if c.why == match.IllegalMove && (res.Illegal == "" || !errors.As(res.Refusal, &ill) || ill.Rule != game.RuleCannotReach) {
				t.Errorf("illegal move %q refused by %v: %s", res.Illegal, res.Refusal, res.Reason())
			}
			t.Logf("%s", res.Reason())
		})
	}
}

func TestPlayerFaults(t *testing.T) {
	for _, c := range []struct {
		name   string
		script csatest.Script
		says   string
		moves  int
	}{
		{"dropped", csatest.Script{Drop: 4}, "connection", 4},
		{"garbage", csatest.Script{Garbage: 3}, "not the protocol", 3},
	} {
		t.Run(c.name, func(t *testing.T) {
			srv := csatest.NewServer(t, c.script)
			engine := fakeEngine(t, "think=20ms")
			res, _, _, err := serverMatch(t, srv, engine, csa.PlayerOptions{})
			if err == nil || !strings.Contains(err.Error(), c.says) {
				t.Errorf("server's end: %v", err)
			}
			if !res.Aborted || res.Why != match.Interrupted || !strings.Contains(res.Note, c.says) || res.Game.Len() != c.moves || res.Fault == nil {
				t.Errorf("match: %+v after %d moves", res, res.Game.Len())
			}
			// The engine is still fine: the fault was the server's.
			select {
			case <-engine.E.Exited():
				t.Error("the engine ended")
			default:
			}
		})
	}
}

// A person plays through Submit: the move goes to the server before the
// match plays it, and comes back with the server's time.
func TestPlayerHuman(t *testing.T) {
	srv := csatest.NewServer(t, csatest.Script{Drop: 3})
	ctx := context.Background()
	c, err := csa.Dial(ctx, config(srv.Addr, nil))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	s, _ := c.WaitSummary(ctx)
	g, err := c.Agree(ctx, s)
	if err != nil {
		t.Fatal(err)
	}
	remote := csa.NewPlayer(g, csa.PlayerOptions{})
	defer remote.Close()
	me := match.NewHuman("me")
	m, err := match.New(remote.MatchConfig([2]match.Player{me, remote}))
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan match.Result)
	go func() { done <- m.Run(ctx) }()
	sub := m.Subscribe()
	p := game.StartPosition()
	m7776, _ := csa.ReadMove(&p, "+7776FU")
	for {
		ev, err := sub.Next(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if te, ok := ev.(match.TurnEvent); ok && te.Side == game.Black {
			if te.Ply == 0 {
				if err := m.Undo(1); err != match.ErrRefereed {
					t.Errorf("undo: %v", err)
				}
				if err := m.Submit(game.Black, engine.BestMove{Move: m7776}); err != nil {
					t.Fatal(err)
				}
				snap := m.Snapshot()
				if len(snap.Moves) < 1 || len(srv.Received()) < 3 {
					t.Errorf("after Submit: %d moves, the server has %q", len(snap.Moves), srv.Received())
				}
				continue
			}
			// An illegal move is refused here, not sent.
			q := m.Snapshot()
			pos := q.Start
			for _, mv := range q.Moves {
				pos = pos.Play(mv)
			}
			bad := pos.NewMove(game.NewSquare(5, 9), game.NewSquare(5, 7), false)
			if err := m.Submit(game.Black, engine.BestMove{Move: bad}); err == nil {
				t.Error("an illegal move was taken")
			}
			legal := pos.LegalMoves(nil)[0]
			m.Submit(game.Black, engine.BestMove{Move: legal})
		}
		if _, ok := ev.(match.GameOverEvent); ok {
			break
		}
	}
	res := <-done
	if res.Why != match.Interrupted || res.Game.Len() != 3 {
		t.Errorf("%v after %d moves: %s", res.Why, res.Game.Len(), res.Reason())
	}
	for _, l := range srv.Received() {
		if strings.Contains(l, "5957") {
			t.Errorf("the illegal move reached the server: %q", l)
		}
	}
}

// A person who resigns while the server's side thinks: the match ends
// here at once, and the server hears %TORYO as the person's turn comes.
func TestPlayerHumanResignsOutOfTurn(t *testing.T) {
	t.Parallel()
	srv := csatest.NewServer(t, csatest.Script{Client: game.White, Think: 300 * time.Millisecond})
	ctx := context.Background()
	c, err := csa.Dial(ctx, config(srv.Addr, nil))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	s, _ := c.WaitSummary(ctx)
	g, err := c.Agree(ctx, s)
	if err != nil {
		t.Fatal(err)
	}
	remote := csa.NewPlayer(g, csa.PlayerOptions{})
	defer remote.Close()
	m, err := match.New(remote.MatchConfig([2]match.Player{remote, match.NewHuman("me")}))
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan match.Result)
	go func() { done <- m.Run(ctx) }()
	time.Sleep(50 * time.Millisecond) // the server thinks on its first move
	if err := m.Submit(game.White, engine.BestMove{Resign: true}); err != nil {
		t.Fatal(err)
	}
	res := <-done
	fctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	sr, err := remote.Finish(fctx)
	if err != nil || res.Why != match.Resigned || res.Side != game.White ||
		sr != (csa.Result{Reason: csa.Resign, Outcome: csa.Lose, Special: "TORYO", Mover: game.White}) {
		t.Errorf("match %v %v, server %v %v", res.Why, res.Side, sr, err)
	}
}
