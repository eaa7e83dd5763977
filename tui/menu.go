package tui

import (
	"fmt"
	"path/filepath"
	"strings"

	"shogi/app/words"
	"shogi/assets"
	"shogi/tui/common"
	"shogi/tui/components"
	"shogi/tui/study"

	tea "charm.land/bubbletea/v2"

	"shogi/game"
	"shogi/kifu/edit"
)

// menuPage is which page of the menu is showing.
type menuPage int

const (
	screenMain menuPage = iota
	screenResume
	screenEdits
)

// menuModel is the menu: resume a kept game or edit, new game, online,
// open a record, set up a position, the training screens, settings,
// quit. The new game and the settings are screens of their own
// (tui/newgame, tui/prefs) that the menu asks the root to open.
type menuModel struct {
	c         *common.Common
	screen    menuPage
	cursor    int
	status    string
	statusErr bool

	kept       []common.KeptEntry // the kept games, newest first, once listed
	keptLoaded bool
	deleting   bool        // asking whether to delete the kept game (or edits) under the cursor
	edits      []edit.Kept // the kept edits of records, newest first
}

func newMenu(c *common.Common) menuModel {
	m := menuModel{c: c}
	if len(c.Notices) > 0 {
		m.status = strings.Join(c.Notices, "; ")
	}
	if c.SettingsErr != nil {
		m.status, m.statusErr = fmt.Sprintf(c.Words.SettingsBroken, c.SettingsErr), true
	}
	return m
}

// Init lists the kept games and edits (off the UI loop).
func (m *menuModel) Init() tea.Cmd {
	if m.c.StateDir == "" {
		return nil
	}
	return tea.Batch(common.LoadKeptCmd(m.c.StateDir), listEditsCmd(m.c.StateDir))
}

func (m *menuModel) words() *words.MenuWords { return words.MenuWordsFor(m.c.Lang) }

// menuItem is an entry of the main page.
type menuItem int

const (
	itemResume menuItem = iota
	itemEdits
	itemNew
	itemOnline
	itemSetUp
	itemOpen
	itemTsume
	itemQuizzes
	itemSettings
	itemQuit
)

// items are the main page's entries.
func (m *menuModel) items() []menuItem {
	var out []menuItem
	if len(m.kept) > 0 {
		out = append(out, itemResume)
	}
	if len(m.edits) > 0 {
		out = append(out, itemEdits)
	}
	return append(out, itemNew, itemOnline, itemOpen, itemSetUp, itemTsume, itemQuizzes, itemSettings, itemQuit)
}

func (m *menuModel) itemText(it menuItem) string {
	mw := m.words()
	switch it {
	case itemResume:
		return fmt.Sprintf(m.c.Words.ResumeN, len(m.kept))
	case itemEdits:
		return fmt.Sprintf(m.c.Words.EditsN, len(m.edits))
	case itemNew:
		return mw.NewGame
	case itemOnline:
		return words.OnlineWordsFor(m.c.Lang).MenuItem
	case itemSetUp:
		return mw.SetUp
	case itemOpen:
		return mw.Open
	case itemTsume:
		return words.TsumeWordsFor(m.c.Lang).MenuTsume
	case itemQuizzes:
		return words.TsumeWordsFor(m.c.Lang).MenuQuizzes
	case itemSettings:
		return mw.Settings
	}
	return mw.Quit
}

func (m menuModel) Update(msg tea.Msg) (menuModel, tea.Cmd) {
	switch msg := msg.(type) {
	case common.KeptListMsg:
		m.kept, m.keptLoaded = msg.Games, true
		if msg.Err != nil {
			m.status, m.statusErr = fmt.Sprintf(m.c.Words.AutosaveBad, msg.Err), true
		}
		if m.screen == screenMain {
			m.cursor = 0
		}
		if m.screen == screenResume && len(m.kept) == 0 {
			m.screen, m.cursor = screenMain, 0
		}
		m.cursor = min(m.cursor, max(m.fields()-1, 0))
		return m, nil
	case editsListMsg:
		m.edits = msg.list
		if msg.err != nil {
			m.status, m.statusErr = fmt.Sprintf(m.c.Words.EditsNone, msg.err), true
		}
		if m.screen == screenEdits && len(m.edits) == 0 {
			m.screen, m.cursor = screenMain, 0
		}
		m.cursor = min(m.cursor, max(m.fields()-1, 0))
		return m, nil
	case editsDiscardedMsg:
		if msg.err != nil {
			m.status, m.statusErr = msg.err.Error(), true
		} else {
			m.status, m.statusErr = m.c.Words.ResumeDeleted, false
		}
		return m, listEditsCmd(m.c.StateDir)
	case common.KeptDeletedMsg:
		if msg.Err != nil {
			m.status, m.statusErr = msg.Err.Error(), true
		} else {
			m.status, m.statusErr = m.c.Words.ResumeDeleted, false
		}
		return m, common.LoadKeptCmd(m.c.StateDir)
	case tea.PasteMsg:
		if m.screen == screenMain {
			// A pasted record (or position) opens in the study.
			return m, study.PastedRecordCmd(m.c, msg.Content)
		}
		return m, nil
	case tea.KeyPressMsg:
		if msg.String() == "ctrl+c" {
			return m, tea.Quit
		}
		m.status, m.statusErr = "", false
		if msg.String() == "?" || msg.String() == "f1" {
			help := m.help()
			return m, func() tea.Msg { return help }
		}
		switch m.screen {
		case screenResume:
			return m.resumeKey(msg)
		case screenEdits:
			return m.editsKey(msg)
		}
		return m.key(msg)
	}
	return m, nil
}

// fields is the number of rows on the current page.
func (m *menuModel) fields() int {
	switch m.screen {
	case screenResume:
		return len(m.kept)
	case screenEdits:
		return len(m.edits)
	}
	return len(m.items())
}

func (m menuModel) key(k tea.KeyPressMsg) (menuModel, tea.Cmd) {
	keys := m.c.Keys
	n := max(m.fields(), 1)
	switch {
	case common.KeyIs(k, keys.Up):
		m.cursor = common.WrapAdd(m.cursor, -1, n)
	case common.KeyIs(k, keys.Down):
		m.cursor = common.WrapAdd(m.cursor, 1, n)
	case common.IsEnter(k):
		return m.enter()
	case k.String() == "esc" || common.KeyIs(k, keys.Leave):
		if m.screen == screenMain {
			return m, tea.Quit
		}
		m.screen, m.cursor = screenMain, 0
	}
	return m, nil
}

func (m menuModel) enter() (menuModel, tea.Cmd) {
	switch m.items()[m.cursor] {
	case itemResume:
		m.screen, m.cursor = screenResume, 0
	case itemEdits:
		m.screen, m.cursor = screenEdits, 0
	case itemSetUp:
		return m, func() tea.Msg { return common.EditPositionMsg{Start: game.StartPosition()} }
	case itemNew:
		return m, func() tea.Msg { return newGameMsg{} }
	case itemOnline:
		return m, func() tea.Msg { return common.OnlineMsg{} }
	case itemOpen:
		// An empty path opens the study's file picker.
		return m, func() tea.Msg { return common.OpenMsg{} }
	case itemTsume, itemQuizzes:
		quizzes := m.items()[m.cursor] == itemQuizzes
		return m, func() tea.Msg { return trainMsg{quizzes: quizzes} }
	case itemSettings:
		return m, func() tea.Msg { return settingsMsg{} }
	case itemQuit:
		return m, tea.Quit
	}
	return m, nil
}

// resumeKey is the Resume list: enter resumes, d deletes (after asking).
func (m menuModel) resumeKey(k tea.KeyPressMsg) (menuModel, tea.Cmd) {
	switch m.listKey(k, len(m.kept)) {
	case listDelete:
		return m, common.DeleteKept(m.kept[m.cursor].Path)
	case listOpen:
		e := m.kept[m.cursor]
		if m.broken(e.Path, e.Err) {
			return m, nil
		}
		if e.Server != "" {
			// A server's game cannot go on here: it is studied.
			rec := e.Record()
			return m, func() tea.Msg { return common.ReviewGameMsg{Rec: rec} }
		}
		s := e.Setup
		return m, func() tea.Msg { return common.StartMsg{Setup: s} }
	}
	return m, nil
}

// newGameMsg and settingsMsg ask the root for the new-game and the
// settings screens.
type (
	newGameMsg  struct{}
	settingsMsg struct{}
)

// View draws the menu beside a board: the kept game's position (with
// its hands) while Resume is chosen, else the start.
func (m menuModel) View() string {
	pos, ok := m.preview()
	p := components.MenuPage{Body: m.lines(), Status: m.status, StatusErr: m.statusErr, Keys: m.hint(), Hands: m.keptPreview()}
	if ok {
		p.Pos = &pos
	}
	if m.screen == screenResume {
		p.Heading = m.c.Words.ResumeTitle
	}
	if m.screen == screenEdits {
		p.Heading = m.c.Words.EditsTitle
	}
	return p.Render(m.c)
}

// preview is the position the menu's board shows, and whether it shows
// one.
func (m *menuModel) preview() (game.Position, bool) {
	switch m.screen {
	case screenMain:
		if len(m.kept) > 0 && m.items()[m.cursor] == itemResume {
			return m.kept[0].Position(), true
		}
	case screenResume:
		if m.cursor < len(m.kept) {
			return m.kept[m.cursor].Position(), true
		}
	}
	return game.StartPosition(), true
}

// keptPreview reports whether the board shows a kept game.
func (m *menuModel) keptPreview() bool {
	switch m.screen {
	case screenMain:
		return len(m.kept) > 0 && m.items()[m.cursor] == itemResume
	case screenResume:
		return m.cursor < len(m.kept)
	}
	return false
}

// row draws a page's row, marked when the cursor is on it.
func (m *menuModel) row(lines *[]string, i int, text string) {
	components.Row(m.c.Styles, lines, i, m.cursor, text)
}

// lines are the page's rows: the entries, or a list of kept games or
// edits.
func (m *menuModel) lines() []string {
	var lines []string
	switch m.screen {
	case screenMain:
		for i, it := range m.items() {
			m.row(&lines, i, m.itemText(it))
		}
	case screenResume:
		lines = m.resumeLines()
	case screenEdits:
		lines = m.editsLines()
	}
	return lines
}

// resumeLines are the kept games, two lines each: the players, then the
// handicap, the date, the moves and the time left.
func (m *menuModel) resumeLines() []string {
	c := m.c
	w := c.Words
	st := c.Styles
	var lines []string
	if len(m.kept) == 0 {
		return []string{"   " + w.ResumeEmpty}
	}
	// As many games as fit, the cursor's in view.
	room := max((c.Height-8)/2, 1)
	first := max(0, m.cursor-room+1)
	for i := first; i < len(m.kept) && i < first+room; i++ {
		e := m.kept[i]
		if e.Err != nil {
			m.row(&lines, i, fmt.Sprintf(w.ResumeBroken, filepath.Base(e.Path), ""))
			lines = append(lines, "     "+st.Err.Render(c.Measure.Truncate(e.Err.Error(), 70)))
			continue
		}
		s := &e.Setup
		who := c.Side(game.Black) + " " + common.PlayerLabel(c, s.Players[0], s.Names[0]) + "  " + w.Versus + "  " +
			c.Side(game.White) + " " + common.PlayerLabel(c, s.Players[1], s.Names[1])
		m.row(&lines, i, who)
		var facts []string
		if hc, ok := game.HandicapBySFEN(&s.Start); ok {
			facts = append(facts, w.HandicapName(hc))
		} else {
			facts = append(facts, w.SetUpStart)
		}
		facts = append(facts, e.Saved.Local().Format("2006/01/02 15:04"), fmt.Sprintf(w.ResumeMoves, w.Count(len(s.Moves))))
		if !s.Time[0].IsZero() || !s.Time[1].IsZero() {
			facts = append(facts, fmt.Sprintf(w.ResumeLeft, c.Side(game.Black)+" "+components.ClockTime(e.Left[0])+"  "+c.Side(game.White)+" "+components.ClockTime(e.Left[1])))
		}
		lines = append(lines, "     "+st.Dim.Render(strings.Join(facts, "  ")))
		if e.Server != "" {
			lines = append(lines, "     "+st.Dim.Render(c.Measure.Truncate(fmt.Sprintf(w.ResumeServer, e.Server), c.Width-8)))
		}
	}
	if m.deleting {
		lines = append(lines, "", components.Question(st, c.Measure, w.ResumeAsk, "", 60))
	}
	return lines
}

func (m *menuModel) hint() string {
	mw := m.words()
	switch m.screen {
	case screenMain:
		return mw.MainKeys
	case screenResume:
		if m.cursor < len(m.kept) && m.kept[m.cursor].Server != "" {
			return m.c.Words.ResumeServerKeys // enter studies a server's game
		}
		return m.c.Words.ResumeKeys
	case screenEdits:
		return m.c.Words.EditsKeys
	}
	return mw.MainKeys
}

// help is the menu's ? screen: its notes say the keys of its lists (the
// game's key words, "pick/move", would mislead here).
func (m *menuModel) help() common.OpenHelpMsg {
	return common.OpenHelpMsg{Notes: assets.HelpMenu(m.c.Lang == words.Japanese)}
}
