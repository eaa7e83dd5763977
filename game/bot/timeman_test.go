package bot

import (
	"context"
	"testing"
	"time"

	"shogi/game"
	"shogi/game/engine"
)

func TestPlanTime(t *testing.T) {
	ms := func(n int) time.Duration { return time.Duration(n) * time.Millisecond }
	for _, c := range []struct {
		name       string
		l          engine.Limits
		side       game.Color
		soft, hard time.Duration
	}{
		{"no clock", engine.Limits{}, game.Black, 0, 0},
		{"infinite", engine.Limits{Infinite: true, Byoyomi: ms(1000)}, game.Black, 0, 0},
		{"movetime: all of it but the overhead", engine.Limits{MoveTime: ms(1000)}, game.Black, ms(990), ms(990)},
		{"a short movetime keeps nine tenths", engine.Limits{MoveTime: ms(50)}, game.Black, ms(45), ms(45)},
		{"byoyomi only: all of it but the overhead", engine.Limits{Byoyomi: ms(1000)}, game.White, ms(990), ms(990)},
		{"a short byoyomi keeps nine tenths", engine.Limits{Byoyomi: ms(50)}, game.Black, ms(45), ms(45)},
		// 60 s left, 40 moves to go: 1.5 s + the byōyomi; at most 12 s + 1 s.
		{"main time and byoyomi", engine.Limits{BTime: ms(60000), WTime: ms(1000), Byoyomi: ms(1000)}, game.Black, ms(2500), ms(13000)},
		// White's clock is read for White.
		{"White's main time", engine.Limits{BTime: ms(60000), WTime: ms(4000), Byoyomi: ms(1000)}, game.White, ms(1100), ms(1800)},
		// Increment: a fortieth plus three quarters of it.
		{"Fischer", engine.Limits{BTime: ms(40000), WTime: ms(40000), BInc: ms(2000), WInc: ms(2000)}, game.Black, ms(2500), ms(10000)},
		// Sudden death: never more than a fifth of what is left.
		{"sudden death", engine.Limits{BTime: ms(8000), WTime: ms(8000)}, game.Black, ms(200), ms(1600)},
		{"nearly flagged", engine.Limits{BTime: ms(50), WTime: ms(50)}, game.Black, ms(50) / 40, ms(10)},
	} {
		got := planTime(c.l, c.side, 1)
		if got.soft != c.soft || got.hard != c.hard {
			t.Errorf("%s: soft %v hard %v, want %v and %v", c.name, got.soft, got.hard, c.soft, c.hard)
		}
	}
}

// A fixed time a move (movetime, or byōyomi with no main time left) is
// used to its end: time left over is lost, so the search does not stop
// early for fear that the next iteration would not finish. (Only the lower
// bound is asserted: a loaded machine can only make the search later.)
func TestFixedTimeIsUsed(t *testing.T) {
	p := mustSFEN(t, busySFEN)
	top := levels[len(levels)-1]
	top.MateNodes = 0
	ms := func(n int) time.Duration { return time.Duration(n) * time.Millisecond }
	for _, l := range []engine.Limits{{MoveTime: ms(300)}, {Byoyomi: ms(300)}} {
		start := time.Now()
		bm, err := NewEngine(top, seeded(1)).Search(context.Background(), engine.Request{Start: p, Limits: l})
		el := time.Since(start)
		if err != nil || !p.IsLegal(bm.Move) {
			t.Fatalf("%+v: %+v, %v", l, bm, err)
		}
		if want := planTime(l, p.SideToMove(), p.MoveNumber()).hard; el < want {
			t.Errorf("%+v: the search returned after %v, before its %v were used", l, el, want)
		}
	}
}
