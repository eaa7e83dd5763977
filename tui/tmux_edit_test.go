package tui

import (
	"strings"
	"testing"

	"shogi/game"
	"shogi/tui/common"
	"shogi/tui/components"
)

// The tsume, set up in the real program by keys alone: shogi
// edit, clear, White's king on 1a, a Black gold on 2c, a gold in Black's
// hand, the rest to White; then play it: the game's board on screen is
// that position, line for line, with both hands.
func TestTmuxEditTsumeAndPlay(t *testing.T) {
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
