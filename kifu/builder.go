package kifu

import (
	"fmt"

	"shogi/game"
)

// builder grows a record's tree line by line as a reader meets moves,
// endings and branch points, and checks every move against the position.
type builder struct {
	rec *Record
	cur *Node // the last node of the line being read
	// pos is the position after cur. Only the current one is kept: going
	// back to a branch point replays the line from the start (see goTo),
	// which costs less than a 320-byte position per move read.
	pos  game.Position
	line int // the source line being read, for errors

	// An illegal move is kept only if the next thing on its line is a foul
	// ending (反則負け / 反則勝ち) that accounts for it.
	pending     game.Move
	pendingErr  *ParseError
	pendingLine int
}

func newBuilder(r *Record) *builder {
	b := new(builder)
	b.start(r)
	return b
}

// start readies b, new or used for another record, to build r.
func (b *builder) start(r *Record) {
	*b = builder{rec: r, cur: r.Root, pos: r.Start}
}

// reserve readies room for about n more nodes in one block, so a reader
// that can count a game's moves beforehand allocates them once.
func (r *Record) reserve(n int) {
	if n <= len(r.slab) {
		return
	}
	r.slab = make([]Node, n)
}

// reset starts again from the record's start (after the start position
// was read).
func (b *builder) reset() {
	b.cur = b.rec.Root
	b.pos = b.rec.Start
}

// position returns the position after the current node.
func (b *builder) position() *game.Position { return &b.pos }

// goTo makes n, a node of the tree, the current node, and finds the
// position after it by playing the moves from the start (a kept foul
// leaves the position as it was, as when it was read).
func (b *builder) goTo(n *Node) {
	b.cur = n
	b.pos = b.rec.Start
	for _, x := range n.Path() {
		if x.IsMove() {
			b.pos = playSafe(&b.pos, x.Move)
		}
	}
}

// prev returns the last move of the current line, for 同.
func (b *builder) prev() game.Move {
	if b.cur.IsMove() {
		return b.cur.Move
	}
	return game.NoMove
}

func (b *builder) errorf(ply int, format string, args ...any) *ParseError {
	return &ParseError{Line: b.line, Ply: ply, Err: fmt.Errorf(format, args...)}
}

// settle is called before anything that is not a foul ending: an illegal
// move waiting for one becomes an error.
func (b *builder) settle() error {
	if b.pendingErr != nil {
		err := b.pendingErr
		b.pendingErr = nil
		return err
	}
	return nil
}

// canMove reports whether a move may follow the current node.
func (b *builder) canMove() error {
	if err := b.settle(); err != nil {
		return err
	}
	if b.cur.Ending != NoEnding {
		return b.errorf(b.cur.Ply+1, "move after the game ended (%s)", endingWord(b.cur))
	}
	return nil
}

// play appends m, which must be legal, to the current line.
func (b *builder) play(m game.Move) error {
	if err := b.canMove(); err != nil {
		return err
	}
	p := b.position()
	ply := b.cur.Ply + 1
	if err := p.CheckMove(m); err != nil {
		// err is a *game.IllegalMoveError naming the rule.
		b.pending, b.pendingLine = m, b.line
		b.pendingErr = &ParseError{Line: b.line, Ply: ply, Err: err}
		return nil
	}
	b.pos = p.Play(m)
	b.cur = b.rec.AddMove(b.cur, m)
	return nil
}

// end appends a special ending to the current line.
func (b *builder) end(e Ending, word string) (*Node, error) {
	if b.pendingErr != nil {
		if e != IllegalLoss && e != IllegalWin {
			return nil, b.settle()
		}
		// The file marks the foul: keep the illegal move, which no move follows.
		b.pendingErr = nil
		b.cur = b.rec.AddMove(b.cur, b.pending)
	}
	if b.cur.Ending != NoEnding {
		if b.cur.Ending == e {
			return b.cur, nil // a repeated ending (CSA %TORYO then a KIF-like summary)
		}
		return nil, b.errorf(b.cur.Ply, "second ending %s after %s", endingWordOf(e, word), endingWord(b.cur))
	}
	// A variation that repeats an ending already there follows it, as a
	// repeated move follows its node (AddMove): no twin children.
	for c := range b.cur.Children() {
		if c.Ending == e && c.Word() == word {
			b.cur = c
			return c, nil
		}
	}
	b.cur = b.rec.AddEnding(b.cur, e, word)
	return b.cur, nil
}

// branch goes back so that the next move read is an alternative to ply
// (the move numbered ply on the line read last). A branch point past the
// end of the line continues it (as some programs write).
func (b *builder) branch(ply int) error {
	if err := b.settle(); err != nil {
		return err
	}
	if ply < 1 {
		return b.errorf(0, "branch at move %d: moves are numbered from 1", ply)
	}
	if ply-1 > b.cur.Ply {
		return b.errorf(0, "branch at move %d, but the line before it has only %d moves", ply, b.cur.Ply)
	}
	n := b.cur
	for n.Ply > ply-1 {
		n = n.Parent
	}
	if n.Ending != NoEnding {
		b.cur = n
		return b.errorf(0, "branch at move %d follows the end of the game", ply)
	}
	if n != b.cur {
		b.goTo(n)
	}
	return nil
}

// finish ends reading: an illegal move still waiting is an error.
func (b *builder) finish() error { return b.settle() }
