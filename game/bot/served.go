package bot

import (
	"context"
	"strconv"
	"time"

	"shogi/game"
	"shogi/game/usi"
)

// The built-in engine's face for usi.Serve (usi.Served): `shogi usi`
// serves an Engine, whose own options are its Level and its hash size.
var _ usi.Served = (*Engine)(nil)

// ID names the engine as `shogi usi` introduces it.
func (e *Engine) ID() (name, author string) { return "shogi " + e.Name(), "the shogi authors" }

// Options lists Level, USI_Hash, NodesLimit, Threads and NetworkDelay
// with their current values. NetworkDelay (milliseconds) is the margin
// kept back from every clock-based budget, as YaneuraOu's NetworkDelay
// and NetworkDelay2 are: one figure for both, since this engine's answer
// must arrive in time whether it stops early or at its limit.
func (e *Engine) Options() []usi.Option {
	names := make([]string, len(levels))
	for i, l := range levels {
		names[i] = l.Name
	}
	return []usi.Option{
		{Name: "Level", Type: usi.Combo, Default: e.Name(), Vars: names},
		{Name: "USI_Hash", Type: usi.Spin, Default: strconv.Itoa(e.tableMB()), Min: 1, Max: 4096},
		{Name: "NodesLimit", Type: usi.Spin, Default: strconv.FormatUint(e.nodesLimit, 10), Min: 0, Max: 1 << 40},
		{Name: "Threads", Type: usi.Spin, Default: strconv.Itoa(e.threads), Min: 1, Max: 256},
		{Name: "NetworkDelay", Type: usi.Spin, Default: strconv.FormatInt(e.margin.Milliseconds(), 10), Min: 0, Max: 10000},
	}
}

// SetOption sets Level, USI_Hash, NodesLimit, Threads or NetworkDelay; the server has
// checked the value.
func (e *Engine) SetOption(name, value string) {
	switch name {
	case "Level":
		if l, ok := FindLevel(value); ok {
			e.SetLevel(l)
		}
	case "USI_Hash":
		if n, err := strconv.Atoi(value); err == nil {
			e.SetHashMB(n)
		}
	case "Threads":
		if n, err := strconv.Atoi(value); err == nil {
			e.SetThreads(n)
		}
	case "NetworkDelay":
		if n, err := strconv.Atoi(value); err == nil {
			e.SetMargin(time.Duration(n) * time.Millisecond)
		}
	case "NodesLimit":
		if n, err := strconv.ParseUint(value, 10, 64); err == nil {
			e.nodesLimit = n
		}
	}
}

// Prepare makes the transposition table now, so the first go does not pay
// for it.
func (e *Engine) Prepare() {
	if e.tt == nil {
		e.tt = newTT(e.tableMB())
	}
	if e.stats == nil {
		e.stats = new(moveStats)
	}
}

// Mate runs the mate solver until ctx ends, as go mate asks.
func (e *Engine) Mate(ctx context.Context, p game.Position) usi.Checkmate {
	return Mate(ctx, p, 0).Checkmate()
}
