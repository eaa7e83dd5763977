package cluster

import (
	"context"
	"errors"
	"fmt"
	"net"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"shogi/app/lobby"
	"shogi/game"
	"shogi/internal/testenv"
)

// A node cut off from the others by its routes: three nodes with
// embedded, routed NATS whose routes all go through proxies, which drop
// every route of the third at once. The isolated node referees a table with a game in
// progress; the two others keep JetStream's quorum, and one of them can
// take the table's lease only once the isolated node has stopped
// counting itself its referee — never two referees at once. The isolated
// node's late saves are refused, and its lobby refuses a new table in
// the words its players read; the majority's lobby opens one.
func TestPartitionedNodeNoSplitBrain(t *testing.T) {
	if !testenv.Long() {
		// Usually 15–25 s; past a minute on a machine loaded far past its
		// cores, while the two sides elect the streams' leaders.
		t.Skip("three routed nodes and a partition: SHOGI_LONG_TESTS=1")
	}
	t.Parallel()
	// Every route goes through a proxy: each node advertises its
	// proxy's address, so the routes the servers learn of one another
	// lead there too.
	var listen, proxies []string
	for range 3 {
		listen = append(listen, fmt.Sprintf("127.0.0.1:%d", testenv.FreePort(t)))
		proxies = append(proxies, fmt.Sprintf("127.0.0.1:%d", testenv.FreePort(t)))
	}
	var pxs []*routeProxy
	for i := range 3 {
		pxs = append(pxs, startRouteProxy(t, proxies[i], listen[i]))
	}
	var cfgs []Config
	for i, name := range []string{"n1", "n2", "n3"} {
		cfgs = append(cfgs, Config{Name: name, Listen: listen[i], Advertise: proxies[i], Routes: proxies, StoreDir: t.TempDir()})
	}
	nodes := make([]*Node, 3)
	var wg sync.WaitGroup
	for i, c := range cfgs {
		wg.Go(func() { nodes[i] = startNode(t, c) })
	}
	wg.Wait()
	if t.Failed() {
		t.FailNow()
	}
	n1, n3 := nodes[0], nodes[2]
	ctx := context.Background()

	// A game on n3: n3 referees it, and its state is in the cluster.
	d3, err := n3.Directory(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(d3.Close)
	lob3 := lobby.New(lobby.Config{GamesDir: t.TempDir(), Directory: d3, Store: n3.Store()})
	t.Cleanup(func() { _ = lob3.Shutdown(context.Background(), "the test ended") })
	alice, err := lob3.Create(lobby.Person{Name: "alice"}, lobby.Options{})
	if err != nil {
		t.Fatal(err)
	}
	code := alice.Code()
	bob, err := lob3.Join(code, lobby.Person{Name: "bob"})
	if err != nil {
		t.Fatal(err)
	}
	eventually(t, 10*time.Second, "the game to start", func() bool { return alice.Match() != nil })
	pos := game.StartPosition()
	for i, u := range []string{"7g7f", "3c3d"} {
		m, err := pos.ParseUSI(u)
		if err != nil {
			t.Fatal(err)
		}
		if err := []*lobby.Seat{alice, bob}[i].Move(m); err != nil {
			t.Fatalf("move %s: %v", u, err)
		}
		pos = pos.Play(m)
	}
	eventually(t, 20*time.Second, "n3's state with two moves, read on n1", func() bool {
		st, referee, err := n1.Store().Saved(ctx, code)
		return err == nil && referee == "n3" && len(st.Moves) == 2
	})
	n3.mu.Lock()
	l3lease := n3.owned[code]
	n3.mu.Unlock()
	if l3lease == nil || !l3lease.Valid() {
		t.Fatal("n3 does not hold the table's lease")
	}

	// The routes to n3 are dropped.
	cut := time.Now()
	_, port, _ := strings.Cut(listen[2], ":")
	for _, px := range pxs {
		px.Cut("n3-" + port)
	}
	eventually(t, 10*time.Second, "n3 without routes", func() bool {
		return n3.srv.NumRoutes() == 0
	})
	// n1 takes the table; the moment it holds the lease, n3 must have
	// given up already. (With the test's short lease, n1's own may lapse
	// while the streams elect their leaders: it takes it again.)
	deadline := time.Now().Add(60 * time.Second)
	take := func() *Lease {
		t.Helper()
		for {
			actx, cancel := context.WithTimeout(ctx, 2*time.Second)
			l, err := n1.Acquire(actx, code)
			cancel()
			if err == nil {
				if l3lease.Valid() {
					t.Fatal("split brain: n3's lease is valid while n1 holds it")
				}
				return l
			}
			if time.Now().After(deadline) {
				t.Fatalf("n1 never took the table: %v", err)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	l1lease := take()
	// The figure for the docs: how long the table had no referee.
	t.Logf("n1 took the lease %v after the partition (lease TTL %v)", time.Since(cut).Round(10*time.Millisecond), n1.cfg.LeaseTTL)
	select {
	case <-l3lease.Lost():
	case <-time.After(5 * time.Second):
		t.Fatal("n3's Lost not closed")
	}
	var st lobby.TableState
	eventually(t, 60*time.Second, "n1 to read the table's state", func() bool {
		if !l1lease.Valid() {
			l1lease = take()
		}
		lctx, cancel := context.WithTimeout(ctx, 2*time.Second)
		defer cancel()
		st, err = l1lease.Load(lctx)
		return err == nil
	})
	if len(st.Moves) != 2 || st.Seats[0].Name != "alice" || st.Seats[1].Name != "bob" {
		t.Fatalf("n1 took over %d moves, seats %+v", len(st.Moves), st.Seats)
	}
	// n3 saving on: refused (its lease is gone and it has no quorum).
	if err := n3.Store().Save(testState(code, 3)); err == nil {
		t.Fatal("the isolated node saved the table's state")
	}
	// A read may be served by a replica a write behind (direct gets).
	eventually(t, 10*time.Second, "the state's referee to read n1", func() bool {
		_, referee, err := n1.Store().Saved(ctx, code)
		return err == nil && referee == "n1"
	})
	// n3's players asking for a new table read why they cannot have one.
	if _, err := lob3.Create(lobby.Person{Name: "carol"}, lobby.Options{}); !errors.Is(err, lobby.ErrNoCluster) ||
		!strings.Contains(err.Error(), "cannot reach the other nodes") {
		t.Fatalf("a new table on the isolated node: %v", err)
	}
	// The majority's lobby opens one.
	// (The list's stream may be electing a leader still.)
	var d1 *Directory
	eventually(t, 60*time.Second, "n1 to follow the list", func() bool {
		wctx, cancel := context.WithTimeout(ctx, 3*time.Second)
		defer cancel()
		d1, err = n1.Directory(wctx)
		return err == nil
	})
	t.Cleanup(d1.Close)
	lob1 := lobby.New(lobby.Config{GamesDir: t.TempDir(), Directory: d1, Store: n1.Store()})
	t.Cleanup(func() { _ = lob1.Shutdown(context.Background(), "the test ended") })
	eventually(t, 60*time.Second, "a new table on the majority's side", func() bool {
		_, err := lob1.Create(lobby.Person{Name: "dave"}, lobby.Options{})
		return err == nil
	})
}

// routeProxy forwards routes to one node's embedded server, and cuts
// every route of a server named to Cut, now and later: it finds the
// servers' names in the INFO each end sends first.
type routeProxy struct {
	ln     net.Listener
	target string

	mu    sync.Mutex
	cut   []string
	links []*link
}

// link is one route through the proxy, and what went through it first.
type link struct {
	a, b net.Conn
	mu   sync.Mutex
	seen []byte
}

func startRouteProxy(t *testing.T, addr, target string) *routeProxy {
	t.Helper()
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	p := &routeProxy{ln: ln, target: target}
	go p.accept()
	t.Cleanup(p.close)
	return p
}

func (p *routeProxy) accept() {
	for {
		c, err := p.ln.Accept()
		if err != nil {
			return
		}
		up, err := net.Dial("tcp", p.target)
		if err != nil {
			c.Close()
			continue
		}
		lk := &link{a: c, b: up}
		p.mu.Lock()
		p.links = append(p.links, lk)
		p.mu.Unlock()
		go p.pipe(lk, up, c)
		go p.pipe(lk, c, up)
	}
}

// pipe copies src to dst until either closes or the link is cut.
func (p *routeProxy) pipe(lk *link, dst, src net.Conn) {
	defer lk.a.Close()
	defer lk.b.Close()
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		if n > 0 {
			lk.mu.Lock()
			if len(lk.seen) < 16<<10 {
				lk.seen = append(lk.seen, buf[:n]...)
			}
			lk.mu.Unlock()
			if p.severed(lk) {
				return
			}
			if _, werr := dst.Write(buf[:n]); werr != nil {
				return
			}
		}
		if err != nil {
			return
		}
	}
}

// severed reports whether lk carries a route of a server cut off.
func (p *routeProxy) severed(lk *link) bool {
	p.mu.Lock()
	cut := p.cut
	p.mu.Unlock()
	lk.mu.Lock()
	defer lk.mu.Unlock()
	for _, name := range cut {
		if strings.Contains(string(lk.seen), `"`+name+`"`) {
			return true
		}
	}
	return false
}

// Cut drops every route of the server named name, and any it opens later.
func (p *routeProxy) Cut(name string) {
	p.mu.Lock()
	p.cut = append(p.cut, name)
	links := slices.Clone(p.links)
	p.mu.Unlock()
	for _, lk := range links {
		if p.severed(lk) {
			lk.a.Close()
			lk.b.Close()
		}
	}
}

func (p *routeProxy) close() {
	p.ln.Close()
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, lk := range p.links {
		lk.a.Close()
		lk.b.Close()
	}
}
