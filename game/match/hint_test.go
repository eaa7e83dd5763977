package match

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"shogi/game"
	"shogi/game/usi"
	"shogi/game/usi/usitest"
)

// goSeen is a transcript that says when the engine was told to go.
type goSeen struct {
	mu   sync.Mutex
	buf  bytes.Buffer
	once sync.Once
	went chan struct{}
}

func (g *goSeen) Write(b []byte) (int, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.buf.Write(b)
	if bytes.Contains(g.buf.Bytes(), []byte("> go ")) {
		g.once.Do(func() { close(g.went) })
	}
	return len(b), nil
}

// enginesNamed counts the running processes whose environment names the
// fake engine token: the operating system's word on whether it runs.
func enginesNamed(t *testing.T, token string) int {
	t.Helper()
	envs, err := filepath.Glob("/proc/[0-9]*/environ")
	if err != nil || len(envs) == 0 {
		t.Skipf("no /proc to see processes in: %v", err)
	}
	want := []byte(usitest.Env + "=name=" + token)
	n := 0
	for _, f := range envs {
		b, err := os.ReadFile(f)
		if err == nil && bytes.Contains(b, want) {
			n++
		}
	}
	return n
}

// Close gives up the hint being answered and returns only once the
// engine's process has ended: nothing of the hinter runs on without an
// owner. The Ask in progress returns ErrHinterClosed, as do later ones.
func TestHinterCloseWaits(t *testing.T) {
	token := fmt.Sprintf("hint%d-%d", os.Getpid(), time.Now().UnixNano()) // one engine of this run alone
	seen := &goSeen{went: make(chan struct{})}
	cfg := usi.Config{Env: []string{usitest.Env + "=name=" + token + ",think=1h"}, Log: log.New(seen, "", 0),
		Timeout: 5 * time.Second, StopGrace: 2 * time.Second, QuitGrace: 3 * time.Second}
	h := NewHinter(Spec{Kind: USIKind, Name: os.Args[0]}, cfg, time.Hour)
	asked := make(chan error, 1)
	go func() {
		_, err := h.Ask(context.Background(), game.StartPosition(), nil, 1)
		asked <- err
	}()
	select {
	case <-seen.went:
	case err := <-asked:
		t.Fatalf("Ask returned before the engine thought: %v", err)
	}
	if n := enginesNamed(t, token); n != 1 {
		t.Fatalf("%d engines run while the hint is thought, want 1", n)
	}
	h.Close()
	// Close returned: the engine the hint was asked of has ended (Ask
	// gave the hint up and closed it before letting Close on).
	if n := enginesNamed(t, token); n != 0 {
		t.Fatalf("%d engines still run after Close", n)
	}
	select {
	case err := <-asked:
		if !errors.Is(err, ErrHinterClosed) {
			t.Errorf("Ask after Close: %v, want ErrHinterClosed", err)
		}
	case <-time.After(time.Minute): // a backstop: the hint's budget is an hour
		t.Fatal("Ask still thinks after Close")
	}
	if _, err := h.Ask(context.Background(), game.StartPosition(), nil, 1); !errors.Is(err, ErrHinterClosed) {
		t.Errorf("Ask after Close: %v, want ErrHinterClosed", err)
	}
}
