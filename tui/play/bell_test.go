package play

import (
	"testing"
	"time"

	"shogi/game"
	"shogi/game/match"
)

// The clock's bell counts the last five seconds of the main time, then
// of the byōyomi, rounding up as the clock's face does (4.2 s left shows
// 0:05 and rings as the fifth second).
func TestBellSecond(t *testing.T) {
	t0 := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	ms := time.Millisecond
	tests := []struct {
		tc     match.TimeControl
		main   time.Duration // main time left when the turn began
		spent  time.Duration
		ring   bool
		phase  int
		second int
	}{
		{tc: match.TimeControl{Main: time.Minute}, main: time.Minute, spent: 54 * time.Second, ring: false},
		{tc: match.TimeControl{Main: time.Minute}, main: time.Minute, spent: 55*time.Second + ms, ring: true, second: 5},
		{tc: match.TimeControl{Main: time.Minute}, main: time.Minute, spent: 59*time.Second + 900*ms, ring: true, second: 1},
		{tc: match.TimeControl{Main: time.Minute}, main: time.Minute, spent: time.Minute, ring: false},
		{tc: match.TimeControl{Main: 10 * time.Second, Byoyomi: 30 * time.Second}, main: 10 * time.Second, spent: 7 * time.Second, ring: true, second: 3},
		{tc: match.TimeControl{Main: 10 * time.Second, Byoyomi: 30 * time.Second}, main: 10 * time.Second, spent: 30 * time.Second, ring: false},
		{tc: match.TimeControl{Main: 10 * time.Second, Byoyomi: 30 * time.Second}, main: 10 * time.Second, spent: 35*time.Second + 800*ms, ring: true, phase: 1, second: 5},
		{tc: match.TimeControl{Byoyomi: 10 * time.Second}, spent: 9 * time.Second, ring: true, phase: 1, second: 1},
		{tc: match.TimeControl{Byoyomi: 10 * time.Second}, spent: 4 * time.Second, ring: false},
		{tc: match.TimeControl{Main: 3 * time.Second, Increment: 2 * time.Second}, main: 3 * time.Second, spent: 0, ring: true, second: 3},
		{tc: match.TimeControl{}, spent: time.Hour, ring: false},
	}
	for i, tt := range tests {
		clock := match.ClockState{Control: [2]match.TimeControl{tt.tc, tt.tc}, Main: [2]time.Duration{tt.main, tt.main},
			Running: true, Side: game.White, Since: t0}
		mark, ok := bellSecond(clock, t0.Add(tt.spent), 7)
		if ok != tt.ring || ok && (mark != bellMark{ply: 7, phase: tt.phase, secs: tt.second}) {
			t.Errorf("%d: %v, %v spent: rings %v at %+v, want %v at phase %d second %d", i, tt.tc, tt.spent, ok, mark, tt.ring, tt.phase, tt.second)
		}
	}
}
