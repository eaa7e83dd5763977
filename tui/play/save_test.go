package play

import (
	"context"
	"path/filepath"
	"testing"

	"shogi/app/words"
	"shogi/game"
	"shogi/kifu"
	"shogi/tui/common"
)

// w saves the session's record: the players named as in the record the
// session writes to the games folder when the game ends, not as the
// screen shows them ("You" for a person with no name: the screen's word
// here is Japanese).
func TestSavedRecordIsTheSessions(t *testing.T) {
	dir := t.TempDir()
	env, setup, keepPath := localSetup(dir)
	s := start(t, env, 1, setup, nil, keepPath)
	if err := s.ctl.Resign(game.Black); err != nil {
		t.Fatal(err)
	}
	if _, err := s.local.s.Wait(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer s.Stop("the test ended")
	files, err := filepath.Glob(filepath.Join(env.GamesDir, "*"))
	if err != nil || len(files) != 1 {
		t.Fatalf("the games folder holds %q (%v)", files, err)
	}
	finished, err := kifu.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}

	c := common.Complete(&common.Common{}, nil, common.Narrow, words.Japanese)
	m := New(c, setup)
	m.Sess = s
	m.Snap = s.ctl.Snapshot()
	m.Game = GameOf(m.Snap)
	saved := m.Record()
	for _, k := range []string{"先手", "後手"} {
		if got, want := saved.Header(k), finished.Header(k); got != want || got == "" {
			t.Errorf("%s: w saves %q, the finished record has %q", k, got, want)
		}
	}
	if e, _ := saved.Ending(); e != kifu.Resign {
		t.Errorf("the saved record ends %v, want a resignation", e)
	}
}
