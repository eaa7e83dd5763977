package play

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"shogi/game"
	"shogi/game/match"
	"shogi/internal/testenv"
	"shogi/kifu"
	"shogi/tui/common"
)

func TestMain(m *testing.M) {
	cleanup := testenv.Isolate()
	code := m.Run()
	cleanup()
	os.Exit(code)
}

var t0 = time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC)

// A person against the random level, kept in dir.
func localSetup(dir string) (common.SessionEnv, common.Setup, string) {
	env := common.SessionEnv{Ts: match.NewFakeTime(t0), GamesDir: filepath.Join(dir, "games"), Human: "You"}
	s := common.Setup{Start: game.StartPosition(), Began: t0,
		Players: [2]match.Spec{{Kind: match.HumanKind}, {Kind: match.BuiltinKind, Name: "random"}}}
	return env, s, filepath.Join(dir, "kept", "game.json")
}

// The game ends (the person resigns) and the screen leaves it before it
// reads the game-over event: the record is still written to the games
// folder, and the kept file does not outlive the finished game.
func TestLeaveBeforeGameOverIsReadKeepsRecord(t *testing.T) {
	dir := t.TempDir()
	env, setup, keepPath := localSetup(dir)
	msg := startSession(env, 1, &setup, nil, 1, keepPath)().(sessionMsg)
	if msg.err != nil {
		t.Fatal(msg.err)
	}
	s := msg.s
	if err := s.ctl.Resign(game.Black); err != nil {
		t.Fatal(err)
	}
	s.Stop("the game was left")
	records, err := filepath.Glob(filepath.Join(env.GamesDir, "*"))
	if err != nil {
		t.Fatal(err)
	}
	if len(records) != 1 {
		t.Fatalf("the games folder holds %q after a finished game was left, want its record", records)
	}
	rec, err := kifu.ReadFile(records[0])
	if err != nil {
		t.Fatal(err)
	}
	if e, _ := rec.Ending(); e != kifu.Resign || rec.Header("先手") != "You" || rec.Header("後手") != "random" {
		t.Errorf("record ends %v, 先手 %q, 後手 %q", e, rec.Header("先手"), rec.Header("後手"))
	}
	if _, err := os.Stat(keepPath); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the kept file of a finished game is there: %v", err)
	}
}
