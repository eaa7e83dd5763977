package cluster

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net"
	"slices"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"

	"shogi/app/lobby"
	"shogi/game/match"
)

// BenchmarkRelayMove plays moves at a table refereed on node a between
// alice, seated on a, and bob, seated on b through the table's subjects,
// and reports for each side how long a move takes from the player's
// request until the player's own view has it (own_*) and until the
// opponent's view has it (seen_*), median and 99th percentile in
// microseconds, and the NATS messages of both nodes per move (saves of
// the table's state, leases and the list included).
func BenchmarkRelayMove(b *testing.B) {
	url := startNATSB(b)
	a := startRelayNodeB(b, Config{Name: "a", URLs: []string{url}})
	bn := startRelayNodeB(b, Config{Name: "b", URLs: []string{url}})
	// The saves are read on a third node, whose messages are not counted.
	reader := startNodeB(b, Config{Name: "r", URLs: []string{url}})
	rng := rand.New(rand.NewPCG(1, 2))
	var ownLocal, ownFar, seenByFar, seenByLocal []time.Duration
	var msgs uint64
	moves := 0
	stats := func() uint64 {
		var n uint64
		for _, x := range []*Node{a.n, bn.n} {
			s := x.nc.Stats()
			n += s.InMsgs + s.OutMsgs
		}
		return n
	}
	var alice, bob *lobby.Seat
	var aliceSub, bobSub *match.Subscription
	newTable := func() {
		alice0, err := a.l.Create(lobby.Person{Name: "alice"}, lobby.Options{Time: match.TimeControl{Main: time.Hour}})
		if err != nil {
			b.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := bn.d.Wait(ctx, func(ls []Listing) bool {
			return slices.ContainsFunc(ls, func(l Listing) bool { return l.Code == alice0.Code() })
		}); err != nil {
			b.Fatal(err)
		}
		bob0, err := bn.l.Join(alice0.Code(), lobby.Person{Name: "bob"})
		if err != nil {
			b.Fatal(err)
		}
		for {
			if _, ok := bob0.Side(); ok && alice0.Match() != nil {
				break
			}
			time.Sleep(time.Millisecond)
		}
		alice, bob = alice0, bob0
		aliceSub, bobSub = alice.Match().Subscribe(), bob.Control().Subscribe()
	}
	// waitPly waits for sub to report move ply.
	waitPly := func(sub *match.Subscription, ply int) {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		for {
			ev, err := sub.Next(ctx)
			if err != nil {
				b.Fatalf("waiting for move %d: %v", ply, err)
			}
			if m, ok := ev.(match.MoveEvent); ok && m.Ply >= ply {
				return
			}
		}
	}
	newTable()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		snap := alice.Match().Snapshot()
		if snap.Over || len(snap.Moves) >= 60 {
			b.StopTimer()
			_ = alice.Resign()
			newTable()
			b.StartTimer()
			snap = alice.Match().Snapshot()
		}
		pos := snap.Start
		for _, mv := range snap.Moves {
			pos = pos.Play(mv)
		}
		legal := pos.LegalMoves(nil)
		mv := legal[rng.IntN(len(legal))]
		ply := len(snap.Moves) + 1
		before := stats()
		start := time.Now()
		side, _ := alice.Side()
		local := pos.SideToMove() == side
		var err error
		if local {
			err = alice.Control().SubmitMove(side, mv)
		} else {
			bs, _ := bob.Side()
			err = bob.Control().SubmitMove(bs, mv)
		}
		if err != nil {
			b.Fatalf("move %d %s: %v", ply, mv.USI(), err)
		}
		own := time.Since(start)
		if local {
			waitPly(bobSub, ply)
			ownLocal, seenByFar = append(ownLocal, own), append(seenByFar, time.Since(start))
			waitPly(aliceSub, ply)
		} else {
			waitPly(aliceSub, ply)
			ownFar, seenByLocal = append(ownFar, own), append(seenByLocal, time.Since(start))
			waitPly(bobSub, ply)
		}
		// The state's save follows each move on its own goroutine: its
		// messages are counted once it is done.
		b.StopTimer()
		waitSaved(b, reader, alice.Code(), ply)
		msgs += stats() - before
		moves++
		b.StartTimer()
	}
	b.StopTimer()
	report := func(name string, ds []time.Duration) {
		if len(ds) == 0 {
			return
		}
		slices.Sort(ds)
		b.ReportMetric(float64(ds[len(ds)/2].Microseconds()), name+"_p50_µs")
		b.ReportMetric(float64(ds[min(len(ds)-1, len(ds)*99/100)].Microseconds()), name+"_p99_µs")
	}
	report("own_local", ownLocal)
	report("own_far", ownFar)
	report("seen_by_far", seenByFar)
	report("seen_by_local", seenByLocal)
	b.ReportMetric(float64(msgs)/float64(moves), "msgs/move")
}

// waitSaved waits until the saved state of code holds ply moves.
func waitSaved(b *testing.B, n *Node, code string, ply int) {
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		st, _, err := n.Store().Saved(context.Background(), code)
		if err == nil && len(st.Moves) >= ply {
			return
		}
		time.Sleep(time.Millisecond)
	}
	b.Fatalf("move %d not saved", ply)
}

// startNATSB starts a lone NATS server with JetStream on a loopback
// port for a benchmark, and returns its URL.
func startNATSB(b *testing.B) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	srv, err := server.NewServer(&server.Options{Host: "127.0.0.1", Port: port, JetStream: true, StoreDir: b.TempDir(),
		NoSigs: true, NoLog: true, ServerName: "bench"})
	if err != nil {
		b.Fatal(err)
	}
	srv.Start()
	if !srv.ReadyForConnections(10 * time.Second) {
		b.Fatal("the NATS server did not start")
	}
	b.Cleanup(func() { srv.Shutdown(); srv.WaitForShutdown() })
	return fmt.Sprintf("nats://127.0.0.1:%d", port)
}

func startNodeB(b *testing.B, cfg Config) *Node {
	n, err := Start(context.Background(), quick(cfg))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(n.Close)
	return n
}

// startRelayNodeB is startRelayNode for a benchmark.
func startRelayNodeB(b *testing.B, cfg Config) *relayNode {
	n := startNodeB(b, cfg)
	d, err := n.Directory(context.Background())
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(d.Close)
	l := lobby.New(lobby.Config{Directory: d, Store: n.Store(), Far: n.Relay(d)})
	b.Cleanup(func() { _ = l.Shutdown(context.Background(), "the benchmark ends") })
	return &relayNode{n: n, d: d, l: l}
}
