package lobby

import (
	"context"
	"sync"
	"testing"
	"time"

	"shogi/game"
	"shogi/game/match"
)

// memStore is a TableStore in memory: the states saved, in order.
type memStore struct {
	mu      sync.Mutex
	saved   map[string][]TableState
	removed map[string]bool
	notify  chan struct{}
}

func newMemStore() *memStore {
	return &memStore{saved: map[string][]TableState{}, removed: map[string]bool{}, notify: make(chan struct{}, 1)}
}

func (m *memStore) Save(s TableState) error {
	m.mu.Lock()
	m.saved[s.Code] = append(m.saved[s.Code], s)
	m.mu.Unlock()
	m.kick()
	return nil
}

func (m *memStore) Remove(code string) error {
	m.mu.Lock()
	m.removed[code] = true
	m.mu.Unlock()
	m.kick()
	return nil
}

func (m *memStore) kick() {
	select {
	case m.notify <- struct{}{}:
	default:
	}
}

// last returns the latest state of table code.
func (m *memStore) last(code string) (TableState, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s := m.saved[code]
	if len(s) == 0 {
		return TableState{}, false
	}
	return s[len(s)-1], true
}

// await waits until the latest saved state of table code passes ok.
func (m *memStore) await(t *testing.T, code, what string, ok func(TableState) bool) TableState {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	for {
		if s, saved := m.last(code); saved && ok(s) {
			return s
		}
		select {
		case <-m.notify:
		case <-ctx.Done():
			s, _ := m.last(code)
			t.Fatalf("no saved state with %s; the last: %+v", what, s)
		}
	}
}

func newStoreLobby(t *testing.T, ft *match.FakeTime, store TableStore) *Lobby {
	t.Helper()
	l := New(Config{GamesDir: t.TempDir(), TimeSource: ft, Grace: time.Minute, Store: store})
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := l.Shutdown(ctx, "test over"); err != nil {
			t.Errorf("Shutdown: %v", err)
		}
	})
	return l
}

// The table's state is saved after each of its events, for another node
// to take it over: the start, a move, a chat line, a draw offer, a
// player leaving, the end; and removed when the table closes.
func TestStateSavedAfterEveryEvent(t *testing.T) {
	ft := match.NewFakeTime(time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC))
	store := newMemStore()
	l := newStoreLobby(t, ft, store)
	a, b := seated(t, l, Options{Time: match.TimeControl{Main: 10 * time.Minute}})
	code := a.Code()
	store.await(t, code, "the game started", func(s TableState) bool {
		return s.Started && s.Seats[0].Name == "alice" && s.Seats[1].Name == "bob" && s.Clock.Running
	})
	ft.Advance(7 * time.Second)
	play(t, a, "7g7f")
	s := store.await(t, code, "the first move", func(s TableState) bool { return len(s.Moves) == 1 })
	if s.Moves[0].USI() != "7g7f" || s.Spent[0] != 7*time.Second || s.Clock.Main[game.Black] != 10*time.Minute-7*time.Second {
		t.Errorf("move %v spent %v, Black has %v", s.Moves, s.Spent, s.Clock.Main[game.Black])
	}
	if err := b.Say("よろしく"); err != nil {
		t.Fatal(err)
	}
	store.await(t, code, "the chat line", func(s TableState) bool { return len(s.Chat) == 1 && s.Chat[0].Text == "よろしく" })
	if err := b.OfferDraw(); err != nil {
		t.Fatal(err)
	}
	store.await(t, code, "White's draw offer", func(s TableState) bool { return s.Offer != nil && *s.Offer == game.White })
	a.Leave()
	store.await(t, code, "alice away", func(s TableState) bool {
		return !s.Seats[0].Present && s.Seats[0].Deadline.Equal(ft.Now().Add(time.Minute))
	})
	if err := b.Resign(); err != nil {
		t.Fatal(err)
	}
	store.await(t, code, "the game over", func(s TableState) bool { return s.Over })
}
