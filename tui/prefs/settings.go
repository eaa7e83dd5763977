package prefs

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"shogi/app/players"
	"shogi/app/settings"
	"shogi/app/words"
	"shogi/tui/common"
	"shogi/tui/components"

	tea "charm.land/bubbletea/v2"

	"shogi/game/match"
	"shogi/game/usi"
)

// The settings page and the engine list. Every change is kept in the
// settings file at once (unless the file could not be read: it is then
// never overwritten, and the page says so).

// settingsRow is a row of the settings page.
type settingsRow int

const (
	setPieces settingsRow = iota
	setNotation
	setWidth
	setFlip
	setTheme
	setLanguage
	setDelay
	setBell
	setKeep
	setPonder
	setName1
	setName2
	setHint
	setStudy
	setBookPlay
	setBookPlies
	setBooks
	setEngines
)

// settingsPage is the settings page's own state: a name being typed.
type settingsPage struct {
	editing *components.LineInput
	editRow settingsRow
}

func (settingsPage) Rows() []settingsRow {
	return []settingsRow{setPieces, setNotation, setWidth, setFlip, setTheme, setLanguage, setDelay, setBell, setKeep, setPonder,
		setName1, setName2, setHint, setStudy, setBookPlay, setBookPlies, setBooks, setEngines}
}

// delayPresets are the move delays to step through.
var delayPresets = []time.Duration{0, 100 * time.Millisecond, 250 * time.Millisecond, 500 * time.Millisecond,
	time.Second, 2 * time.Second, 3 * time.Second, 5 * time.Second}

func (m *Screen) settingsKey(k tea.KeyPressMsg) tea.Cmd {
	keys := m.c.Keys
	rows := m.set.Rows()
	if m.set.editing != nil {
		switch {
		case k.String() == "esc":
			m.set.editing = nil
		case common.IsEnter(k):
			name := m.set.editing.Trimmed()
			row := m.set.editRow
			m.set.editing = nil
			return m.c.SaveSettings(func(s *settings.Settings) {
				if row == setName1 {
					s.Names.Player1 = name
				} else {
					s.Names.Player2 = name
				}
			})
		default:
			m.set.editing.Edit(k)
		}
		return nil
	}
	n := len(rows)
	switch {
	case common.KeyIs(k, keys.Up):
		m.cursor = common.WrapAdd(m.cursor, -1, n)
	case common.KeyIs(k, keys.Down):
		m.cursor = common.WrapAdd(m.cursor, 1, n)
	case common.KeyIs(k, keys.Left):
		return m.changeSetting(rows[m.cursor], -1)
	case common.KeyIs(k, keys.Right):
		return m.changeSetting(rows[m.cursor], 1)
	case common.IsEnter(k):
		switch r := rows[m.cursor]; r {
		case setName1, setName2:
			v := m.c.Settings.Names.Player1
			if r == setName2 {
				v = m.c.Settings.Names.Player2
			}
			in := components.NewInput("", v, 40)
			m.set.editing, m.set.editRow = &in, r
			return nil
		case setEngines:
			m.page, m.eng = pageEngines, enginesPage{}
			return common.FindEngines(m.enginePaths())
		case setBooks:
			return m.openBooks()
		default:
			return m.changeSetting(r, 1)
		}
	case k.String() == "esc" || common.KeyIs(k, keys.Leave):
		return func() tea.Msg { return common.ToMenuMsg{} }
	}
	return nil
}

// changeSetting steps a setting by d and keeps it.
func (m *Screen) changeSetting(r settingsRow, d int) tea.Cmd {
	c := m.c
	cycle := func(v, n int) int { return common.WrapAdd(v, d, n) }
	switch r {
	case setPieces:
		c.SetPieces(common.PieceStyle(cycle(int(c.Pieces), int(common.NumPieceStyles))))
	case setNotation:
		c.Notation = c.CycleNotation(c.Notation, d)
	case setWidth:
		c.SetPolicy(common.WidthPolicy(cycle(int(c.Policy), 2)))
	case setFlip:
		c.AutoFlip = !c.AutoFlip
	case setTheme:
		c.SetTheme(common.Theme(cycle(int(c.Theme), 3)))
	case setLanguage:
		c.SetLang(words.Lang(cycle(int(c.Lang), 2)))
	case setDelay:
		i := slices.Index(delayPresets, time.Duration(c.Settings.MoveDelay))
		if i < 0 {
			i = 3
		}
		v := delayPresets[cycle(i, len(delayPresets))]
		return c.SaveSettings(func(s *settings.Settings) { s.MoveDelay = settings.Duration(v) })
	case setBell:
		v := settings.BellSetting(cycle(int(c.Bell()), int(common.NumBells)))
		return c.SaveSettings(func(s *settings.Settings) { s.Bell = v })
	case setKeep:
		return c.SaveSettings(func(s *settings.Settings) { s.KeepGames = !s.KeepGames })
	case setPonder:
		return c.SaveSettings(func(s *settings.Settings) { s.Ponder = !s.Ponder })
	case setHint:
		v := c.NextProgram(c.Settings.Hint, d)
		return c.SaveSettings(func(s *settings.Settings) { s.Hint = v })
	case setStudy:
		v := c.NextProgram(c.Settings.Study, d)
		return c.SaveSettings(func(s *settings.Settings) { s.Study = v })
	case setBookPlay, setBookPlies:
		return m.changeBookSetting(r, d)
	default:
		return nil
	}
	return c.RememberDisplay()
}

// settingsLines draws the settings page.
func (m *Screen) settingsLines() []string {
	c := m.c
	mw := m.words()
	w := c.Words
	st := c.Styles
	bw := words.BookWordsFor(c.Lang)
	lw := common.MaxWidth(c.Measure, mw.Pieces, mw.Notation, mw.Width, mw.Flip, mw.Theme, mw.Language, w.MoveDelay,
		c.Gw().Bell, w.KeepGames, w.Ponder, w.Name1, w.Name2, w.HintFrom, w.StudyFrom, bw.PlayField, bw.PliesField)
	var lines []string
	name := func(r settingsRow, v string) string {
		label := w.Name1
		if r == setName2 {
			label = w.Name2
		}
		if m.set.editing != nil && m.set.editRow == r {
			text, _, _ := m.set.editing.Render(30, c.Measure)
			return c.Measure.Pad(label, lw) + "  [" + text + "]  " + w.TypeHintName
		}
		if v == "" {
			v = w.Unset
		}
		return c.Measure.Pad(label, lw) + "  [" + v + "]  " + st.Dim.Render(w.EditHint)
	}
	for i, r := range m.set.Rows() {
		var text string
		switch r {
		case setPieces:
			text = m.field(mw.Pieces, lw, mw.StyleNames[c.Pieces%common.NumPieceStyles])
		case setNotation:
			text = m.field(mw.Notation, lw, c.Notation.String())
		case setWidth:
			text = m.field(mw.Width, lw, c.Policy.String()) + "  (" + mw.WidthNote + ")"
		case setFlip:
			text = m.field(mw.Flip, lw, m.onOff(c.AutoFlip)) + "  (" + mw.FlipNote + ")"
		case setTheme:
			text = m.field(mw.Theme, lw, mw.ThemeNames[c.Theme])
		case setLanguage:
			text = m.field(mw.Language, lw, mw.LangNames[c.Lang])
		case setDelay:
			text = m.field(w.MoveDelay, lw, match.ShortDuration(time.Duration(c.Settings.MoveDelay)))
		case setBell:
			text = m.field(c.Gw().Bell, lw, c.Gw().BellKinds[c.Bell()%common.NumBells])
		case setKeep:
			text = m.field(w.KeepGames, lw, m.onOff(c.Settings.KeepGames))
			if d := c.GamesDir(); d != "" {
				text += "  " + st.Dim.Render(c.Measure.Truncate(d, 40))
			}
		case setPonder:
			text = m.field(w.Ponder, lw, m.onOff(c.Settings.Ponder)) + "  (" + w.PonderNote + ")"
		case setName1:
			text = name(r, c.Settings.Names.Player1)
		case setName2:
			text = name(r, c.Settings.Names.Player2)
		case setHint:
			text = m.field(w.HintFrom, lw, c.HintLabel())
		case setStudy:
			sp, name := c.StudySpec()
			text = m.field(w.StudyFrom, lw, common.PlayerLabel(c, sp, name))
		case setBookPlay, setBookPlies, setBooks:
			text = m.bookSettingText(r, lw)
		case setEngines:
			text = w.EnginesItem + fmt.Sprintf(" (%d)", len(c.Settings.Engines))
		}
		components.Row(st, &lines, i, m.cursor, text)
	}
	if c.SettingsErr != nil {
		lines = append(lines, "", st.Err.Render(w.SettingsNotSaved))
	}
	for _, warn := range c.Settings.Warnings() {
		lines = append(lines, st.Dim.Render(c.Measure.Truncate(warn, 76)))
	}
	return lines
}

// enginesPage is the engine list and the editor of one engine.
type enginesPage struct {
	cursor   int
	found    []string              // Debian engines installed and not in the list
	path     *components.LineInput // the path of an engine to add, being typed
	probing  string                // the program being started to read its options
	removing bool

	// The editor: the entry (an index into the list, or -1 for one being
	// added, held in draft), its declared options, the cursor.
	entry   int
	draft   settings.EngineEntry
	author  string
	options []usi.Option
	ecursor int
	editing *components.LineInput // a value being typed
}

// enginePaths are the programs of the list.
func (m *Screen) enginePaths() []string {
	var out []string
	for _, e := range m.c.Settings.Engines {
		out = append(out, e.Path)
	}
	return out
}

// engineRows counts the list page's rows: the engines, the Debian ones
// found, and "add by path".
func (m *Screen) engineRows() int { return len(m.c.Settings.Engines) + len(m.eng.found) + 1 }

// enginesMsg takes a handshake's answer or the engines found.
func (m *Screen) enginesMsg(msg tea.Msg) tea.Cmd {
	w := m.c.Words
	switch msg := msg.(type) {
	case common.FoundEnginesMsg:
		m.eng.found = msg.Paths
	case common.ProbeMsg:
		if m.eng.probing != msg.Path {
			return nil
		}
		m.eng.probing = ""
		if msg.Err != nil {
			m.status, m.statusErr = fmt.Sprintf(w.ProbeFailed, msg.Path, msg.Err), true
			return nil
		}
		m.status = ""
		m.eng.options, m.eng.author, m.eng.ecursor = editableOptions(msg.Options), msg.Author, 0
		if m.eng.entry < 0 {
			m.eng.draft = settings.EngineEntry{Name: msg.Name, Path: msg.Path, Options: map[string]any{}}
		}
		m.page = pageEngine
	}
	return nil
}

// editableOptions are the options an engine declares that have a value
// (buttons have none).
func editableOptions(opts []usi.Option) []usi.Option {
	var out []usi.Option
	for _, o := range opts {
		if o.Type != usi.Button {
			out = append(out, o)
		}
	}
	return out
}

func (m *Screen) enginesKey(k tea.KeyPressMsg) tea.Cmd {
	if m.page == pageEngine {
		return m.editorKey(k)
	}
	c := m.c
	keys := c.Keys
	w := c.Words
	e := &m.eng
	if e.path != nil {
		switch {
		case k.String() == "esc":
			e.path = nil
		case common.IsEnter(k):
			path := settings.ExpandHome(typedPath(e.path.Trimmed()))
			e.path = nil
			if path == "" {
				return nil
			}
			e.entry, e.probing = -1, path
			m.status = fmt.Sprintf(w.Probing, path)
			return common.ProbeEngine(c.Context(), c.EngineConfig(), path)
		default:
			e.path.Edit(k)
		}
		return nil
	}
	if e.removing {
		e.removing = false
		if common.KeyIs(k, keys.Yes) && e.cursor < len(c.Settings.Engines) {
			name := c.Settings.Engines[e.cursor].Name
			i := e.cursor
			m.status = fmt.Sprintf(w.Removed, name)
			return tea.Batch(c.SaveSettings(func(s *settings.Settings) { s.Engines = slices.Delete(s.Engines, i, i+1) }),
				common.FindEngines(m.enginePaths()))
		}
		return nil
	}
	if e.probing != "" {
		return nil // wait for the engine
	}
	n := m.engineRows()
	switch {
	case common.KeyIs(k, keys.Up):
		e.cursor = common.WrapAdd(e.cursor, -1, n)
	case common.KeyIs(k, keys.Down):
		e.cursor = common.WrapAdd(e.cursor, 1, n)
	case k.String() == "a":
		in := components.NewInput(w.EnginePath, enginesDir, 0)
		e.path = &in
	case k.String() == "d" || k.String() == "delete":
		if e.cursor < len(c.Settings.Engines) {
			e.removing = true
		}
	case common.IsEnter(k):
		nl := len(c.Settings.Engines)
		switch {
		case e.cursor < nl:
			e.entry, e.probing = e.cursor, c.Settings.Engines[e.cursor].Path
		case e.cursor < nl+len(e.found):
			e.entry, e.probing = -1, e.found[e.cursor-nl]
		default:
			in := components.NewInput(w.EnginePath, enginesDir, 0)
			e.path = &in
			return nil
		}
		m.status = fmt.Sprintf(w.Probing, e.probing)
		return common.ProbeEngine(c.Context(), c.EngineConfig(), e.probing)
	case k.String() == "esc" || common.KeyIs(k, keys.Leave):
		m.page, m.cursor = pageSettings, len(m.set.Rows())-1
	}
	return nil
}

// editedEntry returns the entry the editor changes: the draft of one being
// added, or the list's.
func (m *Screen) editedEntry() *settings.EngineEntry {
	if m.eng.entry < 0 || m.eng.entry >= len(m.c.Settings.Engines) {
		return &m.eng.draft
	}
	return &m.c.Settings.Engines[m.eng.entry]
}

// editorRows: the name, each option, and for a new engine "add".
func (m *Screen) editorRows() int {
	n := 1 + len(m.eng.options)
	if m.eng.entry < 0 {
		n++
	}
	return n
}

func (m *Screen) editorKey(k tea.KeyPressMsg) tea.Cmd {
	c := m.c
	keys := c.Keys
	w := c.Words
	e := &m.eng
	if e.editing != nil {
		switch {
		case k.String() == "esc":
			e.editing = nil
		case common.IsEnter(k):
			text := e.editing.Trimmed()
			if e.ecursor > 0 {
				text = e.editing.Value()
			}
			e.editing = nil
			return m.setOption(e.ecursor, text)
		default:
			e.editing.Edit(k)
		}
		return nil
	}
	n := m.editorRows()
	switch {
	case common.KeyIs(k, keys.Up):
		e.ecursor = common.WrapAdd(e.ecursor, -1, n)
	case common.KeyIs(k, keys.Down):
		e.ecursor = common.WrapAdd(e.ecursor, 1, n)
	case common.KeyIs(k, keys.Left), common.KeyIs(k, keys.Right):
		d := 1
		if common.KeyIs(k, keys.Left) {
			d = -1
		}
		return m.stepOption(e.ecursor, d)
	case k.String() == "pgup" || k.String() == "pgdown":
		d := 10
		if k.String() == "pgup" {
			d = -10
		}
		return m.stepOption(e.ecursor, d)
	case k.String() == "r" && e.ecursor > 0 && e.ecursor <= len(e.options):
		name := e.options[e.ecursor-1].Name
		return m.editEntry(func(x *settings.EngineEntry) { delete(x.Options, name) })
	case common.IsEnter(k):
		switch {
		case e.ecursor == 0:
			in := components.NewInput("", m.editedEntry().Name, 60)
			e.editing = &in
		case e.ecursor <= len(e.options):
			o := e.options[e.ecursor-1]
			switch o.Type {
			case usi.Check, usi.Combo:
				return m.stepOption(e.ecursor, 1)
			default:
				in := components.NewInput("", m.optionText(o), 0)
				e.editing = &in
			}
		default:
			// Add the new engine to the list.
			d := e.draft
			m.page, e.cursor = pageEngines, len(c.Settings.Engines)
			m.status = fmt.Sprintf(w.Added, d.Name)
			return tea.Batch(c.SaveSettings(func(s *settings.Settings) { s.Engines = append(s.Engines, d) }),
				common.FindEngines(append(m.enginePaths(), d.Path)))
		}
	case k.String() == "esc" || common.KeyIs(k, keys.Leave):
		m.page = pageEngines
		return common.FindEngines(m.enginePaths())
	}
	return nil
}

// editEntry changes the edited entry; one in the list is kept at once.
func (m *Screen) editEntry(edit func(e *settings.EngineEntry)) tea.Cmd {
	if m.eng.entry < 0 {
		edit(&m.eng.draft)
		return nil
	}
	i := m.eng.entry
	return m.c.SaveSettings(func(s *settings.Settings) {
		if i < len(s.Engines) {
			if s.Engines[i].Options == nil {
				s.Engines[i].Options = map[string]any{}
			}
			edit(&s.Engines[i])
		}
	})
}

// optionText is an option's value as the entry has it, or its default.
func (m *Screen) optionText(o usi.Option) string {
	if v, ok := m.editedEntry().Options[o.Name]; ok {
		return settings.OptionText(v)
	}
	return o.Default
}

// setOption sets row's value from typed text (row 0 is the name).
func (m *Screen) setOption(row int, text string) tea.Cmd {
	if row == 0 {
		if text == "" {
			return nil
		}
		return m.editEntry(func(e *settings.EngineEntry) { e.Name = text })
	}
	o := m.eng.options[row-1]
	v, err := players.OptionValue(o, text)
	if err != nil {
		m.status, m.statusErr = err.Error(), true
		return nil
	}
	return m.editEntry(func(e *settings.EngineEntry) {
		if e.Options == nil {
			e.Options = map[string]any{}
		}
		if text == o.Default {
			delete(e.Options, o.Name) // the default needs no setting
			return
		}
		e.Options[o.Name] = v
	})
}

// stepOption changes a spin by d, toggles a check, cycles a combo.
func (m *Screen) stepOption(row, d int) tea.Cmd {
	if row == 0 || row > len(m.eng.options) {
		return nil
	}
	o := m.eng.options[row-1]
	cur := m.optionText(o)
	switch o.Type {
	case usi.Spin:
		n, err := strconv.Atoi(cur)
		if err != nil {
			n = o.Min
		}
		return m.setOption(row, strconv.Itoa(max(o.Min, min(o.Max, n+d))))
	case usi.Check:
		if cur == "true" {
			return m.setOption(row, "false")
		}
		return m.setOption(row, "true")
	case usi.Combo:
		if len(o.Vars) == 0 {
			return nil
		}
		i := slices.Index(o.Vars, cur)
		i = ((i+d)%len(o.Vars) + len(o.Vars)) % len(o.Vars)
		return m.setOption(row, o.Vars[i])
	}
	return nil
}

// enginesLines draws the engine list or the editor.
func (m *Screen) enginesLines() []string {
	c := m.c
	w := c.Words
	st := c.Styles
	e := &m.eng
	var lines []string
	if m.page == pageEngine {
		return m.editorLines()
	}
	lines = append(lines, st.Bold.Render(w.EnginesTitle), "")
	if len(c.Settings.Engines) == 0 {
		lines = append(lines, "   "+st.Dim.Render(w.NoEngines))
	}
	nameW := 0
	for _, en := range c.Settings.Engines {
		nameW = max(nameW, c.Measure.Width(en.Name))
	}
	nameW = min(nameW, 32)
	for i, en := range c.Settings.Engines {
		text := c.Measure.Pad(c.Measure.Truncate(en.Name, nameW), nameW) + "  " + st.Dim.Render(en.Path)
		m.engRow(&lines, i, text)
	}
	for i, p := range e.found {
		m.engRow(&lines, len(c.Settings.Engines)+i, fmt.Sprintf(w.FoundEngine, p))
	}
	m.engRow(&lines, m.engineRows()-1, w.AddEngine)
	if e.path != nil {
		text, _, _ := e.path.Render(min(c.Width-4, 60), c.Measure)
		lines = append(lines, "", text, st.Dim.Render(w.TypeHintValue))
	}
	if e.removing && e.cursor < len(c.Settings.Engines) {
		lines = append(lines, "", components.Question(st, c.Measure, fmt.Sprintf(w.RemoveAsk, c.Settings.Engines[e.cursor].Name), "", min(c.Width, 76)))
	}
	return lines
}

func (m *Screen) engRow(lines *[]string, i int, text string) {
	components.Row(m.c.Styles, lines, i, m.eng.cursor, text)
}

// editorLines draws the editor: the engine, its name, and each option
// with its value, type and range; a long list scrolls with the cursor.
func (m *Screen) editorLines() []string {
	c := m.c
	w := c.Words
	st := c.Styles
	e := &m.eng
	en := m.editedEntry()
	head := en.Name
	if e.author != "" {
		head += "  (" + e.author + ")"
	}
	lines := []string{st.Bold.Render(c.Measure.Truncate(head, 76)), st.Dim.Render(c.Measure.Truncate(en.Path, 76)), ""}
	nw := c.Measure.Width(w.NameField)
	for _, o := range e.options {
		nw = max(nw, c.Measure.Width(o.Name))
	}
	nw = min(nw, 28)
	var rows []string
	value := func(i int, v string) string {
		if e.editing != nil && e.ecursor == i {
			text, _, _ := e.editing.Render(30, c.Measure)
			return "[" + text + "]"
		}
		return v
	}
	rows = append(rows, c.Measure.Pad(w.NameField, nw)+"  "+value(0, "["+en.Name+"]"))
	for i, o := range e.options {
		v := m.optionText(o)
		shown := "< " + v + " >"
		switch o.Type {
		case usi.String, usi.Filename:
			if v == "" {
				v = w.Unset
			}
			shown = "[" + v + "]"
		case usi.Check:
			b := v == "true"
			shown = "< " + m.onOff(b) + " >"
		}
		desc := o.Type.String()
		if o.Type == usi.Spin {
			desc += fmt.Sprintf(" %d…%d", o.Min, o.Max)
		}
		if _, set := en.Options[o.Name]; !set {
			desc += "  " + w.OptDefault
		}
		text := c.Measure.Pad(c.Measure.Truncate(o.Name, nw), nw) + "  " + value(i+1, shown) + "  " + st.Dim.Render(desc)
		rows = append(rows, text)
	}
	if e.entry < 0 {
		rows = append(rows, st.Accent.Render(w.AddConfirm))
	}
	room := max(c.Height-10, 3)
	first := max(0, e.ecursor-room+1)
	for i := first; i < len(rows) && i < first+room; i++ {
		if i == e.ecursor {
			lines = append(lines, st.Accent.Render("> ")+st.ListCur.Render(" "+rows[i]+" "))
		} else {
			lines = append(lines, "   "+rows[i])
		}
	}
	if e.editing != nil {
		lines = append(lines, "", st.Dim.Render(w.TypeHintValue))
	}
	return lines
}

// enginesDir is the folder the path of an engine to add starts in: where
// Debian puts its engines.
const enginesDir = "/usr/games/"

// typedPath is the path typed after the folder the line starts with: an
// absolute path or one from home typed on its end ("/usr/games//opt/x",
// "/usr/games/~/x") stands for itself.
func typedPath(p string) string {
	if rest, ok := strings.CutPrefix(p, enginesDir); ok && (strings.HasPrefix(rest, "/") || strings.HasPrefix(rest, "~")) {
		return rest
	}
	return p
}
