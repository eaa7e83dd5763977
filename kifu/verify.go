package kifu

import (
	"fmt"

	"shogi/game"
)

// TreeFault names what is wrong with a node of a record's tree.
type TreeFault int

const (
	BadRoot        TreeFault = iota + 1 // the root has a parent, a move, an ending or a ply
	WrongParent                         // a child does not point back at its parent
	WrongPly                            // a child's ply is not its parent's plus one
	AfterEnding                         // something follows an ending
	EndingWithMove                      // an ending node carries a move
	IllegalMove                         // an illegal move that anything but an ending follows
	SameChildren                        // two children are the same move or the same ending
)

// TreeError is a fault Verify found, with where.
type TreeError struct {
	Fault TreeFault
	Ply   int
	Line  []game.Move // the moves leading to the node
}

func (e *TreeError) Error() string {
	what := [...]string{BadRoot: "bad root", WrongParent: "child with another parent",
		WrongPly: "wrong ply", AfterEnding: "a node after an ending", EndingWithMove: "an ending with a move",
		IllegalMove: "an illegal move played on", SameChildren: "the same move twice"}
	w := "fault"
	if int(e.Fault) < len(what) && what[e.Fault] != "" {
		w = what[e.Fault]
	}
	return fmt.Sprintf("record tree: ply %d: %s", e.Ply, w)
}

// Verify checks the tree's shape: parents, plies, endings as leaves,
// every move legal where it is played (a foul is kept only as a leaf or
// before its ending), no two children alike. It walks without recursion,
// so any length of line is fine.
func (r *Record) Verify() error {
	root := r.Root
	if root == nil || root.Parent != nil || root.Ply != 0 || root.Move != game.NoMove || root.Ending != NoEnding {
		return &TreeError{Fault: BadRoot}
	}
	type item struct {
		n    *Node
		pos  game.Position // after n
		foul bool          // n is an illegal move
	}
	stack := []item{{n: root, pos: r.Start}}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n := it.n
		fault := func(f TreeFault, ply int) error { return &TreeError{Fault: f, Ply: ply, Line: n.Line()} }
		if n.Ending != NoEnding && n.first != nil {
			return fault(AfterEnding, n.Ply+1)
		}
		for c := range n.Children() {
			switch {
			case c.Parent != n:
				return fault(WrongParent, n.Ply+1)
			case c.Ply != n.Ply+1:
				return fault(WrongPly, n.Ply+1)
			case c.Ending != NoEnding && c.Move != game.NoMove:
				return fault(EndingWithMove, c.Ply)
			case it.foul && c.Ending == NoEnding:
				return fault(IllegalMove, n.Ply)
			}
			for d := n.first; d != c; d = d.next {
				if c.Ending == NoEnding && d.Ending == NoEnding && c.Move.SameAs(d.Move) ||
					c.Ending != NoEnding && c.Ending == d.Ending && c.Word() == d.Word() {
					return fault(SameChildren, c.Ply)
				}
			}
			next := item{n: c, pos: it.pos}
			if c.Ending == NoEnding {
				if it.pos.IsLegal(c.Move) {
					next.pos = it.pos.Play(c.Move)
				} else {
					next.foul = true
				}
			}
			stack = append(stack, next)
		}
	}
	return nil
}
