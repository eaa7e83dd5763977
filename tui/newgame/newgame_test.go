package newgame

import (
	"strings"
	"testing"
	"time"

	"shogi/app/settings"
	"shogi/assets"
	"shogi/game"
	"shogi/game/match"
	"shogi/tui/common"
	"shogi/tui/internal/screentest"
)

// open drives a new-game screen alone, from start when given.
func open(t *testing.T, start *game.Position) (*common.Common, *screentest.Alone, *screentest.Driver) {
	t.Helper()
	c := screentest.NewCommon(t)
	a, d := screentest.NewAlone(t, c, New(c, start))
	return c, a, d
}

// cursorLine is the row under the cursor.
func cursorLine(t *testing.T, d *screentest.Driver) string {
	t.Helper()
	row, ok := screentest.CursorRow(d.Screen())
	if !ok {
		t.Fatalf("no cursor:\n%s", d.Screen())
	}
	return row
}

// The form follows the rule of every form: enter does what the footer
// says, and the footer says it starts; enter starts the game from any
// row, the one the form shows.
func TestEnterStartsFromAnyRow(t *testing.T) {
	_, _, d := open(t, nil)
	if !strings.Contains(d.Screen(), "enter start") {
		t.Fatalf("the new-game form's footer:\n%s", d.Screen())
	}
	rows := 0
	first := cursorLine(t, d)
	for {
		rows++
		d.Press("down")
		if cursorLine(t, d) == first {
			break
		}
		if rows > 30 {
			t.Fatal("the cursor never wraps")
		}
	}
	if rows < 7 {
		t.Fatalf("%d rows: the form lost some", rows)
	}
	for row := range rows {
		_, a, d := open(t, nil)
		for range row {
			d.Press("down")
		}
		d.Press("enter")
		st, ok := screentest.Last[common.StartMsg](a)
		if !ok {
			t.Fatalf("enter on row %d started nothing (asked %v)", row, a.Asked())
		}
		// Player 1 a person against the strongest level, the even start.
		if st.Setup.Players[0].Kind != match.HumanKind || st.Setup.Players[1].Kind != match.BuiltinKind ||
			st.Setup.Start != game.StartPosition() || st.Setup.Toss != nil {
			t.Errorf("row %d: the game %+v", row, st.Setup)
		}
	}
}

// Player 1 takes White when the seat says so; with furigoma the toss
// shows first, esc goes back to the form, enter starts the game with
// the toss's seats.
func TestSeatAndToss(t *testing.T) {
	_, a, d := open(t, nil)
	d.Press("down", "down", "down", "right") // who takes Black: player 2
	d.Press("enter")
	st, ok := screentest.Last[common.StartMsg](a)
	if !ok || st.Setup.Players[0].Kind != match.BuiltinKind || st.Setup.Players[1].Kind != match.HumanKind {
		t.Fatalf("player 1 as White: %+v, %v", st.Setup.Players, ok)
	}
	a.Forget()
	d.Press("right", "enter") // furigoma
	if _, ok := screentest.Last[common.StartMsg](a); ok {
		t.Fatal("furigoma started the game before showing the toss")
	}
	toss := d.Screen()
	if !strings.Contains(toss, "enter starts the game") {
		t.Fatalf("no toss page:\n%s", toss)
	}
	d.Press("esc")
	if !strings.Contains(d.Screen(), "enter start") {
		t.Fatalf("esc on the toss: not the form again:\n%s", d.Screen())
	}
	d.Press("enter", "enter")
	st, ok = screentest.Last[common.StartMsg](a)
	if !ok || st.Setup.Toss == nil {
		t.Fatalf("the tossed game: %+v, %v", st.Setup, ok)
	}
	human := game.Black
	if st.Setup.Players[1].Kind == match.HumanKind {
		human = game.White
	}
	if (human == game.Black) != st.Setup.Toss.TosserIsBlack {
		t.Errorf("player 1 (the tosser) plays %v, the toss says TosserIsBlack=%v", human, st.Setup.Toss.TosserIsBlack)
	}
}

// A start set up in the editor is the first the handicap row offers, and
// the game starts from it; ←/→ go on to the handicaps.
func TestStartFromEditor(t *testing.T) {
	pos, err := game.ParseSFEN("4k4/9/4P4/9/9/9/9/9/4K4 b G2r2b3g4s4n4l17p 1")
	if err != nil {
		t.Fatal(err)
	}
	_, a, d := open(t, &pos)
	if !strings.Contains(d.Screen(), "set-up position") {
		t.Fatalf("the handicap row does not offer the set-up start:\n%s", d.Screen())
	}
	d.Press("enter")
	if st, ok := screentest.Last[common.StartMsg](a); !ok || st.Setup.Start != pos {
		t.Fatalf("the game from the editor's position: %v, %v", ok, st.Setup.Start.SideToMove())
	}
	a.Forget()
	d.Press("down", "down", "right", "enter")
	if st, _ := screentest.Last[common.StartMsg](a); st.Setup.Start != game.StartPosition() {
		t.Errorf("the next start is not the even game: %s", st.Setup.Start.SideToMove())
	}
}

// The clock chosen is the game's and is kept in the settings file as the
// next game's default.
func TestClockKept(t *testing.T) {
	c, a, d := open(t, nil)
	for i := 0; !strings.Contains(cursorLine(t, d), "Clock"); i++ {
		if i > 20 {
			t.Fatalf("no clock row:\n%s", d.Screen())
		}
		d.Press("down")
	}
	d.Press("right", "right") // byōyomi
	d.Press("enter")
	st, ok := screentest.Last[common.StartMsg](a)
	want := match.TimeControl{Main: 10 * time.Minute, Byoyomi: 30 * time.Second}
	if !ok || st.Setup.Time != [2]match.TimeControl{want, want} {
		t.Fatalf("the game's clock: %v", st.Setup.Time)
	}
	back, err := settings.Load(c.SettingsPath)
	if err != nil || back.Clock.Controls() != st.Setup.Time {
		t.Errorf("the settings file's clock: %v, %v", back.Clock.Controls(), err)
	}
	// The next form starts from it.
	_, d2 := screentest.NewAlone(t, c, New(c, nil))
	if s := d2.Screen(); !strings.Contains(s, "10m") || !strings.Contains(s, "30s") {
		t.Errorf("the next form's clock:\n%s", s)
	}
}

// esc leaves the screen for the one it was opened from; ? opens the
// screen's own help, which speaks of the form.
func TestLeaveAndHelp(t *testing.T) {
	_, a, d := open(t, nil)
	d.Press("?")
	h, ok := screentest.Last[common.OpenHelpMsg](a)
	if !ok || h.Notes != assets.HelpNewGame(false) || !a.HelpOpen() || !strings.Contains(d.Screen(), "furigoma") {
		t.Fatalf("? asked for %+v:\n%s", a.Asked(), d.Screen())
	}
	d.Press("esc") // closes the help
	if _, ok := screentest.Last[common.ToMenuMsg](a); ok || a.HelpOpen() {
		t.Fatalf("esc on the help: left %v, help open %v", ok, a.HelpOpen())
	}
	d.Press("esc")
	if _, ok := screentest.Last[common.ToMenuMsg](a); !ok {
		t.Fatalf("esc asked for %v", a.Asked())
	}
	if _, ok := screentest.Last[common.StartMsg](a); ok {
		t.Error("leaving started a game")
	}
}
