package bot

import (
	"context"
	"os/exec"
	"testing"

	"shogi/game"
	"shogi/game/engine"
	"shogi/game/usi"
)

func benchSearch(b *testing.B, sfen string) {
	p, err := game.ParseSFEN(sfen)
	if err != nil {
		b.Fatal(err)
	}
	top := levels[len(levels)-1]
	top.MateNodes = 0 // the search alone
	var nodes uint64
	for b.Loop() {
		e := NewEngine(top, seeded(1))
		e.SetHashMB(16)
		var last engine.Info
		if _, err := e.Search(context.Background(), engine.Request{Start: p, Limits: engine.Limits{Nodes: 300_000},
			Info: func(i engine.Info) { last = i }}); err != nil {
			b.Fatal(err)
		}
		nodes += last.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkSearchStart measures the search's nodes per second from the
// even start (one core: the search is single-threaded).
func BenchmarkSearchStart(b *testing.B) { benchSearch(b, game.StartSFEN) }

// BenchmarkSearchMidgame measures it in a busy middle game.
func BenchmarkSearchMidgame(b *testing.B) { benchSearch(b, busySFEN) }

// BenchmarkMate measures the mate solver's positions per second on the
// confirmed mates of testdata/mates.txt.
func BenchmarkMate(b *testing.B) {
	t := &testing.T{}
	cases := readMates(t)
	var nodes int
	for b.Loop() {
		for _, c := range cases {
			if !c.mate {
				continue
			}
			p, _ := game.ParseSFEN(c.sfen)
			nodes += Mate(context.Background(), p, 0).Nodes
		}
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "positions/s")
}

// benchFairyStockfish runs Fairy-Stockfish (one thread) on the same
// positions and budget as benchSearch, so the two speeds come from one run
// on one machine: go test -bench 'Search|Fairy' ./game/bot/.
func benchFairyStockfish(b *testing.B, sfen string) {
	path, err := exec.LookPath("/usr/games/fairy-stockfish")
	if err != nil {
		b.Skipf("Fairy-Stockfish is not installed (apt-get install fairy-stockfish): %v", err)
	}
	e, err := usi.Start(context.Background(), usi.Config{Path: path, Options: []usi.Setting{{Name: "Threads", Value: "1"}, {Name: "Hash", Value: "16"}}})
	if err != nil {
		b.Fatal(err)
	}
	defer e.Close()
	p, err := game.ParseSFEN(sfen)
	if err != nil {
		b.Fatal(err)
	}
	var nodes uint64
	for b.Loop() {
		if err := e.NewGame(context.Background()); err != nil {
			b.Fatal(err)
		}
		var last engine.Info
		if _, err := e.Go(context.Background(), engine.Request{Start: p, Limits: engine.Limits{Nodes: 300_000}, Info: func(i engine.Info) { last = i }}); err != nil {
			b.Fatal(err)
		}
		nodes += last.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

func BenchmarkFairyStockfishStart(b *testing.B)   { benchFairyStockfish(b, game.StartSFEN) }
func BenchmarkFairyStockfishMidgame(b *testing.B) { benchFairyStockfish(b, busySFEN) }
