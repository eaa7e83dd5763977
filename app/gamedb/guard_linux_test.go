package gamedb

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

// padded makes a bbolt file of some 16 MB whose last commit left no list
// of free pages, as an import killed with kill -9 leaves it: its next
// writer's open walks every page.
func padded(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "g.db")
	db, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	b, err := bolt.Open(path, 0o644, &bolt.Options{NoFreelistSync: true})
	if err != nil {
		t.Fatal(err)
	}
	err = b.Update(func(tx *bolt.Tx) error {
		pad, err := tx.CreateBucket([]byte("pad"))
		if err != nil {
			return err
		}
		pad.FillPercent = 1
		for i := range 300_000 {
			var k [8]byte
			binary.BigEndian.PutUint64(k[:], uint64(i))
			if err := pad.Put(k[:], k[:]); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	b.Close()
	if !freelistMissing(path) {
		t.Fatal("the padded file has its freelist: the walk would not happen")
	}
	return path
}

// TestTrimFile: the file's pages a walk mapped are let go by trimFile,
// found by the file's device and inode in /proc/self/maps, with nothing
// but the file's path known (no *bolt.DB yet, as inside bbolt's open).
func TestTrimFile(t *testing.T) {
	path := padded(t)
	fi, _ := os.Stat(path)
	st := fi.Sys().(*syscall.Stat_t)
	b, err := bolt.Open(path, 0o644, &bolt.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	walk := func() {
		b.View(func(tx *bolt.Tx) error {
			return tx.Bucket([]byte("pad")).ForEach(func(k, v []byte) error { return nil })
		})
	}
	defer func(old int64) { mapBudget = old }(mapBudget)
	mapBudget = 1 << 40
	releaseMap(b)
	base := mappedFile()
	walk()
	walked := mappedFile() - base
	if walked < fi.Size()/2 {
		t.Fatalf("a walk of the %d-byte file mapped %d bytes: the test wants most of it", fi.Size(), walked)
	}
	if trimFile(st) {
		t.Fatal("trimFile let go under its budget")
	}
	mapBudget = base + walked/4
	if !trimFile(st) {
		t.Fatal("trimFile did not let go above its budget")
	}
	if left := mappedFile() - base; left > walked/4 {
		t.Fatalf("after trimFile %d of the walk's %d bytes are still mapped", left, walked)
	}
}

// TestGuardOpen: while bbolt's open walks a file that lost its freelist
// (boltOpen's walk open, as openWait makes it), guardOpen lets go of what
// the walk maps: without the guard (its ticks an hour apart) the walk
// leaves most of the file mapped; with it, less than a quarter. The ticks
// race the walk, so a run where the walk ended before a tick is tried
// again; a guard that never lets go fails every try. Then Open writes the
// list the walk made.
func TestGuardOpen(t *testing.T) {
	path := padded(t)
	fi, _ := os.Stat(path)
	defer func(old int64) { mapBudget = old }(mapBudget)
	defer func(old time.Duration) { guardEvery = old }(guardEvery)
	fresh := func() string {
		// A copy each time: a close after the open writes the list.
		cp := filepath.Join(t.TempDir(), "c.db")
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(cp, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return cp
	}
	mapped := func() int64 {
		cp := fresh()
		base := mappedFile()
		mapBudget = base + 256<<10
		stop := guardOpen(cp)
		b, err := boltOpen(cp, false, true, time.Second)
		stop()
		if err != nil {
			t.Fatal(err)
		}
		defer b.Close()
		return mappedFile() - base
	}
	guardEvery = time.Hour
	if m := mapped(); m < fi.Size()/2 {
		t.Fatalf("without the guard the open mapped %d bytes of %d: the test wants most of the file", m, fi.Size())
	}
	guardEvery = 100 * time.Microsecond
	for try := 0; ; try++ {
		m := mapped()
		if m < fi.Size()/4 {
			break
		}
		if try == 9 {
			t.Fatalf("with the guard the open left %d bytes of %d mapped (10 tries)", m, fi.Size())
		}
	}
	cp := fresh()
	db, err := Open(cp)
	if err != nil {
		t.Fatal(err)
	}
	if freelistMissing(cp) {
		t.Error("Open of a file without a freelist did not write the one its walk made")
	}
	db.Close()
}

// TestReadAhead: bbolt advises its map random (no read-ahead: a walk of
// pages not in the cache waits for the disk at every page); readAhead,
// which a merge's reader calls, advises it sequential, and its done
// random again (smaps: rr, sr).
func TestReadAhead(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.db")
	db, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	flags := func() string {
		data, err := os.ReadFile("/proc/self/smaps")
		if err != nil {
			t.Skip("no /proc/self/smaps:", err)
		}
		in := false
		for line := range strings.Lines(string(data)) {
			f := strings.Fields(line)
			if len(f) > 0 && strings.Contains(f[0], "-") && !strings.HasSuffix(f[0], ":") {
				in = f[len(f)-1] == path
			}
			if in && strings.HasPrefix(line, "VmFlags:") {
				return line
			}
		}
		t.Fatal("the file's map is not in /proc/self/smaps")
		return ""
	}
	db.bolt.View(func(*bolt.Tx) error {
		if f := flags(); !strings.Contains(f, " rr") {
			t.Errorf("bbolt's map: %q, want rr (random) among them", f)
		}
		done := readAhead(db.bolt)
		if f := flags(); !strings.Contains(f, " sr") || strings.Contains(f, " rr") {
			t.Errorf("after readAhead: %q, want sr (sequential) and not rr", f)
		}
		done()
		if f := flags(); !strings.Contains(f, " rr") || strings.Contains(f, " sr") {
			t.Errorf("after readAhead's done: %q, want rr (random) again", f)
		}
		return nil
	})
}

// TestOpenDropsDeadRunsLettingGo: a writer's open deletes the runs an
// import killed in its last merge had merged away, letting go of the
// map's pages as it reads them: without, the deletion left the run
// mapped (886 MB at a million games).
func TestOpenDropsDeadRunsLettingGo(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.db")
	db, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	b, err := bolt.Open(path, 0o644, nil)
	if err != nil {
		t.Fatal(err)
	}
	name := []byte("dead-run")
	err = b.Update(func(tx *bolt.Tx) error {
		for _, part := range [][]byte{bPGRuns, bPMRuns} {
			r, err := tx.Bucket(part).CreateBucket(name)
			if err != nil {
				return err
			}
			r.FillPercent = 1
			for i := range 150_000 {
				var k [keyLen]byte
				binary.BigEndian.PutUint64(k[:], uint64(i))
				if err := r.Put(k[:], k[:8]); err != nil {
					return err
				}
			}
		}
		dead, err := tx.CreateBucketIfNotExists(bDead)
		if err != nil {
			return err
		}
		return dead.Put(name, []byte{1})
	})
	b.Close()
	if err != nil {
		t.Fatal(err)
	}
	fi, _ := os.Stat(path)
	defer func(old int64) { mapBudget = old }(mapBudget)
	evict(path)
	base := mappedFile()
	mapBudget = base + 256<<10
	db, err = Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if m := mappedFile() - base; m > fi.Size()/4 {
		t.Errorf("the open's deletion left %d bytes of the %d-byte file mapped", m, fi.Size())
	}
	db.bolt.View(func(tx *bolt.Tx) error {
		if tx.Bucket(bDead) != nil || tx.Bucket(bPGRuns).Bucket(name) != nil {
			t.Error("the dead run is still there")
		}
		return nil
	})
}
