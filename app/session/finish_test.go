package session

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"shogi/game"
	"shogi/game/engine"
	"shogi/game/match"
	"shogi/kifu"
	"shogi/kifu/kept"
)

// A game that ended is left before anyone read its end (the screen's
// feed is never read, and Stop comes at once): its record is written all
// the same, Finished hears of it once with that file, and the kept file
// is gone.
func TestStopBeforeTheEndIsReadWritesTheRecord(t *testing.T) {
	dir := t.TempDir()
	keptPath, games := filepath.Join(dir, "kept", "g.json"), filepath.Join(dir, "games")
	type finished struct {
		rec  *kifu.Record
		path string
	}
	var heard []finished // written on the session's goroutine, read after Stop
	s, err := New(Config{
		Match: match.Config{Start: game.StartPosition(), Players: [2]match.Player{match.NewHuman(""), level(t, "random", 5)}, TimeSource: match.NewFakeTime(t0)},
		Specs: [2]match.Spec{human, random}, Human: "あなた",
		Store:    Kept(keptPath, games, keptOf),
		Finished: func(rec *kifu.Record, path string) { heard = append(heard, finished{rec, path}) },
	})
	if err != nil {
		t.Fatal(err)
	}
	s.Subscribe() // a screen that never reads its feed
	s.Start(context.Background())
	m := s.Match()
	if err := m.SubmitMove(game.Black, firstMove(t, m)); err != nil {
		t.Fatal(err)
	}
	if err := m.Resign(game.Black); err != nil { // on the level's turn, or after its reply
		t.Fatal(err)
	}
	s.Stop("the game was left")
	records, _ := filepath.Glob(filepath.Join(games, "*"))
	if len(records) != 1 || s.Saved() != records[0] {
		t.Fatalf("records %q, Saved %q: want the one record", records, s.Saved())
	}
	if len(heard) != 1 || heard[0].path != records[0] {
		t.Fatalf("Finished heard %d times (%v), want once of %s", len(heard), heard, records[0])
	}
	if e, _ := heard[0].rec.Ending(); e != kifu.Resign || heard[0].rec.Header("先手") != "あなた" {
		t.Errorf("Finished got a record ending %v, 先手 %q", e, heard[0].rec.Header("先手"))
	}
	if _, err := os.Stat(keptPath); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the kept file of a finished game is there: %v", err)
	}
}

// An interrupted game writes no record, and Finished hears nothing.
func TestInterruptedIsNotFinished(t *testing.T) {
	dir := t.TempDir()
	called := false
	s, err := New(Config{
		Match:    match.Config{Start: game.StartPosition(), Players: [2]match.Player{match.NewHuman(""), match.NewHuman("")}, TimeSource: match.NewFakeTime(t0)},
		Specs:    [2]match.Spec{human, human},
		Store:    Kept(filepath.Join(dir, "g.json"), filepath.Join(dir, "games"), keptOf),
		Finished: func(*kifu.Record, string) { called = true },
	})
	if err != nil {
		t.Fatal(err)
	}
	s.Start(context.Background())
	s.Stop("the game was left")
	if called {
		t.Error("Finished was told of an interrupted game")
	}
	if res, err := s.Wait(context.Background()); err != nil || !res.Aborted {
		t.Errorf("result %+v (%v), want interrupted", res, err)
	}
}

// A move the other side left unconfirmed is kept with the game until a
// move of the match comes after it; a game interrupted while one is in
// doubt keeps it.
func TestUnconfirmedKeptUntilTheNextMove(t *testing.T) {
	keptPath := filepath.Join(t.TempDir(), "g.json")
	s, err := New(Config{
		Match: match.Config{Start: game.StartPosition(), Players: [2]match.Player{match.NewHuman(""), match.NewHuman("")}, TimeSource: match.NewFakeTime(t0)},
		Specs: [2]match.Spec{human, human},
		Store: Kept(keptPath, "", func(st State) kept.Game {
			k := keptOf(st)
			k.Unconfirmed = st.Unconfirmed
			return k
		}),
	})
	if err != nil {
		t.Fatal(err)
	}
	f := s.Subscribe()
	s.Start(context.Background())
	m := s.Match()
	s.Unconfirmed("+7776FU")
	if err := m.Submit(game.Black, engine.BestMove{Move: firstMove(t, m)}); err != nil {
		t.Fatal(err)
	}
	waitFor(t, f, isMove(1))
	if k, err := kept.Read(keptPath); err != nil || len(k.Moves) != 1 || k.Unconfirmed != "" {
		t.Fatalf("kept after the answer: %d moves, unconfirmed %q, %v; want 1 move, none", len(k.Moves), k.Unconfirmed, err)
	}
	s.Unconfirmed("-3334FU")
	s.Stop("the connection dropped")
	k, err := kept.Read(keptPath)
	if err != nil || k.Unconfirmed != "-3334FU" {
		t.Fatalf("kept after the interruption: unconfirmed %q, %v; want -3334FU", k.Unconfirmed, err)
	}
}
