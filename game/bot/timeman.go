package bot

import (
	"time"

	"shogi/game"
	"shogi/game/engine"
)

// DefaultMargin is how much of a clock-based budget the engine keeps back
// unless told otherwise (the NetworkDelay option): room for a machine so
// loaded that the search is woken late and its answer reaches the other
// side late. 10 ms lost 3 games in 24 on time at 1 s byōyomi with a load
// of 12 on 2 cores; 100 ms costs a tenth of such a byōyomi.
const DefaultMargin = 100 * time.Millisecond

// timeBudget is how long one search may run. At hard the search stops
// wherever it is. Before soft, the search aims to finish: no new iteration
// starts once half of soft has passed, unless soft is hard (a fixed time a
// move), when every iteration runs until hard, since time left over is
// lost. Zero means no limit.
type timeBudget struct {
	soft, hard time.Duration
}

// fixed reports whether the budget is a fixed time to use to its end.
func (b timeBudget) fixed() bool { return b.soft == b.hard }

// planTime reads the clock fields of a go command for the side to move,
// keeping margin back from every limit (never more than half of it, so a
// very short time still leaves room to think).
//
//   - movetime: that time, to its end, less the margin.
//   - byōyomi only (main time spent): likewise the whole period, since
//     byōyomi not used is lost.
//   - main time, with byōyomi or an increment: a share of the main time
//     (a fortieth, more as the game goes on) plus the byōyomi or most of
//     the increment, and never more than a fifth of what is left at once.
//   - sudden death: a fortieth of what is left, at most a fifth.
//   - no clock, infinite, ponder: no time limit.
func planTime(l engine.Limits, side game.Color, moveNumber int, margin time.Duration) timeBudget {
	if l.Infinite || l.Ponder {
		return timeBudget{}
	}
	clamp := func(d time.Duration) time.Duration { return max(d, time.Millisecond) }
	if l.MoveTime > 0 {
		d := clamp(l.MoveTime - min(margin, l.MoveTime/2))
		return timeBudget{soft: d, hard: d}
	}
	left, inc := l.BTime, l.BInc
	if side == game.White {
		left, inc = l.WTime, l.WInc
	}
	byo := l.Byoyomi
	if left <= 0 && byo <= 0 && inc <= 0 {
		return timeBudget{}
	}
	overhead := min(margin, (left+byo+inc)/2)
	if left <= 0 {
		d := clamp(byo + inc - overhead)
		return timeBudget{soft: d, hard: d}
	}
	// The expected number of moves still to play shrinks as the game goes
	// on, but never below twenty.
	togo := time.Duration(max(20, 40-moveNumber/8))
	soft := left/togo + byo + inc*3/4
	hard := min(left/5+byo+inc, left+byo+inc-overhead)
	if byo > 0 {
		// Keep the byōyomi itself fully usable: the search may always run
		// into it.
		hard = max(hard, byo-overhead)
	}
	hard = clamp(min(hard, left+byo+inc-overhead))
	soft = clamp(min(soft, hard))
	return timeBudget{soft: soft, hard: hard}
}
