package csa_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"shogi/game"
	"shogi/game/csa"
	"shogi/game/csa/csatest"
	"shogi/game/engine"
	"shogi/game/match"
	"shogi/game/usi"
)

// told plays the first legal move and keeps the limits it was given.
type told struct {
	mu   sync.Mutex
	seen []engine.Limits
}

func (*told) Name() string { return "told" }

func (p *told) Play(_ context.Context, r engine.Request) (engine.BestMove, error) {
	p.mu.Lock()
	p.seen = append(p.seen, r.Limits)
	p.mu.Unlock()
	pos := r.Position()
	legal := pos.LegalMoves(nil)
	if len(legal) == 0 {
		return engine.BestMove{Resign: true}, nil
	}
	return engine.BestMove{Move: legal[0]}, nil
}

// The engine is told the server's clock less the client's margin: the
// default half a second, or what Config.Margin says, or all of it with a
// negative Margin.
func TestMarginKeptFromEngine(t *testing.T) {
	for _, c := range []struct {
		margin time.Duration
		want   time.Duration // the byōyomi the engine is told
	}{
		{0, 1500 * time.Millisecond},
		{200 * time.Millisecond, 1800 * time.Millisecond},
		{-1, 2 * time.Second},
	} {
		srv := csatest.NewServer(t, csatest.Script{Client: game.Black, Time: []string{"Total_Time:0", "Byoyomi:2"}, Drop: 6})
		cfg := config(srv.Addr, nil)
		cfg.Margin = c.margin
		ctx := context.Background()
		cl, err := csa.Dial(ctx, cfg)
		if err != nil {
			t.Fatal(err)
		}
		s, err := cl.WaitSummary(ctx)
		if err != nil {
			t.Fatal(err)
		}
		g, err := cl.Agree(ctx, s)
		if err != nil {
			t.Fatal(err)
		}
		remote := csa.NewPlayer(g, csa.PlayerOptions{})
		me := &told{}
		m, err := match.New(remote.MatchConfig([2]match.Player{me, remote}))
		if err != nil {
			t.Fatal(err)
		}
		tctx, cancel := context.WithTimeout(ctx, 20*time.Second)
		m.Run(tctx)
		cancel()
		remote.Close()
		cl.Close()
		me.mu.Lock()
		seen := me.seen
		me.mu.Unlock()
		if len(seen) == 0 {
			t.Fatalf("margin %v: the engine was never asked", c.margin)
		}
		for i, l := range seen {
			if l.Byoyomi != c.want || l.BTime != 0 {
				t.Errorf("margin %v, move %d: told %s, want byoyomi %v", c.margin, i+1, usi.FormatGo(l), c.want)
			}
		}
	}
}
