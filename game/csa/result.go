package csa

import (
	"fmt"

	"shogi/game"
)

// Reason is why the server ended a game: the # line before the outcome.
type Reason uint8

// The reasons a server gives.
const (
	NoReason       Reason = iota // the server gave the outcome alone
	Resign                       // #RESIGN: a resignation (shogi-server's word for a player who left, too)
	TimeUp                       // #TIME_UP
	IllegalMove                  // #ILLEGAL_MOVE: a foul, or a declaration that does not hold
	Sennichite                   // #SENNICHITE: fourfold repetition, a draw
	OuteSennichite               // #OUTE_SENNICHITE: perpetual check, the checking side loses
	Jishogi                      // #JISHOGI: a declaration that holds (or an impasse)
	MaxMoves                     // #MAX_MOVES: the move limit
	Chudan                       // #CHUDAN: the game was interrupted
)

var reasonWords = [...]string{NoReason: "", Resign: "RESIGN", TimeUp: "TIME_UP", IllegalMove: "ILLEGAL_MOVE",
	Sennichite: "SENNICHITE", OuteSennichite: "OUTE_SENNICHITE", Jishogi: "JISHOGI", MaxMoves: "MAX_MOVES", Chudan: "CHUDAN"}

// String returns the protocol's word: "TIME_UP".
func (r Reason) String() string {
	if int(r) < len(reasonWords) {
		return reasonWords[r]
	}
	return fmt.Sprintf("reason(%d)", int(r))
}

// Outcome is how the game ended for this client.
type Outcome uint8

// The outcomes.
const (
	NoOutcome   Outcome = iota
	Win                 // #WIN
	Lose                // #LOSE
	Draw                // #DRAW
	Censored            // #CENSORED: no decision (the move limit)
	Interrupted         // #CHUDAN with no outcome after it
)

var outcomeWords = [...]string{NoOutcome: "", Win: "WIN", Lose: "LOSE", Draw: "DRAW", Censored: "CENSORED", Interrupted: "CHUDAN"}

// String returns the protocol's word: "WIN".
func (o Outcome) String() string {
	if int(o) < len(outcomeWords) {
		return outcomeWords[o]
	}
	return fmt.Sprintf("outcome(%d)", int(o))
}

// Result is how the server ended a game, as data.
type Result struct {
	Reason  Reason
	Outcome Outcome
	// Special is the special move the server announced before the
	// reason ("TORYO", "KACHI"), made by Mover, when it announced one.
	Special string
	Mover   game.Color
}

// String writes the result as the server's lines would: "#TIME_UP #LOSE".
func (r Result) String() string {
	s := ""
	if r.Special != "" {
		s = "%" + r.Special + " "
	}
	if r.Reason != NoReason {
		s += "#" + r.Reason.String() + " "
	}
	return s + "#" + r.Outcome.String()
}

// Game returns the result as the rules name it for a client playing us:
// who won and the ending. An interrupted game is Ongoing.
func (r Result) Game(us game.Color) game.Result {
	var out game.Outcome
	switch r.Outcome {
	case Win:
		out = game.Win(us)
	case Lose:
		out = game.Win(us.Other())
	case Draw, Censored:
		out = game.Draw
	default:
		return game.Result{}
	}
	var e game.Ending
	switch r.Reason {
	case Resign:
		e = game.Resignation
	case TimeUp:
		e = game.TimeLoss
	case IllegalMove:
		e = game.IllegalMove
	case Sennichite:
		e = game.Repetition
	case OuteSennichite:
		e = game.PerpetualCheck
	case Jishogi:
		e = game.Declaration
		if out == game.Draw {
			e = game.Impasse
		}
	case MaxMoves:
		e = game.Impasse
	case Chudan:
		return game.Result{}
	default:
		// An outcome alone: a special move before it may say why.
		switch r.Special {
		case "TORYO":
			e = game.Resignation
		case "KACHI":
			e = game.Declaration
		default:
			e = game.IllegalMove // a loss the server did not explain
			if out == game.Draw {
				e = game.Impasse
			}
		}
	}
	return game.Result{Outcome: out, Ending: e}
}
