package csa_test

import (
	"context"
	"errors"
	"log"
	"net"
	"os"
	"strings"
	"testing"
	"time"

	"shogi/game"
	"shogi/game/csa"
	"shogi/game/csa/csatest"
	"shogi/game/usi/usitest"
	"shogi/internal/testenv"
)

func TestMain(m *testing.M) {
	usitest.MaybeRun()
	// Most tests wait on a server (the reference one in Ruby) or a timeout.
	testenv.WaitingTests(8)
	code := m.Run()
	csatest.StopSharedRealServer()
	os.Exit(code)
}

const password = "s3cret-pw"

func config(addr string, logTo *usitest.SyncBuffer) csa.Config {
	cfg := csa.Config{Addr: addr, ID: "tester", Password: password, Timeout: 2 * time.Second, Grace: 2 * time.Second}
	if logTo != nil {
		cfg.Log = log.New(logTo, "", 0)
	}
	return cfg
}

func wantKind(t *testing.T, err error, k csa.Kind, says string) *csa.Error {
	t.Helper()
	var e *csa.Error
	if !errors.As(err, &e) || e.Kind != k {
		t.Fatalf("want a %v *csa.Error, got %v", k, err)
	}
	if !strings.Contains(e.Error(), says) {
		t.Errorf("the message %q does not say %q", e.Error(), says)
	}
	return e
}

func TestLogin(t *testing.T) {
	srv := csatest.NewServer(t)
	var buf usitest.SyncBuffer
	c, err := csa.Dial(context.Background(), config(srv.Addr, &buf))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if c.Name() != "tester" {
		t.Errorf("logged in as %q", c.Name())
	}
	got := srv.Received()
	if len(got) != 1 || got[0] != "1< LOGIN tester "+password {
		t.Errorf("the server received %q", got)
	}
	if strings.Contains(buf.String(), password) || !strings.Contains(buf.String(), "> LOGIN tester *****") {
		t.Errorf("the log shows the password or not the login:\n%s", buf.String())
	}
}

func TestLoginRefused(t *testing.T) {
	srv := csatest.NewServer(t, csatest.Script{RefuseLogin: true})
	_, err := csa.Dial(context.Background(), config(srv.Addr, nil))
	e := wantKind(t, err, csa.Refused, "refused the name or the password")
	if strings.Contains(e.Error(), password) {
		t.Errorf("the error shows the password: %v", e)
	}
}

func TestLoginNoAnswer(t *testing.T) {
	t.Parallel()
	srv := csatest.NewServer(t, csatest.Script{NoLogin: true})
	cfg := config(srv.Addr, nil)
	cfg.Timeout = 300 * time.Millisecond
	start := time.Now()
	_, err := csa.Dial(context.Background(), cfg)
	e := wantKind(t, err, csa.Timeout, "no answer within 300ms")
	if e.Op != "waiting for the answer to LOGIN" {
		t.Errorf("op %q", e.Op)
	}
	if d := time.Since(start); d > time.Minute {
		t.Errorf("gave up after %v: a hang", d)
	}
}

func TestUnreachable(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	_, err = csa.Dial(context.Background(), config(addr, nil))
	wantKind(t, err, csa.Unreachable, "cannot connect")
}

func TestBadLoginNames(t *testing.T) {
	for _, c := range []csa.Config{{ID: "two words", Password: "x"}, {ID: "a", Password: "has space"}, {ID: "a"}} {
		_, err := csa.Dial(context.Background(), c)
		wantKind(t, err, csa.Refused, "one word")
	}
}

func TestX1(t *testing.T) {
	srv := csatest.NewServer(t)
	cfg := config(srv.Addr, nil)
	cfg.X1 = true
	c, err := csa.Dial(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	ctx := context.Background()
	games, err := c.List(ctx)
	if err != nil || len(games) != 1 || games[0] != "fake-game-1" {
		t.Errorf("list: %v %v", games, err)
	}
	who, err := c.Who(ctx)
	if err != nil || len(who) != 2 || who[1] != (csa.Who{Name: "fakeopp", Protocol: "x1", Status: "game_waiting", Game: "fake-60-1", Turn: "+"}) {
		t.Errorf("who: %+v %v", who, err)
	}
	if err := c.Game("fake-60-1", "*"); err != nil {
		t.Fatal(err)
	}
	s, err := c.WaitSummary(ctx)
	if err != nil || s.GameID != "fake-game-1" {
		t.Fatalf("summary %+v %v", s, err)
	}
	if err := c.Reject(ctx, s); err != nil {
		t.Errorf("reject: %v", err)
	}
	got := srv.Received()
	if strings.Join(got, "|") != "1< LOGIN tester "+password+" x1|1< %%LIST|1< %%WHO|1< %%GAME fake-60-1 *|1< REJECT fake-game-1" {
		t.Errorf("the server received %q", got)
	}
}

// play plays a game against the fake server with the first legal move
// each turn and returns the events and the error that ended it.
func play(t *testing.T, srv *csatest.Server, cfg csa.Config) (*csa.Game, []csa.Event, error) {
	t.Helper()
	ctx := context.Background()
	c, err := csa.Dial(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	s, err := c.WaitSummary(ctx)
	if err != nil {
		return nil, nil, err
	}
	g, err := c.Agree(ctx, s)
	if err != nil {
		return nil, nil, err
	}
	var evs []csa.Event
	for {
		if p := g.Position(); p.SideToMove() == g.Us() {
			if err := g.Move(p.LegalMoves(nil)[0], ""); err != nil {
				return g, evs, err
			}
		}
		ev, err := g.Next(ctx)
		if err != nil {
			return g, evs, err
		}
		evs = append(evs, ev)
		if _, ok := ev.(csa.Ended); ok {
			return g, evs, nil
		}
	}
}

func TestGame(t *testing.T) {
	for _, side := range []game.Color{game.Black, game.White} {
		srv := csatest.NewServer(t, csatest.Script{Client: side, Think: time.Millisecond})
		g, evs, err := play(t, srv, config(srv.Addr, nil))
		if err != nil {
			t.Fatal(err)
		}
		// First legal moves on both sides repeat a position: sennichite.
		end := evs[len(evs)-1].(csa.Ended)
		if end.Result != (csa.Result{Reason: csa.Sennichite, Outcome: csa.Draw, Mover: end.Result.Mover}) {
			t.Errorf("result %+v", end.Result)
		}
		moves := g.Moves()
		if len(moves) != len(evs)-1 || len(moves) < 8 {
			t.Fatalf("%d moves, %d events", len(moves), len(evs))
		}
		for i, ev := range evs[:len(evs)-1] {
			pl := ev.(csa.Played)
			if pl.Move != moves[i] || pl.Side != moves[i].Color() || pl.Units != 0 || pl.Spent != 0 {
				t.Errorf("event %d: %+v", i, pl)
			}
		}
		k := g.Clock()
		if k.Left != [2]time.Duration{time.Minute, time.Minute} || k.Available(game.Black) != time.Minute+time.Second {
			t.Errorf("clock %+v", k)
		}
		if g.Us() != side {
			t.Errorf("plays %v", g.Us())
		}
	}
}

func TestGameFaults(t *testing.T) {
	for _, c := range []struct {
		name   string
		script csatest.Script
		kind   csa.Kind
		says   string
		moves  int
	}{
		{"garbage", csatest.Script{Garbage: 3}, csa.Garbage, "not the protocol", 3},
		{"a line that is no move", csatest.Script{Garbage: 2, Junk: "LOGIN:tester OK"}, csa.Garbage, "does not belong in a game", 2},
		{"an illegal move", csatest.Script{Client: game.White, Moves: []string{"+7776FU", "+7675FU"}, Garbage: 2, Junk: "+5152OU,T0"}, csa.Garbage, "does not hold", 2},
		{"dropped", csatest.Script{Drop: 4}, csa.Dropped, "connection", 4},
		{"a bad summary", csatest.Script{Summary: "BEGIN Game_Summary\nGame_ID:fake-game\nName+:a\nName-:b\nYour_Turn:+\nTo_Move:=\nEND Game_Summary"}, csa.BadSummary, "To_Move is + or -", 0},
		{"rejected", csatest.Script{Reject: true}, csa.Rejected, "rejected by fakeopp", 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			srv := csatest.NewServer(t, c.script)
			g, _, err := play(t, srv, config(srv.Addr, nil))
			wantKind(t, err, c.kind, c.says)
			if g != nil && len(g.Moves()) != c.moves {
				t.Errorf("%d moves kept, want %d", len(g.Moves()), c.moves)
			}
		})
	}
}

func TestGameTimeUp(t *testing.T) {
	srv := csatest.NewServer(t, csatest.Script{TimeUp: 2})
	g, evs, err := play(t, srv, config(srv.Addr, nil))
	if err != nil {
		t.Fatal(err)
	}
	end := evs[len(evs)-1].(csa.Ended).Result
	if end != (csa.Result{Reason: csa.TimeUp, Outcome: csa.Lose, Mover: game.Black}) || len(g.Moves()) != 2 {
		t.Errorf("result %+v after %d moves", end, len(g.Moves()))
	}
	if r, ok := g.Result(); !ok || r != end {
		t.Errorf("Result %v %v", r, ok)
	}
}

func TestSummaryUnknownFields(t *testing.T) {
	srv := csatest.NewServer(t, csatest.Script{Extra: []string{"Reconnect_Token:abc", "BEGIN Jury", "Size:3", "END Jury"}})
	c, err := csa.Dial(context.Background(), config(srv.Addr, nil))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	s, err := c.WaitSummary(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Unknown) != 3 || s.Unknown[0].Key != "Reconnect_Token" || s.Unknown[2] != (csa.Field{Line: 25, Section: "Jury", Key: "Size", Value: "3"}) {
		t.Errorf("unknown fields %+v", s.Unknown)
	}
}

// A quiet client sends keep-alives; the server's answers to them are
// read past.
func TestKeepAlive(t *testing.T) {
	srv := csatest.NewServer(t)
	cfg := config(srv.Addr, nil)
	cfg.X1, cfg.KeepAlive = true, 20*time.Millisecond
	c, err := csa.Dial(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	blank := func() int {
		n := 0
		for _, l := range srv.Received() {
			if l == "1< " {
				n++
			}
		}
		return n
	}
	for deadline := time.Now().Add(20 * time.Second); blank() < 3; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d keep-alives in 20 s at one every 20 ms", blank())
		}
	}
	// The server answered each with one of its own: the next answer the
	// client reads is the list's.
	if games, err := c.List(context.Background()); err != nil || len(games) != 1 {
		t.Fatalf("list after keep-alives: %v %v", games, err)
	}
}

func TestPairingDeadline(t *testing.T) {
	srv := csatest.NewServer(t)
	cfg := config(srv.Addr, nil)
	cfg.X1, cfg.Pairing = true, 100*time.Millisecond
	c, err := csa.Dial(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	_, err = c.WaitSummary(context.Background())
	e := wantKind(t, err, csa.Timeout, "no answer within 100ms")
	if e.Op != "waiting for a game" {
		t.Errorf("op %q", e.Op)
	}
}
