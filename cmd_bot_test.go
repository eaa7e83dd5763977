package main

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"testing"

	"shogi/game/bot"
	"shogi/internal/testenv"
)

// `shogi bot --bench` and bench under `shogi usi` print the same
// signature: the same count for each position and in total. Both ways
// call one search over one set of positions; what could differ is the
// way there (the USI server's bench command reaching the built-in
// engine's search behind the book, the lines it prefixes). That is shown
// as well at a depth that takes a fraction of a second as at the full
// depth (bot.BenchDepth), whose two runs cost half a minute of CPU: the
// long tier (SHOGI_LONG_TESTS=1) runs them; game/bot's TestBenchIsASignature
// shows the count is the same run after run.
func TestBenchSignatureBothWays(t *testing.T) {
	t.Parallel()
	depth := 6
	if testenv.Long() {
		depth = bot.BenchDepth
	} else {
		// The hook is read by both commands; no other test runs bench.
		benchDepth = depth
		t.Cleanup(func() { benchDepth = 0 })
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
	counts := regexp.MustCompile(`(?m)^(?:info string )?((?:position \d+/\d+: |bench: )\d+ nodes(?: \(\d+ positions, depth \d+\))?)`)
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
	total := a[len(a)-1][1]
	if want := fmt.Sprintf("positions, depth %d)", depth); !strings.HasPrefix(total, "bench: ") || !strings.HasSuffix(total, want) {
		t.Errorf("the last count is %q, want the total at depth %d", total, depth)
	}
}
