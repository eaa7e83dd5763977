package bot

import (
	"sync/atomic"

	"shogi/game"
)

// The transposition table: positions already searched, keyed by their
// Zobrist hash, with the best move found, the score and what kind of
// bound it is. Entries come in buckets of two; a new result replaces the
// same position, else the shallower or older entry.
//
// Several threads share one table (Lazy SMP), so an entry is two 64-bit
// words written and read atomically: the data (move, score, evaluation)
// and the rest (key, depth, generation and bound) XORed with the data. A
// read that meets two halves of different writes finds a key that does
// not match, and misses.

type bound uint8

const (
	boundNone bound = iota
	boundUpper
	boundLower
	boundExact
)

// ttEntry is one entry, unpacked.
type ttEntry struct {
	key   uint32 // the hash's high half; the low bits chose the bucket
	move  game.Move
	score int16
	eval  int16
	depth int8
	flags uint8 // generation<<2 | bound
}

func (e *ttEntry) pack() (meta, data uint64) {
	data = uint64(e.move) | uint64(uint16(e.score))<<32 | uint64(uint16(e.eval))<<48
	meta = uint64(e.key)<<32 | uint64(uint8(e.depth))<<8 | uint64(e.flags)
	return meta ^ data, data
}

func unpack(meta, data uint64) ttEntry {
	meta ^= data
	return ttEntry{key: uint32(meta >> 32), move: game.Move(uint32(data)), score: int16(data >> 32),
		eval: int16(data >> 48), depth: int8(meta >> 8), flags: uint8(meta)}
}

type ttSlot struct{ meta, data atomic.Uint64 }

func (s *ttSlot) load() ttEntry { return unpack(s.meta.Load(), s.data.Load()) }

func (s *ttSlot) save(e *ttEntry) {
	m, d := e.pack()
	s.data.Store(d)
	s.meta.Store(m)
}

type ttBucket [2]ttSlot

type ttable struct {
	buckets []ttBucket
	mask    uint64
	gen     uint8
}

// newTT returns a table of about mb megabytes (a power of two buckets).
func newTT(mb int) *ttable {
	mb = max(mb, 1)
	n := uint64(1)
	for n*2*32 <= uint64(mb)<<20 {
		n *= 2
	}
	return &ttable{buckets: make([]ttBucket, n), mask: n - 1}
}

func (t *ttable) clear() {
	clear(t.buckets)
	t.gen = 0
}

// newSearch ages the entries, so those of earlier moves are replaced first.
func (t *ttable) newSearch() { t.gen = (t.gen + 1) & 63 }

func (t *ttable) probe(h uint64) (ttEntry, bool) {
	b := &t.buckets[h&t.mask]
	k := uint32(h >> 32)
	for i := range b {
		if e := b[i].load(); e.key == k && e.flags&3 != uint8(boundNone) {
			return e, true
		}
	}
	return ttEntry{}, false
}

func (t *ttable) store(h uint64, m game.Move, score, eval, depth int, bd bound) {
	b := &t.buckets[h&t.mask]
	k := uint32(h >> 32)
	e0, e1 := b[0].load(), b[1].load()
	slot, old := &b[0], e0
	switch {
	case e0.key == k:
	case e1.key == k:
		slot, old = &b[1], e1
	default:
		// Replace the entry worth less: older, then shallower.
		if t.worth(&e1) < t.worth(&e0) {
			slot, old = &b[1], e1
		}
	}
	if old.key == k && m == game.NoMove {
		m = old.move // keep the old move for this position
	}
	if old.key == k && bd != boundExact && depth+2 < int(old.depth) && old.flags>>2 == t.gen {
		return // a much deeper result of this search stays
	}
	slot.save(&ttEntry{key: k, move: m, score: int16(score), eval: int16(eval), depth: int8(depth), flags: t.gen<<2 | uint8(bd)})
}

func (t *ttable) worth(e *ttEntry) int {
	age := int((t.gen - e.flags>>2) & 63)
	return int(e.depth) - 8*age
}

// hashfull is the share of the first thousand entries used in this search,
// per mille, as USI reports it.
func (t *ttable) hashfull() int {
	n, used := min(len(t.buckets), 500), 0
	for i := 0; i < n; i++ {
		for j := range t.buckets[i] {
			if e := t.buckets[i][j].load(); e.flags&3 != uint8(boundNone) && e.flags>>2 == t.gen {
				used++
			}
		}
	}
	return used * 1000 / (2 * n)
}
