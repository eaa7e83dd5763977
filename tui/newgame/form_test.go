package newgame

import (
	"testing"
	"time"

	"shogi/game/match"
	"shogi/tui/internal/screentest"
)

// The new-game form's clock: each kind, the presets, White's own.
func TestFormClock(t *testing.T) {
	c := screentest.NewCommon(t)
	f := newForm(c)
	row := func(r formRow) int {
		for i, x := range f.Rows() {
			if x == r {
				return i
			}
		}
		return -1
	}
	if row(rowMain) >= 0 || f.Controls() != [2]match.TimeControl{} {
		t.Fatalf("no clock by default: rows %v", f.Rows())
	}
	f.change(row(rowClock), 1) // sudden death
	if tc := f.Controls(); tc[0] != (match.TimeControl{Main: 10 * time.Minute}) || tc[1] != tc[0] || row(rowSecond) >= 0 {
		t.Fatalf("sudden death: %v, rows %v", tc, f.Rows())
	}
	f.change(row(rowClock), 1) // byōyomi
	f.change(row(rowMain), -1)
	f.change(row(rowSecond), 1)
	if tc := f.Controls(); tc[0] != (match.TimeControl{Main: 5 * time.Minute, Byoyomi: 40 * time.Second}) {
		t.Fatalf("5 min + 40 s byōyomi: %v", tc)
	}
	f.change(row(rowPerSide), 1)
	f.change(row(rowWhiteMain), 1)
	f.change(row(rowWhiteMain), 1)
	if tc := f.Controls(); tc[1] != (match.TimeControl{Main: 15 * time.Minute, Byoyomi: 40 * time.Second}) || tc[0].Main != 5*time.Minute {
		t.Fatalf("White's own: %v", tc)
	}
	f.change(row(rowClock), 1) // Fischer
	if tc := f.Controls(); tc[0].Increment != 40*time.Second || tc[0].Byoyomi != 0 {
		t.Fatalf("Fischer: %v", tc)
	}
	// Stepping past the last preset wraps; sudden death never reaches 0.
	if got := step(3*time.Hour, mainPresets, 1, true); got != time.Minute {
		t.Errorf("past the last preset: %v", got)
	}
	if got := step(time.Minute, mainPresets, -1, false); got != 0 {
		t.Errorf("byōyomi alone may have no main time: %v", got)
	}
	if got := step(7*time.Minute, mainPresets, 1, true); got != 10*time.Minute {
		t.Errorf("a value between presets steps to the next: %v", got)
	}
	// The settings remember the clock a game started with.
	s, _ := f.setup()
	if s.Time != f.Controls() {
		t.Errorf("the game's clock %v", s.Time)
	}
	if got := c.Settings.Clock.Controls(); got != f.Controls() {
		t.Errorf("the settings' clock %v", got)
	}
}
