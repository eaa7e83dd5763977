package csa

import (
	"time"

	"shogi/game"
)

// Clock keeps both sides' time as a CSA server does (shogi-server's
// chess clock, which floodgate runs): a move is charged whole time units
// (T), at least Least_Time_Per_Move; the increment is added and the
// charge taken off the main time, which never goes below nothing;
// byōyomi is never spent from it. The server's T values are the truth:
// Charge takes them as they come.
type Clock struct {
	Rules [2]TimeRule
	Left  [2]time.Duration // main time left
}

// NewClock returns a clock with both sides' full main time.
func NewClock(rules [2]TimeRule) *Clock {
	return &Clock{Rules: rules, Left: [2]time.Duration{rules[0].Total, rules[1].Total}}
}

// Spent returns the time a charge of units is for side c.
func (k *Clock) Spent(c game.Color, units int) time.Duration {
	return time.Duration(units) * k.Rules[c].Unit
}

// Charge charges side c a move of units time units and returns the time
// it took.
func (k *Clock) Charge(c game.Color, units int) time.Duration {
	spent := k.Spent(c, units)
	k.Left[c] = max(0, k.Left[c]+k.Rules[c].Increment-spent)
	return spent
}

// Available returns how long side c may take over its next move: less
// than its main time left, increment, byōyomi and delay together (a move
// charged all of it is late); -1 for a side without a clock.
func (k *Clock) Available(c game.Color) time.Duration {
	r := k.Rules[c]
	if r.IsZero() {
		return -1
	}
	return k.Left[c] + r.Increment + r.Byoyomi + r.Delay
}

// Units returns the charge for a move that took d under rule r: whole
// units, rounded down (or up under Time_Roundup), less the delay, at least
// Least_Time_Per_Move. A server measures this; a client needs it only to
// foresee the server's T.
func (r TimeRule) Units(d time.Duration) int {
	d = max(0, d-r.Delay)
	n := int(d / r.Unit)
	if r.Roundup && d%r.Unit != 0 {
		n++
	}
	return max(n, int(r.LeastPerMove/r.Unit))
}
