package lobby

import (
	"errors"
	"testing"
	"time"

	"shogi/game"
	"shogi/game/match"
)

// A table is refused the time controls and handicaps the rest of the app
// refuses: the typed errors of game and game/match, and no table opens.
func TestCreateValidates(t *testing.T) {
	l, _, _ := newTestLobby(t)
	both := match.TimeControl{Main: time.Minute, Byoyomi: 10 * time.Second, Increment: 5 * time.Second}
	var te *match.TimeControlError
	if _, err := l.Create(Person{Name: "ann"}, Options{Time: both}); !errors.As(err, &te) || te.Problem != match.ByoyomiAndIncrement {
		t.Errorf("byōyomi and an increment: %v, want a *match.TimeControlError", err)
	}
	if _, err := l.Create(Person{Name: "ann"}, Options{Time: match.TimeControl{Main: -time.Second}}); !errors.As(err, &te) || te.Problem != match.NegativeTime {
		t.Errorf("a negative time: %v, want a *match.TimeControlError", err)
	}
	var he *game.HandicapError
	if _, err := l.Create(Person{Name: "ann"}, Options{Handicap: "tsume"}); !errors.As(err, &he) || he.Handicap.Key != "tsume" {
		t.Errorf("the tsume start: %v, want a *game.HandicapError", err)
	}
	if n := len(l.Tables()); n != 0 {
		t.Errorf("%d tables open after refusals", n)
	}
	if _, err := l.Create(Person{Name: "ann"}, Options{Time: match.TimeControl{Main: time.Minute, Increment: 5 * time.Second}, Handicap: "2p"}); err != nil {
		t.Errorf("a valid table: %v", err)
	}
}
