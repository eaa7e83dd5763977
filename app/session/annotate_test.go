package session

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"shogi/game"
	"shogi/game/engine"
	"shogi/game/match"
	"shogi/kifu"
)

// Annotate adds to every record the session writes: the one kept after
// each move and the finished game's, which Finished is given too.
func TestAnnotateEveryRecord(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.kif")
	note := func(rec *kifu.Record) {
		line := rec.MainLine()
		last := line[len(line)-1]
		last.SetComment(fmt.Sprintf("after %d moves", last.Ply))
	}
	var finished *kifu.Record
	s, err := New(Config{
		Match: match.Config{Start: game.StartPosition(), Players: [2]match.Player{match.NewHuman("a"), match.NewHuman("b")},
			Time: [2]match.TimeControl{{Main: time.Minute}, {Main: time.Minute}}, TimeSource: match.NewFakeTime(t0)},
		Names: [2]string{"a", "b"}, Began: t0,
		Store:    RecordFile(path, kifu.KIF, true),
		Annotate: note,
		Finished: func(rec *kifu.Record, _ string) { finished = rec },
	})
	if err != nil {
		t.Fatal(err)
	}
	f := s.Subscribe()
	s.Start(context.Background())
	m := s.Match()
	comment := func(rec *kifu.Record) string {
		line := rec.MainLine()
		return line[len(line)-1].Comment()
	}
	for ply := 1; ply <= 2; ply++ {
		if err := m.Submit(game.Color(ply-1), engine.BestMove{Move: firstMove(t, m)}); err != nil {
			t.Fatal(err)
		}
		waitFor(t, f, isMove(ply))
		rec, err := kifu.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if want := fmt.Sprintf("after %d moves", ply); comment(rec) != want {
			t.Fatalf("kept record after move %d: comment %q, want %q", ply, comment(rec), want)
		}
	}
	if err := m.Submit(game.Black, engine.BestMove{Resign: true}); err != nil {
		t.Fatal(err)
	}
	waitFor(t, f, isType[match.GameOverEvent])
	if _, err := s.Wait(context.Background()); err != nil {
		t.Fatal(err)
	}
	s.Close()
	rec, err := kifu.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// The ending is the last node: the comment went on it.
	if finished == nil || comment(finished) != "after 3 moves" || comment(rec) != "after 3 moves" {
		t.Fatalf("finished record's comment %q, the file's %q", comment(finished), comment(rec))
	}
}
