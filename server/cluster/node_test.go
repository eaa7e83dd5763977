package cluster

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"shogi/app/lobby"
	"shogi/internal/testenv"
)

// A node alone embeds NATS in the process with no listener at all, and
// still goes through JetStream like a cluster: its name is registered,
// codes are claimed, the list is followed.
func TestInProcessNode(t *testing.T) {
	t.Parallel()
	n := startNode(t, Config{Name: "solo", StoreDir: t.TempDir()})
	if n.srv == nil || n.srv.Addr() != nil || n.srv.ClusterAddr() != nil {
		t.Fatalf("want an embedded server with no listener")
	}
	if n.Replicas() != 1 || !n.Connected() {
		t.Errorf("replicas %d, connected %v", n.Replicas(), n.Connected())
	}
	nodes, err := n.Nodes(context.Background())
	if err != nil || len(nodes) != 1 || nodes[0].Name != "solo" {
		t.Fatalf("registry: %v %v", nodes, err)
	}
	d, err := n.Directory(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if err := d.Claim("ACE47", lobby.Info{Code: "ACE47", Names: [2]string{"alice"}}); err != nil {
		t.Fatal(err)
	}
	if err := d.Claim("ACE47", lobby.Info{Code: "ACE47"}); !errors.Is(err, ErrCodeTaken) {
		t.Errorf("second claim: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := d.Wait(ctx, func(ls []Listing) bool { return len(ls) == 1 && ls[0].Names[0] == "alice" && ls[0].Node == "solo" }); err != nil {
		t.Fatalf("list: %v", d.Tables())
	}
}

// The flags' contract: what cannot work together is refused before any
// server starts.
func TestStartRefusals(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		cfg  Config
		want string
	}{
		{Config{}, "a node needs a name"},
		{Config{Name: "a b"}, "letters, digits"},
		{Config{Name: "a", URLs: []string{"nats://127.0.0.1:1"}, Listen: "127.0.0.1:1"}, "not both"},
		{Config{Name: "a", Routes: []string{"127.0.0.1:1"}}, "routes need an address"},
		{Config{Name: "a"}, "no directory"},
		{Config{Name: "a", StoreDir: t.TempDir(), Listen: "127.0.0.1"}, "listen address"},
		{Config{Name: "a", StoreDir: t.TempDir(), Listen: "127.0.0.1:1", Routes: []string{"127.0.0.1:x"}}, "route"},
	} {
		_, err := Start(context.Background(), c.cfg)
		var se *StartError
		if !errors.As(err, &se) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want a StartError saying %q", c.cfg, err, c.want)
		}
	}
}

// A NATS that cannot be reached at start is an error that says where.
func TestUnreachableAtStart(t *testing.T) {
	t.Parallel()
	url := "nats://127.0.0.1:" + strconv.Itoa(testenv.FreePort(t))
	_, err := Start(context.Background(), quick(Config{Name: "a", URLs: []string{url}}))
	var se *StartError
	if !errors.As(err, &se) || !strings.Contains(err.Error(), "reach NATS at "+url) {
		t.Fatalf("got %v", err)
	}
}

// Two live nodes cannot share a name; a node that died frees its name
// when its time to live lapses, one that shut down at once.
func TestSameNameRefused(t *testing.T) {
	t.Parallel()
	ns := startNATS(t)
	a := startNode(t, Config{Name: "east", URLs: []string{ns.URL()}})
	_, err := Start(context.Background(), quick(Config{Name: "east", URLs: []string{ns.URL()}}))
	var taken *NameTakenError
	if !errors.As(err, &taken) || taken.Other.Name != "east" || taken.Other.PID == 0 ||
		!strings.Contains(err.Error(), `a node named "east" is already running`) {
		t.Fatalf("second east: %v", err)
	}
	// The first one beats: its name stays held past its time to live.
	eventually(t, 10*time.Second, "a beat twice the time to live after the start", func() bool {
		e, err := a.nodes.Get(context.Background(), "east")
		if err != nil {
			return false
		}
		r, err := decodeNode(e.Value())
		return err == nil && r.Beat.Sub(r.Started) > 2*a.cfg.NodeTTL
	})
	if _, err := Start(context.Background(), quick(Config{Name: "east", URLs: []string{ns.URL()}})); !errors.As(err, &taken) {
		t.Fatalf("east taken while the first beats: %v", err)
	}
	// Dies without a word: the name lapses.
	a.Close()
	eventually(t, 10*time.Second, "the dead node's name to lapse", func() bool {
		n, err := Start(context.Background(), quick(Config{Name: "east", URLs: []string{ns.URL()}}))
		if err == nil {
			t.Cleanup(n.Close)
		}
		return err == nil
	})
	// Shuts down: the name is free at once.
	b := startNode(t, Config{Name: "west", URLs: []string{ns.URL()}})
	if err := b.Shutdown(context.Background()); err != nil {
		t.Fatal(err)
	}
	startNode(t, Config{Name: "west", URLs: []string{ns.URL()}})
}

// silentWatch is a watch whose server has gone: it said where the initial
// values end and has said nothing since.
type silentWatch struct{ ch chan jetstream.KeyValueEntry }

func (w silentWatch) Updates() <-chan jetstream.KeyValueEntry { return w.ch }
func (w silentWatch) Stop() error                             { return nil }

// A list whose watch goes silent while the bucket moves on is watched
// again (a node that died took the watch's server with it, and the client
// library took 20 s to notice): the table claimed meanwhile is listed.
func TestDirectoryWatchesAgainWhenStale(t *testing.T) {
	t.Parallel()
	n := startNode(t, Config{Name: "solo", StoreDir: t.TempDir()})
	w := silentWatch{make(chan jetstream.KeyValueEntry, 1)}
	w.ch <- nil
	stale := n.directory(w, 100*time.Millisecond)
	defer stale.Close()
	live, err := n.Directory(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer live.Close()
	if err := live.Claim("STALE", lobby.Info{Code: "STALE"}); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	err = stale.Wait(ctx, func(ls []Listing) bool { return len(ls) == 1 && ls[0].Code == "STALE" })
	if err != nil {
		t.Fatalf("the list behind a silent watch: %v %v", stale.Tables(), err)
	}
}

// A directory keeps its watch while nothing goes wrong: checks pass and
// tables come and go on the one watch. Its first watch's context used to
// end once the watch was made, which ends the watch in nats.go: the
// directory made a new one thousands of times a second, from the start,
// at full CPU (the list stayed right, so no other test saw it).
func TestDirectoryKeepsItsWatch(t *testing.T) {
	t.Parallel()
	n := startNode(t, Config{Name: "keep", StoreDir: t.TempDir()})
	d := n.directory(nil, 50*time.Millisecond)
	defer d.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for _, code := range []string{"KEEP1", "KEEP2"} {
		if err := d.Claim(code, lobby.Info{Code: code}); err != nil {
			t.Fatal(err)
		}
		if err := d.Wait(ctx, func(ls []Listing) bool {
			return slices.ContainsFunc(ls, func(l Listing) bool { return l.Code == code })
		}); err != nil {
			t.Fatalf("%s never listed: %v", code, err)
		}
	}
	if err := d.Release("KEEP1"); err != nil {
		t.Fatal(err)
	}
	if err := d.Wait(ctx, func(ls []Listing) bool { return len(ls) == 1 && ls[0].Code == "KEEP2" }); err != nil {
		t.Fatalf("KEEP1 still listed: %v %v", d.Tables(), err)
	}
	for d.checks.Load() < 4 {
		select {
		case <-ctx.Done():
			t.Fatalf("the directory made %d checks and %d watches in 30 s", d.checks.Load(), d.watches.Load())
		case <-time.After(10 * time.Millisecond):
		}
	}
	if w := d.watches.Load(); w != 1 {
		t.Errorf("%d watches made, want 1", w)
	}
}
