package gamedb

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// TestCompact: a file that merges left free pages in comes out of Compact
// smaller, with the same counts as a plain count over its games, the same
// stats, and a next import that goes on numbering its games.
func TestCompact(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	os.MkdirAll(a, 0o755)
	os.MkdirAll(b, 0o755)
	genGames(t, a, 120, 51)
	genGames(t, b, 40, 52)
	old := BatchSize
	BatchSize = 12 // many runs merged: their pages are left free
	defer func() { BatchSize = old }()
	path := filepath.Join(dir, "g.db")
	if _, err := Import(context.Background(), path, []string{a}, nil); err != nil {
		t.Fatal(err)
	}
	stats := func() Stats { return statsAt(t, path) }
	before := stats()
	res, err := Compact(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	fi, _ := os.Stat(path)
	if res.After != fi.Size() || res.After >= res.Before {
		t.Errorf("compacted %d → %d bytes (the file has %d)", res.Before, res.After, fi.Size())
	}
	if _, err := os.Stat(path + ".compact"); err == nil {
		t.Error("the copy is left beside the file")
	}
	after := stats()
	// The pages in use (the file itself grows 16 MB at a time).
	if after.Bytes >= before.Bytes*3/4 {
		t.Errorf("%d bytes of pages in use before, %d after: the free ones are still there", before.Bytes, after.Bytes)
	}
	t.Logf("pages in use: %d bytes before, %d after", before.Bytes, after.Bytes)
	before.Bytes, after.Bytes = 0, 0
	if before != after {
		t.Errorf("stats changed: %+v → %+v", before, after)
	}
	if _, err := Import(context.Background(), path, []string{b}, nil); err != nil {
		t.Fatal(err)
	}
	filesA, _ := filepath.Glob(filepath.Join(a, "*.csa"))
	filesB, _ := filepath.Glob(filepath.Join(b, "*.csa"))
	n := newNaive()
	positions := countFiles(t, n, append(filesA, filesB...))
	db, err := OpenReadOnly(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	n.check(t, db, positions)
	if s, _ := db.Stats(); s.Games != len(n.seen) {
		t.Errorf("%d games after the next import, %d distinct", s.Games, len(n.seen))
	}
}

// TestCompactCancelled: a compaction cut short leaves the file as it was
// and no copy beside it.
func TestCompactCancelled(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "src")
	os.MkdirAll(src, 0o755)
	genGames(t, src, 30, 53)
	path := filepath.Join(dir, "g.db")
	if _, err := Import(context.Background(), path, []string{src}, nil); err != nil {
		t.Fatal(err)
	}
	was, _ := os.ReadFile(path)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Compact(ctx, path); err == nil {
		t.Fatal("a cancelled compaction went through")
	}
	now, _ := os.ReadFile(path)
	if string(now) != string(was) {
		t.Error("the file changed")
	}
	if _, err := os.Stat(path + ".compact"); err == nil {
		t.Error("the copy is left beside the file")
	}
}

// statsAt is Stats of the database at path, opened for it alone.
func statsAt(t *testing.T, path string) Stats {
	t.Helper()
	db, err := OpenReadOnly(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	s, err := db.Stats()
	if err != nil {
		t.Fatal(err)
	}
	return s
}
