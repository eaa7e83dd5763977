package match

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"

	"shogi/game"
	"shogi/game/usi"
)

// StartError says which side's player could not start, and why.
type StartError struct {
	Side game.Color
	Err  error
}

func (e *StartError) Error() string { return fmt.Sprintf("%s's player: %v", e.Side, e.Err) }
func (e *StartError) Unwrap() error { return e.Err }

// StartPlayers starts the players specs name, by colour: an engine is a
// process to run and hear usiok from, which may take seconds, so callers
// with a screen run this off their event loop. A player in reuse (still
// running from an earlier match of the same game) is taken as it is. Each
// bot draws its choices from its own stream of seed. If one side cannot
// start, the players started here are closed and a *StartError names it.
func StartPlayers(ctx context.Context, specs [2]Spec, cfg usi.Config, seed uint64, reuse [2]Player) ([2]Player, error) {
	var players [2]Player
	for c := game.Black; c <= game.White; c++ {
		if p := reuse[c]; p != nil {
			players[c] = p
			continue
		}
		r := rand.New(rand.NewPCG(seed, seed^uint64(c+1)*0x9e3779b97f4a7c15))
		p, err := specs[c].NewPlayer(ctx, r, cfg)
		if err != nil {
			ClosePlayers(players, reuse)
			return [2]Player{}, &StartError{Side: c, Err: err}
		}
		players[c] = p
	}
	return players, nil
}

// Healthy reports whether a player may play on after a match that ended
// with res, where it played side c: an engine whose process ended, or
// whose fault decided the game, is not (it is closed and started afresh).
// Players that are not processes always are.
func Healthy(p Player, res *Result, c game.Color) bool {
	e, ok := p.(Engine)
	if !ok {
		return true
	}
	select {
	case <-e.E.Exited():
		return false
	default:
	}
	return res == nil || res.Fault == nil || res.Faulty != c
}

// HandOver returns the players of a match that ended with res for the
// next match of the same game (taking back moves of a finished game
// starts a new one): the healthy ones, by colour; the others are closed.
func HandOver(ps [2]Player, res *Result) [2]Player {
	var out [2]Player
	for c, p := range ps {
		if p == nil {
			continue
		}
		if !Healthy(p, res, game.Color(c)) {
			_ = p.(io.Closer).Close()
			continue
		}
		out[c] = p
	}
	return out
}

// ClosePlayers closes the players that are processes, except those in
// keep.
func ClosePlayers(ps [2]Player, keep [2]Player) {
	for c, p := range ps {
		if p == nil || p == keep[c] {
			continue
		}
		if cl, ok := p.(io.Closer); ok {
			_ = cl.Close()
		}
	}
}
