package progress

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestRecordAndReopen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state", "shogi", "tsume.json")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2025, 5, 1, 12, 0, 0, 0, time.UTC)
	steps := []struct {
		id     string
		solved bool
		took   time.Duration
	}{
		{"001", true, 40 * time.Second},
		{"002", true, 90 * time.Second},
		{"003", false, 300 * time.Second},
		{"001", true, 20 * time.Second},
		{"004", true, time.Minute},
	}
	for i, st := range steps {
		if err := s.Record(st.id, st.solved, st.took, at.Add(time.Duration(i)*time.Hour)); err != nil {
			t.Fatal(err)
		}
	}
	check := func(s *Store) {
		t.Helper()
		got := s.Stats()
		want := Stats{Items: 4, Cleared: 3, Solved: 4, Failed: 1, Streak: 2, Best: 2,
			Spent: 510 * time.Second, LastTime: at.Add(4 * time.Hour)}
		if got != want {
			t.Errorf("stats %+v, want %+v", got, want)
		}
		it, ok := s.Item("001")
		if !ok || it.Solved != 2 || it.Best != 20*time.Second || it.Spent != time.Minute || !it.LastSolved {
			t.Errorf("001: %+v %v", it, ok)
		}
		if _, ok := s.Item("999"); ok {
			t.Error("an item never tried")
		}
	}
	check(s)
	back, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	check(back)
	// Nothing but the file is left in its directory.
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 1 {
		t.Errorf("the directory holds %d entries", len(entries))
	}
}

func TestOpenRefuses(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte("{\"items\": [1,"), 0o644)
	if _, err := Open(bad); err == nil || !strings.Contains(err.Error(), bad) {
		t.Errorf("a broken file: %v", err)
	}
	newer := filepath.Join(dir, "newer.json")
	os.WriteFile(newer, []byte(`{"version": 9, "items": {}}`), 0o644)
	if _, err := Open(newer); err == nil || !strings.Contains(err.Error(), "version 9") {
		t.Errorf("a newer file: %v", err)
	}
	// A refused file is left as it was.
	if data, _ := os.ReadFile(newer); string(data) != `{"version": 9, "items": {}}` {
		t.Errorf("the newer file changed: %q", data)
	}
}

func TestWriteFailsCleanly(t *testing.T) {
	dir := t.TempDir()
	// The file's place is a directory: the rename fails, and no temporary
	// file stays behind.
	path := filepath.Join(dir, "p.json")
	os.Mkdir(path, 0o755)
	os.WriteFile(filepath.Join(path, "x"), nil, 0o644)
	s, err := Open(filepath.Join(dir, "q.json"))
	if err != nil {
		t.Fatal(err)
	}
	s.path = path
	if err := s.Record("a", true, time.Second, time.Now()); err == nil {
		t.Fatal("no error")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("left behind: %d entries", len(entries))
	}
}

// Whatever the file holds, Open reads it or says why, and a store it
// reads takes a record.
func FuzzOpen(f *testing.F) {
	f.Add([]byte(`{"version":1,"streak":2,"best_streak":3,"items":{"001":{"solved":1,"failed":0,"spent_ns":5,"last":"2025-01-01T00:00:00Z","last_solved":true}}}`))
	f.Add([]byte(`{"items":{"a":null}}`))
	f.Add([]byte(`[]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), "p.json")
		os.WriteFile(path, data, 0o644)
		s, err := Open(path)
		if err != nil {
			if !strings.Contains(err.Error(), path) && !strings.Contains(err.Error(), "version") {
				t.Fatalf("the error does not name the file: %v", err)
			}
			return
		}
		if err := s.Record("x", true, time.Second, time.Unix(0, 0)); err != nil {
			t.Fatal(err)
		}
		if _, err := Open(path); err != nil {
			t.Fatalf("written, it does not read: %v", err)
		}
	})
}
