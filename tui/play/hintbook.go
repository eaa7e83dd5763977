package play

import (
	"fmt"
	"path/filepath"

	tea "charm.land/bubbletea/v2"

	"shogi/app/shelf"
	"shogi/app/words"
	"shogi/game"
	"shogi/tui/common"
	"shogi/tui/components"
)

// The hint key also shows the moves the settings' opening books have for
// the position, when it is in one: each with its share of the games (or
// its score), most played first, beside the program's hint.

// hintBookMoves is how many book moves the hint shows.
const hintBookMoves = 4

// bookHintMsg is the books' answer for the position after ply moves.
type bookHintMsg struct {
	gen, ply int
	find     shelf.Found
}

// askBookHint looks the live position up in the settings' books; nil
// when there are none.
func (m *Model) askBookHint() tea.Cmd {
	paths := m.c.BookPaths()
	if len(paths) == 0 {
		return nil
	}
	books, gen, ply, pos := m.c.Shelf.Books(paths), m.gen, m.Game.Len(), m.Game.Position()
	return func() tea.Msg { return bookHintMsg{gen: gen, ply: ply, find: books.Find(&pos)} }
}

// bookHintAnswer keeps the books' answer if it is still for the position
// on screen.
func (m Model) bookHintAnswer(msg bookHintMsg) Model {
	if msg.gen == m.gen && msg.ply == m.Game.Len() {
		m.Hint.book = &msg.find
	}
	return m
}

// bookHintRow is the panel's row for the books' answer: the moves when
// the position is in a book, why a book cannot be read when none has it.
func (m *Model) bookHintRow(pos *game.Position, pick func(func(*common.Styles) common.Wrap) *common.Wrap) (components.PanelRow, bool) {
	f := m.Hint.book
	if f == nil || m.Review >= 0 {
		return components.PanelRow{}, false
	}
	bw := words.BookWordsFor(m.c.Lang)
	row := components.PanelRow{Label: bw.HintLabel}
	if !f.Found {
		if len(f.Problems) == 0 {
			return row, false
		}
		p := f.Problems[0]
		row.Text = fmt.Sprintf(bw.Cannot, filepath.Base(p.Path), common.BookProblemText(bw, p.Err))
		row.Style = pick(func(s *common.Styles) common.Wrap { return s.Err })
		return row, true
	}
	for i, r := range f.Entry.Rows(pos, m.c.Notation, m.lastMove()) {
		if i == hintBookMoves {
			break
		}
		text := r.Text
		switch {
		case r.HasShare:
			text += fmt.Sprintf(" %.0f%%", 100*r.Share)
		case r.HasScore:
			text += fmt.Sprintf(" %+d", r.Score)
		}
		row.Tokens = append(row.Tokens, components.Token{Text: text, W: pick(func(s *common.Styles) common.Wrap { return s.TargetText })})
	}
	return row, true
}
