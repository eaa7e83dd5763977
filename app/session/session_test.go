package session

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"shogi/game"
	"shogi/game/engine"
	"shogi/game/match"
	"shogi/game/usi"
	"shogi/game/usi/usitest"
	"shogi/internal/testenv"
	"shogi/kifu"
	"shogi/kifu/kept"
	"shogi/kifu/matchrec"
)

func TestMain(m *testing.M) {
	usitest.MaybeRun()
	cleanup := testenv.Isolate()
	code := m.Run()
	cleanup()
	os.Exit(code)
}

var t0 = time.Date(2026, 11, 25, 18, 4, 0, 0, time.UTC)

// fake starts this test binary as a USI engine behaving as spec says
// (see usitest).
func fake(t *testing.T, spec string) match.Engine {
	t.Helper()
	e, err := usi.Start(context.Background(), usi.Config{Path: os.Args[0], Env: []string{usitest.Env + "=" + spec},
		Timeout: 5 * time.Second, StopGrace: 200 * time.Millisecond, QuitGrace: 3 * time.Second})
	if err != nil {
		t.Fatalf("fake %q: %v", spec, err)
	}
	t.Cleanup(func() { e.Close() })
	return match.Engine{E: e}
}

func level(t *testing.T, name string, seed uint64) match.Player {
	t.Helper()
	p, err := match.Spec{Kind: match.BuiltinKind, Name: name}.NewPlayer(context.Background(), rand.New(rand.NewPCG(seed, 1)), usi.Config{})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

var (
	human  = match.Spec{Kind: match.HumanKind}
	random = match.Spec{Kind: match.BuiltinKind, Name: "random"}
)

// keptOf is the kept file's content as the app makes it.
func keptOf(st State) kept.Game {
	return kept.Of(st.Snap, st.Specs, st.Names, [2]match.TimeControl{}, st.Began, st.Now, nil)
}

// waitFor reads f until an event that ok accepts, failing on the end of
// the feed.
func waitFor(t *testing.T, f *Feed, ok func(Event) bool) Event {
	t.Helper()
	for {
		e, err := f.Next(context.Background())
		if err != nil {
			t.Fatalf("the feed ended before the event: %v", err)
		}
		if e.Err != nil {
			t.Fatalf("keeping %T: %v", e.Ev, e.Err)
		}
		if ok(e) {
			return e
		}
	}
}

func isMove(ply int) func(Event) bool {
	return func(e Event) bool { mv, ok := e.Ev.(match.MoveEvent); return ok && mv.Ply == ply }
}

func isType[T match.Event](e Event) bool { _, ok := e.Ev.(T); return ok }

// firstMove is the first legal move of the match's position.
func firstMove(t *testing.T, m *match.Match) game.Move {
	t.Helper()
	snap := m.Snapshot()
	g := game.NewGame(snap.Start)
	for _, mv := range snap.Moves {
		if err := g.Play(mv); err != nil {
			t.Fatal(err)
		}
	}
	p := g.Position()
	moves := p.LegalMoves(nil)
	if len(moves) == 0 {
		t.Fatal("no legal move")
	}
	return moves[0]
}

// A person against a built-in level: every move the feed passes on is
// already in the kept file; resigning writes the record to the games
// folder, as KIF in Shift_JIS with the person's word and the level's
// name, and removes the kept file.
func TestKeptAfterEveryMoveAndRecordAtEnd(t *testing.T) {
	dir := t.TempDir()
	keptPath, games := filepath.Join(dir, "kept", "g.json"), filepath.Join(dir, "games")
	ts := match.NewFakeTime(t0)
	s, err := New(Config{
		Match: match.Config{Start: game.StartPosition(), Players: [2]match.Player{match.NewHuman(""), level(t, "random", 7)}, TimeSource: ts},
		Specs: [2]match.Spec{human, random}, Human: "あなた",
		Store: Kept(keptPath, games, keptOf),
	})
	if err != nil {
		t.Fatal(err)
	}
	f := s.Subscribe()
	s.Start(context.Background())
	m := s.Match()
	for ply := 0; ply < 6; ply += 2 {
		if err := m.Submit(game.Black, engine.BestMove{Move: firstMove(t, m)}); err != nil {
			t.Fatal(err)
		}
		waitFor(t, f, isMove(ply+2)) // the level's reply
		k, err := kept.Read(keptPath)
		if err != nil {
			t.Fatalf("after move %d: %v", ply+2, err)
		}
		if len(k.Moves) != ply+2 || k.Players[0].String() != human.String() || k.Players[1].String() != random.String() {
			t.Fatalf("after move %d the kept file holds %d moves of %v", ply+2, len(k.Moves), k.Players)
		}
	}
	if err := m.Submit(game.Black, engine.BestMove{Resign: true}); err != nil {
		t.Fatal(err)
	}
	end := waitFor(t, f, isType[match.GameOverEvent])
	if _, err := f.Next(context.Background()); !errors.Is(err, match.ErrEnded) {
		t.Errorf("after the game's end the feed gave %v, want match.ErrEnded", err)
	}
	res, err := s.Wait(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	if _, err := os.Stat(keptPath); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the kept file of a finished game is still there: %v", err)
	}
	if end.Saved == "" || filepath.Dir(end.Saved) != games || s.Saved() != end.Saved {
		t.Fatalf("record at %q (Saved %q), want one in %s", end.Saved, s.Saved(), games)
	}
	if res.Names != [2]string{"あなた", "random"} || res.Game.Len() != 6 {
		t.Fatalf("result names %q, %d moves", res.Names, res.Game.Len())
	}
	got, err := os.ReadFile(end.Saved)
	if err != nil {
		t.Fatal(err)
	}
	want, err := kifu.Marshal(matchrec.Record(res, ""), kifu.KIF, kifu.WriteOptions{Encoding: kifu.ShiftJIS})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("record:\n%s\nwant:\n%s", got, want)
	}
	rec, err := kifu.ReadFile(end.Saved)
	if err != nil {
		t.Fatal(err)
	}
	if e, _ := rec.Ending(); e != kifu.Resign || rec.Header("先手") != "あなた" || rec.Header("後手") != "random" {
		t.Errorf("record ends %v, 先手 %q, 後手 %q", e, rec.Header("先手"), rec.Header("後手"))
	}
}

// A program's fault in a person's game pauses it; Replace puts another
// player in the seat (the kept file names it), closes the failed engine,
// and the game goes on.
func TestFaultPausesAndReplace(t *testing.T) {
	dir := t.TempDir()
	keptPath := filepath.Join(dir, "g.json")
	crashing := fake(t, "crash=1,name=Crasher")
	s, err := New(Config{
		Match: match.Config{Start: game.StartPosition(), Players: [2]match.Player{match.NewHuman(""), crashing}, TimeSource: match.NewFakeTime(t0)},
		Specs: [2]match.Spec{human, {Kind: match.USIKind, Name: os.Args[0]}},
		Store: Kept(keptPath, "", keptOf),
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := s.Names(); got[game.White] != "Crasher" {
		t.Errorf("an engine with no name is called %q, want its id name", got[game.White])
	}
	f := s.Subscribe()
	s.Start(context.Background())
	defer s.Stop("the test ended")
	m := s.Match()
	if err := m.Submit(game.Black, engine.BestMove{Move: firstMove(t, m)}); err != nil {
		t.Fatal(err)
	}
	fault := waitFor(t, f, isType[match.FaultEvent]).Ev.(match.FaultEvent)
	if fault.Fault.Side != game.White {
		t.Fatalf("fault on %v", fault.Fault.Side)
	}
	if snap := m.Snapshot(); snap.Over || snap.Fault == nil {
		t.Fatalf("after the fault: over %v, fault %v", snap.Over, snap.Fault)
	}
	if err := s.Replace(game.White, level(t, "random", 3), random, ""); err != nil {
		t.Fatal(err)
	}
	waitFor(t, f, isType[match.ReplaceEvent])
	select {
	case <-crashing.E.Exited():
	default:
		t.Error("the failed engine is still running after Replace")
	}
	waitFor(t, f, isMove(2))
	k, err := kept.Read(keptPath)
	if err != nil {
		t.Fatal(err)
	}
	if k.Players[game.White].String() != random.String() || len(k.Moves) != 2 {
		t.Errorf("kept: White %v, %d moves; want the level and 2", k.Players[game.White], len(k.Moves))
	}
	if n := s.RecordNames(); n[game.White] != "random" {
		t.Errorf("the new player is recorded as %q", n[game.White])
	}
}

// Stop interrupts a game in progress: it stays kept, with its moves, the
// engine is closed, and the result says it was interrupted.
func TestStopKeepsAndCloses(t *testing.T) {
	dir := t.TempDir()
	keptPath, games := filepath.Join(dir, "g.json"), filepath.Join(dir, "games")
	e := fake(t, "quiet")
	s, err := New(Config{
		Match: match.Config{Start: game.StartPosition(), Players: [2]match.Player{match.NewHuman("山田"), e}, TimeSource: match.NewFakeTime(t0)},
		Specs: [2]match.Spec{human, {Kind: match.USIKind, Name: os.Args[0]}}, Names: [2]string{"山田", ""},
		Store: Kept(keptPath, games, keptOf),
	})
	if err != nil {
		t.Fatal(err)
	}
	f := s.Subscribe()
	s.Start(context.Background())
	m := s.Match()
	if err := m.Submit(game.Black, engine.BestMove{Move: firstMove(t, m)}); err != nil {
		t.Fatal(err)
	}
	waitFor(t, f, isMove(2))
	s.Stop("the game was left")
	s.Stop("twice is fine")
	res, err := s.Wait(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if !res.Aborted || res.Note != "the game was left" {
		t.Errorf("result %+v, want interrupted with the reason", res)
	}
	k, err := kept.Read(keptPath)
	if err != nil || len(k.Moves) != 2 || k.Names[game.Black] != "山田" {
		t.Fatalf("kept after Stop: %d moves, %q, %v", len(k.Moves), k.Names, err)
	}
	if files, _ := filepath.Glob(filepath.Join(games, "*")); len(files) != 0 {
		t.Errorf("an interrupted game wrote a record: %v", files)
	}
	select {
	case <-e.E.Exited():
	default:
		t.Error("the engine is still running after Stop")
	}
}

// The lobby's store: the record after every move (no ending yet) and at
// the end; a name Shift_JIS cannot spell makes it UTF-8 .kifu.
func TestRecordFileEveryMove(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		names [2]string
		ext   string
	}{{[2]string{"山田", "佐藤"}, ".kif"}, {[2]string{"☗ann", "bob"}, ".kifu"}} {
		path := filepath.Join(dir, c.names[0]+".kif")
		s, err := New(Config{
			Match: match.Config{Start: game.StartPosition(), Players: [2]match.Player{match.NewHuman(c.names[0]), match.NewHuman(c.names[1])},
				Time: [2]match.TimeControl{{Main: time.Minute}, {Main: time.Minute}}, TimeSource: match.NewFakeTime(t0)},
			Names: c.names, Event: "shogi serve", Began: t0,
			Store: RecordFile(path, kifu.KIF, true),
		})
		if err != nil {
			t.Fatal(err)
		}
		f := s.Subscribe()
		s.Start(context.Background())
		m := s.Match()
		var file string
		for ply := 0; ply < 3; ply++ {
			if err := m.Submit(game.Color(ply%2), engine.BestMove{Move: firstMove(t, m)}); err != nil {
				t.Fatal(err)
			}
			waitFor(t, f, isMove(ply+1))
			file = path[:len(path)-len(".kif")] + c.ext
			rec, err := kifu.ReadFile(file)
			if err != nil {
				t.Fatalf("%s after move %d: %v", c.ext, ply+1, err)
			}
			if e, _ := rec.Ending(); len(rec.MainMoves()) != ply+1 || e != kifu.NoEnding || rec.Header("棋戦") != "shogi serve" {
				t.Fatalf("%s after move %d: %d moves, ending %v", file, ply+1, len(rec.MainMoves()), e)
			}
		}
		if err := m.Submit(game.Black, engine.BestMove{Resign: true}); err != nil {
			t.Fatal(err)
		}
		end := waitFor(t, f, isType[match.GameOverEvent])
		res, err := s.Wait(context.Background())
		if err != nil || end.Saved != file {
			t.Fatalf("saved %q, want %q (%v)", end.Saved, file, err)
		}
		s.Close()
		want, err := kifu.Marshal(matchrec.Record(res, "shogi serve"), kifu.KIF, kifu.WriteOptions{Encoding: kifu.EncodingOfPath(file)})
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := os.ReadFile(file); !bytes.Equal(got, want) {
			t.Errorf("%s:\n%s\nwant:\n%s", file, got, want)
		}
	}
}

// shogi csa's shape: two programs, the record as CSA at the end only,
// and a player the caller keeps for its next game left running.
func TestEnginesCSARecordAndKeep(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out", "game-1.csa")
	ours := fake(t, "name=Ours")
	s, err := New(Config{
		Match: match.Config{Start: game.StartPosition(), Players: [2]match.Player{ours, level(t, "greedy", 5)}, MaxMoves: 12, TimeSource: match.NewFakeTime(t0)},
		Keep:  [2]match.Player{ours},
		Names: [2]string{"ours", "theirs"}, Event: "game-1", Place: "localhost:4081",
		Store: RecordFile(path, kifu.CSA, false),
	})
	if err != nil {
		t.Fatal(err)
	}
	f := s.Subscribe()
	s.Start(context.Background())
	waitFor(t, f, isMove(1))
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the CSA record exists before the end: %v", err)
	}
	res, err := s.Wait(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	if !res.MaxMoves || res.Game.Len() != 12 {
		t.Fatalf("result: max moves %v, %d moves", res.MaxMoves, res.Game.Len())
	}
	rec := matchrec.Record(res, "game-1")
	rec.Headers = append(rec.Headers, kifu.Header{Key: "場所", Value: "localhost:4081"})
	want, err := kifu.Marshal(rec, kifu.CSA, kifu.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(path); !bytes.Equal(got, want) {
		t.Errorf("record:\n%s\nwant:\n%s", got, want)
	}
	select {
	case <-ours.E.Exited():
		t.Fatal("Close closed the engine the caller keeps")
	default:
	}
	if err := ours.NewGame(context.Background()); err != nil {
		t.Errorf("the kept engine cannot start another game: %v", err)
	}
}

// Subscribing after the game is over gives a feed that has ended.
func TestSubscribeAfterEnd(t *testing.T) {
	s, err := New(Config{Match: match.Config{Start: game.StartPosition(), Players: [2]match.Player{match.NewHuman("a"), match.NewHuman("b")}}})
	if err != nil {
		t.Fatal(err)
	}
	s.Start(context.Background())
	if err := s.Match().Submit(game.Black, engine.BestMove{Resign: true}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Wait(context.Background()); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Subscribe().Next(context.Background()); !errors.Is(err, match.ErrEnded) {
		t.Errorf("a late feed gave %v, want match.ErrEnded", err)
	}
}
