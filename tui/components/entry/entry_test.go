package entry

import (
	"strings"
	"testing"

	"shogi/app/words"
	"shogi/game"
	"shogi/tui/common"
	"shogi/tui/internal/screentest"
)

func newCommon() *common.Common {
	return common.Complete(&common.Common{}, nil, common.Narrow, words.English)
}

// press sends keys (screentest.Keys' names) to e and returns the last
// key's Chosen.
func press(c *common.Common, e *Entry, at At, keys ...string) Chosen {
	var ch Chosen
	for _, k := range screentest.Keys(keys...) {
		ch = e.Key(c, at, k)
	}
	return ch
}

// A move typed in any notation comes back as the move once enter is
// pressed, and the line closes; what the text reads as shows while it
// is typed.
func TestTypedMove(t *testing.T) {
	c := newCommon()
	pos := game.StartPosition()
	at := At{Pos: &pos}
	e := New(screentest.Sq(t, "5e"))
	for _, text := range []string{"7g7f", "76歩", "P-7f"} {
		ch := press(c, &e, at, strings.Split(text, "")...)
		if !e.Typing || ch.Move != game.NoMove || e.Live == "" || e.LiveErr {
			t.Fatalf("%s typed: typing %v, chosen %v, live %q (err %v)", text, e.Typing, ch.Move, e.Live, e.LiveErr)
		}
		ch = press(c, &e, at, "enter")
		if ch.Move.USI() != "7g7f" || e.Typing {
			t.Errorf("%s: chose %v, typing %v", text, ch.Move, e.Typing)
		}
	}
}

// A move the position refuses stays on the line with the reason in the
// language of the screen, and no move comes back.
func TestTypedMoveRefused(t *testing.T) {
	c := newCommon()
	pos := game.StartPosition()
	at := At{Pos: &pos}
	e := New(screentest.Sq(t, "5e"))
	ch := press(c, &e, at, "7", "g", "7", "e", "enter")
	if ch.Move != game.NoMove || ch.Err == "" || !strings.Contains(ch.Err, "7g7e") {
		t.Errorf("7g7e: chose %v, said %q", ch.Move, ch.Err)
	}
}

// Picking a piece with the cursor marks where it may go; moving it where
// promotion is optional asks, and the answer chooses the move.
func TestPickAndPromote(t *testing.T) {
	c := newCommon()
	// Black's silver on 3d may go to 3c promoting or not.
	pos, err := game.ParseSFEN("4k4/9/9/6S2/9/9/9/9/4K4 b - 1")
	if err != nil {
		t.Fatal(err)
	}
	at := At{Pos: &pos}
	e := New(screentest.Sq(t, "3d"))
	if ch := press(c, &e, at, "enter"); ch.Move != game.NoMove || e.Selected != screentest.Sq(t, "3d") {
		t.Fatalf("enter on the silver: chose %v, picked %v", ch.Move, e.Selected)
	}
	if !e.Targets[screentest.Sq(t, "3c")] || e.Targets[screentest.Sq(t, "3e")] {
		t.Errorf("the silver's targets: %v", e.Targets)
	}
	e.Cursor = screentest.Sq(t, "3c")
	if ch := press(c, &e, at, "enter"); ch.Move != game.NoMove || !e.Promoting {
		t.Fatalf("to 3c: chose %v, asking %v", ch.Move, e.Promoting)
	}
	if ch := press(c, &e, at, "n"); ch.Move.USI() != "3d3c" || e.Promoting {
		t.Errorf("n: chose %v, asking %v", ch.Move, e.Promoting)
	}
	e = New(screentest.Sq(t, "3d"))
	press(c, &e, at, "enter")
	e.Cursor = screentest.Sq(t, "3c")
	press(c, &e, at, "enter")
	if ch := press(c, &e, at, "y"); ch.Move.USI() != "3d3c+" {
		t.Errorf("y: chose %v", ch.Move)
	}
}

// Keys that are not the entry's come back to the screen; none may be
// refused while no move may be made.
func TestNotTheEntrys(t *testing.T) {
	c := newCommon()
	pos := game.StartPosition()
	e := New(screentest.Sq(t, "7g"))
	if ch := press(c, &e, At{Pos: &pos}, "q"); ch.Handled {
		t.Errorf("q was taken: %+v", ch)
	}
	if ch := press(c, &e, At{Pos: &pos, Why: "not your turn"}, "enter"); ch.Err != "not your turn" || e.Selected != game.NoSquare {
		t.Errorf("enter while no move may be made: %+v, picked %v", ch, e.Selected)
	}
}
