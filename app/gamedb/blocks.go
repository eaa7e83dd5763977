package gamedb

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math/bits"

	bolt "go.etcd.io/bbolt"
)

// Runs written by format 4 keep their entries in blocks: a bbolt key is
// the last entry's key of a block, its value the block's entries, a
// page's worth, each key stored as the bytes it does not share with the
// key before. Formats 2 and 3 put one bbolt key an entry: a bbolt put
// costs a descent, a copy of the key and a slot in a node that grows
// until the commit — about a microsecond, and an import put every
// game-position three or four times (once in its batch's run and once a
// merge), which bound the import at some 700 engine games a CPU-second.
// A block is one put for a few hundred entries; a leaf element's 16-byte
// header and the shared key bytes are saved on disk too. Named by its
// last key, the block that holds the first entry at or after a key is
// the one bbolt's Seek finds: a look-up reads one leaf page.
//
// A block's entries: shared (1 byte, ≤ keyLen), the key's other bytes,
// the value's length (1 byte), the value.

// keyLen is the length of every index key: a position (8) and a game id
// or a move (4).
const keyLen = 12

// blockSize is how many bytes a block holds at most: two blocks fill one
// 4 KB leaf page with the page's header and each element's header and
// key. bbolt keeps at least two elements a leaf, so blocks of a page each
// made every leaf two pages (an overflow), read whole by a look-up.
const blockSize = (4096-16)/2 - 16 - keyLen

// errDamagedBlock is a block that does not decode.
var errDamagedBlock = errors.New("damaged block in the index")

// cursor walks a run's entries in key order: a *bolt.Cursor for a run of
// a key an entry, a *blockCursor for one of blocks. A value returned
// stays good for the transaction, a key until the cursor's next move but
// one (a block's keys are decoded into one of two buffers in turn).
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
	put  func(name, block []byte) error // the bucket's Put, or a merge's list
	last []byte                         // the key before: the shared bytes, and the block's name
	buf  []byte
}

func newBlockWriter(b *bolt.Bucket) *blockWriter {
	b.FillPercent = 1 // keys go in in order: full pages
	return &blockWriter{put: b.Put, buf: make([]byte, 0, blockSize)}
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
	if len(w.buf) > 0 {
		shared = sharedBytes(w.last, k)
	}
	w.buf = append(w.buf, byte(shared))
	w.buf = append(w.buf, k[shared:]...)
	w.buf = append(w.buf, byte(len(v)))
	w.buf = append(w.buf, v...)
	w.last = append(w.last[:0], k...)
	return nil
}

// sharedBytes is how many leading bytes two keys of keyLen bytes share,
// by their first 8 and last 4 taken as integers (a byte loop here was a
// tenth of a merge's CPU).
func sharedBytes(a, b []byte) int {
	if x := binary.BigEndian.Uint64(a) ^ binary.BigEndian.Uint64(b); x != 0 {
		return bits.LeadingZeros64(x) / 8
	}
	y := binary.BigEndian.Uint32(a[8:keyLen]) ^ binary.BigEndian.Uint32(b[8:keyLen])
	return 8 + bits.LeadingZeros32(y)/8
}

// flush puts the block in hand. bbolt keeps the value's slice until the
// commit, so each block gets a buffer of its own.
func (w *blockWriter) flush() error {
	if len(w.buf) == 0 {
		return nil
	}
	if err := w.put(bytes.Clone(w.last), w.buf); err != nil {
		return err
	}
	w.buf = make([]byte, 0, blockSize)
	return nil
}

// blockCursor is a cursor over a run of blocks. Going forward it decodes
// an entry at a time (a look-up reads a few entries of a block of some
// hundreds); the first step back decodes the whole block.
type blockCursor struct {
	c   *bolt.Cursor
	blk []byte // the block in hand
	ok  bool   // at an entry
	err error  // a block that did not decode: the walk ends there

	// Forward: the entry at start, its key in ks[kt] (the key before in
	// the other), the entry after it at next.
	start, next int
	ks          [2][keyLen]byte
	kt          int
	val         []byte

	// Decoded whole (arr), after a step back: entry i of keys and vals.
	arr  bool
	keys []byte
	vals [][]byte
	i    int
	bufs [2][]byte
	turn int
}

func newBlockCursor(b *bolt.Bucket) *blockCursor { return &blockCursor{c: b.Cursor()} }

// set takes the block v (k nil: none, the walk is over) and stands at
// its first entry.
func (bc *blockCursor) set(k, v []byte) bool {
	bc.blk, bc.arr, bc.start, bc.next, bc.ok = v, false, 0, 0, false
	if k == nil || bc.err != nil {
		return false
	}
	return bc.step()
}

// step decodes the entry at next; false at the block's end.
func (bc *blockCursor) step() bool {
	b := bc.blk
	at := bc.next
	if at >= len(b) {
		bc.ok = false
		return false
	}
	shared := int(b[at])
	if at == 0 && shared != 0 || shared >= keyLen || len(b) < at+1+keyLen-shared+1 {
		bc.fail()
		return false
	}
	nt := bc.kt ^ 1
	copy(bc.ks[nt][:shared], bc.ks[bc.kt][:shared])
	copy(bc.ks[nt][shared:], b[at+1:at+1+keyLen-shared])
	p := at + 1 + keyLen - shared
	vl := int(b[p])
	if len(b) < p+1+vl {
		bc.fail()
		return false
	}
	bc.kt, bc.val = nt, b[p+1:p+1+vl:p+1+vl]
	bc.start, bc.next, bc.ok = at, p+1+vl, true
	return true
}

func (bc *blockCursor) fail() {
	bc.err, bc.ok, bc.arr = errDamagedBlock, false, false
}

// decode decodes the block in hand whole into keys and vals (in the
// buffer the block before the last used, so that the key returned last
// stays good); it returns the index of the entry starting at start.
func (bc *blockCursor) decode(start int) int {
	v := bc.blk
	bc.turn ^= 1
	keys := bc.bufs[bc.turn][:0]
	// An entry takes at least 7 bytes of the block and 12 of the keys.
	if cap(keys) < 2*len(v) {
		keys = make([]byte, 0, 2*len(v))
	}
	bc.vals = bc.vals[:0]
	if cap(bc.vals) < len(v)/7 {
		bc.vals = make([][]byte, 0, len(v)/7)
	}
	at, index := 0, 0
	var last []byte
	for at < len(v) {
		if at == start {
			index = len(bc.vals)
		}
		shared := int(v[at])
		if shared > len(last) || shared >= keyLen || len(v) < at+1+keyLen-shared+1 {
			bc.fail()
			return 0
		}
		n := len(keys)
		keys = append(keys, last[:shared]...)
		keys = append(keys, v[at+1:at+1+keyLen-shared]...)
		last = keys[n:]
		p := at + 1 + keyLen - shared
		vl := int(v[p])
		if len(v) < p+1+vl {
			bc.fail()
			return 0
		}
		bc.vals = append(bc.vals, v[p+1:p+1+vl:p+1+vl])
		at = p + 1 + vl
	}
	bc.keys, bc.bufs[bc.turn], bc.arr = keys, keys[:0], true
	bc.ok = len(bc.vals) > 0
	return index
}

func (bc *blockCursor) at() ([]byte, []byte) {
	switch {
	case !bc.ok:
		return nil, nil
	case bc.arr:
		return bc.keys[bc.i*keyLen : (bc.i+1)*keyLen : (bc.i+1)*keyLen], bc.vals[bc.i]
	}
	return bc.ks[bc.kt][:], bc.val
}

// First moves to the first entry.
func (bc *blockCursor) First() ([]byte, []byte) {
	bc.set(bc.c.First())
	return bc.at()
}

// Last moves to the last entry.
func (bc *blockCursor) Last() ([]byte, []byte) {
	if bc.set(bc.c.Last()) {
		bc.decode(0)
		bc.i = len(bc.vals) - 1
	}
	return bc.at()
}

// Next moves to the next entry.
func (bc *blockCursor) Next() ([]byte, []byte) {
	if !bc.ok {
		return nil, nil
	}
	if bc.arr {
		if bc.i++; bc.i < len(bc.vals) {
			return bc.at()
		}
		bc.set(bc.c.Next())
		return bc.at()
	}
	if !bc.step() && bc.err == nil {
		bc.set(bc.c.Next())
	}
	return bc.at()
}

// Prev moves to the entry before.
func (bc *blockCursor) Prev() ([]byte, []byte) {
	if !bc.ok {
		return nil, nil
	}
	if !bc.arr {
		bc.i = bc.decode(bc.start)
		if !bc.ok {
			return nil, nil
		}
	}
	if bc.i--; bc.i >= 0 {
		return bc.at()
	}
	if bc.set(bc.c.Prev()) {
		bc.decode(0)
		bc.i = len(bc.vals) - 1
	}
	return bc.at()
}

// Seek moves to the first entry whose key is at least seek: in the first
// block whose last key is.
func (bc *blockCursor) Seek(seek []byte) ([]byte, []byte) {
	bc.set(bc.c.Seek(seek))
	for bc.ok && bytes.Compare(bc.ks[bc.kt][:], seek) < 0 {
		bc.Next()
	}
	return bc.at()
}

// cursorErr is what stopped a cursor's walk early: a damaged block.
func cursorErr(c cursor) error {
	if bc, ok := c.(*blockCursor); ok {
		return bc.err
	}
	return nil
}
