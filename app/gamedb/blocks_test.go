package gamedb

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"sort"
	"testing"

	bolt "go.etcd.io/bbolt"
)

// TestBlockCursor: a run of blocks walks, seeks and steps back as a
// bucket of a key an entry does, checked against the same entries in a
// plain sorted list — positions shared by many entries across blocks'
// edges, seeks by a whole key and by a position's 8 bytes, at and past
// both ends.
func TestBlockCursor(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	type entry struct{ k, v []byte }
	var want []entry
	seen := map[string]bool{}
	for len(want) < 3000 {
		var k [keyLen]byte
		// Few positions, so that one spans several blocks.
		binary.BigEndian.PutUint64(k[:], uint64(rng.IntN(40))<<40)
		binary.BigEndian.PutUint32(k[8:], rng.Uint32())
		if seen[string(k[:])] {
			continue
		}
		seen[string(k[:])] = true
		v := make([]byte, 1+rng.IntN(20))
		for i := range v {
			v[i] = byte(rng.IntN(256))
		}
		want = append(want, entry{k[:], v})
	}
	slices.SortFunc(want, func(a, b entry) int { return bytes.Compare(a.k, b.k) })

	db, err := bolt.Open(filepath.Join(t.TempDir(), "b.db"), 0o644, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	err = db.Update(func(tx *bolt.Tx) error {
		b, err := tx.CreateBucket([]byte("r"))
		if err != nil {
			return err
		}
		w := newBlockWriter(b)
		for _, e := range want {
			if err := w.add(e.k, e.v); err != nil {
				return err
			}
		}
		return w.flush()
	})
	if err != nil {
		t.Fatal(err)
	}
	db.View(func(tx *bolt.Tx) error {
		b := tx.Bucket([]byte("r"))
		if n := b.Stats().KeyN; n < 10 {
			t.Fatalf("%d blocks: the test wants entries over many", n)
		}
		c := newBlockCursor(b)
		var got []entry
		for k, v := c.First(); k != nil; k, v = c.Next() {
			got = append(got, entry{bytes.Clone(k), v})
		}
		if len(got) != len(want) {
			t.Fatalf("walked %d entries, want %d", len(got), len(want))
		}
		for i := range want {
			if !bytes.Equal(got[i].k, want[i].k) || !bytes.Equal(got[i].v, want[i].v) {
				t.Fatalf("entry %d: %x=%x, want %x=%x", i, got[i].k, got[i].v, want[i].k, want[i].v)
			}
		}
		i := len(want) - 1
		for k, _ := c.Last(); k != nil; k, _ = c.Prev() {
			if i < 0 || !bytes.Equal(k, want[i].k) {
				t.Fatalf("backwards at %d: %x", i, k)
			}
			i--
		}
		if i != -1 {
			t.Fatalf("backwards stopped with %d left", i+1)
		}
		seeks := [][]byte{{0}, bytes.Repeat([]byte{0xff}, keyLen)}
		for range 300 {
			e := want[rng.IntN(len(want))]
			seeks = append(seeks, e.k, e.k[:8], append(bytes.Clone(e.k[:11]), e.k[11]+1))
		}
		for _, s := range seeks {
			j := sort.Search(len(want), func(i int) bool { return bytes.Compare(want[i].k, s) >= 0 })
			k, _ := c.Seek(s)
			if j == len(want) {
				if k != nil {
					t.Fatalf("seek %x: %x past the end", s, k)
				}
				continue
			}
			if !bytes.Equal(k, want[j].k) {
				t.Fatalf("seek %x: %x, want %x", s, k, want[j].k)
			}
			if j+1 < len(want) {
				if k, _ := c.Next(); !bytes.Equal(k, want[j+1].k) {
					t.Fatalf("next after seek %x: %x, want %x", s, k, want[j+1].k)
				}
				c.Prev()
			}
			if j > 0 {
				if k, _ := c.Prev(); !bytes.Equal(k, want[j-1].k) {
					t.Fatalf("prev after seek %x: %x, want %x", s, k, want[j-1].k)
				}
			}
		}
		return nil
	})
}

// TestDamagedBlock: a block that does not decode stops the walk with an
// error, never a panic or a silent end.
func TestDamagedBlock(t *testing.T) {
	db, err := bolt.Open(filepath.Join(t.TempDir(), "b.db"), 0o644, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, bad := range [][]byte{{13}, {0, 1, 2}, append(append([]byte{0}, make([]byte, keyLen)...), 9, 1)} {
		db.Update(func(tx *bolt.Tx) error {
			tx.DeleteBucket([]byte("r"))
			b, _ := tx.CreateBucket([]byte("r"))
			return b.Put(make([]byte, keyLen), bad)
		})
		db.View(func(tx *bolt.Tx) error {
			c := newBlockCursor(tx.Bucket([]byte("r")))
			if k, _ := c.First(); k != nil {
				t.Errorf("block %x: an entry %x", bad, k)
			}
			if err := cursorErr(c); !errors.Is(err, errDamagedBlock) {
				t.Errorf("block %x: %v, want %v", bad, err, errDamagedBlock)
			}
			return nil
		})
	}
}

// FuzzBlock: any bytes stored as a block walk forwards, backwards and by
// seeks without a panic; a block that does not decode says so.
func FuzzBlock(f *testing.F) {
	var seed []byte // five entries, a key whole each
	for i := range 5 {
		var k [keyLen]byte
		k[7], k[11] = byte(i/2), byte(i)
		seed = append(seed, 0)
		seed = append(seed, k[:]...)
		seed = append(seed, 2, 1, 2)
	}
	f.Add(seed)
	f.Add([]byte{0})
	f.Add([]byte{11, 1, 0})
	db, err := bolt.Open(filepath.Join(f.TempDir(), "b.db"), 0o644, nil)
	if err != nil {
		f.Fatal(err)
	}
	defer db.Close()
	f.Fuzz(func(t *testing.T, block []byte) {
		if len(block) == 0 {
			return // bbolt stores no empty value as such
		}
		db.Update(func(tx *bolt.Tx) error {
			tx.DeleteBucket([]byte("r"))
			b, _ := tx.CreateBucket([]byte("r"))
			b.Put(make([]byte, keyLen), block)
			b.Put(bytes.Repeat([]byte{0x80}, keyLen), block)
			return nil
		})
		db.View(func(tx *bolt.Tx) error {
			c := newBlockCursor(tx.Bucket([]byte("r")))
			n := 0
			for k, _ := c.First(); k != nil && n < 10000; k, _ = c.Next() {
				n++
			}
			for k, _ := c.Last(); k != nil && n < 20000; k, _ = c.Prev() {
				n++
			}
			c.Seek([]byte{0x80})
			c.Seek(bytes.Repeat([]byte{0x80}, keyLen))
			c.Prev()
			if err := cursorErr(c); err != nil && !errors.Is(err, errDamagedBlock) {
				t.Fatal(err)
			}
			return nil
		})
	})
}

// TestEndMerge: which runs an import's end merges, by their sizes.
func TestEndMerge(t *testing.T) {
	for _, c := range []struct {
		sizes []uint64
		from  int
	}{
		{nil, 0},
		{[]uint64{5}, 1},
		{[]uint64{450_000, 115_000}, 1},          // more than twice: none merged
		{[]uint64{450_000, 225_000}, 0},          // twice: merged
		{[]uint64{450_000, 115_000, 115_000}, 0}, // 115+115, then 450 ≤ 2×230
		{[]uint64{1_000_000, 60_000, 20_000}, 2},
		{[]uint64{1_000_000, 40_000, 20_000}, 1},
		{[]uint64{1_000_000, 100_000, 20_000, 20_000}, 2},
	} {
		if got := endMerge(c.sizes); got != c.from {
			t.Errorf("runs of %v: merged from %d, want %d", c.sizes, got, c.from)
		}
	}
}

// sliceCursor is a cursor over sorted keys in memory, for mergeIter's
// test.
type sliceCursor struct {
	keys, vals [][]byte
	i          int
}

func (c *sliceCursor) at() ([]byte, []byte) {
	if c.i < 0 || c.i >= len(c.keys) {
		return nil, nil
	}
	return c.keys[c.i], c.vals[c.i]
}
func (c *sliceCursor) First() ([]byte, []byte) { c.i = 0; return c.at() }
func (c *sliceCursor) Last() ([]byte, []byte)  { c.i = len(c.keys) - 1; return c.at() }
func (c *sliceCursor) Next() ([]byte, []byte)  { c.i++; return c.at() }
func (c *sliceCursor) Prev() ([]byte, []byte)  { c.i--; return c.at() }
func (c *sliceCursor) Seek(s []byte) ([]byte, []byte) {
	c.i = sort.Search(len(c.keys), func(i int) bool { return bytes.Compare(c.keys[i], s) >= 0 })
	return c.at()
}

// TestMergeIterAgainstSort: merged runs give every key once, in order,
// with the value of each run that holds it in the runs' order, from the
// start or after any key; checked against a sort of all the runs' keys,
// over random runs whose keys often share positions and repeat across
// runs.
func TestMergeIterAgainstSort(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 9))
	for round := range 300 {
		nruns := 1 + r.IntN(12)
		var cs []cursor
		want := map[string][]string{}
		for run := range nruns {
			set := map[string]bool{}
			for range r.IntN(60) {
				var k [keyLen]byte
				binary.BigEndian.PutUint64(k[:], uint64(r.IntN(20))<<60|uint64(r.IntN(3)))
				binary.BigEndian.PutUint32(k[8:], uint32(r.IntN(5)))
				set[string(k[:])] = true
			}
			keys := slices.Sorted(maps.Keys(set))
			c := &sliceCursor{}
			for _, k := range keys {
				v := fmt.Sprintf("run %d", run)
				c.keys, c.vals = append(c.keys, []byte(k)), append(c.vals, []byte(v))
				want[k] = append(want[k], v)
			}
			cs = append(cs, c)
		}
		all := slices.Sorted(maps.Keys(want))
		from := 0
		var after []byte
		if len(all) > 0 && round%2 == 1 {
			from = r.IntN(len(all))
			after = []byte(all[from])
			from++
		}
		it := newMergeIter(cs, after)
		for i := from; ; i++ {
			k, vals := it.next()
			if i == len(all) {
				if k != nil {
					t.Fatalf("round %d: %x after the last key", round, k)
				}
				break
			}
			var got []string
			for _, v := range vals {
				got = append(got, string(v))
			}
			if string(k) != all[i] || !slices.Equal(got, want[all[i]]) {
				t.Fatalf("round %d, key %d: %x %v, want %x %v", round, i, k, got, all[i], want[all[i]])
			}
		}
	}
}
