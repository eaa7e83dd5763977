package cluster

import (
	"errors"
	"strings"
	"sync"
	"testing"
	"time"
)

// The limits hold across nodes: the sessions of one count against the
// other's admissions, and a node that died stops counting.
func TestLimitsAcrossNodes(t *testing.T) {
	t.Parallel()
	ns := startNATS(t)
	a := startNode(t, Config{Name: "a", URLs: []string{ns.URL()}})
	b := startNode(t, Config{Name: "b", URLs: []string{ns.URL()}})
	la, lb := a.Limits(3, 2, 100), b.Limits(3, 2, 100)
	admit := func(l *Limits, ip string) func() {
		t.Helper()
		release, err := l.Admit(ip)
		if err != nil {
			t.Fatalf("%s from %s: %v", l.n.Name(), ip, err)
		}
		return release
	}
	refused := func(l *Limits, ip, want string) {
		t.Helper()
		_, err := l.Admit(ip)
		var r *RefusedError
		if !errors.As(err, &r) || !strings.Contains(r.Why, want) {
			t.Fatalf("%s from %s: %v, want refused: %s", l.n.Name(), ip, err, want)
		}
	}
	r1 := admit(la, "10.0.0.1")
	admit(lb, "10.0.0.1")
	refused(la, "10.0.0.1", "too many sessions from your address (at most 2 at once)")
	refused(lb, "::ffff:10.0.0.1", "too many sessions from your address") // the same address in IPv6 form
	admit(lb, "10.0.0.2")
	refused(la, "10.0.0.3", "the server is full (3 sessions)")
	r1()
	admit(la, "10.0.0.3")
	// a dies with its session: once its name lapses, its session no
	// longer counts.
	a.Close()
	refused(lb, "10.0.0.4", "the server is full")
	eventually(t, 10*time.Second, "a's sessions to stop counting", func() bool {
		release, err := lb.Admit("10.0.0.4")
		if err == nil {
			release()
		}
		return err == nil
	})
}

// At the same moment, on two nodes, two admissions for the last place:
// one wins.
func TestLimitsRace(t *testing.T) {
	t.Parallel()
	ns := startNATS(t)
	nodes := []*Node{startNode(t, Config{Name: "a", URLs: []string{ns.URL()}}), startNode(t, Config{Name: "b", URLs: []string{ns.URL()}})}
	const places = 5
	var wg sync.WaitGroup
	var mu sync.Mutex
	admitted, full := 0, 0
	for i := range 16 {
		wg.Go(func() {
			_, err := nodes[i%2].Limits(places, 100, 100).Admit("10.1.0." + string(rune('a'+i)))
			mu.Lock()
			defer mu.Unlock()
			var r *RefusedError
			switch {
			case err == nil:
				admitted++
			case errors.As(err, &r):
				full++
			default:
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if admitted != places || full != 16-places {
		t.Errorf("admitted %d, refused %d; want %d and %d", admitted, full, places, 16-places)
	}
}

// The rate of new connections from one address holds across nodes.
func TestLimitsRate(t *testing.T) {
	t.Parallel()
	ns := startNATS(t)
	a := startNode(t, Config{Name: "a", URLs: []string{ns.URL()}})
	b := startNode(t, Config{Name: "b", URLs: []string{ns.URL()}})
	for i := range 3 {
		release, err := []*Node{a, b}[i%2].Limits(100, 100, 3).Admit("192.0.2.7")
		if err != nil {
			t.Fatal(err)
		}
		release()
	}
	_, err := b.Limits(100, 100, 3).Admit("192.0.2.7")
	var r *RefusedError
	if !errors.As(err, &r) || !strings.Contains(r.Why, "at most 3 a minute") {
		t.Fatalf("fourth in a minute: %v", err)
	}
}
