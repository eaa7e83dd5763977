package analysis

import (
	"fmt"
	"math"

	"shogi/game"
	"shogi/game/engine"
)

// Kind says what a Value holds.
type Kind uint8

// The kinds of Value.
const (
	NoValue Kind = iota // nothing known
	CP                  // centipawns
	Mate                // a forced mate
)

// Value is an evaluation from Black's side (+ is good for Black), the
// sign ShogiHome and floodgate write in records whoever is to move. A
// USI engine scores from the side to move's side; FromScore turns it.
type Value struct {
	Kind Kind
	CP   int // Black's advantage in centipawns, when Kind is CP
	// Plies counts the plies to mate when Kind is Mate: 0 when the
	// position is mate already, engine.MateUnknown when the engine did not
	// say how soon.
	Plies  int
	Winner game.Color // who mates, when Kind is Mate
}

// Centipawns returns a value of cp from Black's side.
func Centipawns(cp int) Value { return Value{Kind: CP, CP: cp} }

// MateBy returns a mate by winner in plies.
func MateBy(winner game.Color, plies int) Value {
	return Value{Kind: Mate, Winner: winner, Plies: plies}
}

// FromScore turns an engine's score, which is from the side to move's
// view, into a Value from Black's. "mate 0" (and "mate -0") means the
// side to move is mated now.
func FromScore(s engine.Score, toMove game.Color) Value {
	if !s.Mate {
		cp := s.Value
		if toMove == game.White {
			cp = -cp
		}
		return Centipawns(cp)
	}
	winner, plies := toMove, s.Value
	if s.Value <= 0 {
		winner, plies = toMove.Other(), -s.Value
	}
	return MateBy(winner, min(plies, engine.MateUnknown))
}

// Known reports whether v holds an evaluation.
func (v Value) Known() bool { return v.Kind != NoValue }

// For returns v from side c's view in centipawns, mates counted as
// ±limit; cp values are clamped to ±limit too.
func (v Value) For(c game.Color, limit int) int {
	x := v.Clamp(limit)
	if c == game.White {
		return -x
	}
	return x
}

// Clamp returns v from Black's side in centipawns within ±limit: a mate
// is ±limit, as the evaluation graph draws it.
func (v Value) Clamp(limit int) int {
	switch v.Kind {
	case CP:
		return max(-limit, min(limit, v.CP))
	case Mate:
		if v.Winner == game.Black {
			return limit
		}
		return -limit
	}
	return 0
}

// WinRate is side c's chance of winning in percent: ShogiHome's sigmoid
// 100 / (1 + e^(−cp/k)) of the score from c's side, with k its default
// coefficient 600 when k is 0. A mate is 100 for the side that mates and
// 0 for the other.
func (v Value) WinRate(c game.Color, k float64) float64 {
	if k <= 0 {
		k = DefaultSigmoid
	}
	switch v.Kind {
	case Mate:
		if v.Winner == c {
			return 100
		}
		return 0
	case CP:
		cp := float64(v.CP)
		if c == game.White {
			cp = -cp
		}
		return 100 / (1 + math.Exp(-cp/k))
	}
	return 50
}

// DefaultSigmoid is ShogiHome's default coefficient for turning a score
// into a winning rate (its settings recommend 600 to 1500).
const DefaultSigmoid = 600

// String writes v as a reader expects it from Black's side: +158, -3,
// "mate for Black in 7" as "+M7", for White "-M7"; "+M" when the length is
// not known; "-" for no value.
func (v Value) String() string {
	switch v.Kind {
	case CP:
		return fmt.Sprintf("%+d", v.CP)
	case Mate:
		sign := "+"
		if v.Winner == game.White {
			sign = "-"
		}
		if v.Plies >= engine.MateUnknown {
			return sign + "M"
		}
		return fmt.Sprintf("%sM%d", sign, v.Plies)
	}
	return "-"
}
