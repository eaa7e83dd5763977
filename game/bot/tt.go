package bot

import "shogi/game"

// The transposition table: positions already searched, keyed by their
// Zobrist hash, with the best move found, the score and what kind of
// bound it is. Entries come in buckets of two; a new result replaces the
// same position, else the shallower or older entry.

type bound uint8

const (
	boundNone bound = iota
	boundUpper
	boundLower
	boundExact
)

type ttEntry struct {
	key   uint32 // the hash's high half; the low bits chose the bucket
	move  game.Move
	score int16
	eval  int16
	depth int8
	flags uint8 // generation<<2 | bound
}

type ttBucket [2]ttEntry

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
		if b[i].key == k && b[i].flags&3 != uint8(boundNone) {
			return b[i], true
		}
	}
	return ttEntry{}, false
}

func (t *ttable) store(h uint64, m game.Move, score, eval, depth int, bd bound) {
	b := &t.buckets[h&t.mask]
	k := uint32(h >> 32)
	e := &b[0]
	switch {
	case b[0].key == k:
	case b[1].key == k:
		e = &b[1]
	default:
		// Replace the entry worth less: older, then shallower.
		if t.worth(&b[1]) < t.worth(&b[0]) {
			e = &b[1]
		}
	}
	if e.key == k && m == game.NoMove {
		m = e.move // keep the old move for this position
	}
	if e.key == k && bd != boundExact && depth+2 < int(e.depth) && e.flags>>2 == t.gen {
		return // a much deeper result of this search stays
	}
	*e = ttEntry{key: k, move: m, score: int16(score), eval: int16(eval), depth: int8(depth), flags: t.gen<<2 | uint8(bd)}
}

func (t *ttable) worth(e *ttEntry) int {
	age := int((t.gen - e.flags>>2) & 63)
	return int(e.depth) - 8*age
}

// hashfull is the share of the first thousand buckets used in this search,
// per mille, as USI reports it.
func (t *ttable) hashfull() int {
	n, used := min(len(t.buckets), 500), 0
	for i := 0; i < n; i++ {
		for j := range t.buckets[i] {
			if e := &t.buckets[i][j]; e.flags&3 != uint8(boundNone) && e.flags>>2 == t.gen {
				used++
			}
		}
	}
	return used * 1000 / (2 * n)
}
