package tui

import (
	"fmt"
	"slices"
	"strconv"
	"time"

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
	setKeep
	setName1
	setName2
	setHint
	setEngines
)

// settingsPage is the settings page's own state: a name being typed.
type settingsPage struct {
	editing *lineInput
	editRow settingsRow
}

func (settingsPage) rows() []settingsRow {
	return []settingsRow{setPieces, setNotation, setWidth, setFlip, setTheme, setLanguage, setDelay, setKeep,
		setName1, setName2, setHint, setEngines}
}

// delayPresets are the move delays to step through.
var delayPresets = []time.Duration{0, 100 * time.Millisecond, 250 * time.Millisecond, 500 * time.Millisecond,
	time.Second, 2 * time.Second, 3 * time.Second, 5 * time.Second}

func (m menuModel) settingsKey(k tea.KeyPressMsg) (menuModel, tea.Cmd) {
	keys := m.c.keys
	rows := m.set.rows()
	if m.set.editing != nil {
		switch {
		case k.String() == "esc":
			m.set.editing = nil
		case isEnter(k):
			name := m.set.editing.trimmed()
			row := m.set.editRow
			m.set.editing = nil
			return m, m.c.saveSettings(func(s *Settings) {
				if row == setName1 {
					s.Names.Player1 = name
				} else {
					s.Names.Player2 = name
				}
			})
		default:
			m.set.editing.edit(k)
		}
		return m, nil
	}
	n := len(rows)
	switch {
	case keyIs(k, keys.Up):
		m.cursor = wrapAdd(m.cursor, -1, n)
	case keyIs(k, keys.Down):
		m.cursor = wrapAdd(m.cursor, 1, n)
	case keyIs(k, keys.Left):
		return m, m.changeSetting(rows[m.cursor], -1)
	case keyIs(k, keys.Right):
		return m, m.changeSetting(rows[m.cursor], 1)
	case isEnter(k):
		switch r := rows[m.cursor]; r {
		case setName1, setName2:
			v := m.c.settings.Names.Player1
			if r == setName2 {
				v = m.c.settings.Names.Player2
			}
			in := newInput("", v, 40)
			m.set.editing, m.set.editRow = &in, r
			return m, nil
		case setEngines:
			m.screen, m.eng = screenEngines, enginesPage{}
			return m, findEngines(m.enginePaths())
		default:
			return m, m.changeSetting(r, 1)
		}
	case k.String() == "esc" || keyIs(k, keys.Leave):
		m.screen, m.cursor = screenMain, 0
	}
	return m, nil
}

// changeSetting steps a setting by d and keeps it.
func (m *menuModel) changeSetting(r settingsRow, d int) tea.Cmd {
	c := m.c
	cycle := func(v, n int) int { return wrapAdd(v, d, n) }
	switch r {
	case setPieces:
		c.setPieces(PieceStyle(cycle(int(c.pieces), int(numPieceStyles))))
	case setNotation:
		c.notation = c.cycleNotation(c.notation, d)
	case setWidth:
		c.setPolicy(WidthPolicy(cycle(int(c.policy), 2)))
	case setFlip:
		c.autoFlip = !c.autoFlip
	case setTheme:
		c.setTheme(Theme(cycle(int(c.theme), 3)))
	case setLanguage:
		c.setLang(Lang(cycle(int(c.lang), 2)))
	case setDelay:
		i := slices.Index(delayPresets, time.Duration(c.settings.MoveDelay))
		if i < 0 {
			i = 3
		}
		v := delayPresets[cycle(i, len(delayPresets))]
		return c.saveSettings(func(s *Settings) { s.MoveDelay = duration(v) })
	case setKeep:
		return c.saveSettings(func(s *Settings) { s.KeepGames = !s.KeepGames })
	case setHint:
		ch := c.programChoices()
		cur, name := c.hintSpec()
		i := 0
		for k, p := range ch {
			if p.spec.String() == cur.String() && p.name == name {
				i = k
			}
		}
		p := ch[cycle(i, len(ch))]
		v := p.spec.Name
		if p.spec.Kind == match.USIKind {
			v = p.name
		}
		return c.saveSettings(func(s *Settings) { s.Hint = v })
	default:
		return nil
	}
	return c.rememberDisplay()
}

// settingsLines draws the settings page.
func (m *menuModel) settingsLines() []string {
	c := m.c
	mw := m.words()
	w := c.w
	st := c.styles
	lw := maxWidth(c.m, mw.pieces, mw.notation, mw.width, mw.flip, mw.theme, mw.language, w.moveDelay,
		w.keepGames, w.name1, w.name2, w.hintFrom)
	var lines []string
	name := func(r settingsRow, v string) string {
		label := w.name1
		if r == setName2 {
			label = w.name2
		}
		if m.set.editing != nil && m.set.editRow == r {
			text, _, _ := m.set.editing.render(30, c.m)
			return c.m.pad(label, lw) + "  [" + text + "]  " + w.typeHintName
		}
		if v == "" {
			v = w.unset
		}
		return c.m.pad(label, lw) + "  [" + v + "]  " + st.dim.render(w.editHint)
	}
	for i, r := range m.set.rows() {
		var text string
		switch r {
		case setPieces:
			text = m.field(mw.pieces, lw, mw.styleNames[c.pieces%numPieceStyles])
		case setNotation:
			text = m.field(mw.notation, lw, c.notation.String())
		case setWidth:
			text = m.field(mw.width, lw, c.policy.String()) + "  (" + mw.widthNote + ")"
		case setFlip:
			text = m.field(mw.flip, lw, m.onOff(c.autoFlip)) + "  (" + mw.flipNote + ")"
		case setTheme:
			text = m.field(mw.theme, lw, mw.themeNames[c.theme])
		case setLanguage:
			text = m.field(mw.language, lw, mw.langNames[c.lang])
		case setDelay:
			text = m.field(w.moveDelay, lw, match.ShortDuration(time.Duration(c.settings.MoveDelay)))
		case setKeep:
			text = m.field(w.keepGames, lw, m.onOff(c.settings.KeepGames))
			if d := c.gamesDir(); d != "" {
				text += "  " + st.dim.render(c.m.truncate(d, 40))
			}
		case setName1:
			text = name(r, c.settings.Names.Player1)
		case setName2:
			text = name(r, c.settings.Names.Player2)
		case setHint:
			text = m.field(w.hintFrom, lw, c.hintLabel())
		case setEngines:
			text = w.enginesItem + fmt.Sprintf(" (%d)", len(c.settings.Engines))
		}
		m.row(&lines, i, text)
	}
	if c.settingsErr != nil {
		lines = append(lines, "", st.err.render(w.settingsNotSaved))
	}
	for _, warn := range c.settings.Warnings() {
		lines = append(lines, st.dim.render(c.m.truncate(warn, 76)))
	}
	return lines
}

// enginesPage is the engine list and the editor of one engine.
type enginesPage struct {
	cursor   int
	found    []string   // Debian engines installed and not in the list
	path     *lineInput // the path of an engine to add, being typed
	probing  string     // the program being started to read its options
	removing bool

	// The editor: the entry (an index into the list, or -1 for one being
	// added, held in draft), its declared options, the cursor.
	entry   int
	draft   EngineEntry
	author  string
	options []usi.Option
	ecursor int
	editing *lineInput // a value being typed
}

// enginePaths are the programs of the list.
func (m *menuModel) enginePaths() []string {
	var out []string
	for _, e := range m.c.settings.Engines {
		out = append(out, e.Path)
	}
	return out
}

// engineRows counts the list page's rows: the engines, the Debian ones
// found, and "add by path".
func (m *menuModel) engineRows() int { return len(m.c.settings.Engines) + len(m.eng.found) + 1 }

// enginesMsg takes a handshake's answer or the engines found.
func (m menuModel) enginesMsg(msg tea.Msg) (menuModel, tea.Cmd) {
	w := m.c.w
	switch msg := msg.(type) {
	case foundEnginesMsg:
		m.eng.found = msg.paths
	case probeMsg:
		if m.eng.probing != msg.path {
			return m, nil
		}
		m.eng.probing = ""
		if msg.err != nil {
			m.status, m.statusErr = fmt.Sprintf(w.probeFailed, msg.path, msg.err), true
			return m, nil
		}
		m.status = ""
		m.eng.options, m.eng.author, m.eng.ecursor = editableOptions(msg.options), msg.author, 0
		if m.eng.entry < 0 {
			m.eng.draft = EngineEntry{Name: msg.name, Path: msg.path, Options: map[string]any{}}
		}
		m.screen = screenEngine
	}
	return m, nil
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

func (m menuModel) enginesKey(k tea.KeyPressMsg) (menuModel, tea.Cmd) {
	if m.screen == screenEngine {
		return m.editorKey(k)
	}
	c := m.c
	keys := c.keys
	w := c.w
	e := &m.eng
	if e.path != nil {
		switch {
		case k.String() == "esc":
			e.path = nil
		case isEnter(k):
			path := expandHome(e.path.trimmed())
			e.path = nil
			if path == "" {
				return m, nil
			}
			e.entry, e.probing = -1, path
			m.status = fmt.Sprintf(w.probing, path)
			return m, probeEngine(c.engineConfig(), path)
		default:
			e.path.edit(k)
		}
		return m, nil
	}
	if e.removing {
		e.removing = false
		if keyIs(k, keys.Yes) && e.cursor < len(c.settings.Engines) {
			name := c.settings.Engines[e.cursor].Name
			i := e.cursor
			m.status = fmt.Sprintf(w.removed, name)
			return m, tea.Batch(c.saveSettings(func(s *Settings) { s.Engines = slices.Delete(s.Engines, i, i+1) }),
				findEngines(m.enginePaths()))
		}
		return m, nil
	}
	if e.probing != "" {
		return m, nil // wait for the engine
	}
	n := m.engineRows()
	switch {
	case keyIs(k, keys.Up):
		e.cursor = wrapAdd(e.cursor, -1, n)
	case keyIs(k, keys.Down):
		e.cursor = wrapAdd(e.cursor, 1, n)
	case k.String() == "a":
		in := newInput(w.enginePath, "/usr/games/", 0)
		e.path = &in
	case k.String() == "d" || k.String() == "delete":
		if e.cursor < len(c.settings.Engines) {
			e.removing = true
		}
	case isEnter(k):
		nl := len(c.settings.Engines)
		switch {
		case e.cursor < nl:
			e.entry, e.probing = e.cursor, c.settings.Engines[e.cursor].Path
		case e.cursor < nl+len(e.found):
			e.entry, e.probing = -1, e.found[e.cursor-nl]
		default:
			in := newInput(w.enginePath, "/usr/games/", 0)
			e.path = &in
			return m, nil
		}
		m.status = fmt.Sprintf(w.probing, e.probing)
		return m, probeEngine(c.engineConfig(), e.probing)
	case k.String() == "esc" || keyIs(k, keys.Leave):
		m.screen, m.cursor = screenSettings, len(m.set.rows())-1
	}
	return m, nil
}

// editedEntry returns the entry the editor changes: the draft of one being
// added, or the list's.
func (m *menuModel) editedEntry() *EngineEntry {
	if m.eng.entry < 0 || m.eng.entry >= len(m.c.settings.Engines) {
		return &m.eng.draft
	}
	return &m.c.settings.Engines[m.eng.entry]
}

// editorRows: the name, each option, and for a new engine "add".
func (m *menuModel) editorRows() int {
	n := 1 + len(m.eng.options)
	if m.eng.entry < 0 {
		n++
	}
	return n
}

func (m menuModel) editorKey(k tea.KeyPressMsg) (menuModel, tea.Cmd) {
	c := m.c
	keys := c.keys
	w := c.w
	e := &m.eng
	if e.editing != nil {
		switch {
		case k.String() == "esc":
			e.editing = nil
		case isEnter(k):
			text := e.editing.trimmed()
			if e.ecursor > 0 {
				text = e.editing.Value()
			}
			e.editing = nil
			return m, m.setOption(e.ecursor, text)
		default:
			e.editing.edit(k)
		}
		return m, nil
	}
	n := m.editorRows()
	switch {
	case keyIs(k, keys.Up):
		e.ecursor = wrapAdd(e.ecursor, -1, n)
	case keyIs(k, keys.Down):
		e.ecursor = wrapAdd(e.ecursor, 1, n)
	case keyIs(k, keys.Left), keyIs(k, keys.Right):
		d := 1
		if keyIs(k, keys.Left) {
			d = -1
		}
		return m, m.stepOption(e.ecursor, d)
	case k.String() == "pgup" || k.String() == "pgdown":
		d := 10
		if k.String() == "pgup" {
			d = -10
		}
		return m, m.stepOption(e.ecursor, d)
	case k.String() == "r" && e.ecursor > 0 && e.ecursor <= len(e.options):
		name := e.options[e.ecursor-1].Name
		return m, m.editEntry(func(x *EngineEntry) { delete(x.Options, name) })
	case isEnter(k):
		switch {
		case e.ecursor == 0:
			in := newInput("", m.editedEntry().Name, 60)
			e.editing = &in
		case e.ecursor <= len(e.options):
			o := e.options[e.ecursor-1]
			switch o.Type {
			case usi.Check, usi.Combo:
				return m, m.stepOption(e.ecursor, 1)
			default:
				in := newInput("", m.optionText(o), 0)
				e.editing = &in
			}
		default:
			// Add the new engine to the list.
			d := e.draft
			m.screen, e.cursor = screenEngines, len(c.settings.Engines)
			m.status = fmt.Sprintf(w.added, d.Name)
			return m, tea.Batch(c.saveSettings(func(s *Settings) { s.Engines = append(s.Engines, d) }),
				findEngines(append(m.enginePaths(), d.Path)))
		}
	case k.String() == "esc" || keyIs(k, keys.Leave):
		m.screen = screenEngines
		return m, findEngines(m.enginePaths())
	}
	return m, nil
}

// editEntry changes the edited entry; one in the list is kept at once.
func (m *menuModel) editEntry(edit func(e *EngineEntry)) tea.Cmd {
	if m.eng.entry < 0 {
		edit(&m.eng.draft)
		return nil
	}
	i := m.eng.entry
	return m.c.saveSettings(func(s *Settings) {
		if i < len(s.Engines) {
			if s.Engines[i].Options == nil {
				s.Engines[i].Options = map[string]any{}
			}
			edit(&s.Engines[i])
		}
	})
}

// optionText is an option's value as the entry has it, or its default.
func (m *menuModel) optionText(o usi.Option) string {
	if v, ok := m.editedEntry().Options[o.Name]; ok {
		return optionText(v)
	}
	return o.Default
}

// setOption sets row's value from typed text (row 0 is the name).
func (m *menuModel) setOption(row int, text string) tea.Cmd {
	if row == 0 {
		if text == "" {
			return nil
		}
		return m.editEntry(func(e *EngineEntry) { e.Name = text })
	}
	o := m.eng.options[row-1]
	v, err := optionValue(o, text)
	if err != nil {
		m.status, m.statusErr = err.Error(), true
		return nil
	}
	return m.editEntry(func(e *EngineEntry) {
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
func (m *menuModel) stepOption(row, d int) tea.Cmd {
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
func (m *menuModel) enginesLines() []string {
	c := m.c
	w := c.w
	st := c.styles
	e := &m.eng
	var lines []string
	if m.screen == screenEngine {
		return m.editorLines()
	}
	lines = append(lines, st.bold.render(w.enginesTitle), "")
	if len(c.settings.Engines) == 0 {
		lines = append(lines, "   "+st.dim.render(w.noEngines))
	}
	nameW := 0
	for _, en := range c.settings.Engines {
		nameW = max(nameW, c.m.width(en.Name))
	}
	nameW = min(nameW, 32)
	for i, en := range c.settings.Engines {
		text := c.m.pad(c.m.truncate(en.Name, nameW), nameW) + "  " + st.dim.render(en.Path)
		m.engRow(&lines, i, text)
	}
	for i, p := range e.found {
		m.engRow(&lines, len(c.settings.Engines)+i, fmt.Sprintf(w.foundEngine, p))
	}
	m.engRow(&lines, m.engineRows()-1, w.addEngine)
	if e.path != nil {
		text, _, _ := e.path.render(min(c.width-4, 60), c.m)
		lines = append(lines, "", text, st.dim.render(w.typeHintValue))
	}
	if e.removing && e.cursor < len(c.settings.Engines) {
		lines = append(lines, "", question(st, c.m, fmt.Sprintf(w.removeAsk, c.settings.Engines[e.cursor].Name), "", min(c.width, 76)))
	}
	return lines
}

func (m *menuModel) engRow(lines *[]string, i int, text string) {
	st := m.c.styles
	if i == m.eng.cursor {
		*lines = append(*lines, st.accent.render("> ")+st.listCur.render(" "+text+" "))
	} else {
		*lines = append(*lines, "   "+text)
	}
}

// editorLines draws the editor: the engine, its name, and each option
// with its value, type and range; a long list scrolls with the cursor.
func (m *menuModel) editorLines() []string {
	c := m.c
	w := c.w
	st := c.styles
	e := &m.eng
	en := m.editedEntry()
	head := en.Name
	if e.author != "" {
		head += "  (" + e.author + ")"
	}
	lines := []string{st.bold.render(c.m.truncate(head, 76)), st.dim.render(c.m.truncate(en.Path, 76)), ""}
	nw := c.m.width(w.nameField)
	for _, o := range e.options {
		nw = max(nw, c.m.width(o.Name))
	}
	nw = min(nw, 28)
	var rows []string
	value := func(i int, v string) string {
		if e.editing != nil && e.ecursor == i {
			text, _, _ := e.editing.render(30, c.m)
			return "[" + text + "]"
		}
		return v
	}
	rows = append(rows, c.m.pad(w.nameField, nw)+"  "+value(0, "["+en.Name+"]"))
	for i, o := range e.options {
		v := m.optionText(o)
		shown := "< " + v + " >"
		switch o.Type {
		case usi.String, usi.Filename:
			if v == "" {
				v = w.unset
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
			desc += "  " + w.optDefault
		}
		text := c.m.pad(c.m.truncate(o.Name, nw), nw) + "  " + value(i+1, shown) + "  " + st.dim.render(desc)
		rows = append(rows, text)
	}
	if e.entry < 0 {
		rows = append(rows, st.accent.render(w.addConfirm))
	}
	room := max(c.height-10, 3)
	first := max(0, e.ecursor-room+1)
	for i := first; i < len(rows) && i < first+room; i++ {
		if i == e.ecursor {
			lines = append(lines, st.accent.render("> ")+st.listCur.render(" "+rows[i]+" "))
		} else {
			lines = append(lines, "   "+rows[i])
		}
	}
	if e.editing != nil {
		lines = append(lines, "", st.dim.render(w.typeHintValue))
	}
	return lines
}
