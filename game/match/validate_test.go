package match

import (
	"errors"
	"testing"
	"time"
)

// The one rule for a time control: no negative time; byōyomi or an
// increment, not both; no clock at all is a valid choice.
func TestTimeControlValidate(t *testing.T) {
	s := time.Second
	tests := []struct {
		tc   TimeControl
		want TimeProblem // 0: valid
	}{
		{tc: TimeControl{}},
		{tc: TimeControl{Main: 10 * time.Minute, Byoyomi: 30 * s}},
		{tc: TimeControl{Main: 5 * time.Minute, Increment: 10 * s}},
		{tc: TimeControl{Byoyomi: 10 * s}},
		{tc: TimeControl{Main: time.Minute}},
		{tc: TimeControl{Main: -s}, want: NegativeTime},
		{tc: TimeControl{Byoyomi: -s}, want: NegativeTime},
		{tc: TimeControl{Main: time.Minute, Increment: -s}, want: NegativeTime},
		{tc: TimeControl{Main: time.Minute, Byoyomi: 10 * s, Increment: 5 * s}, want: ByoyomiAndIncrement},
		{tc: TimeControl{Byoyomi: -s, Increment: 5 * s}, want: NegativeTime},
	}
	for _, tt := range tests {
		err := tt.tc.Validate()
		var te *TimeControlError
		switch {
		case tt.want == 0 && err != nil:
			t.Errorf("%v: refused: %v", tt.tc, err)
		case tt.want != 0 && !errors.As(err, &te):
			t.Errorf("%v: %v, want a *TimeControlError", tt.tc, err)
		case tt.want != 0 && (te.Problem != tt.want || te.Control != tt.tc):
			t.Errorf("%v: %+v, want problem %d", tt.tc, te, tt.want)
		}
	}
}
