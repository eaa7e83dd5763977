package kifu

import (
	"fmt"
	"slices"
	"strings"

	"shogi/game"
)

// Editing a record's tree the way ShogiHome does: a move made at a node
// follows the child that is already that move, or becomes a new
// variation after the others; a move or ending made on an ending goes to
// the ending's parent (an ending ends its line). Nodes are never copied:
// a deleted node keeps its Parent and its subtree, so Reattach can put it
// back where it was, and pointers a caller holds stay good through undo.

// EditRefusal says why an edit is refused.
type EditRefusal int

const (
	IllegalEdit   EditRefusal = iota + 1 // the move is not legal there (Err is the *game.IllegalMoveError)
	RootEdit                             // the root cannot be deleted, moved or reattached
	DetachedNode                         // the node is not in the record's tree
	NotAnEnding                          // End was given NoEnding
	FirstSibling                         // the node is already the first of its siblings
	LastSibling                          // the node is already the last of its siblings
	BookmarkTaken                        // another node has that bookmark (Node is it)
	BadHeaderKey                         // a header key a KIF file cannot carry (empty, with a colon or a line break, or one that would read back as something else)
	HandicapNamed                        // the start is a handicap with a name of its own (Name), or the name given is another handicap's
	AfterFoul                            // a move after an illegal move the record keeps (a foul ends the game)
	NotMated                             // 詰み where the side to move after move Ply is not checkmated
)

// EditError is a refused edit, as data.
type EditError struct {
	Kind EditRefusal
	Ply  int    // the ply of the node concerned, where there is one
	Node *Node  // the other node concerned (BookmarkTaken)
	Name string // the key, bookmark or handicap name concerned
	Err  error  // what the rules said (IllegalEdit)
}

func (e *EditError) Error() string {
	switch e.Kind {
	case IllegalEdit:
		return fmt.Sprintf("move %d: %v", e.Ply, e.Err)
	case RootEdit:
		return "the start of the record cannot be deleted or moved"
	case DetachedNode:
		return fmt.Sprintf("move %d is not in the record", e.Ply)
	case NotAnEnding:
		return "no ending given"
	case FirstSibling:
		return fmt.Sprintf("move %d is already the first at its ply", e.Ply)
	case LastSibling:
		return fmt.Sprintf("move %d is already the last at its ply", e.Ply)
	case BookmarkTaken:
		return fmt.Sprintf("the bookmark %q is already on move %d", e.Name, e.Node.Ply)
	case BadHeaderKey:
		return fmt.Sprintf("%q cannot be a header key", e.Name)
	case HandicapNamed:
		return fmt.Sprintf("the start is named %s", e.Name)
	case AfterFoul:
		return fmt.Sprintf("move %d is a foul: no move follows it", e.Ply)
	case NotMated:
		return fmt.Sprintf("the side to move after move %d is not checkmated", e.Ply)
	}
	return fmt.Sprintf("edit refused (%d)", int(e.Kind))
}

func (e *EditError) Unwrap() error { return e.Err }

// InTree reports whether n is in r's tree (not deleted, nor below a
// deleted node).
func (r *Record) InTree(n *Node) bool {
	for n != nil && n.Parent != nil {
		if n.Index() < 0 {
			return false
		}
		n = n.Parent
	}
	return n == r.Root
}

// lineEnd returns where a move or an ending made at n goes: n, or its
// parent when n is an ending.
func lineEnd(n *Node) *Node {
	if n.Ending != NoEnding && n.Parent != nil {
		return n.Parent
	}
	return n
}

// Play makes move m after at (after at's parent if at is an ending): the
// child that is already m if there is one (added false), else a new last
// child. The move must be legal in the position after at.
func (r *Record) Play(at *Node, m game.Move) (n *Node, added bool, err error) {
	at = lineEnd(at)
	if !r.InTree(at) {
		return nil, false, &EditError{Kind: DetachedNode, Ply: at.Ply}
	}
	p, ok := r.positionAfter(at)
	if !ok {
		return nil, false, &EditError{Kind: AfterFoul, Ply: at.Ply}
	}
	return r.PlayFrom(at, &p, m)
}

// positionAfter returns the position after n; ok is false when the line
// to n holds an illegal move (a kept foul).
func (r *Record) positionAfter(n *Node) (p game.Position, ok bool) {
	p = r.Start
	for _, x := range n.Path() {
		if x.IsMove() {
			if !p.IsLegal(x.Move) {
				return p, false
			}
			p = p.Play(x.Move)
		}
	}
	return p, true
}

// PlayFrom is Play for a caller that has the position after at (lineEnd
// of at), which saves replaying the line from the start.
func (r *Record) PlayFrom(at *Node, after *game.Position, m game.Move) (n *Node, added bool, err error) {
	at = lineEnd(at)
	if err := after.CheckMove(m); err != nil {
		return nil, false, &EditError{Kind: IllegalEdit, Ply: at.Ply + 1, Err: err}
	}
	before := at.NumChildren()
	n = r.AddMove(at, m)
	return n, at.NumChildren() > before, nil
}

// End puts ending e after at (after at's parent if at is an ending): the
// child that is already that ending if there is one, else a new last
// child.
func (r *Record) End(at *Node, e Ending) (n *Node, added bool, err error) {
	at = lineEnd(at)
	switch {
	case e == NoEnding || e == OtherEnding:
		return nil, false, &EditError{Kind: NotAnEnding, Ply: at.Ply + 1}
	case !r.InTree(at):
		return nil, false, &EditError{Kind: DetachedNode, Ply: at.Ply}
	}
	for c := range at.Children() {
		if c.Ending == e {
			return c, false, nil
		}
	}
	return r.AddEnding(at, e, ""), true, nil
}

// CheckEnding says whether ending e is true of the line through at: 詰み
// only where the side to move is checkmated (NotMated otherwise). End
// itself takes any ending, as records from other programs have them; an
// editor asks this first so as not to state a mate that is not there.
func (r *Record) CheckEnding(at *Node, e Ending) error {
	at = lineEnd(at)
	if e == Mate {
		if pos := r.PositionAt(at); !pos.IsCheckmate() {
			return &EditError{Kind: NotMated, Ply: at.Ply}
		}
	}
	return nil
}

// Delete takes n and everything after it out of the tree and returns the
// index it had among its siblings (for Reattach). n keeps its Parent and
// its children. When n was the first child, the next becomes the line.
func (r *Record) Delete(n *Node) (int, error) {
	if err := r.movable(n); err != nil {
		return -1, err
	}
	i := n.Index()
	n.unlink()
	return i, nil
}

// Reattach puts a deleted node back under its parent at index i (clamped
// to the children there).
func (r *Record) Reattach(n *Node, i int) error {
	switch {
	case n.Parent == nil:
		return &EditError{Kind: RootEdit}
	case n.Index() >= 0 || !r.InTree(n.Parent):
		return &EditError{Kind: DetachedNode, Ply: n.Ply}
	}
	n.Parent.insert(n, i)
	return nil
}

// movable checks that n is a node in the tree other than the root.
func (r *Record) movable(n *Node) error {
	switch {
	case n.Parent == nil:
		return &EditError{Kind: RootEdit}
	case !r.InTree(n):
		return &EditError{Kind: DetachedNode, Ply: n.Ply}
	}
	return nil
}

// SetIndex moves n to index i among its siblings (clamped), keeping the
// others' order.
func (r *Record) SetIndex(n *Node, i int) error {
	if err := r.movable(n); err != nil {
		return err
	}
	if i = min(max(i, 0), n.Parent.NumChildren()-1); i != n.Index() {
		n.unlink()
		n.Parent.insert(n, i)
	}
	return nil
}

// insert puts c among n's children at index i (clamped).
func (n *Node) insert(c *Node, i int) {
	var prev *Node
	if i > 0 && n.first != nil {
		prev = n.first
		for ; i > 1 && prev.next != nil; i-- {
			prev = prev.next
		}
	}
	n.link(prev, c)
}

// MoveUp moves n one place towards the line its parent is on (ShogiHome's
// swap with the previous branch).
func (r *Record) MoveUp(n *Node) error {
	if err := r.movable(n); err != nil {
		return err
	}
	i := n.Index()
	if i == 0 {
		return &EditError{Kind: FirstSibling, Ply: n.Ply}
	}
	return r.SetIndex(n, i-1)
}

// MoveDown moves n one place away from the line its parent is on.
func (r *Record) MoveDown(n *Node) error {
	if err := r.movable(n); err != nil {
		return err
	}
	if n.next == nil {
		return &EditError{Kind: LastSibling, Ply: n.Ply}
	}
	return r.SetIndex(n, n.Index()+1)
}

// PromoteToMain makes the line through n the main line: every node from
// the first move to n becomes the first of its siblings. It returns the
// index each of them had (from the first move down), for undoing with
// SetIndex in reverse order.
func (r *Record) PromoteToMain(n *Node) ([]int, error) {
	if err := r.movable(n); err != nil {
		return nil, err
	}
	path := n.Path()
	old := make([]int, len(path))
	for i, x := range path {
		old[i] = x.Index()
		if old[i] != 0 {
			r.SetIndex(x, 0)
		}
	}
	return old, nil
}

// CleanComment makes text fit for a comment: bytes that are not UTF-8
// become U+FFFD, line breaks of any kind become \n, and trailing line
// breaks go (they would not survive a writer and a reader).
func CleanComment(text string) string {
	text = strings.ToValidUTF8(text, "\uFFFD")
	text = strings.ReplaceAll(text, "\r\n", "\n")
	text = strings.ReplaceAll(text, "\r", "\n")
	return strings.TrimRight(text, "\n")
}

// UserComment returns n's comment without its analysis lines (which
// Analysis reads).
func (n *Node) UserComment() string { return StripAnalysis(n.Comment()) }

// SetUserComment replaces the part of n's comment that is not analysis
// with text (cleaned by CleanComment), keeping the analysis lines as they
// are, before it.
func (n *Node) SetUserComment(text string) {
	text = CleanComment(text)
	block := analysisBlock(n.Comment())
	switch {
	case block == "":
		n.SetComment(text)
	case text == "":
		n.SetComment(block)
	case strings.TrimSpace(strings.SplitN(text, "\n", 2)[0]) == "":
		n.SetComment(block + "\n\n" + text) // as SetAnalysis keeps a comment that opens with a blank line
	default:
		n.SetComment(block + "\n" + text)
	}
}

// CleanBookmark makes name fit for a bookmark: one line, no spaces at
// either end.
func CleanBookmark(name string) string {
	name = strings.ToValidUTF8(name, "\uFFFD")
	name = strings.Join(strings.Fields(strings.NewReplacer("\r", " ", "\n", " ").Replace(name)), " ")
	return strings.TrimSpace(name)
}

// SetBookmark names n (cleaned by CleanBookmark; "" removes the
// bookmark). A name another node has is refused.
func (r *Record) SetBookmark(n *Node, name string) error {
	name = CleanBookmark(name)
	if name != "" {
		if other := r.FindBookmark(name); other != nil && other != n {
			return &EditError{Kind: BookmarkTaken, Ply: n.Ply, Node: other, Name: name}
		}
	}
	n.SetBookmark(name)
	return nil
}

// Bookmarks returns the bookmarked nodes in the order of the tree (main
// lines before their variations).
func (r *Record) Bookmarks() []*Node {
	var out []*Node
	r.visit(func(n *Node) {
		if n.Bookmark() != "" {
			out = append(out, n)
		}
	})
	return out
}

// FindBookmark returns the first node with that bookmark, or nil.
func (r *Record) FindBookmark(name string) *Node {
	for _, n := range r.Bookmarks() {
		if n.Bookmark() == name {
			return n
		}
	}
	return nil
}

// visit calls fn on every node of the tree, depth first, main lines
// first.
func (r *Record) visit(fn func(*Node)) {
	r.walkTree(func(n *Node, _ bool) bool { fn(n); return true })
}

// walkTree calls fn on every node of the tree, depth first, main lines
// first, saying whether the node is on the record's main line; fn
// returning false skips what follows the node. It does not recurse: a
// line may be tens of thousands of moves.
func (r *Record) walkTree(fn func(n *Node, main bool) bool) {
	type item struct {
		n    *Node
		main bool
	}
	stack := []item{{r.Root, true}}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if !fn(it.n, it.main) {
			continue
		}
		// Pushed in order, then turned round: the first child comes off
		// the stack first.
		from := len(stack)
		for c := range it.n.Children() {
			stack = append(stack, item{c, it.main && c == it.n.first})
		}
		slices.Reverse(stack[from:])
	}
}

// Header keys the study's form names; each format writes them under its
// own key (CSA N+, $EVENT …; Western Black, Event …).
const (
	KeyBlack       = "先手"
	KeyWhite       = "後手"
	KeyEvent       = "棋戦"
	KeySite        = "場所"
	KeyStart       = "開始日時"
	KeyEnd         = "終了日時"
	KeyTimeControl = "持ち時間"
	KeyOpening     = "戦型"
)

// CanonicalKey returns the Japanese key a header key stands for (先手 for
// N+, Black and 下手; 棋戦 for $EVENT and Event …; the key itself, less a
// CSA $, when no other format names it), so that keys from every format
// compare.
func CanonicalKey(key string) string {
	key = strings.TrimSpace(key)
	if a, ok := headerAliases[key]; ok {
		key = a
	}
	k, _ := translate(key, jpHeaders)
	return k
}

// Lookup returns the value of the header that key names, under any
// format's name for it (先手 finds N+, 下手 and Black).
func (r *Record) Lookup(key string) (string, bool) {
	if i := r.headerIndex(key); i >= 0 {
		return r.Headers[i].Value, true
	}
	return "", false
}

func (r *Record) headerIndex(key string) int {
	want := CanonicalKey(key)
	for i, h := range r.Headers {
		if CanonicalKey(h.Key) == want {
			return i
		}
	}
	return -1
}

// SetHeader sets the header key names (under any format's name for it)
// to value, keeping the key the record already has and its place, or
// adding it last. A value's line breaks become spaces and the spaces at
// its ends go (no format keeps them). A key a KIF file cannot carry is refused.
func (r *Record) SetHeader(key, value string) error {
	key = strings.TrimSpace(strings.ToValidUTF8(key, "\uFFFD"))
	if k, _ := translate(key, jpHeaders); !safeJPKey(k) || k == "手合割" {
		return &EditError{Kind: BadHeaderKey, Name: key}
	}
	value = strings.TrimSpace(strings.NewReplacer("\r\n", " ", "\r", " ", "\n", " ").Replace(strings.ToValidUTF8(value, "\uFFFD")))
	if i := r.headerIndex(key); i >= 0 {
		r.Headers[i].Value = value
		return nil
	}
	r.Headers = append(r.Headers, Header{key, value})
	return nil
}

// DeleteHeader removes every header key names; it reports whether there
// was one.
func (r *Record) DeleteHeader(key string) bool {
	want := CanonicalKey(key)
	n := len(r.Headers)
	r.Headers = slices.DeleteFunc(r.Headers, func(h Header) bool { return CanonicalKey(h.Key) == want })
	return len(r.Headers) != n
}

// PlayerKey returns the key a record names c's player under: the key it
// already has (先手, 下手, N+ …), else 下手/上手 for a handicap start and
// 先手/後手 otherwise, as Kifu for Windows writes them.
func (r *Record) PlayerKey(c game.Color) string {
	want := KeyBlack
	if c == game.White {
		want = KeyWhite
	}
	if i := r.headerIndex(want); i >= 0 {
		return r.Headers[i].Key
	}
	if h, ok := game.HandicapBySFEN(&r.Start); ok && h.Key != "even" {
		if c == game.Black {
			return "下手"
		}
		return "上手"
	}
	return want
}

// SetHandicapName names a start that is no handicap (詰将棋, その他 …),
// which KIF, KI2 and JKF write as 手合割. A start that is a handicap has
// its own name, and another handicap's name is refused, since a reader
// would take it for that start.
func (r *Record) SetHandicapName(name string) error {
	name = strings.TrimSpace(CleanBookmark(name))
	if h, named := game.HandicapBySFEN(&r.Start); named {
		return &EditError{Kind: HandicapNamed, Name: h.Japanese}
	}
	if h, known := findHandicap(name); name != "" && known {
		return &EditError{Kind: HandicapNamed, Name: h.Japanese}
	}
	r.Handicap = name
	return nil
}

// customHandicap returns the record's own name for a start that no
// handicap is ("" when there is none, or the start has a name).
func customHandicap(r *Record) string {
	if r.Handicap == "" {
		return ""
	}
	if _, named := game.HandicapBySFEN(&r.Start); named {
		return ""
	}
	if _, known := findHandicap(r.Handicap); known || r.Handicap != CleanBookmark(r.Handicap) {
		return ""
	}
	return r.Handicap
}
