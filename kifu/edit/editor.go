// Package edit holds what the app edits: a record with the history of
// its edits (Editor), kept on disk after every edit until it is saved or
// discarded, and a position being set up (Board). Both are models without
// a screen: the study and the position editor render them and call them.
package edit

import (
	"time"

	"shogi/game"
	"shogi/kifu"
)

// maxHistory is how many edits Undo can take back.
const maxHistory = 5000

// Editor is a record being edited: every edit goes through it, so that
// it can be undone and redone, and is kept in the state directory (when
// one is given) the moment it is made. Nodes stay the same objects
// through undo and redo, so a caller may hold on to them. An Editor is
// used from one goroutine (the screen's).
type Editor struct {
	rec    *kifu.Record
	done   []change // applied, oldest first
	undone []change // taken back, the next to redo last
	saved  int      // len(done) when the record was as on disk; -1 if that state is gone
	source string   // the file the record came from or was saved to; "" for none
	keep   keeper
}

// Options say where an editor's record comes from and where its edits are
// kept.
type Options struct {
	// StateDir is the directory under which edits are kept (in edits/);
	// "" keeps none.
	StateDir string
	// Source is the file the record was read from, "" for a new or pasted
	// record.
	Source string
}

// New returns an editor of r, unmodified. Nothing is written until the
// first edit.
func New(r *kifu.Record, o Options) *Editor {
	return &Editor{rec: r, source: o.Source, keep: keeper{dir: o.StateDir}}
}

// Record returns the record. Change it only through the editor.
func (e *Editor) Record() *kifu.Record { return e.rec }

// Source returns the file the record came from or was last saved to.
func (e *Editor) Source() string { return e.source }

// Modified reports whether the record differs from the file it came from
// (for a new record: whether it was edited at all).
func (e *Editor) Modified() bool { return e.saved != len(e.done) }

// CanUndo and CanRedo report whether there is an edit to take back or to
// make again.
func (e *Editor) CanUndo() bool { return len(e.done) > 0 }
func (e *Editor) CanRedo() bool { return len(e.undone) > 0 }

// KeepError returns why the last write of the kept copy failed (nil when
// the edits are safe on disk, or none are kept).
func (e *Editor) KeepError() error { return e.keep.err }

// KeptPath returns the file the edits are kept in ("" before the first
// edit, after saving, or when none are kept).
func (e *Editor) KeptPath() string { return e.keep.path }

// Saved tells the editor the record was written to path: the record is
// unmodified and the kept copy goes.
func (e *Editor) Saved(path string) error {
	e.source = path
	e.saved = len(e.done)
	return e.keep.remove()
}

// Discard drops the kept copy: the edits are abandoned (the record in
// memory stays as it is).
func (e *Editor) Discard() error { return e.keep.remove() }

// Undo takes back the last edit and returns the node to show (where the
// edit was; nil for an edit of the headers or of the start's name), or
// false when there is none.
func (e *Editor) Undo() (*kifu.Node, bool) {
	if len(e.done) == 0 {
		return nil, false
	}
	c := e.done[len(e.done)-1]
	e.done = e.done[:len(e.done)-1]
	e.undone = append(e.undone, c)
	focus := c.undo(e.rec)
	e.kept()
	return focus, true
}

// Redo makes the last undone edit again and returns the node to show.
func (e *Editor) Redo() (*kifu.Node, bool) {
	if len(e.undone) == 0 {
		return nil, false
	}
	c := e.undone[len(e.undone)-1]
	e.undone = e.undone[:len(e.undone)-1]
	e.done = append(e.done, c)
	focus := c.redo(e.rec)
	e.kept()
	return focus, true
}

// record adds an edit just made to the history (a new edit ends what
// could be redone) and keeps the record.
func (e *Editor) record(c change) {
	e.undone = e.undone[:0]
	if e.saved > len(e.done) {
		e.saved = -1 // the saved state was undone and can no longer be reached
	}
	e.done = append(e.done, c)
	if len(e.done) > maxHistory {
		drop := len(e.done) - maxHistory
		e.done = append(e.done[:0], e.done[drop:]...)
		e.saved -= drop
		if e.saved < 0 {
			e.saved = -1
		}
	}
	e.kept()
}

// kept writes the kept copy after an edit, or removes it when the record
// is back as it is on disk.
func (e *Editor) kept() {
	if !e.Modified() {
		e.keep.remove()
		return
	}
	e.keep.write(e.rec, e.source)
}

// Play makes move m after at (ShogiHome's way: the existing child when it
// is the same move, else a new variation after the others; after an
// ending, at its parent) and returns the move's node. Following an
// existing move is no edit.
func (e *Editor) Play(at *kifu.Node, m game.Move) (*kifu.Node, error) {
	n, added, err := e.rec.Play(at, m)
	return e.added(n, added, err)
}

// PlayFrom is Play for a caller that has the position after at (or after
// at's parent when at is an ending).
func (e *Editor) PlayFrom(at *kifu.Node, after *game.Position, m game.Move) (*kifu.Node, error) {
	n, added, err := e.rec.PlayFrom(at, after, m)
	return e.added(n, added, err)
}

// End puts a special ending (投了, 中断, 千日手 …) after at and returns its
// node.
func (e *Editor) End(at *kifu.Node, end kifu.Ending) (*kifu.Node, error) {
	n, added, err := e.rec.End(at, end)
	return e.added(n, added, err)
}

func (e *Editor) added(n *kifu.Node, added bool, err error) (*kifu.Node, error) {
	if err != nil {
		return nil, err
	}
	if added {
		e.record(&addNode{n: n})
	}
	return n, nil
}

// Delete takes n and all that follows it out of the record and returns
// its parent (where the cursor goes).
func (e *Editor) Delete(n *kifu.Node) (*kifu.Node, error) {
	i, err := e.rec.Delete(n)
	if err != nil {
		return nil, err
	}
	e.record(&deleteNode{n: n, index: i})
	return n.Parent, nil
}

// PromoteToMain makes the line through n the main line.
func (e *Editor) PromoteToMain(n *kifu.Node) error {
	path := n.Path()
	old, err := e.rec.PromoteToMain(n)
	if err != nil {
		return err
	}
	r := &reorder{}
	for i, x := range path {
		if old[i] != 0 {
			r.nodes, r.from, r.to = append(r.nodes, x), append(r.from, old[i]), append(r.to, 0)
		}
	}
	if len(r.nodes) > 0 {
		e.record(r)
	}
	return nil
}

// MoveUp moves the variation starting at n one place up among its
// siblings (the first sibling is the line its parent is on).
func (e *Editor) MoveUp(n *kifu.Node) error { return e.move(n, -1) }

// MoveDown moves the variation starting at n one place down.
func (e *Editor) MoveDown(n *kifu.Node) error { return e.move(n, +1) }

func (e *Editor) move(n *kifu.Node, by int) error {
	from := n.Index()
	var err error
	if by < 0 {
		err = e.rec.MoveUp(n)
	} else {
		err = e.rec.MoveDown(n)
	}
	if err != nil {
		return err
	}
	e.record(&reorder{nodes: []*kifu.Node{n}, from: []int{from}, to: []int{from + by}})
	return nil
}

// SetComment replaces n's comment (on the root: the game's comment before
// the first move), keeping the analysis lines it has. Setting the comment
// it has is no edit.
func (e *Editor) SetComment(n *kifu.Node, text string) error {
	if !e.rec.InTree(n) {
		return &kifu.EditError{Kind: kifu.DetachedNode, Ply: n.Ply}
	}
	old := n.Comment()
	n.SetUserComment(text)
	if n.Comment() != old {
		e.record(&setComment{n: n, old: old, new: n.Comment()})
	}
	return nil
}

// SetBookmark names n ("" removes its bookmark; a new name renames it).
// A name another node has is refused.
func (e *Editor) SetBookmark(n *kifu.Node, name string) error {
	if !e.rec.InTree(n) {
		return &kifu.EditError{Kind: kifu.DetachedNode, Ply: n.Ply}
	}
	old := n.Bookmark()
	if err := e.rec.SetBookmark(n, name); err != nil {
		return err
	}
	if n.Bookmark() != old {
		e.record(&setBookmark{n: n, old: old, new: n.Bookmark()})
	}
	return nil
}

// SetHeader sets a header (under any format's name for it: 先手, N+ and
// Black are one header).
func (e *Editor) SetHeader(key, value string) error {
	old := append([]kifu.Header(nil), e.rec.Headers...)
	if err := e.rec.SetHeader(key, value); err != nil {
		return err
	}
	e.headersChanged(old)
	return nil
}

// SetPlayer names c's player, under the key the record has for it.
func (e *Editor) SetPlayer(c game.Color, name string) error {
	return e.SetHeader(e.rec.PlayerKey(c), name)
}

// DeleteHeader removes the header key names.
func (e *Editor) DeleteHeader(key string) {
	old := append([]kifu.Header(nil), e.rec.Headers...)
	if e.rec.DeleteHeader(key) {
		e.headersChanged(old)
	}
}

func (e *Editor) headersChanged(old []kifu.Header) {
	now := append([]kifu.Header(nil), e.rec.Headers...)
	if len(now) == len(old) {
		same := true
		for i := range now {
			same = same && now[i] == old[i]
		}
		if same {
			return
		}
	}
	e.record(&setHeaders{old: old, new: now})
}

// SetHandicapName names a start that is no handicap (詰将棋, その他 …).
func (e *Editor) SetHandicapName(name string) error {
	old := e.rec.Handicap
	if err := e.rec.SetHandicapName(name); err != nil {
		return err
	}
	if e.rec.Handicap != old {
		e.record(&setHandicap{old: old, new: e.rec.Handicap})
	}
	return nil
}

// A change is one edit that can be taken back and made again; each
// returns the node to show.
type change interface {
	undo(r *kifu.Record) *kifu.Node
	redo(r *kifu.Record) *kifu.Node
}

type addNode struct {
	n     *kifu.Node
	index int
}

func (c *addNode) undo(r *kifu.Record) *kifu.Node {
	c.index, _ = r.Delete(c.n)
	return c.n.Parent
}

func (c *addNode) redo(r *kifu.Record) *kifu.Node {
	r.Reattach(c.n, c.index)
	return c.n
}

type deleteNode struct {
	n     *kifu.Node
	index int
}

func (c *deleteNode) undo(r *kifu.Record) *kifu.Node {
	r.Reattach(c.n, c.index)
	return c.n
}

func (c *deleteNode) redo(r *kifu.Record) *kifu.Node {
	r.Delete(c.n)
	return c.n.Parent
}

// reorder moves nodes among their siblings: nodes[i] from index from[i]
// to to[i], in order (a promotion moves several, from the top down).
type reorder struct {
	nodes    []*kifu.Node
	from, to []int
}

func (c *reorder) undo(r *kifu.Record) *kifu.Node {
	for i := len(c.nodes) - 1; i >= 0; i-- {
		r.SetIndex(c.nodes[i], c.from[i])
	}
	return c.nodes[len(c.nodes)-1]
}

func (c *reorder) redo(r *kifu.Record) *kifu.Node {
	for i, n := range c.nodes {
		r.SetIndex(n, c.to[i])
	}
	return c.nodes[len(c.nodes)-1]
}

type setComment struct {
	n        *kifu.Node
	old, new string
}

func (c *setComment) undo(*kifu.Record) *kifu.Node { c.n.SetComment(c.old); return c.n }
func (c *setComment) redo(*kifu.Record) *kifu.Node { c.n.SetComment(c.new); return c.n }

type setBookmark struct {
	n        *kifu.Node
	old, new string
}

func (c *setBookmark) undo(*kifu.Record) *kifu.Node { c.n.SetBookmark(c.old); return c.n }
func (c *setBookmark) redo(*kifu.Record) *kifu.Node { c.n.SetBookmark(c.new); return c.n }

type setHeaders struct{ old, new []kifu.Header }

func (c *setHeaders) undo(r *kifu.Record) *kifu.Node {
	r.Headers = append([]kifu.Header(nil), c.old...)
	return nil
}

func (c *setHeaders) redo(r *kifu.Record) *kifu.Node {
	r.Headers = append([]kifu.Header(nil), c.new...)
	return nil
}

type setHandicap struct{ old, new string }

func (c *setHandicap) undo(r *kifu.Record) *kifu.Node { r.Handicap = c.old; return nil }
func (c *setHandicap) redo(r *kifu.Record) *kifu.Node { r.Handicap = c.new; return nil }

// now is the clock the kept copies are stamped with (tests set it).
var now = time.Now
