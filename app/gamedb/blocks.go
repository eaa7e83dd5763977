package gamedb

import (
	"bytes"
	"errors"

	bolt "go.etcd.io/bbolt"
)

// Runs written by format 4 keep their entries in blocks: a bbolt key is
// the first entry's key of a block, its value the block's entries, a
// page's worth, each key stored as the bytes it does not share with the
// key before. Formats 2 and 3 put one bbolt key an entry: a bbolt put
// costs a descent, a copy of the key and a slot in a node that grows
// until the commit — about a microsecond, and an import put every
// game-position three or four times (once in its batch's run and once a
// merge), which bound the import at some 700 engine games a CPU-second.
// A block is one put for a few hundred entries; a leaf element's 16-byte
// header and the shared key bytes are saved on disk too.
//
// A block's entries: shared (1 byte, ≤ keyLen), the key's other bytes,
// the value's length (1 byte), the value.

// keyLen is the length of every index key: a position (8) and a game id
// or a move (4).
const keyLen = 12

// blockSize is how many bytes a block holds at most: it fits one 4 KB
// page with the page's and the element's headers and the key.
const blockSize = 4096 - 16 - 16 - keyLen

// errDamagedBlock is a block that does not decode.
var errDamagedBlock = errors.New("damaged block in the index")

// cursor walks a run's entries in key order: a *bolt.Cursor for a run of
// a key an entry, a *blockCursor for one of blocks. The slices returned
// stay good for the transaction.
type cursor interface {
	First() (key, value []byte)
	Last() (key, value []byte)
	Seek(seek []byte) (key, value []byte)
	Next() (key, value []byte)
	Prev() (key, value []byte)
}

// blockWriter appends entries, in increasing key order, to a run's bucket
// as blocks.
type blockWriter struct {
	b     *bolt.Bucket
	first []byte // the block's first key
	last  []byte // the key before, for the shared bytes
	buf   []byte
}

func newBlockWriter(b *bolt.Bucket) *blockWriter {
	b.FillPercent = 1 // keys go in in order: full pages
	return &blockWriter{b: b, buf: make([]byte, 0, blockSize)}
}

// add appends one entry (a key of keyLen bytes, a value shorter than 256).
func (w *blockWriter) add(k, v []byte) error {
	if len(k) != keyLen || len(v) > 255 {
		return errors.New("index entry of a bad size")
	}
	if len(w.buf)+2+keyLen+len(v) > blockSize {
		if err := w.flush(); err != nil {
			return err
		}
	}
	shared := 0
	if len(w.buf) == 0 {
		w.first = append(w.first[:0], k...)
	} else {
		for shared < keyLen && w.last[shared] == k[shared] {
			shared++
		}
	}
	w.buf = append(w.buf, byte(shared))
	w.buf = append(w.buf, k[shared:]...)
	w.buf = append(w.buf, byte(len(v)))
	w.buf = append(w.buf, v...)
	w.last = append(w.last[:0], k...)
	return nil
}

// flush puts the block in hand. bbolt keeps the value's slice until the
// commit, so each block gets a buffer of its own.
func (w *blockWriter) flush() error {
	if len(w.buf) == 0 {
		return nil
	}
	if err := w.b.Put(bytes.Clone(w.first), w.buf); err != nil {
		return err
	}
	w.buf = make([]byte, 0, blockSize)
	return nil
}

// blockCursor is a cursor over a run of blocks.
type blockCursor struct {
	c    *bolt.Cursor
	keys []byte   // the block's keys, keyLen bytes each
	vals [][]byte // their values (in the map)
	i    int
	err  error // a block that did not decode: the walk ends there
}

func newBlockCursor(b *bolt.Bucket) *blockCursor { return &blockCursor{c: b.Cursor()} }

// load decodes the block v (k nil: none, the walk is over). The keys go
// in a fresh buffer each time, so that keys returned before stay good.
func (bc *blockCursor) load(k, v []byte) bool {
	bc.keys, bc.vals, bc.i = nil, bc.vals[:0], 0
	if k == nil || bc.err != nil {
		return false
	}
	keys := make([]byte, 0, 2*len(v))
	var last []byte
	for len(v) > 0 {
		shared := int(v[0])
		if shared > len(last) || len(v) < 1+keyLen-shared+1 {
			bc.err = errDamagedBlock
			return false
		}
		n := len(keys)
		keys = append(keys, last[:shared]...)
		keys = append(keys, v[1:1+keyLen-shared]...)
		last = keys[n:]
		v = v[1+keyLen-shared:]
		vl := int(v[0])
		if len(v) < 1+vl {
			bc.err = errDamagedBlock
			return false
		}
		bc.vals = append(bc.vals, v[1:1+vl:1+vl])
		v = v[1+vl:]
	}
	bc.keys = keys
	return len(bc.vals) > 0
}

func (bc *blockCursor) at() ([]byte, []byte) {
	if bc.i < 0 || bc.i >= len(bc.vals) {
		return nil, nil
	}
	return bc.keys[bc.i*keyLen : (bc.i+1)*keyLen : (bc.i+1)*keyLen], bc.vals[bc.i]
}

// First moves to the first entry.
func (bc *blockCursor) First() ([]byte, []byte) {
	bc.load(bc.c.First())
	return bc.at()
}

// Last moves to the last entry.
func (bc *blockCursor) Last() ([]byte, []byte) {
	if bc.load(bc.c.Last()) {
		bc.i = len(bc.vals) - 1
	}
	return bc.at()
}

// Next moves to the next entry.
func (bc *blockCursor) Next() ([]byte, []byte) {
	if len(bc.vals) == 0 {
		return nil, nil
	}
	if bc.i++; bc.i < len(bc.vals) {
		return bc.at()
	}
	bc.load(bc.c.Next())
	return bc.at()
}

// Prev moves to the entry before.
func (bc *blockCursor) Prev() ([]byte, []byte) {
	if len(bc.vals) == 0 {
		return nil, nil
	}
	if bc.i--; bc.i >= 0 {
		return bc.at()
	}
	if bc.load(bc.c.Prev()) {
		bc.i = len(bc.vals) - 1
	}
	return bc.at()
}

// Seek moves to the first entry whose key is at least seek.
func (bc *blockCursor) Seek(seek []byte) ([]byte, []byte) {
	k, v := bc.c.Seek(seek)
	if k == nil || !bytes.Equal(k, seek) {
		// The entries before the first block at or after seek may be
		// in the block before it.
		if k == nil {
			k, v = bc.c.Last()
		} else if pk, pv := bc.c.Prev(); pk != nil {
			k, v = pk, pv
		} else {
			k, v = bc.c.First()
		}
	}
	for ok := bc.load(k, v); ok; ok = bc.load(bc.c.Next()) {
		for bc.i = 0; bc.i < len(bc.vals); bc.i++ {
			if bytes.Compare(bc.keys[bc.i*keyLen:(bc.i+1)*keyLen], seek) >= 0 {
				return bc.at()
			}
		}
	}
	return nil, nil
}

// cursorErr is what stopped a cursor's walk early: a damaged block.
func cursorErr(c cursor) error {
	if bc, ok := c.(*blockCursor); ok {
		return bc.err
	}
	return nil
}
