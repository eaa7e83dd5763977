// Package prefs is the settings screen: the display (pieces, notation,
// width, theme, language), the game's manners (move delay, bell, keeping
// games, the players' names), the programs behind hints and the study,
// the levels' opening books and the list of USI engines, each engine's
// options edited by their types. Every change is kept in the settings
// file at once. It is called prefs, not settings, because it edits
// app/settings on nearly every line and would otherwise have to rename
// it.
package prefs

import (
	"shogi/app/words"
	"shogi/assets"
	"shogi/game"
	"shogi/tui/common"
	"shogi/tui/components"

	tea "charm.land/bubbletea/v2"
)

// page is which page of the screen shows.
type page int

const (
	pageSettings page = iota // the settings
	pageEngines              // the engine list
	pageEngine               // one engine's options
	pageBooks                // the book files
)

// Screen is the settings screen (a common.Screen).
type Screen struct {
	common.Still // a form: nothing of its own runs
	c            *common.Common
	page         page
	cursor       int // the settings page's row
	set          settingsPage
	eng          enginesPage
	books        booksPage

	status    string
	statusErr bool
}

// New opens the settings page.
func New(c *common.Common) *Screen { return &Screen{c: c} }

func (m *Screen) words() *words.MenuWords { return words.MenuWordsFor(m.c.Lang) }

// Init does nothing: the pages read what they need when opened.
func (m *Screen) Init() tea.Cmd { return nil }

// Update handles a key, a paste into a field being typed, and the
// answers of the work the pages start (an engine's handshake, the
// engines found, the books checked).
func (m *Screen) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case common.ProbeMsg, common.FoundEnginesMsg:
		return m.enginesMsg(msg)
	case booksCheckedMsg:
		m.books.info = msg.info
		return nil
	case tea.PasteMsg:
		if in := m.typing(); in != nil {
			in.Edit(msg)
		}
		return nil
	case tea.KeyPressMsg:
		if msg.String() == "ctrl+c" {
			return tea.Quit
		}
		m.status, m.statusErr = "", false
		if msg.String() == "?" && m.typing() == nil {
			help := m.Help()
			return func() tea.Msg { return help }
		}
		switch m.page {
		case pageEngines, pageEngine:
			return m.enginesKey(msg)
		case pageBooks:
			return m.booksKey(msg)
		}
		return m.settingsKey(msg)
	}
	return nil
}

// typing is the line being typed on the page, if one is.
func (m *Screen) typing() *components.LineInput {
	switch {
	case m.page == pageSettings:
		return m.set.editing
	case m.page == pageEngines:
		return m.eng.path
	case m.page == pageEngine:
		return m.eng.editing
	case m.page == pageBooks:
		return m.books.path
	}
	return nil
}

// Say puts text on the status line (a setting that could not be kept).
func (m *Screen) Say(text string, isErr bool) { m.status, m.statusErr = text, isErr }

// View draws the page; the settings page beside the start position,
// which shows the piece style and theme as they are changed.
func (m *Screen) View() (string, *tea.Cursor) {
	c := m.c
	mw := m.words()
	p := components.MenuPage{Status: m.status, StatusErr: m.statusErr, Keys: m.hint()}
	switch m.page {
	case pageSettings:
		start := game.StartPosition()
		p.Heading, p.Body, p.Pos = mw.Settings, m.settingsLines(), &start
	case pageEngines, pageEngine:
		p.Body = m.enginesLines()
	case pageBooks:
		p.Body = m.booksLines()
	}
	return p.Render(c), nil
}

// hint is the page's footer: its keys, and on the settings page what
// enter does on the row under the cursor.
func (m *Screen) hint() string {
	mw := m.words()
	switch m.page {
	case pageEngines:
		return m.c.Words.EnginesKeys
	case pageEngine:
		return m.c.Words.EditKeys
	case pageBooks:
		return words.BookWordsFor(m.c.Lang).BooksKeys
	}
	switch rows := m.set.Rows(); {
	case m.cursor >= len(rows):
	case rows[m.cursor] == setName1 || rows[m.cursor] == setName2:
		return mw.SetKeysEdit
	case rows[m.cursor] == setEngines || rows[m.cursor] == setBooks:
		return mw.SetKeysOpen
	}
	return mw.SetKeysChange
}

// field is a label padded to width and a value to change with ←/→.
func (m *Screen) field(label string, width int, value string) string {
	return components.Field(m.c.Measure, label, width, value)
}

func (m *Screen) onOff(b bool) string {
	if b {
		return m.c.Words.On
	}
	return m.c.Words.Off
}

// Help is the screen's ? screen: how its pages work.
func (m *Screen) Help() common.OpenHelpMsg {
	return common.OpenHelpMsg{Notes: assets.HelpSettings(m.c.Lang == words.Japanese)}
}

// Title is the window's title.
func (m *Screen) Title() string { return m.words().Settings }
