package kifu

import (
	"iter"
	"time"

	"shogi/game"
)

// AddMove appends m after parent and returns its node. If parent already has
// that move as a child, the existing node is returned, so replaying a line
// that is in the tree does not branch. The move is not checked: readers and
// callers check it against the position first.
func (r *Record) AddMove(parent *Node, m game.Move) *Node {
	var last *Node
	for c := parent.first; c != nil; c = c.next {
		if c.Ending == NoEnding && c.Move.SameAs(m) {
			return c
		}
		last = c
	}
	n := r.newNode()
	*n = Node{Move: m, Ply: parent.Ply + 1, Parent: parent}
	parent.link(last, n)
	return n
}

// link puts c among n's children after prev (first when prev is nil).
func (n *Node) link(prev, c *Node) {
	if prev == nil {
		c.next, n.first = n.first, c
		return
	}
	c.next, prev.next = prev.next, c
}

// unlink takes n out of its parent's children, if it is there.
func (n *Node) unlink() {
	var prev *Node
	for c := n.Parent.first; c != nil; prev, c = c, c.next {
		if c == n {
			if prev == nil {
				n.Parent.first = n.next
			} else {
				prev.next = n.next
			}
			n.next = nil
			return
		}
	}
}

// lastChild returns the last of n's children, or nil.
func (n *Node) lastChild() *Node {
	var last *Node
	for c := n.first; c != nil; c = c.next {
		last = c
	}
	return last
}

// newNode hands out nodes from blocks, so reading a long game does not
// allocate once per move.
func (r *Record) newNode() *Node {
	if len(r.slab) == 0 {
		// Blocks grow, so a file of many tiny games stays small.
		r.slabSize = min(max(2*r.slabSize, 4), 256)
		r.slab = make([]Node, r.slabSize)
	}
	n := &r.slab[0]
	r.slab = r.slab[1:]
	return n
}

// AddEnding appends a special ending after parent. word is kept for
// OtherEnding (封じ手 …) and may be empty otherwise.
func (r *Record) AddEnding(parent *Node, e Ending, word string) *Node {
	n := r.newNode()
	*n = Node{Ending: e, Ply: parent.Ply + 1, Parent: parent}
	if word != "" {
		n.notes = &notes{word: word}
	}
	parent.link(parent.lastChild(), n)
	return n
}

// FirstChild returns the node that continues n's line, or nil at its end.
func (n *Node) FirstChild() *Node { return n.first }

// NextSibling returns the next branch from n's parent (the next 変化
// at n's ply), or nil after the last.
func (n *Node) NextSibling() *Node { return n.next }

// Children returns n's children in order: the line's continuation first,
// then the branches.
func (n *Node) Children() iter.Seq[*Node] {
	return func(yield func(*Node) bool) {
		for c := n.first; c != nil; c = c.next {
			if !yield(c) {
				return
			}
		}
	}
}

// NumChildren returns how many children n has.
func (n *Node) NumChildren() int {
	k := 0
	for c := n.first; c != nil; c = c.next {
		k++
	}
	return k
}

// Child returns n's child number i (0 continues the line), or nil if
// there is none.
func (n *Node) Child(i int) *Node {
	c := n.first
	for ; c != nil && i > 0; i-- {
		c = c.next
	}
	if i < 0 {
		return nil
	}
	return c
}

// IsMove reports whether n is a move (not the root, not an ending).
func (n *Node) IsMove() bool { return n.Parent != nil && n.Ending == NoEnding }

// Path returns the nodes from the first move to n, n last (empty for the
// root).
func (n *Node) Path() []*Node {
	out := make([]*Node, n.Ply)
	for i := len(out) - 1; n != nil && n.Parent != nil && i >= 0; i-- {
		out[i] = n
		n = n.Parent
	}
	return out
}

// Line returns the moves played from the start to reach n (endings left
// out).
func (n *Node) Line() []game.Move {
	var out []game.Move
	for _, x := range n.Path() {
		if x.IsMove() {
			out = append(out, x.Move)
		}
	}
	return out
}

// Index returns which child of its parent n is (0 on the main line of its
// parent), or -1 for the root.
func (n *Node) Index() int {
	if n.Parent == nil {
		return -1
	}
	i := 0
	for c := n.Parent.first; c != nil; c = c.next {
		if c == n {
			return i
		}
		i++
	}
	return -1
}

// MainMoves returns the moves of the main line.
func (r *Record) MainMoves() []game.Move {
	var out []game.Move
	for _, n := range r.MainLine() {
		if n.IsMove() {
			out = append(out, n.Move)
		}
	}
	return out
}

// Ending returns how the main line ends (NoEnding if it just stops) and the
// ending's node (nil if none).
func (r *Record) Ending() (Ending, *Node) {
	line := r.MainLine()
	if len(line) > 0 && line[len(line)-1].Ending != NoEnding {
		n := line[len(line)-1]
		return n.Ending, n
	}
	return NoEnding, nil
}

// PositionAt returns the position after n (the start for the root),
// replaying the moves from the start.
func (r *Record) PositionAt(n *Node) game.Position {
	p := r.Start
	for _, m := range n.Line() {
		p = playSafe(&p, m)
	}
	return p
}

// playSafe plays m, or leaves the position as it is when m is illegal (a
// foul a record kept because the file marked it).
func playSafe(p *game.Position, m game.Move) game.Position {
	if !p.IsLegal(m) {
		return *p
	}
	return p.Play(m)
}

// Walk visits every node of the tree depth first, main lines before
// branches, with the position before and after the node (the same for the
// root and for endings). Positions are computed incrementally, one Play per
// move. If fn returns false, Walk does not go below that node.
func (r *Record) Walk(fn func(n *Node, before, after *game.Position) bool) {
	var visit func(n *Node, before game.Position)
	visit = func(n *Node, before game.Position) {
		after := before
		if n.IsMove() {
			after = playSafe(&before, n.Move)
		}
		if !fn(n, &before, &after) {
			return
		}
		for c := range n.Children() {
			visit(c, after)
		}
	}
	visit(r.Root, r.Start)
}

// Result tells who won the main line and how, in the rules package's terms.
// A record that just stops is in progress.
func (r *Record) Result() game.Result {
	e, n := r.Ending()
	if n == nil {
		return game.Result{}
	}
	p := r.PositionAt(n.Parent)
	mover := p.SideToMove()
	lose := func(c game.Color, why game.Ending) game.Result {
		return game.Result{Outcome: game.Win(c.Other()), Ending: why}
	}
	switch e {
	case Resign:
		return lose(mover, game.Resignation)
	case Mate:
		return lose(mover, game.Checkmate)
	case Sennichite:
		return game.Result{Outcome: game.Draw, Ending: game.Repetition}
	case Jishogi, Draw:
		return game.Result{Outcome: game.Draw, Ending: game.Impasse}
	case EnteringKing:
		return game.Result{Outcome: game.Win(mover), Ending: game.Declaration}
	case Timeout:
		return lose(mover, game.TimeLoss)
	case IllegalWin:
		return lose(mover.Other(), game.IllegalMove)
	case IllegalLoss, Forfeit:
		return lose(mover, game.IllegalMove)
	}
	return game.Result{}
}

// FromGame builds a record of g: its start (named when it is a handicap),
// its moves, and its result as the closing special move. elapsed, if not
// nil, gives the time each move took (elapsed[i] for move i+1).
func FromGame(g *game.Game, headers []Header, elapsed []time.Duration) *Record {
	r := NewRecord(g.Start())
	r.Headers = append(r.Headers, headers...)
	r.nameStart()
	n := r.Root
	var totals [2]time.Duration
	for i, m := range g.Moves() {
		n = r.AddMove(n, m)
		if i < len(elapsed) {
			totals[m.Color()] += elapsed[i]
			n.Elapsed, n.Total, n.HasTime = elapsed[i], totals[m.Color()], true
		}
	}
	res := g.Result()
	if !res.Over() {
		return r
	}
	pos := g.Position()
	mover := pos.SideToMove()
	loser, decided := res.Outcome, res.Outcome == game.BlackWins || res.Outcome == game.WhiteWins
	moverLoses := decided && loser == game.Win(mover.Other())
	var e Ending
	switch res.Ending {
	case game.Checkmate, game.NoLegalMoves:
		e = Mate
	case game.Resignation:
		e = Resign
	case game.Repetition:
		e = Sennichite
	case game.PerpetualCheck, game.IllegalMove:
		e = IllegalWin
		if moverLoses {
			e = IllegalLoss
		}
	case game.Impasse:
		e = Jishogi
	case game.Declaration:
		e = EnteringKing
	case game.TimeLoss:
		e = Timeout
	default:
		return r
	}
	r.AddEnding(n, e, "")
	return r
}

// handicapNames finds a handicap by its exact Japanese name without the
// normalising search game.FindHandicap does (which is slow for a reader
// that meets 手合割：平手 in every file).
var handicapNames = func() map[string]game.Handicap {
	m := map[string]game.Handicap{}
	for _, h := range game.Handicaps() {
		m[h.Japanese] = h
	}
	return m
}()

// findHandicap looks a 手合割 name up.
func findHandicap(name string) (game.Handicap, bool) {
	if h, ok := handicapNames[name]; ok {
		return h, true
	}
	return game.FindHandicap(name)
}

// nameStart sets Handicap when the start is a named position.
func (r *Record) nameStart() {
	if h, ok := game.HandicapBySFEN(&r.Start); ok {
		r.Handicap = h.Japanese
	}
}
