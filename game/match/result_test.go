package match

import (
	"testing"
	"time"

	"shogi/game"
)

// A record's comment gives times as a clock or a record writes them:
// whole seconds from a minute up, milliseconds below, never the
// nanoseconds the clock measured.
func TestReasonTimes(t *testing.T) {
	names := [2]string{"alice", "bob"}
	for _, tc := range []struct {
		r    Result
		want string
	}{
		{Result{Why: TimeUp, Side: game.Black, Names: names, Allowed: 5*time.Minute + 12198672687*time.Nanosecond, Margin: time.Second},
			"alice (Black) ran out of time (5m12s + 1s margin)"},
		{Result{Why: TimeUp, Side: game.White, Names: names, Allowed: 2014372111 * time.Nanosecond, Margin: 150 * time.Millisecond},
			"bob (White) ran out of time (2.014s + 150ms margin)"},
		{Result{Why: Forfeited, Side: game.White, Names: names, Grace: 2*time.Minute + 333*time.Millisecond},
			"bob (White) left and did not come back within 2m0s"},
	} {
		if got := tc.r.Reason(); got != tc.want {
			t.Errorf("got %q, want %q", got, tc.want)
		}
	}
}
