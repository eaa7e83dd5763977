package analysis

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"shogi/game/bot"
	"shogi/game/engine"
	"shogi/game/match"
	"shogi/game/usi"
)

// MaxLines is the most lines (MultiPV) an analysis shows.
const MaxLines = 5

// lines is how many lines a request asks for, within 1 and MaxLines.
func lines(r engine.Request) int { return max(1, min(r.MultiPV, MaxLines)) }

// Engine is what analysis asks of an engine, a USI program (USI) or the
// built-in search (Builtin) alike. One goroutine at a time uses it: a
// Session or a Run owns it while it runs.
type Engine interface {
	// Name is the engine's name as records credit it (its id name).
	Name() string
	// Go searches r's position under r's limits, sending each report to
	// r.Info, and returns the engine's choice. With Limits.Infinite it
	// returns only once ctx ends; when ctx ends first it stops the search
	// and returns ctx's error.
	Go(ctx context.Context, r engine.Request) (engine.BestMove, error)
	// Mate looks for a forced mate from r's position for at most d.
	Mate(ctx context.Context, r engine.Request, d time.Duration) (usi.Checkmate, error)
	// Close ends the engine (a USI program is told to quit, then killed).
	Close() error
}

// USI adapts a running USI engine. MultiPV is set through the engine's
// MultiPV option when it has one (otherwise it reports one line).
func USI(e *usi.Engine) Engine {
	u := &usiEngine{e: e, multiPV: 1, maxPV: 1}
	if o, ok := e.Option("MultiPV"); ok && o.Type == usi.Spin {
		u.maxPV = max(1, min(o.Max, MaxLines))
		fmt.Sscan(o.Default, &u.multiPV)
	}
	return u
}

type usiEngine struct {
	e              *usi.Engine
	multiPV, maxPV int
}

func (u *usiEngine) Name() string { return u.e.Name() }

func (u *usiEngine) Go(ctx context.Context, r engine.Request) (engine.BestMove, error) {
	if err := u.setLines(ctx, lines(r)); err != nil {
		return engine.BestMove{}, err
	}
	return u.e.Go(ctx, r)
}

// setLines sends MultiPV when the count changes, and waits for the
// engine to take it.
func (u *usiEngine) setLines(ctx context.Context, n int) error {
	n = min(n, u.maxPV)
	if n == u.multiPV || u.maxPV == 1 {
		return nil
	}
	if err := u.e.SetOption("MultiPV", fmt.Sprint(n)); err != nil {
		return err
	}
	if err := u.e.IsReady(ctx); err != nil {
		return err
	}
	u.multiPV = n
	return nil
}

func (u *usiEngine) Mate(ctx context.Context, r engine.Request, d time.Duration) (usi.Checkmate, error) {
	return u.e.GoMate(ctx, r, d)
}

func (u *usiEngine) Close() error { return u.e.Close() }

// Builtin adapts a built-in searcher from game/bot.
func Builtin(s engine.Searcher) Engine { return &builtin{s: s} }

type builtin struct{ s engine.Searcher }

func (b *builtin) Name() string { return b.s.Name() }

// Go runs the search on the caller's goroutine. A panic in the search is
// returned as an error, so a bug there ends the analysis, not the app.
func (b *builtin) Go(ctx context.Context, r engine.Request) (bm engine.BestMove, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("the built-in engine %s failed: %v", b.s.Name(), r)
		}
	}()
	r.MultiPV = lines(r)
	bm, err = b.s.Search(ctx, r)
	if err == nil && r.Limits.Infinite {
		// A searcher that answers at once (random, greedy) still holds
		// the position until told to stop, as go infinite asks.
		<-ctx.Done()
	}
	if ctx.Err() != nil {
		return bm, ctx.Err()
	}
	return bm, err
}

// Mate runs game/bot's mate solver for at most d; random and greedy have
// none, and say so as an engine without a mate search does.
func (b *builtin) Mate(ctx context.Context, r engine.Request, d time.Duration) (c usi.Checkmate, err error) {
	if _, ok := bot.FindLevel(b.s.Name()); !ok {
		return usi.Checkmate{NotImplemented: true}, nil
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("the built-in mate solver failed: %v", r)
		}
	}()
	ctx, cancel := context.WithTimeout(ctx, max(d, time.Millisecond))
	defer cancel()
	res := bot.Mate(ctx, r.Position(), 0)
	if res.Status != bot.MateFound && ctx.Err() != nil && ctx.Err() != context.DeadlineExceeded {
		return c, ctx.Err() // stopped, not timed out
	}
	return res.Checkmate(), nil
}

func (b *builtin) Close() error { return nil }

// DefaultSpec is the engine used when none is named: the strongest
// built-in level.
func DefaultSpec() match.Spec {
	return match.Spec{Kind: match.BuiltinKind, Name: bot.Names()[len(bot.Names())-1]}
}

// Start makes the engine spec names: a built-in level, or a USI program
// started with cfg (whose Path and Options the spec sets). It returns a
// *usi.Error naming an engine that cannot start. A human is not an engine.
func Start(ctx context.Context, spec match.Spec, cfg usi.Config, r *rand.Rand) (Engine, error) {
	switch spec.Kind {
	case match.BuiltinKind:
		if r == nil {
			r = rand.New(rand.NewPCG(1, 2))
		}
		s, err := bot.NewSearcher(spec.Name, r)
		if err != nil {
			return nil, err
		}
		return Builtin(s), nil
	case match.USIKind:
		cfg.Path, cfg.Options = spec.Name, spec.Options
		e, err := usi.Start(ctx, cfg)
		if err != nil {
			return nil, err
		}
		return USI(e), nil
	case match.HumanKind:
		return nil, fmt.Errorf("%q is a person, not an engine: name a built-in level or usi:PATH", spec.String())
	}
	return nil, fmt.Errorf("analysis: no engine named")
}
