package match

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"shogi/game"
	"shogi/game/bot"
	"shogi/game/engine"
)

// The runner's cost per move: two random bots play through a Match (with
// a clock, events to one listener, a goroutine per turn) and, for
// comparison, through a bare loop that asks the same bots for moves and
// plays them. Both report moves/s.
func BenchmarkMatchRandomBots(b *testing.B) {
	moves := 0
	start := time.Now()
	for i := 0; i < b.N; i++ {
		r := rand.New(rand.NewPCG(uint64(i), 1))
		var players [2]Player
		for c := range players {
			s, _ := bot.NewSearcher("random", r)
			players[c] = Bot{S: s}
		}
		m, err := New(Config{Start: game.StartPosition(), Players: players, Time: [2]TimeControl{{Byoyomi: time.Second}, {Byoyomi: time.Second}}, MaxMoves: 256})
		if err != nil {
			b.Fatal(err)
		}
		sub := m.Subscribe()
		go func() {
			for {
				if _, err := sub.Next(context.Background()); err != nil {
					return
				}
			}
		}()
		res := m.Run(context.Background())
		moves += res.Game.Len()
	}
	b.ReportMetric(float64(moves)/time.Since(start).Seconds(), "moves/s")
}

func BenchmarkBareRandomBots(b *testing.B) {
	moves := 0
	start := time.Now()
	for i := 0; i < b.N; i++ {
		r := rand.New(rand.NewPCG(uint64(i), 1))
		var bots [2]engine.Searcher
		for c := range bots {
			bots[c], _ = bot.NewSearcher("random", r)
		}
		g := game.NewGame(game.StartPosition())
		for !g.Result().Over() && g.Len() < 256 {
			p := g.Position()
			a, err := bots[p.SideToMove()].Search(context.Background(), engine.Request{Start: g.Start(), Moves: g.Moves()})
			if err != nil || a.Resign || a.Win {
				break
			}
			if err := g.Play(a.Move); err != nil {
				b.Fatal(err)
			}
		}
		moves += g.Len()
	}
	b.ReportMetric(float64(moves)/time.Since(start).Seconds(), "moves/s")
}
