package match

import (
	"context"

	"shogi/game"
	"shogi/game/engine"
	"shogi/game/usi"
)

// Player chooses the moves of one side: a built-in bot, a USI engine, or
// a person (Human) whose moves the caller submits to the match.
type Player interface {
	// Name is how records and messages call the player: an engine's id
	// name, a bot's name, a person's name.
	Name() string
	// Play answers a turn with a move, a resignation or a declaration:
	// the game so far, the clock's limits for both sides, and where to
	// report progress (safe to call from the player's goroutine; it never
	// blocks).
	// It runs on a goroutine of its own and must return soon after ctx
	// is cancelled (undo, pause, time up, the game aborted); its answer
	// is then ignored.
	Play(ctx context.Context, t engine.Request) (engine.BestMove, error)
}

// A Player may also want to hear when a game begins and ends.
type (
	// NewGamer prepares for a game (an engine: isready, usinewgame).
	NewGamer interface {
		NewGame(ctx context.Context) error
	}
	// GameOverer is told how a game it played as c ended.
	GameOverer interface {
		GameOver(r game.Result, c game.Color)
	}
)

// Human is a person: the match waits for the caller to Submit the move
// (from the keyboard, or over SSH), and refuses an illegal one with an
// error instead of ending the game.
type Human struct{ name string }

// NewHuman returns a human player called name.
func NewHuman(name string) *Human { return &Human{name: name} }

// Name returns the human's name.
func (h *Human) Name() string { return h.name }

// Play waits: a human's move arrives through Match.Submit.
func (h *Human) Play(ctx context.Context, t engine.Request) (engine.BestMove, error) {
	<-ctx.Done()
	return engine.BestMove{}, ctx.Err()
}

// Bot makes a built-in engine a player: every engine.Searcher (random,
// greedy, each search level) plays through this one adapter.
type Bot struct {
	S  engine.Searcher
	pd *ponderer // nil: no pondering
}

// Name returns the bot's name.
func (b Bot) Name() string { return b.S.Name() }

// Play runs the search with the clock's limits.
func (b Bot) Play(ctx context.Context, t engine.Request) (engine.BestMove, error) {
	if b.pd != nil {
		return b.pd.Play(ctx, t)
	}
	return b.S.Search(ctx, t)
}

// NewGame ends a ponder search left from an earlier game.
func (b Bot) NewGame(context.Context) error {
	b.stopPondering()
	return nil
}

// GameOver ends the ponder search: the game has no next turn.
func (b Bot) GameOver(game.Result, game.Color) { b.stopPondering() }

// Close ends the ponder search and waits for it.
func (b Bot) Close() error {
	b.stopPondering()
	return nil
}

func (b Bot) stopPondering() {
	if b.pd != nil {
		b.pd.Stop()
	}
}

// Engine makes a running USI engine a player.
type Engine struct {
	E  *usi.Engine
	pd *ponderer // nil: no pondering
}

// Name returns the engine's id name.
func (e Engine) Name() string { return e.E.Name() }

// Play sends the position and go, and waits for bestmove.
func (e Engine) Play(ctx context.Context, t engine.Request) (engine.BestMove, error) {
	if e.pd != nil {
		return e.pd.Play(ctx, t)
	}
	return e.E.Go(ctx, t)
}

// NewGame sends isready, waits for readyok, then sends usinewgame.
func (e Engine) NewGame(ctx context.Context) error {
	e.stopPondering()
	return e.E.NewGame(ctx)
}

// GameOver sends gameover, after stopping a ponder search (USI wants the
// search's bestmove read before gameover).
func (e Engine) GameOver(r game.Result, c game.Color) {
	e.stopPondering()
	e.E.GameOver(r, c)
}

// Close quits the engine (see usi.Engine.Close).
func (e Engine) Close() error {
	e.stopPondering()
	return e.E.Close()
}

func (e Engine) stopPondering() {
	if e.pd != nil {
		e.pd.Stop()
	}
}
