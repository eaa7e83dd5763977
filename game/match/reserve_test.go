package match

import (
	"testing"
	"time"

	"shogi/game"
	"shogi/game/engine"
)

// Reserve is kept back from what a player is told, not from its clock:
// White, with 500 ms reserved, is told its main time less 500 ms while it
// lasts, then its byōyomi less what the main time could not cover; Black
// is told its time whole; the clock charges both as they spend.
func TestReserve(t *testing.T) {
	ft := NewFakeTime(t0)
	ms := func(n int) time.Duration { return time.Duration(n) * time.Millisecond }
	// White: 2 s main, spends 1 s, 800 ms, then lives on its 2 s byōyomi.
	whiteThink := []time.Duration{ms(1000), ms(800), ms(1500), ms(1500)}
	black := &scripted{name: "b", ft: ft, think: every(ms(100))}
	white := &scripted{name: "w", ft: ft, think: func(ply int) time.Duration { return whiteThink[min(ply/2, len(whiteThink)-1)] }}
	tc := TimeControl{Main: 2 * time.Second, Byoyomi: 2 * time.Second}
	cfg := Config{Start: game.StartPosition(), Players: [2]Player{black, white}, Time: [2]TimeControl{tc, tc},
		Reserve: [2]time.Duration{0, ms(500)}, MaxMoves: 8, TimeSource: ft}
	res := run(t, cfg)
	if res.Ending == game.TimeLoss {
		t.Fatalf("result %s: the clock lost time to the reserve", res.Reason())
	}
	type told struct{ wtime, byo time.Duration }
	var got []told
	for _, l := range white.limits() {
		got = append(got, told{l.WTime, l.Byoyomi})
	}
	// 2 s main: 1.5 s + 2 s; 1 s: 500 ms + 2 s; 200 ms: 0 + 1.7 s; 0: 1.5 s.
	want := []told{{ms(1500), ms(2000)}, {ms(500), ms(2000)}, {0, ms(1700)}, {0, ms(1500)}}
	if len(got) != len(want) {
		t.Fatalf("white was told %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("white's turn %d: told wtime %v byoyomi %v, want %v and %v", i+1, got[i].wtime, got[i].byo, want[i].wtime, want[i].byo)
		}
	}
	for i, l := range black.limits() {
		if l.Byoyomi != 2*time.Second || l.BTime != 2*time.Second-time.Duration(i)*ms(100) {
			t.Errorf("black's turn %d: told %+v, want its whole clock", i+1, l)
		}
	}
}

// keepBack never tells a side with time that it has none, and takes the
// increment last.
func TestKeepBack(t *testing.T) {
	ms := func(n int) time.Duration { return time.Duration(n) * time.Millisecond }
	for _, c := range []struct {
		name string
		in   engine.Limits
		side game.Color
		d    time.Duration
		want engine.Limits
	}{
		{"no clock", engine.Limits{}, game.Black, ms(500), engine.Limits{}},
		{"no reserve", engine.Limits{Byoyomi: ms(1000)}, game.Black, 0, engine.Limits{Byoyomi: ms(1000)}},
		{"byōyomi", engine.Limits{Byoyomi: ms(2000)}, game.White, ms(500), engine.Limits{Byoyomi: ms(1500)}},
		{"a quarter stays", engine.Limits{Byoyomi: ms(400)}, game.Black, ms(500), engine.Limits{Byoyomi: ms(100)}},
		{"Fischer: main first", engine.Limits{BTime: ms(3000), WTime: ms(300), BInc: ms(1000), WInc: ms(1000)}, game.White, ms(500),
			engine.Limits{BTime: ms(3000), WTime: 0, BInc: ms(1000), WInc: ms(800)}},
		{"the other side's time untouched", engine.Limits{BTime: ms(3000), WTime: ms(3000)}, game.Black, ms(500),
			engine.Limits{BTime: ms(2500), WTime: ms(3000)}},
	} {
		if got := keepBack(c.in, c.side, c.d); got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
	}
}
