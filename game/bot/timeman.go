package bot

import (
	"time"

	"shogi/game"
	"shogi/game/usi"
)

// moveOverhead is kept back from every clock-based budget for the time the
// move takes to reach the match and for a busy machine.
const moveOverhead = 80 * time.Millisecond

// timeBudget is how long one search may run: after soft no new iteration
// starts; at hard the search stops in the middle. Zero means no limit.
type timeBudget struct {
	soft, hard time.Duration
}

// planTime reads the clock fields of a go command for the side to move.
//
//   - movetime: exactly that, less the overhead.
//   - byōyomi only (main time spent): the whole period less the overhead,
//     since byōyomi not used is lost.
//   - main time, with byōyomi or an increment: a share of the main time
//     (a fortieth, more as the game goes on) plus the byōyomi or most of
//     the increment, and never more than a fifth of what is left at once.
//   - sudden death: a fortieth of what is left, at most an eighth.
//   - no clock, infinite, ponder: no time limit.
func planTime(l usi.Limits, side game.Color, moveNumber int) timeBudget {
	if l.Infinite || l.Ponder {
		return timeBudget{}
	}
	clamp := func(d time.Duration) time.Duration { return max(d, 10*time.Millisecond) }
	if l.MoveTime > 0 {
		d := clamp(l.MoveTime - min(moveOverhead, l.MoveTime/5))
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
	overhead := min(moveOverhead, (left+byo+inc)/5)
	if left <= 0 {
		d := clamp(byo + inc - overhead)
		return timeBudget{soft: 0, hard: d}
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
