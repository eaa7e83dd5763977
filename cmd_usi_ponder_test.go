package main

import (
	"context"
	"testing"
	"time"

	"shogi/game"
	"shogi/game/engine"
	"shogi/game/usi"
)

// Pondering through the real protocol: `shogi usi` run as a process and
// driven by game/usi's client, as shogi csa and the app would drive it.

func startPondering(t *testing.T) *usi.Engine {
	t.Helper()
	e, _ := startOurs(t, "--level strong", usi.Setting{Name: "USI_Hash", Value: "16"},
		usi.Setting{Name: "USI_Ponder", Value: "true"}, usi.Setting{Name: "Threads", Value: "1"})
	return e
}

// totals reports whether in is a line of totals (nodes and time, no PV):
// the one the search sends at the hit and the one it ends with.
func totals(in engine.Info) bool { return in.Nodes > 0 && len(in.PV) == 0 && !in.HasScore }

// The move to ponder on is the second move of the principal variation the
// search last reported.
func TestUSIPonderMoveIsTheSecondOfThePV(t *testing.T) {
	t.Parallel()
	e := startPondering(t)
	for _, sfen := range []string{game.StartSFEN, "ln1g3nl/1r1sg1k2/p1pppsbpp/1p3pp2/7P1/2P1P4/PPBP1PP1P/2GS1S1R1/LN2KG1NL b - 21"} {
		p, _ := game.ParseSFEN(sfen)
		var last engine.Info
		b, err := e.Go(context.Background(), engine.Request{Start: p, Limits: engine.Limits{Depth: 7},
			Info: func(in engine.Info) {
				if len(in.PV) > 0 {
					last = in
				}
			}})
		if err != nil {
			t.Fatal(err)
		}
		if len(last.PV) < 2 || b.Move != last.PV[0] || b.Ponder != last.PV[1] {
			t.Errorf("%s: bestmove %s ponder %s after pv %v", sfen, b.Move, b.Ponder, last.PV)
		}
	}
}

// A ponder search that has done its work answers at the hit with the move
// it found while pondering: the move a fresh search of the same budget
// plays, searching no node after the hit.
func TestUSIPonderHitAnswersWithThePonderedMove(t *testing.T) {
	t.Parallel()
	e := startPondering(t)
	ctx := context.Background()
	p := game.StartPosition().Play(mustUSI(t, game.StartPosition(), "7g7f"))
	limits := engine.Limits{Nodes: 40_000}

	if err := e.NewGame(ctx); err != nil {
		t.Fatal(err)
	}
	fresh, err := e.Go(ctx, engine.Request{Start: p, Limits: limits})
	if err != nil {
		t.Fatal(err)
	}

	if err := e.NewGame(ctx); err != nil {
		t.Fatal(err)
	}
	hit := make(chan struct{})
	limits.Ponder = true
	var lastPV []game.Move
	var atEnd engine.Info
	b, err := e.Go(ctx, engine.Request{Start: p, Limits: limits, PonderHit: hit,
		Info: func(in engine.Info) {
			if len(in.PV) > 0 {
				lastPV = in.PV
			}
			if totals(in) && atEnd.Nodes == 0 {
				// The ponder search has spent its nodes and waits: the
				// opponent plays the move now.
				atEnd = in
				close(hit)
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	if atEnd.Nodes == 0 {
		t.Fatal("the ponder search never reported its totals")
	}
	if b.Move != fresh.Move || len(lastPV) == 0 || b.Move != lastPV[0] {
		t.Errorf("ponder hit played %s (last pv %v), a fresh search %s", b.Move, lastPV, fresh.Move)
	}
}

// With a clock, a ponder hit after pondering longer than the move would
// have taken answers at once: the search's own counts (the totals it
// reports at the hit and at its end) show fewer nodes and less time after
// the hit than a fresh search of the same position under the same clock
// spends.
func TestUSIPonderHitAnswersSooner(t *testing.T) {
	t.Parallel()
	e := startPondering(t)
	ctx := context.Background()
	p := game.StartPosition().Play(mustUSI(t, game.StartPosition(), "2g2f"))
	// 4 s of main time, no byōyomi: the engine plans about a tenth of a
	// second, long enough for lines of totals before and after the hit.
	clock := engine.Limits{BTime: 4 * time.Second, WTime: 4 * time.Second}

	var freshEnd engine.Info
	if _, err := e.Go(ctx, engine.Request{Start: p, Limits: clock, Info: func(in engine.Info) {
		if in.Nodes > 0 {
			freshEnd = in
		}
	}}); err != nil {
		t.Fatal(err)
	}

	if err := e.NewGame(ctx); err != nil {
		t.Fatal(err)
	}
	hit := make(chan struct{})
	pondering := clock
	pondering.Ponder = true
	var sums []engine.Info
	hitAt := engine.Info{}
	b, err := e.Go(ctx, engine.Request{Start: p, Limits: pondering, PonderHit: hit, Info: func(in engine.Info) {
		if hitAt.Nodes == 0 && in.Nodes > 0 && in.Time > 2*freshEnd.Time {
			// The ponder search has run twice as long as the fresh one
			// (by its own count), which stopped once half its planned
			// time had passed: the opponent plays the move now.
			hitAt = in
			close(hit)
			return
		}
		if hitAt.Nodes > 0 && totals(in) {
			sums = append(sums, in)
		}
	}})
	if err != nil || !p.IsLegal(b.Move) {
		t.Fatalf("after the hit: %+v %v", b, err)
	}
	if len(sums) < 2 {
		t.Fatalf("after the hit (at %+v; fresh %+v) the search reported %d lines of totals, want the hit's and the end's: %+v", hitAt, freshEnd, len(sums), sums)
	}
	atHit, atEnd := sums[0], sums[len(sums)-1]
	after, afterTime := atEnd.Nodes-atHit.Nodes, atEnd.Time-atHit.Time
	t.Logf("fresh search: %d nodes in %v; after the hit: %d nodes in %v (pondered %d nodes in %v)",
		freshEnd.Nodes, freshEnd.Time, after, afterTime, atHit.Nodes, atHit.Time)
	if after >= freshEnd.Nodes {
		t.Errorf("after the hit %d nodes, a fresh search %d", after, freshEnd.Nodes)
	}
}

// stop while pondering (the opponent played another move) answers with a
// bestmove at once.
func TestUSIStopWhilePondering(t *testing.T) {
	t.Parallel()
	e := startPondering(t)
	p := game.StartPosition()
	hit := make(chan struct{}) // never closed: a miss
	stopped := false
	b, err := e.Go(context.Background(), engine.Request{Start: p, Limits: engine.Limits{Ponder: true, Byoyomi: time.Second},
		PonderHit: hit, Info: func(in engine.Info) {
			if in.Depth >= 4 && !stopped {
				stopped = true
				e.Stop()
			}
		}})
	if err != nil || !stopped || !p.IsLegal(b.Move) {
		t.Fatalf("stop while pondering: %+v %v (stop sent %v)", b, err, stopped)
	}
}

func mustUSI(t *testing.T, p game.Position, s string) game.Move {
	t.Helper()
	m, err := p.ParseUSI(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}
