package bot

import (
	"testing"
	"time"

	"shogi/game"
	"shogi/game/usi"
)

func TestPlanTime(t *testing.T) {
	ms := func(n int) time.Duration { return time.Duration(n) * time.Millisecond }
	for _, c := range []struct {
		name       string
		l          usi.Limits
		side       game.Color
		soft, hard time.Duration
	}{
		{"no clock", usi.Limits{}, game.Black, 0, 0},
		{"infinite", usi.Limits{Infinite: true, Byoyomi: ms(1000)}, game.Black, 0, 0},
		{"movetime", usi.Limits{MoveTime: ms(1000)}, game.Black, ms(920), ms(920)},
		{"byoyomi only: all of it but the overhead", usi.Limits{Byoyomi: ms(1000)}, game.White, 0, ms(920)},
		{"a short byoyomi keeps four fifths", usi.Limits{Byoyomi: ms(100)}, game.Black, 0, ms(80)},
		// 60 s left, 40 moves to go: 1.5 s + the byōyomi; at most 12 s + 1 s.
		{"main time and byoyomi", usi.Limits{BTime: ms(60000), WTime: ms(1000), Byoyomi: ms(1000)}, game.Black, ms(2500), ms(13000)},
		// White's clock is read for White.
		{"White's main time", usi.Limits{BTime: ms(60000), WTime: ms(4000), Byoyomi: ms(1000)}, game.White, ms(1100), ms(1800)},
		// Increment: a fortieth plus three quarters of it.
		{"Fischer", usi.Limits{BTime: ms(40000), WTime: ms(40000), BInc: ms(2000), WInc: ms(2000)}, game.Black, ms(2500), ms(10000)},
		// Sudden death: never more than a fifth of what is left.
		{"sudden death", usi.Limits{BTime: ms(8000), WTime: ms(8000)}, game.Black, ms(200), ms(1600)},
		{"nearly flagged", usi.Limits{BTime: ms(50), WTime: ms(50)}, game.Black, ms(10), ms(10)},
	} {
		got := planTime(c.l, c.side, 1)
		if got.soft != c.soft || got.hard != c.hard {
			t.Errorf("%s: soft %v hard %v, want %v and %v", c.name, got.soft, got.hard, c.soft, c.hard)
		}
	}
}
