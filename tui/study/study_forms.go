package study

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textarea"
	tea "charm.land/bubbletea/v2"

	"shogi/game"
	"shogi/game/notation"
	"shogi/kifu"
	"shogi/tui/common"
	"shogi/tui/components"
)

// The study's editing forms, drawn in the side column in place of the
// move list: the comment (a multi-line text area), the game's headers,
// the bookmarks; and the one-line bookmark name in the footer.

// maxComment is the longest comment the text area takes, in characters:
// far more than any record's comment, little enough that a paste by
// mistake stays quick to draw.
const maxComment = 20000

// notesArea is the comment of one node being written.
type notesArea struct {
	node *kifu.Node
	ta   textarea.Model
	cut  bool // a paste was cut at maxComment
}

// openNotes opens the comment of the node shown (at the start: the
// game's comment before the first move).
func (s *studyModel) openNotes() {
	ta := textarea.New()
	ta.Prompt = ""
	ta.ShowLineNumbers = false
	ta.CharLimit = maxComment
	ta.MaxHeight = 0
	ta.SetVirtualCursor(false)
	ta.SetStyles(textarea.Styles{})
	km := textarea.DefaultKeyMap()
	// ctrl+v would run an outside clipboard program; a terminal's paste
	// arrives as a paste anyway.
	km.Paste = key.NewBinding(key.WithDisabled())
	ta.KeyMap = km
	n := s.node()
	ta.SetValue(n.UserComment())
	ta.Focus()
	s.ui.notes = &notesArea{node: n, ta: ta}
	s.sizeNotes()
}

// sizeNotes fits the text area to the side column (less its title and
// its keys' line).
func (s *studyModel) sizeNotes() {
	a := s.ui.notes
	if a == nil {
		return
	}
	r := s.formRect()
	a.ta.SetWidth(max(r.W, 4))
	a.ta.SetHeight(max(r.H-1, 1))
}

// notesKey passes a key to the text area; esc keeps the comment.
func (s *studyModel) notesKey(msg tea.KeyPressMsg) tea.Cmd {
	a := s.ui.notes
	if msg.String() == "esc" {
		s.ui.notes = nil
		before := a.node.Comment()
		if err := s.ed.SetComment(a.node, a.ta.Value()); err != nil {
			s.refuse(err)
			return nil
		}
		if a.node.Comment() != before {
			s.say(s.ewords().NotesSet, false)
			s.keptNote()
		}
		s.noteTop = 0
		return nil
	}
	s.sizeNotes()
	a.ta, _ = a.ta.Update(msg)
	return nil
}

// notesPaste puts pasted text in the text area: a terminal sends a
// paste's line breaks as CR.
func (s *studyModel) notesPaste(text string) {
	a := s.ui.notes
	text = strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n")
	if room := maxComment - a.ta.Length(); len([]rune(text)) > room {
		a.cut = true
		r := []rune(text)
		text = string(r[:max(room, 0)])
	}
	s.sizeNotes()
	a.ta, _ = a.ta.Update(tea.PasteMsg{Content: text})
	if a.cut {
		s.say(fmt.Sprintf(s.ewords().NotesLong, maxComment), true)
	}
}

// formRect is where the forms go: the side column, or on a terminal too
// narrow for one, the panel.
func (s *studyModel) formRect() components.Rect {
	l := s.Layout()
	if l.Side.W >= 24 && l.Side.H >= 6 {
		return l.Side
	}
	return l.Panel
}

// notesLines draws the text area with its title and keys, and says where
// the terminal's cursor goes.
func (s *studyModel) notesLines(r components.Rect) ([]string, *tea.Cursor) {
	a := s.ui.notes
	ew := s.ewords()
	m := s.c.Measure
	title := fmt.Sprintf(ew.NotesTitle, a.node.Ply)
	if a.node.Parent == nil {
		title = ew.NotesGame
	}
	out := []string{m.Fit(s.c.Styles.Accent.Render(title), r.W)}
	s.sizeNotes()
	for _, l := range strings.Split(a.ta.View(), "\n") {
		out = append(out, m.Fit(l, r.W))
	}
	var cur *tea.Cursor
	if c := a.ta.Cursor(); c != nil {
		cur = tea.NewCursor(r.X+c.X, r.Y+1+c.Y)
	}
	return out, cur
}

// infoRow is one row of the game-info form.
type infoRow struct {
	label string
	key   string // the header's key ("" for the rows below)
	color int    // 1 Black's player, 2 White's, 0 neither
	start bool   // the start's name (手合割)
	add   bool   // "+ another header"
}

// infoForm is the game's headers as a form: the usual ones, then every
// other header the record has, then a row to add one.
type infoForm struct {
	rows   []infoRow
	cur    int
	edit   *components.LineInput
	newKey string // the key typed on the add row, waiting for its value
}

// infoKeys are the usual headers, after the players.
var infoKeys = []string{kifu.KeyEvent, kifu.KeyStart, kifu.KeySite, kifu.KeyTimeControl}

func (s *studyModel) openInfo() {
	s.ui.info = &infoForm{}
	s.infoRows()
}

// infoRows lays the form out from the record as it is.
func (s *studyModel) infoRows() {
	f := s.ui.info
	ew := s.ewords()
	f.rows = []infoRow{{label: ew.Fields[0], color: 1}, {label: ew.Fields[1], color: 2}}
	usual := map[string]bool{kifu.KeyBlack: true, kifu.KeyWhite: true}
	for i, k := range infoKeys {
		f.rows = append(f.rows, infoRow{label: ew.Fields[2+i], key: k})
		usual[k] = true
	}
	f.rows = append(f.rows, infoRow{label: ew.Fields[6], start: true})
	for _, h := range s.rec.Headers {
		if !usual[kifu.CanonicalKey(h.Key)] {
			f.rows = append(f.rows, infoRow{label: h.Key, key: h.Key})
			usual[kifu.CanonicalKey(h.Key)] = true
		}
	}
	f.rows = append(f.rows, infoRow{label: ew.InfoAdd, add: true})
	f.cur = min(f.cur, len(f.rows)-1)
}

// infoValue is a row's value in the record.
func (s *studyModel) infoValue(r infoRow) string {
	switch {
	case r.color == 1:
		v, _ := s.rec.Lookup(s.rec.PlayerKey(game.Black))
		return v
	case r.color == 2:
		v, _ := s.rec.Lookup(s.rec.PlayerKey(game.White))
		return v
	case r.start:
		if h, ok := game.HandicapBySFEN(&s.rec.Start); ok {
			return h.Japanese
		}
		return s.rec.Handicap
	case r.add:
		return ""
	}
	v, _ := s.rec.Lookup(r.key)
	return v
}

// infoKey moves in the form, edits a row (enter), sets it (enter again:
// an empty value removes the header) or leaves (esc).
func (s *studyModel) infoKey(msg tea.KeyPressMsg) {
	f := s.ui.info
	ew := s.ewords()
	k := s.c.Keys
	if f.edit != nil {
		switch {
		case msg.String() == "esc":
			f.edit, f.newKey = nil, ""
		case common.IsEnter(msg):
			s.infoCommit()
		case msg.String() == "up" || msg.String() == "down": // not k/j: they are typed
			// As in any form: the value is set (when it changed) and the
			// cursor moves on; a header name half typed is dropped.
			r := f.rows[f.cur]
			switch {
			case r.add:
				f.edit, f.newKey = nil, ""
			case f.edit.Trimmed() == s.infoValue(r):
				f.edit = nil
			default:
				s.infoCommit()
			}
			if f.edit == nil {
				d := 1
				if msg.String() == "up" {
					d = -1
				}
				f.cur = common.WrapAdd(f.cur, d, len(f.rows))
			}
		default:
			f.edit.Edit(msg)
		}
		return
	}
	switch {
	case common.KeyIs(msg, k.Up):
		f.cur = common.WrapAdd(f.cur, -1, len(f.rows))
	case common.KeyIs(msg, k.Down):
		f.cur = common.WrapAdd(f.cur, 1, len(f.rows))
	case common.IsEnter(msg):
		r := f.rows[f.cur]
		prompt := s.c.Measure.Pad(r.label, s.infoLabelWidth()) + "  "
		if r.add {
			prompt = ew.InfoKey
		}
		in := components.NewInput(prompt, s.infoValue(r), 0)
		f.edit = &in
	case msg.String() == "esc" || msg.String() == "q":
		s.ui.info = nil
	}
}

// infoCommit sets the row being edited.
func (s *studyModel) infoCommit() {
	f := s.ui.info
	ew := s.ewords()
	r := f.rows[f.cur]
	value := f.edit.Trimmed()
	if r.add && f.newKey == "" {
		// The key is typed: now its value.
		if value == "" {
			f.edit = nil
			return
		}
		if err := kifuKeyCheck(value); err != nil {
			s.refuse(err)
			f.edit = nil
			return
		}
		f.newKey = value
		in := components.NewInput(value+": ", "", 0)
		f.edit = &in
		return
	}
	f.edit = nil
	key, label := r.key, r.label
	if r.add {
		key, label, f.newKey = f.newKey, f.newKey, ""
	}
	var err error
	switch {
	case r.start:
		err = s.ed.SetHandicapName(value)
	case r.color != 0:
		c := game.Black
		if r.color == 2 {
			c = game.White
		}
		if value == "" {
			s.ed.DeleteHeader(s.rec.PlayerKey(c))
		} else {
			err = s.ed.SetPlayer(c, value)
		}
	case value == "":
		s.ed.DeleteHeader(key)
	default:
		err = s.ed.SetHeader(key, value)
	}
	if err != nil {
		s.refuse(err)
		return
	}
	if value == "" {
		s.say(fmt.Sprintf(ew.InfoGone, label), false)
	} else {
		s.say(fmt.Sprintf(ew.InfoSet, label), false)
	}
	s.keptNote()
	s.headers = s.headerLines()
	s.infoRows()
}

// kifuKeyCheck refuses a header key a record cannot carry, before its
// value is asked for.
func kifuKeyCheck(k string) error {
	probe := kifu.NewRecord(game.StartPosition())
	return probe.SetHeader(k, "x")
}

// infoLines draws the form.
func (s *studyModel) infoLines(r components.Rect) ([]string, *tea.Cursor) {
	f := s.ui.info
	ew := s.ewords()
	m := s.c.Measure
	st := s.c.Styles
	title := ew.InfoTitle
	if f.edit != nil {
		label := f.rows[f.cur].label
		if f.rows[f.cur].add {
			label = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(ew.InfoKey), ":"))
			if f.newKey != "" {
				label = f.newKey
			}
		}
		title = fmt.Sprintf(ew.InfoEditing, label)
	}
	out := []string{m.Fit(st.Accent.Render(title), r.W)}
	lw := s.infoLabelWidth()
	rows := max(r.H-1, 1)
	first := max(0, min(f.cur-rows/2, len(f.rows)-rows))
	var cur *tea.Cursor
	for i := first; i < len(f.rows) && len(out) <= rows; i++ {
		row := f.rows[i]
		text := row.label
		if !row.add {
			text = m.Pad(m.Truncate(row.label, lw), lw) + "  " + s.infoValue(row)
		}
		if i == f.cur && f.edit != nil {
			line, _, x := f.edit.Render(r.W-2, m)
			cur = tea.NewCursor(r.X+2+x, r.Y+len(out))
			text = line
		}
		if i == f.cur {
			out = append(out, m.Fit(st.Accent.Render("> ")+text, r.W))
		} else {
			out = append(out, m.Fit("  "+text, r.W))
		}
	}
	return out, cur
}

// infoLabelWidth is the width of the form's label column.
func (s *studyModel) infoLabelWidth() int {
	lw := 0
	for _, row := range s.ui.info.rows {
		if !row.add {
			lw = max(lw, s.c.Measure.Width(row.label))
		}
	}
	return min(lw, s.formRect().W/2)
}

// markPrompt is the bookmark name being typed for a node.
type markPrompt struct {
	node *kifu.Node
	in   components.LineInput
}

func (s *studyModel) openMark(n *kifu.Node) {
	s.ui.mark = &markPrompt{node: n, in: components.NewInput(s.ewords().MarkPrompt, n.Bookmark(), 0)}
}

// markKey edits the bookmark's name; enter sets it (empty removes it).
func (s *studyModel) markKey(msg tea.KeyPressMsg) {
	p := s.ui.mark
	ew := s.ewords()
	switch {
	case msg.String() == "esc":
		s.ui.mark = nil
	case common.IsEnter(msg):
		s.ui.mark = nil
		name := p.in.Trimmed()
		if err := s.ed.SetBookmark(p.node, name); err != nil {
			s.refuse(err)
			return
		}
		if name == "" {
			s.say(ew.MarkGone, false)
		} else {
			s.say(fmt.Sprintf(ew.MarkSet, kifu.CleanBookmark(name)), false)
		}
		s.keptNote()
		if s.ui.marks != nil {
			s.ui.marks.list = s.rec.Bookmarks()
		}
	default:
		p.in.Edit(msg)
	}
}

// markList is the list of bookmarks, to jump to one, rename or remove it.
type markList struct {
	list []*kifu.Node
	cur  int
}

func (s *studyModel) openMarks() {
	s.ui.marks = &markList{list: s.rec.Bookmarks()}
}

func (s *studyModel) marksKey(msg tea.KeyPressMsg) {
	ml := s.ui.marks
	k := s.c.Keys
	n := max(len(ml.list), 1)
	switch {
	case common.KeyIs(msg, k.Up):
		ml.cur = common.WrapAdd(ml.cur, -1, n)
	case common.KeyIs(msg, k.Down):
		ml.cur = common.WrapAdd(ml.cur, 1, n)
	case common.IsEnter(msg) && ml.cur < len(ml.list):
		node := ml.list[ml.cur]
		s.ui.marks = nil
		s.resync(node)
		s.goTo(node.Ply)
	case msg.String() == "r" && ml.cur < len(ml.list):
		s.openMark(ml.list[ml.cur])
	case (msg.String() == "d" || msg.String() == "delete") && ml.cur < len(ml.list):
		if err := s.ed.SetBookmark(ml.list[ml.cur], ""); err != nil {
			s.refuse(err)
			return
		}
		s.say(s.ewords().MarkGone, false)
		s.keptNote()
		ml.list = s.rec.Bookmarks()
		ml.cur = min(ml.cur, max(len(ml.list)-1, 0))
	case msg.String() == "esc" || msg.String() == "q" || common.KeyIs(msg, s.c.Keys.SE.Marks):
		s.ui.marks = nil
	}
}

// marksLines draws the list: each bookmark with its move.
func (s *studyModel) marksLines(r components.Rect) []string {
	ml := s.ui.marks
	ew := s.ewords()
	m := s.c.Measure
	st := s.c.Styles
	out := []string{m.Fit(st.Accent.Render(ew.MarksTitle), r.W)}
	if len(ml.list) == 0 {
		out = append(out, m.Fit(components.Dimmed(st, ew.NoMarks), r.W))
	}
	rows := max(r.H-1, 1)
	first := max(0, min(ml.cur-rows/2, len(ml.list)-rows))
	for i := first; i < len(ml.list) && len(out) <= rows; i++ {
		n := ml.list[i]
		text := fmt.Sprintf("%s  %d %s", n.Bookmark(), n.Ply, s.nodeText(n))
		if i == ml.cur {
			out = append(out, m.Fit(st.Accent.Render("> ")+st.ListCur.Render(" "+text+" "), r.W))
		} else {
			out = append(out, m.Fit("   "+text, r.W))
		}
	}
	return out
}

// formKeys is what the keys do in the open form, for the help bar.
func (s *studyModel) formKeys() string {
	ew := s.ewords()
	switch {
	case s.ui.notes != nil:
		return ew.NotesKeys
	case s.ui.info != nil && s.ui.info.edit != nil:
		return ew.InfoEditKeys
	case s.ui.info != nil:
		return ew.InfoKeys
	}
	return ew.MarksKeys
}

// nodeText writes a node's move in the notation, replaying its line (a
// bookmark may be on any branch).
func (s *studyModel) nodeText(n *kifu.Node) string {
	if n.Parent == nil {
		return s.words().Start
	}
	if !n.IsMove() {
		return s.endingText(n)
	}
	before := s.rec.PositionAt(n.Parent)
	if !before.IsLegal(n.Move) {
		return n.Move.USI()
	}
	return notation.Format(&before, n.Move, s.c.Notation, n.Parent.Move)
}
