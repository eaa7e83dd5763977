package gamedb

import (
	"context"
	"crypto/sha256"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	bolt "go.etcd.io/bbolt"
)

// TestImportReadersSame: an import by many readers stores what an import
// by one stores — every bucket's keys and values, so the ids, the games'
// order and the counts — and reports the same, over generated games in
// small batches (many runs, merged), the same file under two names, a
// broken record and the shared records.
func TestImportReadersSame(t *testing.T) {
	src := t.TempDir()
	genGames(t, src, 1100, 5)
	data, err := os.ReadFile(filepath.Join(src, "genaa.csa"))
	if err != nil {
		t.Fatal(err)
	}
	// The same games again, read after the others: each stored once.
	if err := os.WriteFile(filepath.Join(src, "zz-again.csa"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	broken := "V2.2\nN+a\nN-b\nPI\n+\n+7776FU\n-3334FU\n+7776FU\n"
	if err := os.WriteFile(filepath.Join(src, "m-broken.csa"), []byte(broken), 0o644); err != nil {
		t.Fatal(err)
	}
	paths := []string{src}
	if _, err := os.Stat(sharedKifu); err == nil {
		paths = append(paths, sharedKifu)
	}
	old, oldReaders := BatchSize, readers
	BatchSize = 97
	defer func() { BatchSize, readers = old, oldReaders }()

	var reps []Report
	var dumps []map[string][32]byte
	for _, n := range []int{1, 4} {
		readers = n
		path := filepath.Join(t.TempDir(), "g.db")
		rep, err := Import(context.Background(), path, paths, nil)
		if err != nil {
			t.Fatalf("%d readers: %v", n, err)
		}
		reps = append(reps, rep)
		dumps = append(dumps, dump(t, path))
		// A new database's import leaves its index in one run,
		// whatever the sizes of its batches.
		db, err := OpenReadOnly(path)
		if err != nil {
			t.Fatal(err)
		}
		s, err := db.Stats()
		db.Close()
		if err != nil || s.Runs != 1 {
			t.Errorf("%d readers: %d runs (%v), want 1", n, s.Runs, err)
		}
	}
	if reps[0].Broken == 0 || reps[0].Duplicates < 1000 || reps[0].Stored < 1050 {
		t.Errorf("one reader: %+v: want a broken record, the copy's 1,000 games already there", reps[0])
	}
	if !reflect.DeepEqual(reps[0], reps[1]) {
		t.Errorf("reports differ:\none reader %+v\nfour       %+v", reps[0], reps[1])
	}
	if len(dumps[0]) < 5 {
		t.Fatalf("dump: %d buckets", len(dumps[0]))
	}
	for name, h := range dumps[0] {
		if dumps[1][name] != h {
			t.Errorf("bucket %q differs between one reader and four", name)
		}
	}
	for name := range dumps[1] {
		if _, ok := dumps[0][name]; !ok {
			t.Errorf("bucket %q only with four readers", name)
		}
	}
}

// dump hashes each bucket's keys and values (nested buckets by their
// path).
func dump(t *testing.T, path string) map[string][32]byte {
	db, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	out := map[string][32]byte{}
	var walk func(name string, b *bolt.Bucket)
	walk = func(name string, b *bolt.Bucket) {
		h := sha256.New()
		b.ForEach(func(k, v []byte) error {
			h.Write(k)
			if v == nil {
				h.Write([]byte{0})
				walk(name+"/"+string(k), b.Bucket(k))
				return nil
			}
			h.Write([]byte{1})
			h.Write(v)
			return nil
		})
		out[name] = [32]byte(h.Sum(nil))
	}
	err = db.View(func(tx *bolt.Tx) error {
		return tx.ForEach(func(name []byte, b *bolt.Bucket) error {
			walk(string(name), b)
			return nil
		})
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}
