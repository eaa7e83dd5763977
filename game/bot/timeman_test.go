package bot

import (
	"context"
	"testing"
	"time"

	"shogi/game"
	"shogi/game/engine"
	"shogi/game/usi"
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
		{"movetime: all of it but the margin", engine.Limits{MoveTime: ms(1000)}, game.Black, ms(900), ms(900)},
		{"a short movetime keeps half", engine.Limits{MoveTime: ms(50)}, game.Black, ms(25), ms(25)},
		{"byoyomi only: all of it but the margin", engine.Limits{Byoyomi: ms(1000)}, game.White, ms(900), ms(900)},
		{"a short byoyomi keeps half", engine.Limits{Byoyomi: ms(50)}, game.Black, ms(25), ms(25)},
		// 60 s left, 40 moves to go: 1.5 s + the byōyomi; at most 12 s + 1 s.
		{"main time and byoyomi", engine.Limits{BTime: ms(60000), WTime: ms(1000), Byoyomi: ms(1000)}, game.Black, ms(2500), ms(13000)},
		// White's clock is read for White.
		{"White's main time", engine.Limits{BTime: ms(60000), WTime: ms(4000), Byoyomi: ms(1000)}, game.White, ms(1100), ms(1800)},
		// Increment: a fortieth plus three quarters of it.
		{"Fischer", engine.Limits{BTime: ms(40000), WTime: ms(40000), BInc: ms(2000), WInc: ms(2000)}, game.Black, ms(2500), ms(10000)},
		// Sudden death: never more than a fifth of what is left.
		{"sudden death", engine.Limits{BTime: ms(8000), WTime: ms(8000)}, game.Black, ms(200), ms(1600)},
		{"nearly flagged", engine.Limits{BTime: ms(50), WTime: ms(50)}, game.Black, ms(50) / 40, ms(10)},
		// The byōyomi less the margin stays usable with a little main time left.
		{"main time nearly spent", engine.Limits{BTime: ms(50), WTime: ms(50), Byoyomi: ms(1000)}, game.Black, ms(950), ms(950)},
	} {
		got := planTime(c.l, c.side, 1, DefaultMargin)
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
		bm, err := testEngine(top, seeded(1)).Search(context.Background(), engine.Request{Start: p, Limits: l})
		el := time.Since(start)
		if err != nil || !p.IsLegal(bm.Move) {
			t.Fatalf("%+v: %+v, %v", l, bm, err)
		}
		if want := planTime(l, p.SideToMove(), p.MoveNumber(), DefaultMargin).hard; el < want {
			t.Errorf("%+v: the search returned after %v, before its %v were used", l, el, want)
		}
	}
}

// The margin is the engine's NetworkDelay option: listed with its default,
// and what it is set to is what every clock-based budget keeps back.
func TestNetworkDelayOption(t *testing.T) {
	e := NewEngine(levels[len(levels)-1], seeded(1))
	var found bool
	for _, o := range e.Options() {
		if o.Name == "NetworkDelay" {
			found = true
			if o.Default != "100" || o.Type != usi.Spin {
				t.Errorf("NetworkDelay: %+v, want a spin defaulting to 100 (ms)", o)
			}
		}
	}
	if !found {
		t.Fatalf("no NetworkDelay among %+v", e.Options())
	}
	if e.margin != DefaultMargin {
		t.Errorf("a new engine keeps %v back, want %v", e.margin, DefaultMargin)
	}
	e.SetOption("NetworkDelay", "300")
	byo := engine.Limits{Byoyomi: time.Second}
	if got := planTime(byo, game.Black, 1, e.margin); got.hard != 700*time.Millisecond {
		t.Errorf("NetworkDelay 300 at 1 s byōyomi: stops at %v, want 700ms", got.hard)
	}
	e.SetOption("NetworkDelay", "0")
	if got := planTime(byo, game.Black, 1, e.margin); got.hard != time.Second {
		t.Errorf("NetworkDelay 0 at 1 s byōyomi: stops at %v, want all of it", got.hard)
	}
}

// A search that returned late makes the engine keep that much more back,
// fading by an eighth a search; one in time changes nothing but the fade.
func TestLateness(t *testing.T) {
	e := NewEngine(levels[len(levels)-1], seeded(1))
	ms := func(n int) time.Duration { return time.Duration(n) * time.Millisecond }
	e.noteLate(-ms(5))
	if e.late != 0 {
		t.Fatalf("in time: late %v", e.late)
	}
	e.noteLate(ms(240))
	if e.late != ms(240) {
		t.Fatalf("240ms late: late %v", e.late)
	}
	e.noteLate(-ms(3))
	if e.late != ms(210) {
		t.Errorf("then in time: late %v, want 210ms", e.late)
	}
	e.noteLate(ms(100)) // less than what is kept already
	if e.late != ms(210)-ms(210)/8 {
		t.Errorf("then 100ms late: late %v", e.late)
	}
	e.noteLate(ms(5000))
	if e.late != time.Second {
		t.Errorf("5s late: late %v, want at most 1s", e.late)
	}
	// What is kept back: the margin and the lateness, at most half.
	if got := planTime(engine.Limits{Byoyomi: ms(3000)}, game.Black, 1, e.margin+e.late); got.hard != ms(1900) {
		t.Errorf("3s byōyomi after a late answer: stops at %v, want 1.9s", got.hard)
	}
}
