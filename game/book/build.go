package book

import (
	"bytes"
	"io"
	"slices"
	"strings"

	"shogi/game"
)

// Builder makes a book from games: every position of a game's first
// MaxPly moves, each move played there counted once a game, with its
// game's result from the mover's side. Builders of several goroutines are added
// together with Merge.
type Builder struct {
	// MaxPly is how many moves of each game are counted (0: all).
	MaxPly int

	index map[packed]int32 // position → its node
	other map[string]int32 // positions that do not pack, by key
	nodes []bnode
	moves []bmove

	games, counted int64

	// counted in the game being added: a game counts once for a move in
	// a position however often it comes back there (a sennichite game is
	// one draw for its moves, not four), as the games database counts.
	inGame map[int32]bool // index in moves
}

// bnode is a position being counted: where it was first met and its list
// of moves in b.moves.
type bnode struct {
	ply   int32
	first int32 // index in moves, -1 for none
}

// bmove is a move counted in a position: how often, and the results.
type bmove struct {
	move    game.Move
	next    int32
	n       uint32
	w, d, l uint32
}

// NewBuilder returns a builder counting the first maxPly moves of each game
// (all of them when 0).
func NewBuilder(maxPly int) *Builder {
	return &Builder{MaxPly: maxPly, index: map[packed]int32{}, other: map[string]int32{}}
}

// outcome is a game's result for the side that moved.
type outcome int8

const (
	unknown outcome = iota
	won
	drawn
	lost
)

func outcomeFor(r game.Result, c game.Color) outcome {
	switch w, ok := r.Winner(); {
	case ok && w == c:
		return won
	case ok:
		return lost
	case r.Over() && r.Outcome == game.Draw:
		return drawn
	}
	return unknown
}

// Add counts a game: the moves played from start, and its result (which
// may be unfinished). It stops at the first move that is not legal and
// returns how many moves it counted.
func (b *Builder) Add(start game.Position, moves []game.Move, result game.Result) int {
	b.games++
	if b.inGame == nil {
		b.inGame = map[int32]bool{}
	}
	clear(b.inGame)
	p := start
	n := len(moves)
	if b.MaxPly > 0 {
		n = min(n, b.MaxPly)
	}
	for i := 0; i < n; i++ {
		m := moves[i]
		if !p.IsLegal(m) {
			return i
		}
		b.count(&p, m, outcomeFor(result, p.SideToMove()))
		p = p.Play(m)
	}
	return n
}

// count adds one play of m in p, unless this game already played m there.
func (b *Builder) count(p *game.Position, m game.Move, o outcome) {
	node := b.node(p)
	nd := &b.nodes[node]
	if ply := int32(p.MoveNumber()); ply < nd.ply {
		nd.ply = ply
	}
	i := nd.first
	for i >= 0 && !b.moves[i].move.SameAs(m) {
		i = b.moves[i].next
	}
	if i < 0 {
		b.moves = append(b.moves, bmove{move: m, next: nd.first})
		i = int32(len(b.moves) - 1)
		nd.first = i
	}
	if b.inGame[i] {
		return
	}
	b.inGame[i] = true
	b.counted++
	bm := &b.moves[i]
	bm.n++
	switch o {
	case won:
		bm.w++
	case drawn:
		bm.d++
	case lost:
		bm.l++
	}
}

// node returns p's node, making it when p is new.
func (b *Builder) node(p *game.Position) int32 {
	k, ok := pack(p)
	if ok {
		if i, found := b.index[k]; found {
			return i
		}
	} else if i, found := b.other[Key(p)]; found {
		return i
	}
	i := int32(len(b.nodes))
	b.nodes = append(b.nodes, bnode{ply: int32(p.MoveNumber()), first: -1})
	if ok {
		b.index[k] = i
	} else {
		b.other[Key(p)] = i
	}
	return i
}

// Merge adds o's counts to b's; o is not to be used after.
func (b *Builder) Merge(o *Builder) {
	b.games += o.games
	b.counted += o.counted
	add := func(mine int32, on bnode) {
		nd := &b.nodes[mine]
		nd.ply = min(nd.ply, on.ply)
		for j := on.first; j >= 0; j = o.moves[j].next {
			om := o.moves[j]
			i := nd.first
			for i >= 0 && !b.moves[i].move.SameAs(om.move) {
				i = b.moves[i].next
			}
			if i < 0 {
				b.moves = append(b.moves, bmove{move: om.move, next: nd.first})
				i = int32(len(b.moves) - 1)
				nd.first = i
			}
			bm := &b.moves[i]
			bm.n += om.n
			bm.w += om.w
			bm.d += om.d
			bm.l += om.l
		}
	}
	newNode := func(ply int32) int32 {
		b.nodes = append(b.nodes, bnode{ply: ply, first: -1})
		return int32(len(b.nodes) - 1)
	}
	for k, j := range o.index {
		i, ok := b.index[k]
		if !ok {
			i = newNode(o.nodes[j].ply)
			b.index[k] = i
		}
		add(i, o.nodes[j])
	}
	for k, j := range o.other {
		i, ok := b.other[k]
		if !ok {
			i = newNode(o.nodes[j].ply)
			b.other[k] = i
		}
		add(i, o.nodes[j])
	}
}

// Games returns how many games were added; Positions how many positions
// were met; Moves how many moves were counted.
func (b *Builder) Games() int64   { return b.games }
func (b *Builder) Positions() int { return len(b.nodes) }
func (b *Builder) Moves() int64   { return b.counted }

// entry makes node i's entry: the moves played at least minCount times,
// most played first, each with its count, results and the score the
// results make.
func (b *Builder) entry(key string, i int32, minCount int) *Entry {
	nd := b.nodes[i]
	e := &Entry{Key: key, Ply: int(nd.ply)}
	for j := nd.first; j >= 0; j = b.moves[j].next {
		bm := b.moves[j]
		if int(bm.n) < minCount {
			continue
		}
		m := Move{Move: bm.move, Count: int64(bm.n), HasCount: true,
			Results: Results{int64(bm.w), int64(bm.d), int64(bm.l)}}
		if m.Results.Known() {
			m.Score, m.HasScore = ResultScore(m.Results), true
		}
		e.Moves = append(e.Moves, m)
	}
	// Ties of count and score come in the moves' order, so that the same
	// games give the same book however the work was split.
	slices.SortFunc(e.Moves, func(x, y Move) int { return strings.Compare(x.Move.USI(), y.Move.USI()) })
	SortMoves(e.Moves)
	return e
}

// Book returns what was counted as a book in memory, moves played fewer
// than minCount times left out (and positions left with none).
func (b *Builder) Book(minCount int) *Book {
	out := New()
	b.each(func(key string, i int32) {
		if e := b.entry(key, i, minCount); len(e.Moves) > 0 {
			out.Put(e)
		}
	})
	return out
}

// each calls fn with every position's key and node.
func (b *Builder) each(fn func(key string, i int32)) {
	for k, i := range b.index {
		p, err := unpack(&k)
		if err != nil {
			panic(err) // pack wrote it: a bug, not bad input
		}
		fn(Key(&p), i)
	}
	for k, i := range b.other {
		fn(k, i)
	}
}

// Write writes the book sorted, as Book(minCount) would be written, with
// no more memory than the keys' text: the positions are sorted by key and
// written one by one. It returns how many positions it wrote. Write is
// the builder's last use: it lets go of the index of positions, the
// biggest part of a builder, before sorting.
func (b *Builder) Write(w io.Writer, minCount int) (int, error) {
	type ref struct {
		off     int // the key's bytes in arena
		n, node int32
	}
	arena := make([]byte, 0, 72*len(b.nodes)) // a key is about 70 bytes
	refs := make([]ref, 0, len(b.nodes))
	b.each(func(key string, i int32) {
		if !b.anyMove(i, minCount) {
			return
		}
		refs = append(refs, ref{len(arena), int32(len(key)), i})
		arena = append(arena, key...)
	})
	b.index, b.other = nil, nil
	keyOf := func(r ref) []byte { return arena[r.off : r.off+int(r.n)] }
	slices.SortFunc(refs, func(x, y ref) int { return bytes.Compare(keyOf(x), keyOf(y)) })
	bw := NewWriter(w)
	for _, r := range refs {
		if err := bw.Write(b.entry(string(keyOf(r)), r.node, minCount)); err != nil {
			return 0, err
		}
	}
	return len(refs), bw.Close()
}

// anyMove reports whether node i has a move played minCount times.
func (b *Builder) anyMove(i int32, minCount int) bool {
	for j := b.nodes[i].first; j >= 0; j = b.moves[j].next {
		if int(b.moves[j].n) >= minCount {
			return true
		}
	}
	return false
}
