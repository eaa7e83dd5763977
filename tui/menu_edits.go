package tui

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	tea "charm.land/bubbletea/v2"

	"shogi/kifu/edit"
	"shogi/tui/common"
	"shogi/tui/components"
)

// The menu's kept edits: records edited in the study and neither saved
// nor discarded (the app was closed, crashed or hung up), each kept by
// package edit after every edit. They are listed as kept games are, and
// enter opens one in the study, as it was.

// editsListMsg reports the kept edits.
type editsListMsg struct {
	list []edit.Kept
	err  error
}

// listEditsCmd lists the kept edits off the UI loop.
func listEditsCmd(stateDir string) tea.Cmd {
	return func() tea.Msg {
		list, err := edit.ListKept(stateDir)
		return editsListMsg{list: list, err: err}
	}
}

// editsDiscardedMsg reports a kept edit deleted.
type editsDiscardedMsg struct{ err error }

// restoredEditMsg carries a kept record read back, to study.
type restoredEditMsg struct {
	ed  *edit.Editor
	err error
}

// listAction is what a key did on one of the menu's lists that open
// an entry with enter and delete one with d after asking (the kept games,
// the kept edits).
type listAction int

const (
	listNone   listAction = iota
	listOpen              // enter on an entry
	listDelete            // the deletion asked about was confirmed
	listLeave             // esc: back to the main page
)

// listKey moves the cursor over a list of n entries, asks before a
// deletion (asking holds the question), and says what the key did.
func (m *menuModel) listKey(k tea.KeyPressMsg, n int) listAction {
	keys := m.c.Keys
	if m.deleting {
		m.deleting = false
		if common.KeyIs(k, keys.Yes) && m.cursor < n {
			return listDelete
		}
		return listNone
	}
	switch {
	case common.KeyIs(k, keys.Up):
		m.cursor = common.WrapAdd(m.cursor, -1, max(n, 1))
	case common.KeyIs(k, keys.Down):
		m.cursor = common.WrapAdd(m.cursor, 1, max(n, 1))
	case k.String() == "d" || k.String() == "delete":
		m.deleting = m.cursor < n
	case common.IsEnter(k):
		if m.cursor < n {
			return listOpen
		}
	case k.String() == "esc" || common.KeyIs(k, keys.Leave):
		m.screen, m.cursor = screenMain, 0
		return listLeave
	}
	return listNone
}

// broken says an entry that does not read, and reports whether it did.
func (m *menuModel) broken(path string, err error) bool {
	if err != nil {
		m.status, m.statusErr = fmt.Sprintf(m.c.Words.ResumeBroken, filepath.Base(path), err), true
	}
	return err != nil
}

// editsKey is the list of kept edits: enter opens one, d discards it
// (after asking).
func (m menuModel) editsKey(k tea.KeyPressMsg) (menuModel, tea.Cmd) {
	switch m.listKey(k, len(m.edits)) {
	case listDelete:
		path := m.edits[m.cursor].Path
		return m, func() tea.Msg {
			err := os.Remove(path)
			if errors.Is(err, os.ErrNotExist) {
				err = nil
			}
			return editsDiscardedMsg{err: err}
		}
	case listOpen:
		e := m.edits[m.cursor]
		if m.broken(e.Path, e.Err) {
			return m, nil
		}
		return m, func() tea.Msg {
			ed, err := edit.Restore(e.Path)
			return restoredEditMsg{ed: ed, err: err}
		}
	}
	return m, nil
}

// editsLines are the kept edits, one line each: the file (or "a new
// record") and when the last edit was kept.
func (m *menuModel) editsLines() []string {
	c := m.c
	w := c.Words
	st := c.Styles
	if len(m.edits) == 0 {
		return []string{"   " + w.EditsEmpty}
	}
	var lines []string
	room := max(c.Height-8, 1)
	first := max(0, m.cursor-room+1)
	for i := first; i < len(m.edits) && i < first+room; i++ {
		e := m.edits[i]
		if e.Err != nil {
			m.row(&lines, i, c.Measure.Truncate(fmt.Sprintf(w.ResumeBroken, filepath.Base(e.Path), e.Err), 70))
			continue
		}
		name := e.Source
		if name == "" {
			name = w.EditsNew
		}
		m.row(&lines, i, name+"  "+st.Dim.Render(e.Saved.Local().Format("2006/01/02 15:04")))
	}
	if m.deleting {
		lines = append(lines, "", components.Question(st, c.Measure, w.EditsAsk, "", 60))
	}
	return lines
}
