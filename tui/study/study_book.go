package study

import (
	"fmt"
	"path/filepath"
	"slices"
	"strconv"

	tea "charm.land/bubbletea/v2"

	"shogi/app/shelf"
	"shogi/app/words"
	"shogi/game"
	"shogi/game/book"
	"shogi/game/notation"
	"shogi/tui/common"
	"shogi/tui/components"
)

// The study's book panel: the moves the settings' opening books have for
// the position on screen, with how often each was played, its share and
// its win rate (or score), in the move list's notation. o opens it and
// gives it the keys: ↑/↓ choose a move and enter plays it as the editing
// keys play any move (the record's own if it has it, else a new
// variation), so a book line is followed by pressing enter again and
// again; ←/→ and the other keys work as usual, and o or esc closes it.
//
// Look-ups run off the UI loop (a book on disk is a binary search over
// the file, a cold disk can take a while), and what each position gave
// is kept, so stepping back and forth asks each position once.

// studyBook is the panel's state.
type studyBook struct {
	on     bool
	cur    int    // the row chosen
	curKey string // the position the row belongs to: another starts at the top
	paths  []string
	gen    int // bumped when the books change: older answers are dropped
	found  map[string]shelf.Found
	asked  string // the position being looked up

	// rows memoizes the rows of the position shown, in its notation.
	rowsKey  string
	rowsFor  notation.Style
	rowsPrev game.Move
	rows     []book.Row
}

// bookFoundMsg is a look-up's answer.
type bookFoundMsg struct {
	s    *studyModel
	gen  int
	key  string
	find shelf.Found
}

func (m bookFoundMsg) study() *studyModel { return m.s }

// maxBookCache bounds the positions kept; past it the cache starts again.
const maxBookCache = 4096

func (s *studyModel) bwords() *words.BookWords { return words.BookWordsFor(s.c.Lang) }

// bookShown reports whether the panel is drawn: open, on a record, and
// no engine line played out on the board (the panel is the record's
// position's, not the line's).
func (s *studyModel) bookShown() bool {
	return s.bk.on && s.rec != nil && s.an.preview == nil
}

// bookKey handles the panel's keys: o anywhere; ↑/↓, enter and esc while
// it is open. handled is false for the other keys.
func (s *studyModel) bookKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	b := &s.bk
	k := s.c.Keys
	if common.KeyIs(msg, k.Book) {
		b.on = !b.on
		if b.on {
			s.ui.board = false // enter is the panel's while it is open
			s.ui.clearPick()
			b.found = nil // a book rebuilt meanwhile is read afresh
		}
		return nil, true
	}
	if !s.bookShown() {
		return nil, false
	}
	n := len(s.bookRows())
	switch {
	case common.KeyIs(msg, k.Up):
		if n > 0 {
			b.cur = common.WrapAdd(b.cur, -1, n)
		}
	case common.KeyIs(msg, k.Down):
		if n > 0 {
			b.cur = common.WrapAdd(b.cur, 1, n)
		}
	case common.IsEnter(msg):
		s.playBookMove(b.cur)
	case msg.String() == "esc":
		b.on = false
	default:
		return nil, false
	}
	return nil, true
}

// playBookMove plays the book's move at row i as a variation.
func (s *studyModel) playBookMove(i int) {
	rows := s.bookRows()
	if i < 0 || i >= len(rows) {
		s.say(s.bwords().NoMoveToPlay, false)
		return
	}
	s.playMove(rows[i].Move.Move)
}

// syncBook returns the look-up of the position shown when the panel needs
// it and no answer is kept or on its way.
func (s *studyModel) syncBook() tea.Cmd {
	b := &s.bk
	if !s.bookShown() {
		return nil
	}
	paths := s.c.BookPaths()
	if !slices.Equal(paths, b.paths) {
		b.paths, b.found, b.asked = paths, nil, ""
		b.gen++
	}
	pos := *s.Position()
	key := book.Key(&pos)
	if key != b.curKey {
		b.cur, b.curKey = 0, key
	}
	if _, ok := b.found[key]; ok || len(paths) == 0 || b.asked == key {
		return nil
	}
	b.asked = key
	books, gen := s.c.Shelf.Books(paths), b.gen
	return func() tea.Msg { return bookFoundMsg{s: s, gen: gen, key: key, find: books.Find(&pos)} }
}

// bookFound keeps a look-up's answer, and looks up the position shown
// if it has changed meanwhile.
func (s *studyModel) bookFound(msg bookFoundMsg) tea.Cmd {
	b := &s.bk
	if msg.gen != b.gen {
		return nil
	}
	if b.found == nil || len(b.found) >= maxBookCache {
		b.found = map[string]shelf.Found{}
	}
	b.found[msg.key] = msg.find
	if b.asked == msg.key {
		b.asked = ""
	}
	return s.syncBook()
}

// bookFind is what the books said of the position shown, if known.
func (s *studyModel) bookFind() (shelf.Found, bool) {
	f, ok := s.bk.found[s.bk.curKey]
	return f, ok && s.bk.curKey == book.Key(s.Position())
}

// bookRows are the moves of the position shown in the move list's
// notation (同 after the move shown), worked out once per position.
func (s *studyModel) bookRows() []book.Row {
	b := &s.bk
	f, ok := s.bookFind()
	if !ok || !f.Found {
		return nil
	}
	prev := s.prevMove()
	if b.rowsKey != b.curKey || b.rowsFor != s.c.Notation || b.rowsPrev != prev || b.rows == nil {
		b.rows = f.Entry.Rows(s.Position(), s.c.Notation, prev)
		b.rowsKey, b.rowsFor, b.rowsPrev = b.curKey, s.c.Notation, prev
	}
	return b.rows
}

// bookView is the panel's content for the position shown.
func (s *studyModel) bookView() components.BookView {
	bw := s.bwords()
	v := components.BookView{Head: bw.Title, Keys: bw.Keys, Cur: -1, More: bw.More}
	if s.c.ASCII {
		v.Keys = ""
	}
	paths := s.c.BookPaths()
	if len(paths) == 0 {
		v.State = bw.NoBooks
		return v
	}
	f, ok := s.bookFind()
	if !ok {
		v.State = bw.Looking
		return v
	}
	for _, p := range f.Problems {
		v.Problems = append(v.Problems, fmt.Sprintf(bw.Cannot, filepath.Base(p.Path), common.BookProblemText(bw, p.Err)))
	}
	if !f.Found {
		switch readable := f.Books - len(f.Problems); {
		case readable == 1:
			v.State = bw.NotIn
		case readable > 1:
			v.State = fmt.Sprintf(bw.NotInAny, readable)
		}
		return v
	}
	v.Head += "  " + filepath.Base(f.From)
	if len(paths) > 1 {
		v.Head += "  (" + fmt.Sprintf(bw.Ordinal, slices.Index(paths, f.From)+1, len(paths)) + ")"
	}
	if total := f.Entry.Count(); total > 0 {
		v.Head += "  " + fmt.Sprintf(bw.Total, countText(total))
	}
	if f.Entry.Flipped {
		v.Head += "  " + bw.Flipped
	}
	rows := s.bookRows()
	results, scores, replies, comments := false, false, false, false
	for _, r := range rows {
		results = results || r.Results.Known()
		scores = scores || r.HasScore
		replies = replies || r.Reply != ""
		comments = comments || r.Comment != ""
	}
	v.Titles = components.BookRow{Move: bw.Move, Count: bw.Count, Share: bw.Share}
	switch {
	case results:
		v.Titles.Win = bw.Win
	case scores:
		v.Titles.Win = bw.Score
	}
	if replies {
		v.Titles.Reply = bw.Reply
	}
	if comments {
		v.Titles.Comment = bw.Comment
	}
	for _, r := range rows {
		row := components.BookRow{Move: r.Text, Reply: r.Reply}
		if r.HasCount {
			row.Count = countText(r.Count)
		}
		if r.HasShare {
			row.Share = fmt.Sprintf("%.1f%%", 100*r.Share)
		}
		switch {
		case results && r.HasWinRate:
			row.Win = fmt.Sprintf("%.1f%%", 100*r.WinRate)
		case !results && r.HasScore:
			row.Win = fmt.Sprintf("%+d", r.Score)
		}
		if c := firstLine(r.Comment); c != "" {
			row.Comment = c
		}
		v.Rows = append(v.Rows, row)
	}
	v.Cur = min(s.bk.cur, len(v.Rows)-1)
	if v.Titles.Count == bw.Count && !anyCount(rows) {
		v.Titles.Count, v.Titles.Share = "", ""
	}
	return v
}

// anyCount reports whether any row has a count.
func anyCount(rows []book.Row) bool {
	for _, r := range rows {
		if r.HasCount {
			return true
		}
	}
	return false
}

// countText writes a count in full up to 99999, then as 123k or 1.2M.
func countText(n int64) string {
	if n < 100_000 {
		return strconv.FormatInt(n, 10)
	}
	return components.SiCount(uint64(n))
}

// firstLine is a comment's first line.
func firstLine(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			return s[:i]
		}
	}
	return s
}

// bookRect is where the panel is drawn, and whether it is in the side
// column (in place of the headers, when the panel under the board is too
// short for it, as at 80×24); h 0 when it is not drawn.
func (s *studyModel) bookRect(l components.ScreenLayout) (components.Rect, bool) {
	if !s.bookShown() {
		return components.Rect{}, false
	}
	if s.bookInSide(l) {
		r := l.Side
		r.H = s.bookSideRows(l)
		return r, true
	}
	parts, _ := s.panelParts(l)
	if parts.book == 0 {
		return components.Rect{}, false
	}
	y := l.Panel.Y + 1 + parts.variation + parts.engine
	return components.Rect{X: l.Panel.X, Y: y, W: l.Panel.W, H: parts.book}, false
}

// minPanelForBook is the panel's height under which the book goes in the
// side column instead.
const minPanelForBook = 8

// bookInSide reports whether the book takes the side column's top.
func (s *studyModel) bookInSide(l components.ScreenLayout) bool {
	return s.bookShown() && l.Panel.H < minPanelForBook && l.Side.W > 0
}

// bookSideRows is how many rows of the side column the book takes: what
// it needs, up to half the column (the move list keeps the rest).
func (s *studyModel) bookSideRows(l components.ScreenLayout) int {
	return max(min(s.bookView().Lines(l.Side.W, s.c.Measure), l.Side.H/2), min(3, l.Side.H))
}

// bookClick plays a clicked book move; false when the click is not on
// one.
func (s *studyModel) bookClick(x, y int) bool {
	r, _ := s.bookRect(s.Layout())
	if r.H == 0 || !r.Contains(x, y) {
		return false
	}
	row, ok := s.bookView().Geometry(r.H).RowAt(y - r.Y)
	if !ok {
		return false
	}
	s.bk.cur = row
	s.playBookMove(row)
	return true
}
