package lobby

import (
	"errors"
	"sync"
	"testing"
	"time"

	"shogi/game/match"
)

// flakyStore fails every save while down, and keeps the ones that
// succeed in a memStore.
type flakyStore struct {
	*memStore
	mu     sync.Mutex
	down   bool
	failed int
}

func (f *flakyStore) Save(s TableState) error {
	f.mu.Lock()
	down := f.down
	if down {
		f.failed++
	}
	f.mu.Unlock()
	if down {
		f.kick()
		return errors.New("the store is away")
	}
	return f.memStore.Save(s)
}

func (f *flakyStore) setDown(d bool) {
	f.mu.Lock()
	f.down = d
	f.mu.Unlock()
}

func (f *flakyStore) failures() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.failed
}

// A save that fails is tried again without a new event at the table: a
// table waiting for its second player (no game runs, nothing happens at
// it) whose first save failed reaches the store once the store is back.
func TestKeeperRetriesFailedSave(t *testing.T) {
	ft := match.NewFakeTime(time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC))
	store := &flakyStore{memStore: newMemStore(), down: true}
	l := newStoreLobby(t, ft, store)
	a, err := l.Create(Person{Name: "alice"}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	code := a.Code()
	deadline := time.Now().Add(5 * time.Second)
	for store.failures() == 0 {
		if time.Now().After(deadline) {
			t.Fatal("no save tried for the new table")
		}
		select {
		case <-store.notify:
		case <-time.After(10 * time.Millisecond):
		}
	}
	store.setDown(false)
	// The retry waits on the lobby's clock: it is moved on until the
	// state is saved (each step past the longest wait between tries).
	deadline = time.Now().Add(5 * time.Second)
	for {
		if s, ok := store.last(code); ok && s.Seats[0].Name == "alice" && !s.Started {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the table was never saved once the store was back")
		}
		ft.Advance(keepRetryMax)
		select {
		case <-store.notify:
		case <-time.After(10 * time.Millisecond):
		}
	}
}
