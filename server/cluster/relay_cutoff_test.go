package cluster

import (
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"shogi/app/lobby"
	"shogi/internal/testenv"
)

// tail is the end of a log, at most n bytes.
func tail(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}

// The players at a table whose referee is cut off from the other nodes
// are told so at once; another node takes the table over, and the
// spectator it had on that node carries on there; when the routes come
// back, the cut-off node finds the table refereed elsewhere and tells
// its players that their game went on on another node, where their
// seats wait, and closes it here without touching the new referee's
// state or the cluster's list.
//
// It replaces TestRelayPartitionedRefereeTellsItsPlayers, which sat
// behind SHOGI_FLAKY_TESTS, with the faults that made that one fail most
// runs mended (a renewal that timed out but was written taken for the
// lease lost; a refused save still writing the list's line; see
// docs/deployment.md) and the state read until it is at the new
// referee's revision, as any replica may answer a read. A third fault
// (no takeover within a minute: the saved tables could not be listed
// while JetStream elected leaders) is mended in TakeOver.
func TestRelayCutOffRefereeTellsItsPlayers(t *testing.T) {
	if !testenv.Long() {
		t.Skip("three routed nodes, a partition and its healing: SHOGI_LONG_TESTS=1")
	}
	t.Parallel()
	var listen, proxies []string
	for range 3 {
		listen = append(listen, fmt.Sprintf("127.0.0.1:%d", testenv.FreePort(t)))
		proxies = append(proxies, fmt.Sprintf("127.0.0.1:%d", testenv.FreePort(t)))
	}
	var pxs []*routeProxy
	for i := range 3 {
		pxs = append(pxs, startRouteProxy(t, proxies[i], listen[i]))
	}
	nodes := make([]*relayNode, 3)
	logs := make([]*testLog, 3)
	var wg sync.WaitGroup
	for i, name := range []string{"n1", "n2", "n3"} {
		var lg *slog.Logger
		logs[i], lg = newTestLog()
		wg.Go(func() {
			nodes[i] = startRelayNode(t, Config{Name: name, Listen: listen[i], Advertise: proxies[i], Routes: proxies, StoreDir: t.TempDir(), Log: lg})
		})
	}
	t.Cleanup(func() {
		if t.Failed() {
			for i, l := range logs {
				var keep []string
				for _, line := range strings.Split(l.String(), "\n") {
					if !strings.Contains(line, `msg="nats: `) && !strings.Contains(line, "registry beat failed") &&
						!strings.Contains(line, "took this node's name") {
						keep = append(keep, line)
					}
				}
				t.Logf("n%d's log, without the NATS server's lines:\n%s", i+1, tail(strings.Join(keep, "\n"), 12000))
			}
		}
	})
	wg.Wait()
	if t.Failed() {
		t.FailNow()
	}
	n1, n3 := nodes[0], nodes[2]
	ctx := t.Context()

	alice, err := n3.l.Create(lobby.Person{Name: "alice"}, lobby.Options{})
	if err != nil {
		t.Fatal(err)
	}
	code := alice.Code()
	bob, err := n3.l.Join(code, lobby.Person{Name: "bob"})
	if err != nil {
		t.Fatal(err)
	}
	aliceEvents := collect(t, alice.Events())
	waitListedOn(t, n1.d, code, "n3")
	carol, err := n1.l.Watch(code, lobby.Person{Name: "carol"})
	if err != nil {
		t.Fatal(err)
	}
	carolEvents := collect(t, carol.Events())
	for _, u := range []string{"7g7f", "3c3d"} {
		playOn(t, []*lobby.Seat{alice, bob}, u)
	}
	eventually(t, 20*time.Second, "n3's state with two moves, read on n1", func() bool {
		st, referee, err := n1.n.Store().Saved(ctx, code)
		return err == nil && referee == "n3" && len(st.Moves) == 2
	})

	_, port, _ := strings.Cut(listen[2], ":")
	for _, px := range pxs {
		px.Cut("n3-" + port)
	}
	waitEvent(t, 20*time.Second, "alice told that her table's server is cut off", aliceEvents, func(e lobby.Event) bool {
		c, ok := e.(lobby.CutEvent)
		return ok && c.Cut
	})
	adopt := func(st lobby.TableState) error { _, err := n1.l.Adopt(st); return err }
	eventually(t, 60*time.Second, "n1 takes the table over", func() bool {
		took, err := n1.n.TakeOver(ctx, adopt)
		return err == nil && len(took) == 1
	})
	// bob goes on on n1; carol, there all along, sees his move.
	bob1, err := n1.l.Join(code, lobby.Person{Name: "bob"})
	if err != nil {
		t.Fatal(err)
	}
	alice1, err := n1.l.Join(code, lobby.Person{Name: "alice"})
	if err != nil {
		t.Fatal(err)
	}
	playOn(t, []*lobby.Seat{alice1, bob1}, "2g2f")
	eventually(t, 20*time.Second, "carol sees the third move", func() bool {
		ctl := carolControl(t, carolEvents)
		return ctl != nil && len(ctl.Snapshot().Moves) == 3
	})

	for _, px := range pxs {
		px.heal()
	}
	var lost lobby.LostEvent
	waitEvent(t, 90*time.Second, "alice on n3 told her game went on elsewhere", aliceEvents, func(e lobby.Event) bool {
		l, ok := e.(lobby.LostEvent)
		if ok {
			lost = l
		}
		return ok
	})
	if !strings.Contains(lost.Reason, "n1") {
		t.Errorf("the reason does not name the new referee: %q", lost.Reason)
	}
	waitEvent(t, 10*time.Second, "alice's seat on n3 closed", aliceEvents, func(e lobby.Event) bool {
		_, ok := e.(lobby.ClosedEvent)
		return ok
	})
	// n3 left the new referee's state and the list alone: the latest
	// state is the one n1 wrote last, and the list's line n1's. Reads are
	// served by any replica, n3's too while it catches up after the
	// routes are back: the state is read until it is at n1's revision.
	n1.n.mu.Lock()
	wrote := n1.n.written[code]
	n1.n.mu.Unlock()
	eventually(t, 20*time.Second, "the state at the revision n1 wrote last", func() bool {
		e, err := n1.n.state.Get(ctx, code)
		if err != nil || e.Revision() < wrote {
			return false
		}
		if r, err := decodeState(e.Value()); err != nil || r.Referee != "n1" {
			t.Fatalf("the state's latest revision %d (n1 wrote %d): referee %q (%v), want n1", e.Revision(), wrote, r.Referee, err)
		}
		return true
	})
	eventually(t, 20*time.Second, "the list's line n1's, with three moves", func() bool {
		e, err := n1.n.tables.Get(ctx, code)
		if err != nil {
			return false
		}
		r, err := decodeTable(e.Value())
		return err == nil && r.Node == "n1" && r.Moves == 3
	})
	// Each node's copy of the list follows the bucket; n1's, whose watch
	// may have been served by n3 when the routes dropped, catches up.
	waitListedOn(t, n1.d, code, "n1")
}
