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
// a time. Close ends it: a hint being answered is given up, and Close
// returns once the engine is closed, so nothing of the hinter runs on.
type Hinter struct {
	spec   Spec
	cfg    usi.Config
	budget time.Duration

	stop     chan struct{} // closed by Close: the hint being answered ends
	stopOnce sync.Once

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
	return &Hinter{spec: spec, cfg: cfg, budget: budget, stop: make(chan struct{})}
}

// Ask asks for the best move after moves from start; seed drives a
// bot's choices when the player is made.
func (h *Hinter) Ask(ctx context.Context, start game.Position, moves []game.Move, seed uint64) (Hint, error) {
	// Close ends the thinking through ctx; the watcher is Ask's own and
	// ends before Ask returns.
	ctx, cancel := context.WithCancel(ctx)
	watched := make(chan struct{})
	go func() {
		defer close(watched)
		select {
		case <-h.stop:
			cancel()
		case <-ctx.Done():
		}
	}()
	defer func() { cancel(); <-watched }()
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
	pctx, pcancel := context.WithTimeout(ctx, h.budget+10*time.Second)
	defer pcancel()
	best, err := h.player.Play(pctx, req)
	if err != nil {
		ClosePlayers([2]Player{h.player}, [2]Player{})
		h.player = nil
		select {
		case <-h.stop:
			return Hint{}, ErrHinterClosed
		default:
		}
		return Hint{}, err
	}
	return Hint{Best: best, Info: last}, nil
}

// Close ends the hinter: a hint being answered is given up (Ask returns
// ErrHinterClosed), and Close returns once that Ask has returned and the
// engine, if one runs, is closed. Later hints are refused.
func (h *Hinter) Close() {
	if h == nil {
		return
	}
	h.stopOnce.Do(func() { close(h.stop) })
	h.mu.Lock() // held by an Ask until its engine has stopped thinking
	defer h.mu.Unlock()
	h.closed = true
	if h.player != nil {
		ClosePlayers([2]Player{h.player}, [2]Player{})
		h.player = nil
	}
}
