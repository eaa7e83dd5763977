package match

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"shogi/game"
	"shogi/game/engine"
)

// TimeControl is one side's allowance. The zero value is no clock.
type TimeControl struct {
	Main      time.Duration // 持ち時間: main time for the whole game
	Byoyomi   time.Duration // 秒読み: per move once the main time is spent
	Increment time.Duration // Fischer: added after each move
}

// IsZero reports whether the side plays without a clock.
func (tc TimeControl) IsZero() bool { return tc == TimeControl{} }

// TimeProblem is what is wrong with a time control.
type TimeProblem uint8

const (
	// NegativeTime: a time below zero.
	NegativeTime TimeProblem = iota + 1
	// ByoyomiAndIncrement: both at once. A shogi clock counts byōyomi
	// (秒読み) or adds an increment (フィッシャー), never both, and USI
	// can tell an engine only one of them.
	ByoyomiAndIncrement
)

// TimeControlError refuses a time control, saying what is wrong with it.
type TimeControlError struct {
	Control TimeControl
	Problem TimeProblem
}

func (e *TimeControlError) Error() string {
	if e.Problem == NegativeTime {
		return "a time cannot be negative"
	}
	return "give byōyomi or an increment, not both"
}

// Validate is the one check of a time control every place that takes one
// makes (the command line, the new-game form, the lobby): nil, or a
// *TimeControlError. No clock at all (IsZero) is valid.
func (tc TimeControl) Validate() error {
	switch {
	case tc.Main < 0 || tc.Byoyomi < 0 || tc.Increment < 0:
		return &TimeControlError{Control: tc, Problem: NegativeTime}
	case tc.Byoyomi > 0 && tc.Increment > 0:
		return &TimeControlError{Control: tc, Problem: ByoyomiAndIncrement}
	}
	return nil
}

// String describes the allowance: "10m + 30s byōyomi", "5m + 10s/move",
// "1m", "no clock".
func (tc TimeControl) String() string {
	if tc.IsZero() {
		return "no clock"
	}
	var parts []string
	if tc.Main > 0 || (tc.Byoyomi == 0 && tc.Increment == 0) {
		parts = append(parts, ShortDuration(tc.Main))
	}
	if tc.Byoyomi > 0 {
		parts = append(parts, ShortDuration(tc.Byoyomi)+" byōyomi")
	}
	if tc.Increment > 0 {
		parts = append(parts, ShortDuration(tc.Increment)+"/move")
	}
	return strings.Join(parts, " + ")
}

// ShortDuration writes d without trailing zero units: 10m, 1m30s, 500ms,
// 0s, as time controls are spoken.
func ShortDuration(d time.Duration) string {
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}

// CSA writes the allowance as ShogiHome does in the 持ち時間 header (CSA's
// $TIME_LIMIT): "MM:SS+SS" (main time, then byōyomi seconds), or CSA V3's
// "main+byoyomi+increment" in seconds when there is an increment or a
// fraction of a second.
func (tc TimeControl) CSA() string {
	whole := func(d time.Duration) bool { return d%time.Second == 0 }
	if tc.Increment == 0 && whole(tc.Main) && whole(tc.Byoyomi) {
		m := int64(tc.Main / time.Second)
		return fmt.Sprintf("%02d:%02d+%02d", m/60, m%60, int64(tc.Byoyomi/time.Second))
	}
	sec := func(d time.Duration) string { return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) }
	return sec(tc.Main) + "+" + sec(tc.Byoyomi) + "+" + sec(tc.Increment)
}

// Clock keeps both sides' main time. It does not run by itself: the match
// starts and stops it with times from its TimeSource, so it can be tested
// exactly.
type Clock struct {
	control [2]TimeControl
	main    [2]time.Duration // main time left
	running bool
	side    game.Color
	since   time.Time
}

// NewClock returns a clock with both sides' full main time.
func NewClock(control [2]TimeControl) *Clock {
	return &Clock{control: control, main: [2]time.Duration{control[0].Main, control[1].Main}}
}

// Control returns side c's allowance.
func (k *Clock) Control(c game.Color) TimeControl { return k.control[c] }

// Start starts side c's time at now.
func (k *Clock) Start(c game.Color, now time.Time) {
	k.running, k.side, k.since = true, c, now
}

// Available returns how long side c may take over its next move before
// its flag falls: main time left plus byōyomi; -1 for a side without a
// clock (no limit).
func (k *Clock) Available(c game.Color) time.Duration {
	if k.control[c].IsZero() {
		return -1
	}
	return k.main[c] + k.control[c].Byoyomi
}

// Stop stops the running side's time at now and charges it: main time
// first, then byōyomi; then the increment is added. It returns the time
// spent and whether it was more than the side had plus margin (the flag
// fell); a fallen flag leaves the main time at zero.
func (k *Clock) Stop(now time.Time, margin time.Duration) (spent time.Duration, flagged bool) {
	if !k.running {
		return 0, false
	}
	k.running = false
	c := k.side
	spent = max(0, now.Sub(k.since))
	if k.control[c].IsZero() {
		return spent, false
	}
	flagged = spent > k.Available(c)+margin
	k.main[c] = max(0, k.main[c]-spent)
	if !flagged {
		k.main[c] += k.control[c].Increment
	}
	return spent, flagged
}

// Cancel stops the running side's time without charging it (the move was
// taken back, or the game paused).
func (k *Clock) Cancel() { k.running = false }

// Limits returns the go limits for side c to move: both sides' main time
// left, c's byōyomi, both increments.
func (k *Clock) Limits(c game.Color) engine.Limits {
	return engine.Limits{
		BTime: k.main[game.Black], WTime: k.main[game.White],
		Byoyomi: k.control[c].Byoyomi,
		BInc:    k.control[game.Black].Increment, WInc: k.control[game.White].Increment,
	}
}

// keepBack returns l as side c is told it with d kept back from its time
// (Config.Reserve): taken from its main time first, then its byōyomi,
// then its increment, so that everything it may spend on the move is d
// less than the clock allows, but never below a quarter of it (a margin
// longer than the time still leaves a move to think on, and a side with
// time is never told it has none, which reads as no clock).
func keepBack(l engine.Limits, c game.Color, d time.Duration) engine.Limits {
	main, inc := &l.BTime, &l.BInc
	if c == game.White {
		main, inc = &l.WTime, &l.WInc
	}
	all := *main + l.Byoyomi + *inc
	if d <= 0 || all <= 0 {
		return l
	}
	cut := min(d, all-all/4)
	for _, part := range []*time.Duration{main, &l.Byoyomi, inc} {
		take := min(cut, *part)
		*part -= take
		cut -= take
	}
	return l
}

// State returns what a clock display needs.
func (k *Clock) State() ClockState {
	return ClockState{Control: k.control, Main: k.main, Running: k.running, Side: k.side, Since: k.since}
}

// restore sets the main times back (after an undo).
func (k *Clock) restore(main [2]time.Duration) {
	k.main = main
	k.running = false
}

// ClockState is a clock at one moment: what a UI shows, ticking locally
// between events (whether a flag has fallen is the match's decision).
type ClockState struct {
	Control [2]TimeControl
	Main    [2]time.Duration // main time left when the running side's time started
	Running bool
	Side    game.Color // whose time runs, when Running
	Since   time.Time  // when it started
}

// Left returns side c's main time and byōyomi left at now, as a clock
// face shows them: main time first, then the byōyomi counting down.
func (s ClockState) Left(c game.Color, now time.Time) (main, byoyomi time.Duration) {
	main, byoyomi = s.Main[c], s.Control[c].Byoyomi
	if !s.Running || s.Side != c {
		return main, byoyomi
	}
	spent := max(0, now.Sub(s.Since))
	if spent <= main {
		return main - spent, byoyomi
	}
	return 0, max(0, byoyomi-(spent-main))
}

// TimeSource is where a match gets the time: the real clock, or FakeTime
// in tests.
type TimeSource interface {
	Now() time.Time
	// After returns a channel that receives once d has passed, and a
	// function that releases it early.
	After(d time.Duration) (<-chan time.Time, func())
}

// RealTime is the system clock.
type RealTime struct{}

// Now returns time.Now().
func (RealTime) Now() time.Time { return time.Now() }

// After starts a time.Timer.
func (RealTime) After(d time.Duration) (<-chan time.Time, func()) {
	t := time.NewTimer(d)
	return t.C, func() { t.Stop() }
}

// FakeTime is a TimeSource that moves only when told, so a test can play
// a whole byōyomi game in microseconds: a scripted player calls Advance
// to "think".
type FakeTime struct {
	mu      sync.Mutex
	now     time.Time
	waiters []fakeWaiter
}

type fakeWaiter struct {
	at time.Time
	c  chan time.Time
}

// NewFakeTime returns a fake clock reading start.
func NewFakeTime(start time.Time) *FakeTime { return &FakeTime{now: start} }

// Now returns the fake time.
func (f *FakeTime) Now() time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.now
}

// After fires once Advance has moved the time d on.
func (f *FakeTime) After(d time.Duration) (<-chan time.Time, func()) {
	f.mu.Lock()
	defer f.mu.Unlock()
	c := make(chan time.Time, 1)
	w := fakeWaiter{f.now.Add(d), c}
	if d <= 0 {
		c <- f.now
		return c, func() {}
	}
	f.waiters = append(f.waiters, w)
	return c, func() {
		f.mu.Lock()
		defer f.mu.Unlock()
		for i, x := range f.waiters {
			if x.c == c {
				f.waiters = append(f.waiters[:i], f.waiters[i+1:]...)
				break
			}
		}
	}
}

// Timers returns how many timers are waiting for Advance: a test waits
// for its goroutines to reach their timers before it moves the time.
func (f *FakeTime) Timers() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.waiters)
}

// Advance moves the time on by d and fires every timer that is due.
func (f *FakeTime) Advance(d time.Duration) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.now = f.now.Add(d)
	kept := f.waiters[:0]
	for _, w := range f.waiters {
		if !w.at.After(f.now) {
			w.c <- f.now
		} else {
			kept = append(kept, w)
		}
	}
	f.waiters = kept
}
