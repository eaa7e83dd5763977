package csa_test

import (
	"context"
	"log"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"shogi/game"
	"shogi/game/csa"
	"shogi/game/csa/csatest"
	"shogi/game/match"
	"shogi/game/usi"
	"shogi/game/usi/usitest"
)

// BenchmarkFakeServerGame plays whole games through the client against
// the scripted server, which answers at once: the client's own moves a
// second (the local side is the greedy bot).
func BenchmarkFakeServerGame(b *testing.B) {
	srv := csatest.NewServer(b, csatest.Script{Client: game.White})
	moves := 0
	start := time.Now()
	for b.Loop() {
		res, _, _, err := serverMatch(b, srv, greedy(b), csa.PlayerOptions{})
		if err != nil {
			b.Fatal(err)
		}
		moves += res.Game.Len()
	}
	b.ReportMetric(float64(moves)/time.Since(start).Seconds(), "moves/s")
}

// stampWriter notes when each "> go" reaches an engine's log, which the
// engine layer writes just before it sends the line.
type stampWriter struct {
	mu  sync.Mutex
	gos []time.Time
}

func (w *stampWriter) Write(p []byte) (int, error) {
	if strings.Contains(string(p), "> go ") {
		w.mu.Lock()
		w.gos = append(w.gos, time.Now())
		w.mu.Unlock()
	}
	return len(p), nil
}

// BenchmarkEchoToGo measures the delay the client adds to each move: from
// the server sending the opponent's move to the engine being sent go.
// The engine is the fake, which answers at once.
func BenchmarkEchoToGo(b *testing.B) {
	srv := csatest.NewServer(b, csatest.Script{Client: game.White})
	stamps := &stampWriter{}
	e, err := usi.Start(context.Background(), usi.Config{Path: os.Args[0], Env: []string{usitest.Env + "=quiet"},
		Log: log.New(stamps, "", 0)})
	if err != nil {
		b.Fatal(err)
	}
	defer e.Close()
	for b.Loop() {
		if _, _, _, err := serverMatch(b, srv, match.Engine{E: e}, csa.PlayerOptions{}); err != nil {
			b.Fatal(err)
		}
	}
	moved := srv.Moved()
	stamps.mu.Lock()
	gos := stamps.gos
	stamps.mu.Unlock()
	// Each go follows one of the server's moves: pair each with the
	// latest move sent before it.
	var delays []time.Duration
	j := 0
	for _, g := range gos {
		for j+1 < len(moved) && !moved[j+1].After(g) {
			j++
		}
		if j < len(moved) && !moved[j].After(g) {
			delays = append(delays, g.Sub(moved[j]))
		}
	}
	if len(delays) == 0 {
		b.Fatal("no go followed a move")
	}
	slices.Sort(delays)
	b.ReportMetric(float64(delays[len(delays)/2].Microseconds()), "µs-median")
	b.ReportMetric(float64(delays[len(delays)*9/10].Microseconds()), "µs-p90")
}

// BenchmarkRealServerLevels plays whole games on the reference server
// between two clients of two built-in levels: moves a second through the
// whole loop (server, two clients, two searches) from START to the end,
// and the time a game takes with the login and the pairing.
func BenchmarkRealServerLevels(b *testing.B) {
	addr, _ := csatest.RealServer(b)
	moves, n := 0, 0
	var playing time.Duration
	for b.Loop() {
		n++
		gameName := "bench" + string(rune('a'+n%26)) + "-60-1"
		var wg sync.WaitGroup
		sides := make([]side, 2)
		for i, lv := range []string{"beginner", "novice"} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				cfg := csa.Config{Addr: addr, ID: lv, Password: gameName + ",pw", Timeout: 10 * time.Second}
				sides[i] = realGame(context.Background(), cfg, "", "", level(b, lv, uint64(n*2+i)))
			}()
		}
		wg.Wait()
		if sides[0].err != nil || sides[1].err != nil {
			b.Fatalf("%v / %v", sides[0].err, sides[1].err)
		}
		moves += len(sides[0].moves)
		playing += sides[0].res.Ended.Sub(sides[0].res.Began)
	}
	b.ReportMetric(float64(moves)/playing.Seconds(), "moves/s")
}
