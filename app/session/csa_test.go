package session

import (
	"context"
	"errors"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"shogi/game"
	"shogi/game/csa"
	"shogi/game/csa/csatest"
	"shogi/game/match"
	"shogi/game/usi"
	"shogi/kifu"
)

// serverGame logs in to srv, agrees to its game and makes the session of
// it for the greedy level, with cfg (short waits, for the fake server).
func serverGame(t *testing.T, srv *csatest.Server, cfg Config) (*ServerGame, *csa.Game) {
	t.Helper()
	ctx := context.Background()
	c, err := csa.Dial(ctx, csa.Config{Addr: srv.Addr, ID: "tester", Password: "pw", Timeout: 600 * time.Millisecond,
		Grace: 2 * time.Second, Silence: 100 * time.Millisecond})
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
	local, err := match.Spec{Kind: match.BuiltinKind, Name: "greedy"}.NewPlayer(ctx, rand.New(rand.NewPCG(1, 2)), usi.Config{})
	if err != nil {
		t.Fatal(err)
	}
	sg, err := NewServerGame(g, local, ServerOptions{FinishWait: time.Minute}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return sg, g
}

// states is a Store that remembers what it was given.
type states struct {
	mu    sync.Mutex
	kept  []State
	ended *State
}

func (s *states) Keep(st State) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.kept = append(s.kept, st)
	return nil
}

func (s *states) End(st State, _ match.Result, _ *kifu.Record) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.ended = &st
	return "", nil
}

// A server game played to the server's ruling: the record, kept after
// every move, holds the moves the server received from us, under the
// server's names, game id and place; the server's word is heard.
func TestServerGameRecord(t *testing.T) {
	srv := csatest.NewServer(t, csatest.Script{Client: game.White, Think: time.Millisecond})
	path := filepath.Join(t.TempDir(), "game.csa")
	sg, g := serverGame(t, srv, Config{Place: srv.Addr, Store: RecordFile(path, kifu.CSA, true)})
	sg.Start(context.Background())
	select {
	case <-sg.Done():
	case <-time.After(time.Minute):
		t.Fatal("the game did not end")
	}
	end := sg.End()
	if end.ServerErr != nil || end.Server.Outcome == 0 || end.KeepErr != nil || end.Saved != path || end.Result.Aborted {
		t.Fatalf("end %+v", end)
	}
	rec, err := kifu.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var ours, sent []string
	for _, n := range rec.MainLine() {
		if n.IsMove() && n.Move.Color() == g.Us() {
			ours = append(ours, csa.FormatMove(n.Move))
		}
	}
	for _, l := range srv.Received() {
		if rest, ok := strings.CutPrefix(l, "1< "); ok && len(rest) >= 7 && rest[0] == '-' {
			sent = append(sent, rest[:7])
		}
	}
	if len(ours) == 0 || strings.Join(ours, " ") != strings.Join(sent, " ") {
		t.Errorf("our moves in the record %v, the server got %v", ours, sent)
	}
	heads := map[string]string{}
	for _, h := range rec.Headers {
		heads[h.Key] = h.Value
	}
	if heads["N+"] != g.Summary.Names[game.Black] || heads["N-"] != "tester" || heads["$EVENT"] != g.Summary.GameID || heads["$SITE"] != srv.Addr {
		t.Errorf("headers %v", rec.Headers)
	}
}

// A server that stops answering with our move sent: the silence is
// passed on and the move kept as Unconfirmed, so the game the timeout
// then interrupts is kept naming it; the fault is the server's error.
func TestServerGameUnconfirmed(t *testing.T) {
	t.Parallel() // waits out the client's 600 ms timeout
	srv := csatest.NewServer(t, csatest.Script{Client: game.Black, Silent: 2})
	st := &states{}
	sg, _ := serverGame(t, srv, Config{Store: st})
	sg.Start(context.Background())
	var silent csa.Silent
	select {
	case silent = <-sg.Silences():
	case <-sg.Done():
		t.Fatalf("the game ended (%s) before the silence was said", sg.End().Result.Reason())
	}
	select {
	case <-sg.Done():
	case <-time.After(time.Minute):
		t.Fatal("the game did not end")
	}
	end := sg.End()
	var ce *csa.Error
	if !end.Result.Aborted || !errors.As(end.Result.Fault, &ce) || ce.Kind != csa.Timeout || end.ServerErr == nil {
		t.Fatalf("end %+v", end)
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	if !strings.HasPrefix(silent.Unconfirmed, "+") || st.ended == nil || st.ended.Unconfirmed != silent.Unconfirmed {
		t.Errorf("silence %+v; the game ended kept with %+v", silent, st.ended)
	}
}
