package tui

import (
	"fmt"
	"path/filepath"
	"strings"

	"shogi/app/words"
	"shogi/assets"
	"shogi/tui/common"
	"shogi/tui/components"
	"shogi/tui/play"
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
	screenNew
	screenSettings
	screenToss
	screenEngines
	screenEngine
	screenEdits
	screenBooks
)

// menuModel is the menu: resume a kept game, new game, open a record,
// settings (with the engine list), quit.
type menuModel struct {
	c         *common.Common
	screen    menuPage
	cursor    int
	status    string
	statusErr bool

	kept       []play.KeptEntry // the kept games, newest first, once listed
	keptLoaded bool
	deleting   bool        // asking whether to delete the kept game (or edits) under the cursor
	edits      []edit.Kept // the kept edits of records, newest first

	form    newGameForm
	pending common.Setup // the game the toss screen is about to start
	set     settingsPage
	eng     enginesPage
	books   booksPage
	// formOnly: the menu is the new-game screen alone, pushed over
	// another screen (the editor's position, a game's "another game"):
	// esc leaves it for that screen.
	formOnly bool
}

func newMenu(c *common.Common) menuModel {
	m := menuModel{c: c, form: newForm(c)}
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
	return tea.Batch(play.LoadKeptCmd(m.c.StateDir), listEditsCmd(m.c.StateDir))
}

func (m *menuModel) words() *words.MenuWords { return words.MenuWordsFor(m.c.Lang) }

func (m *menuModel) openForm() { m.screen, m.cursor = screenNew, 0 }

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
	case play.KeptListMsg:
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
	case play.KeptDeletedMsg:
		if msg.Err != nil {
			m.status, m.statusErr = msg.Err.Error(), true
		} else {
			m.status, m.statusErr = m.c.Words.ResumeDeleted, false
		}
		return m, play.LoadKeptCmd(m.c.StateDir)
	case common.ProbeMsg, common.FoundEnginesMsg:
		return m.enginesMsg(msg)
	case booksCheckedMsg:
		m.books.info = msg.info
		return m, nil
	case tea.PasteMsg:
		switch {
		case m.screen == screenSettings && m.set.editing != nil:
			m.set.editing.Edit(msg)
		case m.screen == screenEngines && m.eng.path != nil:
			m.eng.path.Edit(msg)
		case m.screen == screenEngine && m.eng.editing != nil:
			m.eng.editing.Edit(msg)
		case m.screen == screenBooks && m.books.path != nil:
			m.books.path.Edit(msg)
		case m.screen == screenMain:
			// A pasted record (or position) opens in the study.
			return m, study.PastedRecordCmd(m.c, msg.Content)
		}
		return m, nil
	case tea.KeyPressMsg:
		if msg.String() == "ctrl+c" {
			return m, tea.Quit
		}
		m.status, m.statusErr = "", false
		if msg.String() == "?" && (m.screen == screenMain || m.screen == screenResume || m.screen == screenEdits) {
			help := m.help() // the pages where no text is typed
			return m, func() tea.Msg { return help }
		}
		switch m.screen {
		case screenToss:
			switch {
			case common.IsEnter(msg):
				s := m.pending
				return m, func() tea.Msg { return common.StartMsg{Setup: s} }
			case msg.String() == "esc":
				m.screen = screenNew
			}
			return m, nil
		case screenResume:
			return m.resumeKey(msg)
		case screenEdits:
			return m.editsKey(msg)
		case screenSettings:
			return m.settingsKey(msg)
		case screenEngines, screenEngine:
			return m.enginesKey(msg)
		case screenBooks:
			return m.booksKey(msg)
		}
		return m.key(msg)
	}
	return m, nil
}

// fields is the number of rows on the current page.
func (m *menuModel) fields() int {
	switch m.screen {
	case screenNew:
		return len(m.form.Rows())
	case screenSettings:
		return len(m.set.Rows())
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
	case common.KeyIs(k, keys.Left):
		return m, m.change(-1)
	case common.KeyIs(k, keys.Right):
		return m, m.change(1)
	case common.IsEnter(k):
		return m.enter()
	case k.String() == "esc" || common.KeyIs(k, keys.Leave):
		if m.screen == screenNew && m.formOnly {
			return m, func() tea.Msg { return common.ToMenuMsg{} }
		}
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
	case itemEdits:
		m.screen, m.cursor = screenEdits, 0
	case itemSetUp:
		return m, func() tea.Msg { return common.EditPositionMsg{Start: game.StartPosition()} }
	case itemNew:
		m.form = newForm(m.c)
		m.openForm()
	case itemOnline:
		return m, func() tea.Msg { return common.OnlineMsg{} }
	case itemOpen:
		// An empty path opens the study's file picker.
		return m, func() tea.Msg { return common.OpenMsg{} }
	case itemTsume, itemQuizzes:
		quizzes := m.items()[m.cursor] == itemQuizzes
		return m, func() tea.Msg { return trainMsg{quizzes: quizzes} }
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
	switch m.listKey(k, len(m.kept)) {
	case listDelete:
		return m, play.DeleteKept(m.kept[m.cursor].Path)
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

// start builds the game the form describes; with furigoma it shows the
// toss first.
func (m menuModel) start() (menuModel, tea.Cmd) {
	s, save := m.form.setup()
	if s.Toss != nil {
		m.pending, m.screen = s, screenToss
		return m, save
	}
	return m, tea.Batch(save, func() tea.Msg { return common.StartMsg{Setup: s} })
}

// View draws the menu beside a board: the kept game's position while
// Resume is chosen, the chosen handicap in the new-game form, and in the
// settings a preview of the piece style and theme as they are changed.
// Menu and board are centred; a narrow terminal gets the menu alone.
func (m menuModel) View() string {
	c := m.c
	st := c.Styles
	lines := m.lines()
	mw := 0
	for _, l := range lines {
		mw = max(mw, c.Measure.Width(l))
	}
	mw = min(mw, c.Width)
	pos, showPos := m.preview()
	board := components.RenderBoard(&pos, components.BoardOpts{Style: c.Pieces, Size: components.BoardCompact, Cursor: game.NoSquare,
		Selected: game.NoSquare, Last: game.NoMove, Check: game.NoSquare, Styles: st})
	g := components.NewBoardGeom(components.BoardCompact, c.Pieces)
	// A kept game's board has its hands, White's above and Black's below,
	// when there is room for them.
	bh := g.H
	hands := m.keptPreview() && c.Height >= g.H+2
	if hands {
		bh += 2
	}
	showBoard := showPos && c.Width >= g.W+4+mw && c.Height >= g.H
	total := mw
	if showBoard {
		total += g.W + 4
	}
	h := len(lines)
	if showBoard {
		h = max(h, bh)
	}
	x0 := max((c.Width-total)/2, 0)
	y0 := max((c.Height-h)/2, 0)
	cv := components.NewCanvas(c.Width, c.Height)
	mx := x0
	if showBoard {
		by := y0 + (h-bh)/2
		if hands {
			for i, col := range []game.Color{game.White, game.Black} {
				o := components.HandOpts{Style: c.Pieces, ToMove: pos.SideToMove() == col, Cursor: game.NoPieceType,
					Picked: game.NoPieceType, Styles: st, M: c.Measure, W: c.Words, Ascii: c.ASCII}
				line, _ := components.RenderHandLine(&pos, col, o, g.W)
				cv.Put(x0, by+i*(g.H+1), g.W, c.Measure.Fit(line, g.W))
			}
			by++
		}
		cv.Block(x0, by, g.W, board)
		mx = x0 + g.W + 4
	}
	my := y0 + (h-len(lines))/2
	for i, l := range lines {
		l = c.Measure.Truncate(l, c.Width-mx)
		cv.Put(mx, my+i, c.Measure.Width(l), l)
	}
	return cv.String(c.Measure)
}

// preview is the position the menu's board shows, and whether it shows
// one.
func (m *menuModel) preview() (game.Position, bool) {
	switch m.screen {
	case screenNew:
		return m.form.preview(), true
	case screenMain:
		if len(m.kept) > 0 && m.items()[m.cursor] == itemResume {
			return m.kept[0].Position(), true
		}
	case screenResume:
		if m.cursor < len(m.kept) {
			return m.kept[m.cursor].Position(), true
		}
	case screenEngines, screenEngine, screenBooks:
		return game.Position{}, false
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
	cursorRow(m.c.Styles, lines, i, m.cursor, text)
}

// cursorRow adds a row of a list to lines, marked when it is the cursor's.
func cursorRow(st *common.Styles, lines *[]string, i, cursor int, text string) {
	if i == cursor {
		*lines = append(*lines, st.Accent.Render("> ")+st.ListCur.Render(" "+text+" "))
	} else {
		*lines = append(*lines, "   "+text)
	}
}

// field is a label padded to width and a value to change with ←/→.
func (m *menuModel) field(label string, width int, value string) string {
	return m.c.Measure.Pad(label, width) + "  < " + value + " >"
}

// lines is the menu's text: the title, the entries or the form, the
// status and the keys.
func (m *menuModel) lines() []string {
	c := m.c
	st := c.Styles
	mw := m.words()
	w := c.Words
	var lines []string
	title := "将棋  shogi"
	if c.ASCII {
		title = "shogi"
	}
	lines = append(lines, st.Title.Render(title), "")
	switch m.screen {
	case screenMain:
		for i, it := range m.items() {
			m.row(&lines, i, m.itemText(it))
		}
	case screenResume:
		lines = append(lines, st.Bold.Render(w.ResumeTitle), "")
		lines = append(lines, m.resumeLines()...)
	case screenEdits:
		lines = append(lines, st.Bold.Render(w.EditsTitle), "")
		lines = append(lines, m.editsLines()...)
	case screenNew:
		lines = append(lines, st.Bold.Render(mw.NewGame), "")
		lines = append(lines, m.form.lines(m)...)
	case screenSettings:
		lines = append(lines, st.Bold.Render(mw.Settings), "")
		lines = append(lines, m.settingsLines()...)
	case screenEngines, screenEngine:
		lines = append(lines, m.enginesLines()...)
	case screenBooks:
		lines = append(lines, m.booksLines()...)
	case screenToss:
		lines = append(lines, w.Toss+" "+common.FurigomaText(w, *m.pending.Toss, m.pending.TossPlayers, c.ASCII), "")
		lines = append(lines, fmt.Sprintf("%s: %s    %s: %s", c.Side(game.Black), common.PlayerLabel(c, m.pending.Players[game.Black], m.pending.Names[game.Black]),
			c.Side(game.White), common.PlayerLabel(c, m.pending.Players[game.White], m.pending.Names[game.White])))
	}
	if m.status != "" {
		lines = append(lines, "")
		for _, l := range components.WrapText(c.Measure, m.status, min(c.Width, 76)) {
			if m.statusErr {
				lines = append(lines, st.Err.Render(l))
			} else {
				lines = append(lines, st.Text.Render(l))
			}
		}
	}
	lines = append(lines, "", st.Dim.Render(m.hint()))
	if len(lines) > c.Height {
		lines = lines[:c.Height]
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

func (m *menuModel) onOff(b bool) string {
	if b {
		return m.c.Words.On
	}
	return m.c.Words.Off
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
	case screenToss:
		return mw.TossKeys
	case screenSettings:
		switch rows := m.set.Rows(); {
		case m.cursor >= len(rows):
		case rows[m.cursor] == setName1 || rows[m.cursor] == setName2:
			return mw.SetKeysEdit
		case rows[m.cursor] == setEngines || rows[m.cursor] == setBooks:
			return mw.SetKeysOpen
		}
		return mw.SetKeysChange
	case screenEngines:
		return m.c.Words.EnginesKeys
	case screenEngine:
		return m.c.Words.EditKeys
	case screenBooks:
		return words.BookWordsFor(m.c.Lang).BooksKeys
	}
	return mw.FormKeys
}

// help is the menu's ? screen: its notes say the keys of its lists and
// forms (the game's key words, "pick/move", would mislead here).
func (m *menuModel) help() common.OpenHelpMsg {
	return common.OpenHelpMsg{Notes: assets.HelpMenu(m.c.Lang == words.Japanese)}
}
