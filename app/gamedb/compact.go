package gamedb

import (
	"context"
	"os"

	bolt "go.etcd.io/bbolt"
)

// Compacted says what Compact did: the file's size before and after.
type Compacted struct {
	Before, After int64
}

// compactTxBytes and compactTxKeys bound what one transaction of the copy
// writes: a transaction holds the pages it wrote, and a node of some 80
// bytes a key, until it commits (a format 3 index is small keys by the
// million).
const (
	compactTxBytes = 16 << 20
	compactTxKeys  = 200_000
)

// Compact rewrites the database at path without its free pages: bbolt
// never shrinks a file, so the runs a merge replaced stay in it as free
// space (an upgraded file of a million games held 4,254 MB where 2,416
// were used). The copy is made beside the file, a bucket's keys in order
// and its pages filled whole, and takes its place by a rename once it is
// on disk; the file stays locked against other writers the while (a
// writer waiting for it opens the new file: openWait checks). Cut short,
// the file is as it was and the part copied is removed.
func Compact(ctx context.Context, path string) (Compacted, error) {
	var res Compacted
	src, err := Open(path)
	if err != nil {
		return res, err
	}
	defer src.Close()
	fi, err := os.Stat(path)
	if err != nil {
		return res, &Error{path, err}
	}
	res.Before = fi.Size()
	tmp := path + ".compact"
	os.Remove(tmp) // a copy an earlier run left
	if err := compactInto(ctx, src.bolt, tmp); err != nil {
		os.Remove(tmp)
		return res, &Error{path, err}
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return res, &Error{path, err}
	}
	if fi, err := os.Stat(path); err == nil {
		res.After = fi.Size()
	}
	return res, nil
}

// compactInto copies every bucket of src into a new file at dst and
// syncs it.
func compactInto(ctx context.Context, src *bolt.DB, dst string) error {
	o := boltOptions(0, false)
	o.NoSync = true // one sync at the end: the copy is nothing until renamed
	out, err := bolt.Open(dst, 0o644, o)
	if err != nil {
		return err
	}
	defer out.Close()
	if err := ctx.Err(); err != nil {
		return err
	}
	tx, err := out.Begin(true)
	if err != nil {
		return err
	}
	defer func() { tx.Rollback() }()
	size, keys := 0, 0
	// commit ends the transaction in hand, lets go of the pages both maps
	// read (or they count as the process's memory) and starts the next.
	commit := func() error {
		if err := tx.Commit(); err != nil {
			return err
		}
		releaseMap(src)
		releaseMap(out)
		if err := ctx.Err(); err != nil {
			return err
		}
		size, keys = 0, 0
		tx, err = out.Begin(true)
		return err
	}
	// copyBucket copies b's keys and nested buckets into the bucket at
	// path in the new file (its buckets looked up again after a commit).
	var copyBucket func(b *bolt.Bucket, path [][]byte) error
	copyBucket = func(b *bolt.Bucket, path [][]byte) error {
		dstBucket := func() *bolt.Bucket {
			d := tx.Bucket(path[0])
			for _, n := range path[1:] {
				d = d.Bucket(n)
			}
			d.FillPercent = 1 // the keys go in in order
			return d
		}
		d := dstBucket()
		c := b.Cursor()
		for k, v := c.First(); k != nil; k, v = c.Next() {
			if v == nil {
				sub := b.Bucket(k)
				nb, err := d.CreateBucket(k)
				if err != nil {
					return err
				}
				if err := nb.SetSequence(sub.Sequence()); err != nil {
					return err
				}
				if err := copyBucket(sub, append(path[:len(path):len(path)], k)); err != nil {
					return err
				}
				d = dstBucket()
				continue
			}
			keys++
			if size += len(k) + len(v); size > compactTxBytes || keys > compactTxKeys {
				if err := commit(); err != nil {
					return err
				}
				d = dstBucket()
			}
			if err := d.Put(k, v); err != nil {
				return err
			}
		}
		return nil
	}
	err = src.View(func(stx *bolt.Tx) error {
		return stx.ForEach(func(name []byte, b *bolt.Bucket) error {
			nb, err := tx.CreateBucket(name)
			if err != nil {
				return err
			}
			if err := nb.SetSequence(b.Sequence()); err != nil {
				return err
			}
			return copyBucket(b, [][]byte{name})
		})
	})
	if err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	// bbolt grows a file 16 MB at a time past what it uses; the copy
	// needs only its pages (a writer grows it again as it needs).
	var used int64
	out.View(func(tx *bolt.Tx) error { used = tx.Size(); return nil })
	if err := out.Close(); err != nil {
		return err
	}
	f, err := os.OpenFile(dst, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	if err := f.Truncate(used); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// replaced reports whether the file at path is no longer the one before
// was taken from: Compact renamed a new file over it while a writer waited
// for the lock on the old one.
func replaced(path string, before os.FileInfo) bool {
	if before == nil {
		return false
	}
	fi, err := os.Stat(path)
	return err == nil && !os.SameFile(fi, before)
}
