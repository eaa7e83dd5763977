package analysis

import (
	"math"
	"testing"

	"shogi/game"
	"shogi/game/engine"
)

func TestFromScore(t *testing.T) {
	for _, c := range []struct {
		s      engine.Score
		toMove game.Color
		want   Value
	}{
		{engine.Score{Value: 158}, game.Black, Centipawns(158)},
		{engine.Score{Value: 158}, game.White, Centipawns(-158)},
		{engine.Score{Value: -40}, game.White, Centipawns(40)},
		{engine.Score{Mate: true, Value: 7}, game.Black, MateBy(game.Black, 7)},
		{engine.Score{Mate: true, Value: 7}, game.White, MateBy(game.White, 7)},
		{engine.Score{Mate: true, Value: -4}, game.Black, MateBy(game.White, 4)},
		{engine.Score{Mate: true, Value: -4}, game.White, MateBy(game.Black, 4)},
		// "mate 0": the side to move is mated now.
		{engine.Score{Mate: true, Value: 0}, game.Black, MateBy(game.White, 0)},
		{engine.Score{Mate: true, Value: engine.MateUnknown}, game.White, MateBy(game.White, engine.MateUnknown)},
		{engine.Score{Mate: true, Value: -engine.MateUnknown}, game.White, MateBy(game.Black, engine.MateUnknown)},
	} {
		if got := FromScore(c.s, c.toMove); got != c.want {
			t.Errorf("FromScore(%v, %v) = %+v, want %+v", c.s, c.toMove, got, c.want)
		}
	}
}

// ShogiHome's score-to-rate sigmoid: 100/(1+e^(−cp/600)); at ±600 the
// rate is 100/(1+e^∓1).
func TestWinRate(t *testing.T) {
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-9 }
	if r := Centipawns(0).WinRate(game.Black, 0); !near(r, 50) {
		t.Errorf("even: %v", r)
	}
	if r := Centipawns(600).WinRate(game.Black, 0); !near(r, 100/(1+math.Exp(-1))) {
		t.Errorf("+600 for Black: %v", r)
	}
	if r := Centipawns(600).WinRate(game.White, 0); !near(r, 100/(1+math.Exp(1))) {
		t.Errorf("+600 for White: %v", r)
	}
	if r := Centipawns(1200).WinRate(game.Black, 1200); !near(r, 100/(1+math.Exp(-1))) {
		t.Errorf("coefficient 1200: %v", r)
	}
	if MateBy(game.White, 3).WinRate(game.White, 0) != 100 || MateBy(game.White, 3).WinRate(game.Black, 0) != 0 {
		t.Error("a mate is all or nothing")
	}
}

func TestClampAndString(t *testing.T) {
	for _, c := range []struct {
		v     Value
		clamp int
		str   string
	}{
		{Centipawns(158), 158, "+158"},
		{Centipawns(-2500), -2000, "-2500"},
		{Centipawns(9999), 2000, "+9999"},
		{MateBy(game.Black, 7), 2000, "+M7"},
		{MateBy(game.White, 0), -2000, "-M0"},
		{MateBy(game.White, engine.MateUnknown), -2000, "-M"},
		{Value{}, 0, "-"},
	} {
		if got := c.v.Clamp(2000); got != c.clamp {
			t.Errorf("%v.Clamp(2000) = %d, want %d", c.v, got, c.clamp)
		}
		if got := c.v.String(); got != c.str {
			t.Errorf("String = %q, want %q", got, c.str)
		}
	}
	if got := Centipawns(300).For(game.White, 2000); got != -300 {
		t.Errorf("For(White) = %d", got)
	}
}
