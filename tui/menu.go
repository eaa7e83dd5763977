package tui

import (
	"fmt"
	"path/filepath"
	"strings"

	tea "charm.land/bubbletea/v2"

	"shogi/game"
)

// menuScreen is which page of the menu is showing.
type menuScreen int

const (
	screenMain menuScreen = iota
	screenResume
	screenNew
	screenSettings
	screenToss
	screenEngines
	screenEngine
)

// menuModel is the menu: resume a kept game, new game, open a record,
// settings (with the engine list), quit.
type menuModel struct {
	c         *common
	screen    menuScreen
	cursor    int
	status    string
	statusErr bool

	kept       []keptEntry // the kept games, newest first, once listed
	keptLoaded bool
	deleting   bool // asking whether to delete the kept game under the cursor

	form    newGameForm
	pending setup // the game the toss screen is about to start
	set     settingsPage
	eng     enginesPage
}

func newMenu(c *common) menuModel {
	m := menuModel{c: c, form: newForm(c)}
	if c.settingsErr != nil {
		m.status, m.statusErr = fmt.Sprintf(c.w.settingsBroken, c.settingsErr), true
	}
	return m
}

// init lists the kept games (off the UI loop).
func (m *menuModel) init() tea.Cmd {
	if m.c.stateDir == "" {
		return nil
	}
	return loadKeptCmd(m.c.stateDir)
}

func (m *menuModel) words() *menuWords { return menuWordsFor(m.c.lang) }

func (m *menuModel) openForm() { m.screen, m.cursor = screenNew, 0 }

// menuItem is an entry of the main page.
type menuItem int

const (
	itemResume menuItem = iota
	itemNew
	itemOpen
	itemSettings
	itemQuit
)

// items are the main page's entries.
func (m *menuModel) items() []menuItem {
	out := []menuItem{itemNew, itemOpen, itemSettings, itemQuit}
	if len(m.kept) > 0 {
		out = append([]menuItem{itemResume}, out...)
	}
	return out
}

func (m *menuModel) itemText(it menuItem) string {
	mw := m.words()
	switch it {
	case itemResume:
		return fmt.Sprintf(m.c.w.resumeN, len(m.kept))
	case itemNew:
		return mw.newGame
	case itemOpen:
		return mw.open
	case itemSettings:
		return mw.settings
	}
	return mw.quit
}

func (m menuModel) update(msg tea.Msg) (menuModel, tea.Cmd) {
	switch msg := msg.(type) {
	case keptListMsg:
		m.kept, m.keptLoaded = msg.games, true
		if msg.err != nil {
			m.status, m.statusErr = fmt.Sprintf(m.c.w.autosaveBad, msg.err), true
		}
		if m.screen == screenMain {
			m.cursor = 0
		}
		if m.screen == screenResume && len(m.kept) == 0 {
			m.screen, m.cursor = screenMain, 0
		}
		m.cursor = min(m.cursor, max(m.fields()-1, 0))
		return m, nil
	case keptDeletedMsg:
		if msg.err != nil {
			m.status, m.statusErr = msg.err.Error(), true
		} else {
			m.status, m.statusErr = m.c.w.resumeDeleted, false
		}
		return m, loadKeptCmd(m.c.stateDir)
	case probeMsg, foundEnginesMsg:
		return m.enginesMsg(msg)
	case tea.PasteMsg:
		switch {
		case m.screen == screenSettings && m.set.editing != nil:
			m.set.editing.edit(msg)
		case m.screen == screenEngines && m.eng.path != nil:
			m.eng.path.edit(msg)
		case m.screen == screenEngine && m.eng.editing != nil:
			m.eng.editing.edit(msg)
		default:
			// A pasted position starts a hot-seat game from it.
			if p, ok := parsePastedSFEN(msg.Content); ok {
				s := setup{start: p}
				s.players[0], s.players[1] = humanChoice().spec, humanChoice().spec
				return m, func() tea.Msg { return startMsg{setup: s} }
			}
		}
		return m, nil
	case tea.KeyPressMsg:
		if msg.String() == "ctrl+c" {
			return m, tea.Quit
		}
		m.status, m.statusErr = "", false
		switch m.screen {
		case screenToss:
			switch {
			case isEnter(msg):
				s := m.pending
				return m, func() tea.Msg { return startMsg{setup: s} }
			case msg.String() == "esc":
				m.screen = screenNew
			}
			return m, nil
		case screenResume:
			return m.resumeKey(msg)
		case screenSettings:
			return m.settingsKey(msg)
		case screenEngines, screenEngine:
			return m.enginesKey(msg)
		}
		return m.key(msg)
	}
	return m, nil
}

// fields is the number of rows on the current page.
func (m *menuModel) fields() int {
	switch m.screen {
	case screenNew:
		return len(m.form.rows())
	case screenSettings:
		return len(m.set.rows())
	case screenResume:
		return len(m.kept)
	}
	return len(m.items())
}

func (m menuModel) key(k tea.KeyPressMsg) (menuModel, tea.Cmd) {
	keys := m.c.keys
	n := max(m.fields(), 1)
	switch {
	case keyIs(k, keys.Up):
		m.cursor = wrapAdd(m.cursor, -1, n)
	case keyIs(k, keys.Down):
		m.cursor = wrapAdd(m.cursor, 1, n)
	case keyIs(k, keys.Left):
		return m, m.change(-1)
	case keyIs(k, keys.Right):
		return m, m.change(1)
	case isEnter(k):
		return m.enter()
	case k.String() == "esc" || keyIs(k, keys.Leave):
		if m.screen == screenMain {
			return m, tea.Quit
		}
		m.screen, m.cursor = screenMain, 0
	}
	return m, nil
}

// change cycles the value of the field under the cursor.
func (m *menuModel) change(d int) tea.Cmd {
	if m.screen == screenNew {
		return m.form.change(m.cursor, d)
	}
	return nil
}

func (m menuModel) enter() (menuModel, tea.Cmd) {
	if m.screen == screenNew {
		return m.start()
	}
	switch m.items()[m.cursor] {
	case itemResume:
		m.screen, m.cursor = screenResume, 0
	case itemNew:
		m.form = newForm(m.c)
		m.openForm()
	case itemOpen:
		// An empty path opens the study's file picker.
		return m, func() tea.Msg { return openMsg{} }
	case itemSettings:
		m.screen, m.cursor = screenSettings, 0
		m.set = settingsPage{}
	case itemQuit:
		return m, tea.Quit
	}
	return m, nil
}

// resumeKey is the Resume list: enter resumes, d deletes (after asking).
func (m menuModel) resumeKey(k tea.KeyPressMsg) (menuModel, tea.Cmd) {
	keys := m.c.keys
	n := max(len(m.kept), 1)
	if m.deleting {
		m.deleting = false
		if keyIs(k, keys.Yes) && m.cursor < len(m.kept) {
			return m, deleteKept(m.kept[m.cursor].path)
		}
		return m, nil
	}
	switch {
	case keyIs(k, keys.Up):
		m.cursor = wrapAdd(m.cursor, -1, n)
	case keyIs(k, keys.Down):
		m.cursor = wrapAdd(m.cursor, 1, n)
	case k.String() == "d" || k.String() == "delete":
		if m.cursor < len(m.kept) {
			m.deleting = true
		}
	case isEnter(k):
		if m.cursor >= len(m.kept) {
			return m, nil
		}
		e := m.kept[m.cursor]
		if e.err != nil {
			m.status, m.statusErr = fmt.Sprintf(m.c.w.resumeBroken, filepath.Base(e.path), e.err), true
			return m, nil
		}
		s := e.setup
		return m, func() tea.Msg { return startMsg{setup: s} }
	case k.String() == "esc" || keyIs(k, keys.Leave):
		m.screen, m.cursor = screenMain, 0
	}
	return m, nil
}

// start builds the game the form describes; with furigoma it shows the
// toss first.
func (m menuModel) start() (menuModel, tea.Cmd) {
	s, save := m.form.setup()
	if s.toss != nil {
		m.pending, m.screen = s, screenToss
		return m, save
	}
	return m, tea.Batch(save, func() tea.Msg { return startMsg{setup: s} })
}

// view draws the menu beside a board: the kept game's position while
// Resume is chosen, the chosen handicap in the new-game form, and in the
// settings a preview of the piece style and theme as they are changed.
// Menu and board are centred; a narrow terminal gets the menu alone.
func (m menuModel) view() string {
	c := m.c
	st := c.styles
	lines := m.lines()
	mw := 0
	for _, l := range lines {
		mw = max(mw, c.m.width(l))
	}
	mw = min(mw, c.width)
	pos, showPos := m.preview()
	board := renderBoard(&pos, boardOpts{style: c.pieces, size: boardCompact, cursor: game.NoSquare,
		selected: game.NoSquare, last: game.NoMove, check: game.NoSquare, styles: st})
	g := newBoardGeom(boardCompact, c.pieces)
	showBoard := showPos && c.width >= g.w+4+mw && c.height >= g.h
	total := mw
	if showBoard {
		total += g.w + 4
	}
	h := len(lines)
	if showBoard {
		h = max(h, g.h)
	}
	x0 := max((c.width-total)/2, 0)
	y0 := max((c.height-h)/2, 0)
	cv := newCanvas(c.width, c.height)
	mx := x0
	if showBoard {
		cv.block(x0, y0+(h-g.h)/2, g.w, board)
		mx = x0 + g.w + 4
	}
	my := y0 + (h-len(lines))/2
	for i, l := range lines {
		l = c.m.truncate(l, c.width-mx)
		cv.put(mx, my+i, c.m.width(l), l)
	}
	return cv.String(c.m)
}

// preview is the position the menu's board shows, and whether it shows
// one.
func (m *menuModel) preview() (game.Position, bool) {
	switch m.screen {
	case screenNew:
		return m.form.preview(), true
	case screenMain:
		if len(m.kept) > 0 && m.items()[m.cursor] == itemResume {
			return m.kept[0].position(), true
		}
	case screenResume:
		if m.cursor < len(m.kept) {
			return m.kept[m.cursor].position(), true
		}
	case screenEngines, screenEngine:
		return game.Position{}, false
	}
	return game.StartPosition(), true
}

// row draws a page's row, marked when the cursor is on it.
func (m *menuModel) row(lines *[]string, i int, text string) {
	st := m.c.styles
	if i == m.cursor {
		*lines = append(*lines, st.accent.render("> ")+st.listCur.render(" "+text+" "))
	} else {
		*lines = append(*lines, "   "+text)
	}
}

// field is a label padded to width and a value to change with ←/→.
func (m *menuModel) field(label string, width int, value string) string {
	return m.c.m.pad(label, width) + "  < " + value + " >"
}

// lines is the menu's text: the title, the entries or the form, the
// status and the keys.
func (m *menuModel) lines() []string {
	c := m.c
	st := c.styles
	mw := m.words()
	w := c.w
	var lines []string
	title := "将棋  shogi"
	if c.ascii {
		title = "shogi"
	}
	lines = append(lines, st.title.render(title), "")
	switch m.screen {
	case screenMain:
		for i, it := range m.items() {
			m.row(&lines, i, m.itemText(it))
		}
	case screenResume:
		lines = append(lines, st.bold.render(w.resumeTitle), "")
		lines = append(lines, m.resumeLines()...)
	case screenNew:
		lines = append(lines, st.bold.render(mw.newGame), "")
		lines = append(lines, m.form.lines(m)...)
	case screenSettings:
		lines = append(lines, st.bold.render(mw.settings), "")
		lines = append(lines, m.settingsLines()...)
	case screenEngines, screenEngine:
		lines = append(lines, m.enginesLines()...)
	case screenToss:
		lines = append(lines, furigomaText(w, *m.pending.toss, m.pending.tossPlayers, c.ascii), "")
		lines = append(lines, fmt.Sprintf("%s: %s    %s: %s", c.side(game.Black), playerLabel(c, m.pending.players[game.Black], m.pending.names[game.Black]),
			c.side(game.White), playerLabel(c, m.pending.players[game.White], m.pending.names[game.White])))
	}
	if m.status != "" {
		lines = append(lines, "")
		for _, l := range wrapText(c.m, m.status, min(c.width, 76)) {
			if m.statusErr {
				lines = append(lines, st.err.render(l))
			} else {
				lines = append(lines, st.text.render(l))
			}
		}
	}
	lines = append(lines, "", st.dim.render(m.hint()))
	if len(lines) > c.height {
		lines = lines[:c.height]
	}
	return lines
}

// resumeLines are the kept games, two lines each: the players, then the
// handicap, the date, the moves and the time left.
func (m *menuModel) resumeLines() []string {
	c := m.c
	w := c.w
	st := c.styles
	var lines []string
	if len(m.kept) == 0 {
		return []string{"   " + w.resumeEmpty}
	}
	// As many games as fit, the cursor's in view.
	room := max((c.height-8)/2, 1)
	first := max(0, m.cursor-room+1)
	for i := first; i < len(m.kept) && i < first+room; i++ {
		e := m.kept[i]
		if e.err != nil {
			m.row(&lines, i, fmt.Sprintf(w.resumeBroken, filepath.Base(e.path), ""))
			lines = append(lines, "     "+st.err.render(c.m.truncate(e.err.Error(), 70)))
			continue
		}
		s := &e.setup
		who := c.side(game.Black) + " " + playerLabel(c, s.players[0], s.names[0]) + "  " + w.versus + "  " +
			c.side(game.White) + " " + playerLabel(c, s.players[1], s.names[1])
		m.row(&lines, i, who)
		var facts []string
		if hc, ok := game.HandicapBySFEN(&s.start); ok {
			facts = append(facts, w.handicapName(hc))
		} else {
			facts = append(facts, w.setUpStart)
		}
		facts = append(facts, e.saved.Local().Format("2006/01/02 15:04"), fmt.Sprintf(w.resumeMoves, len(s.moves)))
		if !s.time[0].IsZero() || !s.time[1].IsZero() {
			facts = append(facts, fmt.Sprintf(w.resumeLeft, c.side(game.Black)+clockTime(e.left[0])+" "+c.side(game.White)+clockTime(e.left[1])))
		}
		lines = append(lines, "     "+st.dim.render(strings.Join(facts, "  ")))
	}
	if m.deleting {
		lines = append(lines, "", question(st, c.m, w.resumeAsk, "", 60))
	}
	return lines
}

func (m *menuModel) onOff(b bool) string {
	if b {
		return m.c.w.on
	}
	return m.c.w.off
}

func (m *menuModel) hint() string {
	mw := m.words()
	switch m.screen {
	case screenMain:
		return mw.mainKeys
	case screenResume:
		return m.c.w.resumeKeys
	case screenToss:
		return mw.tossKeys
	case screenSettings:
		return mw.setKeys
	case screenEngines:
		return m.c.w.enginesKeys
	case screenEngine:
		return m.c.w.editKeys
	}
	return mw.formKeys
}
