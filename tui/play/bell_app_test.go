package play

import (
	"sync/atomic"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"shogi/app/settings"
	"shogi/game/match"
	"shogi/tui/common"
)

// bells counts the terminal bells (BEL written raw) the app asks for.
func bells(h *harness) *atomic.Int32 {
	var n atomic.Int32
	h.before(func(msg any) {
		if r, ok := msg.(tea.RawMsg); ok && r.Msg == "\a" {
			n.Add(1)
		}
	})
	return &n
}

func bellSettings(b common.Bell) *settings.Settings {
	s := settings.Default()
	s.Bell = settings.BellSetting(b)
	return s
}

// The bell rings on the opponent's move (moves, all), never on the
// person's own, and not at all when off.
func TestBellOnMoves(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		bell common.Bell
		want int32
	}{{common.BellOff, 0}, {common.BellMoves, 2}, {common.BellClock, 0}, {common.BellAll, 2}} {
		h := newHarness(t, Options{White: "greedy", Settings: bellSettings(tc.bell)})
		n := bells(h)
		h.typeMove("7g7f")
		h.typeMove("2g2f")
		if h.game().Len() != 4 || n.Load() != tc.want {
			t.Errorf("bell %v: %d bells over %d moves, want %d", tc.bell, n.Load(), h.game().Len(), tc.want)
		}
	}
}

// The bell rings on the person's last seconds of byōyomi (clock, all),
// once a second however many ticks the second has, and not before.
func TestBellOnTheClock(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		bell common.Bell
		want int32
	}{{common.BellClock, 2}, {common.BellMoves, 0}} {
		t.Run(tc.bell.String(), func(t *testing.T) {
			t.Parallel()
			bellOnTheClock(t, tc.bell, tc.want)
		})
	}
}

// bellOnTheClock runs the clock of a game with bell setting b down to its
// last seconds and expects want bells. The game's time is fake; the
// screen's ticks come on the real clock, and the test also hands the
// screen ticks of its own (as many as it likes in one second) so that it
// need not wait for them. The first bell of the clock setting comes from
// a real tick, so the ticks are seen to come and ring.
func bellOnTheClock(t *testing.T, bell common.Bell, want int32) {
	ft := match.NewFakeTime(time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC))
	tcl := match.TimeControl{Byoyomi: 10 * time.Second}
	h := newHarness(t, Options{White: "greedy", Time: [2]match.TimeControl{tcl, tcl}, TimeSource: ft, Settings: bellSettings(bell)})
	n := bells(h)
	tick := func() { h.send(clockTickMsg{gen: h.p().gen}) }
	h.until("Black's clock to run", func() bool { return h.p().Snap.Clock.Running })
	ft.Advance(4 * time.Second) // 6 s left: no bell
	tick()
	if n.Load() != 0 {
		t.Fatalf("bell %v: %d bells with 6 s left", bell, n.Load())
	}
	ft.Advance(1500 * time.Millisecond) // 4.5 s left: the fifth second
	if want > 0 {
		h.until("a real tick to ring the fifth second", func() bool { return n.Load() > 0 })
	}
	tick() // more ticks in the same second
	tick()
	ft.Advance(time.Second) // 3.5 s left: the fourth
	tick()
	tick()
	if got := n.Load(); got != want {
		t.Errorf("bell %v: %d bells, want %d", bell, got, want)
	}
}
