package match

import (
	"errors"
	"fmt"
	"time"

	"shogi/game"
	"shogi/game/usi"
)

// Why is what ended a match's game: the kind of a Result, whose other
// fields give its figures. Screens and records make their words from it
// (Result.Reason is the English).
type Why uint8

// The ways a match ends. Side is the side the ending is about: the one
// mated, resigning, declaring, out of time, faulty, playing the illegal
// move, giving perpetual check, or forfeiting.
const (
	NotOver          Why = iota // the game goes on
	Checkmated                  // Side is checkmated
	NoLegalMove                 // Side has no legal move
	Resigned                    // Side resigned
	Forfeited                   // Side left and did not come back within Grace
	Sennichite                  // the same position four times
	PerpetualCheck              // Side gave perpetual check (連続王手の千日手)
	Declared                    // Side declared an entering-king win (入玉宣言)
	FalseDeclaration            // Side declared, but Declaration says what is missing
	ImpasseAgreed               // both agreed to count points (持将棋): Points
	MoveLimit                   // the game reached Limit moves
	TimeUp                      // Side's time ran out: Allowed (+ Margin); Fault when its engine then failed
	IllegalMove                 // Side played Illegal, refused by Refusal
	EngineFault                 // Side's engine failed: Fault
	Interrupted                 // Aborted (中断), Note says by what
)

// Result is how a match ended, with everything a record needs.
type Result struct {
	game.Result // the outcome and the ending; Ongoing when Aborted

	Why  Why
	Side game.Color // the side Why is about (see Why's constants)
	// Aborted is set when the game was interrupted (中断): the context
	// ended or Abort was called. Note is the caller's reason, kept for
	// logs and the record's comment.
	Aborted bool
	Note    string
	// Fault is the engine's error when a fault decided the game (a crash,
	// a hang, an unreadable move); Faulty is the side it hit.
	Fault  error
	Faulty game.Color
	// Illegal is the text of the move that lost by 反則, when one did, and
	// Refusal the rules' error for it.
	Illegal string
	Refusal error
	// MaxMoves is set when the game was drawn at the move limit, Limit.
	MaxMoves bool
	Limit    int
	// Declaration is why a declaration failed (FalseDeclaration).
	Declaration *game.DeclarationError
	// Points are both sides' 24-point counts (ImpasseAgreed).
	Points [2]int
	// Allowed is the time Side had when its flag fell, Margin the grace
	// past it (TimeUp). Grace is how long a player had to come back
	// (Forfeited).
	Allowed, Margin, Grace time.Duration

	Game    *game.Game // the game as played; do not modify
	Opening int        // how many of Game's moves came from Config.Moves
	Notes   []MoveNote // one per move of Game after the opening
	Names   [2]string
	Time    [2]TimeControl
	Began   time.Time
	Ended   time.Time
}

// who names a side for the English reason: "greedy (Black)".
func (r Result) who(c game.Color) string { return fmt.Sprintf("%s (%s)", r.Names[c], c) }

// Reason says in English what ended the game: "fake (White) is
// checkmated", "gpsusi (Black) ran out of time (1s + 500ms margin)". Logs,
// shogi match and records use it; screens make their own words from Why.
func (r Result) Reason() string {
	switch r.Why {
	case Checkmated:
		return r.who(r.Side) + " is checkmated"
	case NoLegalMove:
		return r.who(r.Side) + " has no legal move"
	case Resigned:
		return r.who(r.Side) + " resigned"
	case Forfeited:
		return fmt.Sprintf("%s left and did not come back within %s", r.who(r.Side), recordTime(r.Grace))
	case Sennichite:
		return "the same position arose four times (sennichite)"
	case PerpetualCheck:
		return r.who(r.Side) + " gave perpetual check (連続王手の千日手)"
	case Declared:
		return r.who(r.Side) + " declared an entering-king win (入玉宣言)"
	case FalseDeclaration:
		return fmt.Sprintf("%s declared an entering-king win that does not hold (%v)", r.who(r.Side), r.Declaration)
	case ImpasseAgreed:
		return fmt.Sprintf("impasse by agreement (24-point rule): Black %d points, White %d", r.Points[game.Black], r.Points[game.White])
	case MoveLimit:
		return fmt.Sprintf("the move limit (%d) was reached", r.Limit)
	case TimeUp:
		s := fmt.Sprintf("%s ran out of time (%v", r.who(r.Side), recordTime(r.Allowed))
		if r.Margin > 0 {
			s += fmt.Sprintf(" + %v margin", recordTime(r.Margin))
		}
		s += ")"
		if r.Fault != nil {
			s += "; then " + r.Fault.Error()
		}
		return s
	case IllegalMove:
		why := ""
		var ill *game.IllegalMoveError
		switch {
		case errors.As(r.Refusal, &ill):
			why = ill.Rule.String()
		case r.Refusal != nil:
			why = r.Refusal.Error()
		}
		if r.Illegal == "" { // a server that did not say which move
			return fmt.Sprintf("%s played an illegal move: %s", r.who(r.Side), why)
		}
		return fmt.Sprintf("%s played %s, which is illegal: %s", r.who(r.Side), r.Illegal, why)
	case EngineFault:
		if r.Fault != nil {
			return r.Fault.Error()
		}
	case Interrupted:
		return r.Note
	}
	return r.Result.String()
}

// recordTime writes a time as a record's reader wants it: whole seconds
// from a minute up ("5m12s", as a clock reads), milliseconds below
// ("2.014s", where a byōyomi overrun lives); never the nanoseconds a
// clock measured.
func recordTime(d time.Duration) time.Duration {
	if d >= time.Minute || d <= -time.Minute {
		return d.Round(time.Second)
	}
	return d.Round(time.Millisecond)
}

// FaultyEngine names the engine whose fault decided the game, when one
// did: the name of its process as the USI layer reports it.
func (r Result) FaultyEngine() (string, bool) {
	var ue *usi.Error
	if errors.As(r.Fault, &ue) {
		return ue.Engine, true
	}
	return "", false
}
