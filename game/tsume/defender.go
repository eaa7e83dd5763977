package tsume

import (
	"context"
	"sync"

	"shogi/game"
	"shogi/game/bot"
	"shogi/game/engine"
)

// Defender is the program defending a problem's king, as a match.Player:
// it answers each check with the longest defence by tsume rules (futile
// interpositions left out; among equally long ones, a line that leaves
// the attacker no piece in hand), and when the attacker has let the mate
// go, with an escape. When the position is mate by tsume rules but the
// game's rules leave it a move (only futile interpositions), it resigns.
//
// It keeps what its solver has learnt (a table of up to 12 MB) from one
// reply to the next, for as long as the attacker stays the same side;
// what it learns about one problem's positions stays true in the next,
// so one Defender may serve problem after problem.
type Defender struct {
	opts Options
	mu   sync.Mutex
	ts   *bot.Tsume
	rep  bot.Reply // the last reply Play gave, for the session to judge
}

// NewDefender returns a defender whose every reply searches at most the
// budget of o.
func NewDefender(o Options) *Defender { return &Defender{opts: o} }

// Name is how records and messages call the defender.
func (d *Defender) Name() string { return "Tsume defender" }

// Play answers the turn of the position r reaches.
func (d *Defender) Play(ctx context.Context, r engine.Request) (engine.BestMove, error) {
	rep := d.Reply(ctx, r.Position())
	if err := ctx.Err(); err != nil {
		return engine.BestMove{}, err
	}
	d.mu.Lock()
	d.rep = rep
	d.mu.Unlock()
	if rep.Mated {
		return engine.BestMove{Resign: true}, nil
	}
	return engine.BestMove{Move: rep.Move}, nil
}

// Reply is the defence in p, the defender to move, with what it leaves.
// Replies are one at a time: the solver is not shared.
func (d *Defender) Reply(ctx context.Context, p game.Position) bot.Reply {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.solver(p.SideToMove().Other()).Defend(ctx, p)
}

// solver returns the solver for attacker, a new one when the attacker
// changed; d.mu is held.
func (d *Defender) solver(attacker game.Color) *bot.Tsume {
	if d.ts == nil || d.ts.Attacker() != attacker {
		d.ts = bot.NewTsume(attacker, bot.TsumeOptions{Budget: d.opts.budget()})
	}
	return d.ts
}

// last is the last reply Play gave, when it was mv: what the defence
// leaves (a mate in so many plies, none, unclear).
func (d *Defender) last(mv game.Move) (bot.Reply, bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.rep, d.rep.Move == mv
}

// length and line ask the defender's solver, for a session: the same
// table serves the replies, the hints and the solution.
func (d *Defender) length(ctx context.Context, attacker game.Color, p game.Position) (int, bot.MateStatus) {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.solver(attacker).Length(ctx, p)
}

func (d *Defender) line(ctx context.Context, attacker game.Color, p game.Position) ([]game.Move, bot.MateStatus) {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.solver(attacker).Line(ctx, p)
}
