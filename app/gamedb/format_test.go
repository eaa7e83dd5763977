package gamedb

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	bolt "go.etcd.io/bbolt"
)

// TestFormat1: a database of the first format (the index in one pg and
// one pm bucket) reads as it did, and a writer brings it to format 2
// without losing anything: the counts after a second import equal a
// plain count over both.
func TestFormat1(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	os.MkdirAll(a, 0o755)
	os.MkdirAll(b, 0o755)
	genGames(t, a, 400, 31)
	genGames(t, b, 400, 32)
	path := filepath.Join(dir, "g.db")
	if _, err := Import(context.Background(), path, []string{a}, nil); err != nil {
		t.Fatal(err)
	}
	// Rewrite the index as format 1 wrote it.
	bdb, err := bolt.Open(path, 0o644, nil)
	if err != nil {
		t.Fatal(err)
	}
	err = bdb.Update(func(tx *bolt.Tx) error {
		pg, _ := tx.CreateBucket(bPos)
		pm, _ := tx.CreateBucket(bMoves)
		var pgs, pms []*bolt.Bucket
		for _, r := range runs(tx) {
			pgs, pms = append(pgs, r.pg), append(pms, r.pm)
		}
		for _, c := range []struct {
			dst *bolt.Bucket
			src []*bolt.Bucket
		}{{pg, pgs}, {pm, pms}} {
			it := newMergeIter(c.src, nil)
			for k, vals := it.next(); k != nil; k, vals = it.next() {
				if len(vals) != 1 {
					t.Fatalf("%x in %d runs: the test wants one", k, len(vals))
				}
				if err := c.dst.Put(append([]byte(nil), k...), append([]byte(nil), vals[0]...)); err != nil {
					return err
				}
			}
		}
		for _, n := range [][]byte{bPGRuns, bPMRuns, bRuns} {
			if err := tx.DeleteBucket(n); err != nil {
				return err
			}
		}
		return tx.Bucket(bMeta).Put([]byte("version"), []byte("1"))
	})
	bdb.Close()
	if err != nil {
		t.Fatal(err)
	}
	filesA, _ := filepath.Glob(filepath.Join(a, "*.csa"))
	n := newNaive()
	positions := countFiles(t, n, filesA)
	db, err := OpenReadOnly(path)
	if err != nil {
		t.Fatal(err)
	}
	n.check(t, db, positions)
	db.Close()
	if _, err := Import(context.Background(), path, []string{b}, nil); err != nil {
		t.Fatal(err)
	}
	filesB, _ := filepath.Glob(filepath.Join(b, "*.csa"))
	for k, p := range countFiles(t, n, filesB) {
		positions[k] = p
	}
	db, err = OpenReadOnly(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	n.check(t, db, positions)
	db.bolt.View(func(tx *bolt.Tx) error {
		if v := string(tx.Bucket(bMeta).Get([]byte("version"))); v != "2" {
			t.Errorf("version %s after a write, want 2", v)
		}
		return nil
	})
}
