package csa_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"shogi/game"
	"shogi/game/bot"
	"shogi/game/csa"
	"shogi/game/csa/csatest"
	"shogi/game/match"
)

// The reference server is one for the package's tests (SharedRealServer):
// each test logs in under names of its own and plays a game of a name of
// its own, so they run side by side.

// side is one client's game on the reference server, as it ended.
type side struct {
	name    string
	summary *csa.Summary
	res     match.Result
	server  csa.Result
	moves   []game.Move
	err     error
}

// realGame logs in one client: it waits for a game (in x1 mode asking
// for gameName with turn), plays it with local and returns how it ended.
func realGame(ctx context.Context, cfg csa.Config, gameName, turn string, local match.Player) side {
	s := side{name: cfg.ID}
	c, err := csa.Dial(ctx, cfg)
	if err != nil {
		s.err = err
		return s
	}
	defer c.Close()
	if cfg.X1 {
		if s.err = c.Game(gameName, turn); s.err != nil {
			return s
		}
	}
	if s.summary, s.err = c.WaitSummary(ctx); s.err != nil {
		return s
	}
	// Every summary the server sends reads back the same once written.
	if again, err := csa.ParseSummary(s.summary.String()); err != nil || !reflect.DeepEqual(again, s.summary) {
		s.err = fmt.Errorf("the server's summary does not round-trip (%v):\n%s", err, s.summary.String())
		return s
	}
	g, err := c.Agree(ctx, s.summary)
	if err != nil {
		s.err = err
		return s
	}
	remote := csa.NewPlayer(g, csa.PlayerOptions{Comments: true})
	defer remote.Close()
	var players [2]match.Player
	players[g.Us()], players[g.Us().Other()] = local, remote
	m, err := match.New(remote.MatchConfig(players))
	if err != nil {
		s.err = err
		return s
	}
	s.res = m.Run(ctx)
	s.server, s.err = remote.Finish(ctx)
	s.moves = g.Moves()
	return s
}

func level(t testing.TB, name string, seed uint64) match.Player {
	s, err := bot.NewSearcher(name, rand.New(rand.NewPCG(seed, seed)))
	if err != nil {
		t.Fatal(err)
	}
	return match.Bot{S: s}
}

// Two clients of this package play whole games on the reference server,
// under byōyomi and under a Fischer increment; each side's match keeps
// the moves and the times the server recorded.
func TestRealServerGames(t *testing.T) {
	t.Parallel()
	addr, dir := csatest.SharedRealServer(t)
	for _, gameName := range []string{"byoyomi-60-1", "fischer-60-1F"} {
		t.Run(gameName, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
			defer cancel()
			var wg sync.WaitGroup
			sides := make([]side, 2)
			for i, lv := range []string{"beginner", "novice"} {
				wg.Add(1)
				go func() {
					defer wg.Done()
					cfg := csa.Config{Addr: addr, ID: lv, Password: gameName + ",pw", Timeout: 10 * time.Second}
					sides[i] = realGame(ctx, cfg, "", "", level(t, lv, uint64(i+1)))
				}()
			}
			wg.Wait()
			checkRealGame(t, dir, sides)
		})
	}
}

func checkRealGame(t *testing.T, dir string, sides []side) {
	t.Helper()
	for _, s := range sides {
		if s.err != nil {
			t.Fatalf("%s: %v", s.name, s.err)
		}
	}
	a, b := sides[0], sides[1]
	if a.summary.GameID != b.summary.GameID || a.summary.YourTurn == b.summary.YourTurn {
		t.Fatalf("summaries: %+v / %+v", a.summary, b.summary)
	}
	record := csatest.Record(t, dir, a.summary.GameID)
	moves, times := csatest.RecordMoves(record)
	for _, s := range sides {
		if len(s.moves) != len(moves) || s.res.Game.Len() != len(moves) {
			t.Fatalf("%s: %d moves on the client, %d in its match, %d in the server's record", s.name, len(s.moves), s.res.Game.Len(), len(moves))
		}
		for i, m := range s.res.Game.Moves() {
			if csa.FormatMove(m) != moves[i] {
				t.Fatalf("%s: move %d is %s, the server recorded %s", s.name, i+1, csa.FormatMove(m), moves[i])
			}
			if want := time.Duration(times[i]) * time.Second; s.res.Notes[i].Spent != want {
				t.Errorf("%s: move %d took %v, the server charged %v", s.name, i+1, s.res.Notes[i].Spent, want)
			}
		}
	}
	ao, bo := a.server.Outcome, b.server.Outcome
	if !(ao == csa.Win && bo == csa.Lose || ao == csa.Lose && bo == csa.Win || ao == bo && ao != csa.Win && ao != csa.Lose) {
		t.Errorf("outcomes %v and %v", a.server, b.server)
	}
	if a.res.Result != b.res.Result {
		t.Errorf("the matches ended apart: %v (%s) / %v (%s)", a.res.Result, a.res.Reason(), b.res.Result, b.res.Reason())
	}
	// The engines' comments reached the server's record.
	if !strings.Contains(record, "\n'** ") {
		t.Errorf("no engine comment in the server's record")
	}
	t.Logf("%d moves; %s: %v (%s); %s: %v", len(moves), a.name, a.server, a.res.Reason(), b.name, b.server)
}

// The reference server accepts a declaration: a buoy game starts from a
// position where Black may declare, and Black's engine (the fake, which
// declares when it may) does.
func TestRealServerDeclaration(t *testing.T) {
	t.Parallel()
	addr, dir := csatest.SharedRealServer(t)
	moves := csatest.DeclarableMoves(t)
	csatest.SetBuoy(t, addr, "buoy_kachi-60-1", moves)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var wg sync.WaitGroup
	sides := make([]side, 2)
	players := []match.Player{fakeEngine(t, "name=declarer"), level(t, "beginner", 1)}
	for i, turn := range []string{"+", "-"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cfg := csa.Config{Addr: addr, ID: []string{"declarer", "defender"}[i], Password: "pw", X1: true, Timeout: 10 * time.Second}
			sides[i] = realGame(ctx, cfg, "buoy_kachi-60-1", turn, players[i])
		}()
	}
	wg.Wait()
	black := sides[0]
	if black.err != nil || sides[1].err != nil {
		t.Fatalf("%v / %v", black.err, sides[1].err)
	}
	if black.server != (csa.Result{Reason: csa.Jishogi, Outcome: csa.Win, Special: "KACHI", Mover: game.Black}) ||
		black.res.Why != match.Declared || black.res.Side != game.Black || len(black.moves) != len(moves) {
		t.Errorf("black: server %v, match %v (%s) after %d moves", black.server, black.res.Why, black.res.Reason(), len(black.moves))
	}
	if sides[1].server.Outcome != csa.Lose || sides[1].res.Why != match.Declared {
		t.Errorf("white: server %v, match %s", sides[1].server, sides[1].res.Reason())
	}
	if rec := csatest.Record(t, dir, black.summary.GameID); !strings.Contains(rec, "%KACHI") {
		t.Errorf("the server's record has no %%KACHI:\n%s", rec)
	}
}

// An engine's illegal move goes to the server, which rules it: the
// engine's side loses by #ILLEGAL_MOVE, and its match says which move and
// why.
func TestRealServerIllegalMove(t *testing.T) {
	t.Parallel()
	addr, _ := csatest.SharedRealServer(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var wg sync.WaitGroup
	sides := make([]side, 2)
	players := []match.Player{fakeEngine(t, "illegal"), level(t, "beginner", 1)}
	for i, turn := range []string{"+", "-"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cfg := csa.Config{Addr: addr, ID: []string{"cheat", "honest"}[i], Password: "pw", X1: true, Timeout: 10 * time.Second}
			sides[i] = realGame(ctx, cfg, "illegal-60-1", turn, players[i])
		}()
	}
	wg.Wait()
	cheat, honest := sides[0], sides[1]
	if cheat.err != nil || honest.err != nil {
		t.Fatalf("%v / %v", cheat.err, honest.err)
	}
	if cheat.server != (csa.Result{Reason: csa.IllegalMove, Outcome: csa.Lose, Mover: game.Black}) || cheat.res.Why != match.IllegalMove ||
		cheat.res.Side != game.Black || cheat.res.Illegal == "" || !strings.Contains(cheat.res.Reason(), "which is illegal") {
		t.Errorf("the cheat: server %v, match %v %q", cheat.server, cheat.res.Why, cheat.res.Reason())
	}
	if honest.server.Outcome != csa.Win || honest.res.Why != match.IllegalMove || honest.res.Side != game.Black {
		t.Errorf("the other side: server %v, match %q", honest.server, honest.res.Reason())
	}
	t.Logf("%s / %s", cheat.res.Reason(), honest.res.Reason())
}
