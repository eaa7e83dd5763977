package main

import (
	"bytes"
	"regexp"
	"strings"
	"sync"
	"testing"
)

// `shogi bot --bench` and bench under `shogi usi` print the same
// signature: the same count for each position and in total.
func TestBenchSignatureBothWays(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("two bench runs take some seconds")
	}
	// The two runs at once: each is a search on one thread.
	var botOut, botErr, usiOut, usiErr bytes.Buffer
	var botCode, usiCode int
	var wg sync.WaitGroup
	wg.Go(func() { botCode = run([]string{"bot", "--bench"}, strings.NewReader(""), &botOut, &botErr) })
	wg.Go(func() { usiCode = run([]string{"usi"}, strings.NewReader("bench\nquit\n"), &usiOut, &usiErr) })
	wg.Wait()
	if botCode != 0 {
		t.Fatalf("shogi bot --bench: exit %d: %s", botCode, botErr.String())
	}
	if usiCode != 0 {
		t.Fatalf("shogi usi: exit %d: %s", usiCode, usiErr.String())
	}
	counts := regexp.MustCompile(`(?m)^(?:info string )?((?:position \d+/\d+: |bench: )\d+ nodes)`)
	a := counts.FindAllStringSubmatch(botOut.String(), -1)
	b := counts.FindAllStringSubmatch(usiOut.String(), -1)
	if len(a) < 2 || len(a) != len(b) {
		t.Fatalf("shogi bot --bench said\n%s\nshogi usi said\n%s", botOut.String(), usiOut.String())
	}
	for i := range a {
		if a[i][1] != b[i][1] {
			t.Errorf("line %d: %q from shogi bot, %q from shogi usi", i+1, a[i][1], b[i][1])
		}
	}
	if !strings.HasPrefix(a[len(a)-1][1], "bench: ") {
		t.Errorf("the last count is %q, want the total", a[len(a)-1][1])
	}
}
