package tui

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"shogi/game"
	"shogi/internal/termtest"
	"shogi/kifu/edit"
	"shogi/tui/common"
	"shogi/tui/components"
)

// The tsume, set up in the real program by keys alone: shogi
// edit, clear, White's king on 1a, a Black gold on 2c, a gold in Black's
// hand, the rest to White; then play it: the game's board on screen is
// that position, line for line, with both hands.
func TestTmuxEditTsumeAndPlay(t *testing.T) {
	t.Parallel()
	x := startApp(t, 80, 24, "", "edit --lang en", "Set up a position")
	x.Keys("c")
	x.Keys("Right", "Right", "Right", "Right", "Up", "Up", "Up", "Up", "k") // 5e → 1a
	x.Keys("Left", "Down", "Down", "G")                                     // 2c
	x.Keys("Tab", "Tab", "g", "Tab", "h")                                   // Black's hand; the rest to White
	x.WaitFor("36 pieces to White's hand", "a tsume (one king)")
	x.Keys("Enter", "p")
	x.WaitFor("New game", "set-up position")
	x.Keys("Up", "Enter") // Start: the last row, up from the first
	sc := x.WaitFor("move 1")

	want, err := game.ParseSFEN("8k/9/7G1/9/9/9/9/9/9 b G2r2b2g4s4n4l18p 1")
	if err != nil {
		t.Fatal(err)
	}
	board := components.RenderBoard(&want, components.BoardOpts{Style: common.Kanji, Size: components.BoardCompact,
		Cursor: game.NoSquare, Selected: game.NoSquare, Last: game.NoMove, Check: game.NoSquare})
	lines := strings.Split(sc, "\n")
	for i, l := range board {
		if l = strings.TrimRight(l, " "); !strings.HasPrefix(lines[2+i], l) {
			t.Fatalf("board line %d is %q, want %q:\n%s", i, lines[2+i], l, sc)
		}
	}
	for _, hand := range []string{"△White in hand: 飛×2 角×2 金×2 銀×4 桂×4 香×4 歩×18", "▲Black in hand: 金"} {
		if !strings.Contains(sc, hand) {
			t.Errorf("no %q on screen:\n%s", hand, sc)
		}
	}
}

// An edit in the study is on disk before the terminal closes: after
// SIGHUP (tmux kill-session) the kept copy holds the new variation, and
// the app has ended.
func TestTmuxHangupKeepsEdits(t *testing.T) {
	t.Parallel()
	rec := filepath.Join(t.TempDir(), "branches.kif")
	data, err := os.ReadFile(filepath.Join("study", "testdata", "study", "branches.kif"))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(rec, data, 0o644)
	x := startApp(t, 100, 30, "", "open --lang en "+rec, "Ply 0/13")
	pid := x.Program()
	x.Keys("2", "Enter", "5g5f", "Enter")
	x.WaitFor("a new variation at move 3")
	x.KillSession()
	if !termtest.WaitEnd(pid, 5*time.Second) {
		t.Fatalf("the app (pid %d) is still running after SIGHUP", pid)
	}
	files, _ := filepath.Glob(filepath.Join(x.state, "state", "shogi", "edits", "*.json"))
	if len(files) != 1 {
		t.Fatalf("kept edits: %v", files)
	}
	ed, err := edit.Restore(files[0])
	if err != nil {
		t.Fatal(err)
	}
	third := slices.Collect(ed.Record().Root.FirstChild().FirstChild().Children())
	if len(third) != 3 || third[2].Move.USI() != "5g5f" || ed.Source() != rec {
		t.Errorf("the kept record's ply 3: %v, source %q", third, ed.Source())
	}
}
