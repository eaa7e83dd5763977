package match

import (
	"context"
	"errors"
	"math/rand/v2"
	"sync"
	"time"

	"shogi/game"
	"shogi/game/engine"
	"shogi/game/usi"
)

// Hinter answers a person's request for a hint: a built-in level or an
// engine asked for its best move in a position, which the caller shows
// and does not play. An engine is started on the first hint and kept for
// the rest of the game; one that fails is started afresh on the next.
// Its methods may be called from any goroutine; hints are answered one at
// a time.
type Hinter struct {
	spec   Spec
	cfg    usi.Config
	budget time.Duration

	mu     sync.Mutex
	player Player
	closed bool
}

// Hint is a hinter's answer: the move (or a resignation or declaration)
// and the engine's last report on the main line, if it sent one.
type Hint struct {
	Best engine.BestMove
	Info *engine.Info
}

// ErrHinterClosed answers a hint asked after the game ended.
var ErrHinterClosed = errors.New("match: the game has ended")

// NewHinter returns a hinter asking the player spec names (started with
// cfg) to think for budget.
func NewHinter(spec Spec, cfg usi.Config, budget time.Duration) *Hinter {
	return &Hinter{spec: spec, cfg: cfg, budget: budget}
}

// Ask asks for the best move after moves from start; seed drives a
// bot's choices when the player is made.
func (h *Hinter) Ask(ctx context.Context, start game.Position, moves []game.Move, seed uint64) (Hint, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return Hint{}, ErrHinterClosed
	}
	if h.player == nil {
		p, err := h.spec.NewPlayer(ctx, rand.New(rand.NewPCG(seed, seed+1)), h.cfg)
		if err != nil {
			return Hint{}, err
		}
		if ng, ok := p.(NewGamer); ok {
			if err := ng.NewGame(ctx); err != nil {
				ClosePlayers([2]Player{p}, [2]Player{})
				return Hint{}, err
			}
		}
		h.player = p
	}
	var last *engine.Info
	req := engine.Request{Start: start, Moves: moves, Limits: engine.Limits{MoveTime: h.budget},
		Info: func(in engine.Info) {
			if in.MultiPV > 1 {
				return
			}
			if last == nil {
				last = &in
				return
			}
			m := last.Merge(in)
			last = &m
		}}
	ctx, cancel := context.WithTimeout(ctx, h.budget+10*time.Second)
	defer cancel()
	best, err := h.player.Play(ctx, req)
	if err != nil {
		ClosePlayers([2]Player{h.player}, [2]Player{})
		h.player = nil
		return Hint{}, err
	}
	return Hint{Best: best, Info: last}, nil
}

// Close ends the hint engine, if one runs, without waiting for a hint
// being answered.
func (h *Hinter) Close() {
	if h == nil {
		return
	}
	go func() {
		h.mu.Lock()
		defer h.mu.Unlock()
		h.closed = true
		if h.player != nil {
			ClosePlayers([2]Player{h.player}, [2]Player{})
			h.player = nil
		}
	}()
}
