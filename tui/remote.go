package tui

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"time"

	tea "charm.land/bubbletea/v2"

	"shogi/game"
	"shogi/game/bot"
	"shogi/game/match"
	"shogi/tui/lobby"
)

// Remote is a person on an SSH connection to shogi serve: the server's
// lobby, and who the connection says they are.
type Remote struct {
	Lobby *lobby.Lobby
	Name  string // a name to suggest (the SSH user name)
	Key   string // the fingerprint of the SSH key, "" when anonymous
	// Playing, when not nil, is kept true while the person holds a seat
	// in a game in progress: a player thinking long over a move is not
	// idle (the clock decides), whatever the server's idle limit.
	Playing *atomic.Bool
}

// runRemote runs the lobby's screens for a remote person on t (see
// RunRemote) with the app's shared state c.
func runRemote(ctx context.Context, r Remote, c *common, t Terminal, started func(*tea.Program), extra ...tea.ProgramOption) error {
	c.useTerminal(t)
	c.remote = true
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	rm := newRemoteModel(ctx, c, r)
	defer rm.leave()
	defer rm.stopGame()
	p := tea.NewProgram(rm, append(programOptions(t), append([]tea.ProgramOption{tea.WithContext(ctx)}, extra...)...)...)
	if started != nil {
		started(p)
	}
	_, err := p.Run()
	if errors.Is(err, tea.ErrProgramKilled) && ctx.Err() != nil && !errors.Is(err, tea.ErrProgramPanic) {
		err = nil // the connection went away
	}
	return err
}

// rscreen is which lobby screen shows.
type rscreen int

const (
	rName    rscreen = iota // asking the person's name
	rMenu                   // the lobby's menu
	rCreate                 // the new table's form
	rWaiting                // a table open, waiting for an opponent
	rJoin                   // typing a code
	rWatch                  // the list of tables
	rLevel                  // choosing a built-in level
	rTable                  // at a table, playing or watching
	rLocal                  // a game against the computer, on the app's play screen
)

// timeChoices are the clocks a table may have.
var timeChoices = []match.TimeControl{
	{Main: 10 * time.Minute, Byoyomi: 30 * time.Second},
	{Main: 5 * time.Minute, Byoyomi: 30 * time.Second},
	{Byoyomi: 30 * time.Second},
	{Main: 30 * time.Minute, Byoyomi: 60 * time.Second},
	{Main: 3 * time.Minute, Increment: 2 * time.Second},
	{Main: 15 * time.Minute, Increment: 10 * time.Second},
	{Main: 10 * time.Minute},
	{},
}

// remoteModel is the root model of a remote session: the lobby's screens,
// and the app for a table's game or a game against the computer.
type remoteModel struct {
	ctx context.Context
	c   *common
	// play is the play screen of a table's game or a game against the
	// computer (rTable, rLocal), under the help overlay it may open.
	play   playModel
	help   helpOverlay
	r      Remote
	screen rscreen
	cursor int
	name   string
	input  lineInput
	status string
	isErr  bool

	timeIdx, handicapIdx, seatIdx int
	tables                        []lobby.Info
	levels                        []string

	seat    *lobby.Seat    // the seat held, waiting or playing
	watcher *lobby.Watcher // the table watched
	feedGen int            // drops events of a feed no longer listened to
	table   *tableModel

	cursorAt *tea.Cursor // where the typing cursor stands in the last frame
	height   int         // the terminal's height (a table takes lines off the app's)
}

// feedMsg is a table event for feed generation gen.
type feedMsg struct {
	gen int
	ev  lobby.Event
	err error
}

// tablesMsg refreshes the list of tables.
type tablesMsg struct{ list []lobby.Info }

func newRemoteModel(ctx context.Context, c *common, r Remote) *remoteModel {
	m := &remoteModel{ctx: ctx, c: c, r: r}
	for _, n := range bot.Names() {
		if n != "random" {
			m.levels = append(m.levels, n)
		}
	}
	m.askName()
	return m
}

func (m *remoteModel) askName() {
	m.screen = rName
	m.input = newInput("", lobby.CleanName(m.r.Name), lobby.MaxName)
}

// leave gives up whatever the person holds: their seat (the grace period
// starts), the table they watch.
func (m *remoteModel) leave() {
	m.setPlaying(false)
	m.feedGen++
	if m.seat != nil {
		m.seat.Leave()
		m.seat = nil
	}
	if m.watcher != nil {
		m.watcher.Close()
		m.watcher = nil
	}
	if m.table != nil {
		m.table = nil
		if m.height > 0 {
			m.c.height = m.height
		}
	}
}

// stopGame ends the game on the play screen, if any: a game against the
// computer is interrupted, a table's game goes on without this screen.
func (m *remoteModel) stopGame() {
	if m.play.sess != nil {
		m.play.sess.stop("the app was closed")
	}
}

// setPlaying says whether the person is at a game in progress.
func (m *remoteModel) setPlaying(on bool) {
	if m.r.Playing != nil {
		m.r.Playing.Store(on)
	}
}

// listen waits for the next event of feed f.
func (m *remoteModel) listen(f *lobby.Feed) tea.Cmd {
	gen, ctx := m.feedGen, m.ctx
	return func() tea.Msg {
		ev, err := f.Next(ctx)
		return feedMsg{gen: gen, ev: ev, err: err}
	}
}

func (m *remoteModel) Init() tea.Cmd {
	if m.c.theme == ThemeAuto {
		return tea.RequestBackgroundColor
	}
	return nil
}

func (m *remoteModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg, tea.BackgroundColorMsg, tea.ColorProfileMsg:
		if ws, ok := msg.(tea.WindowSizeMsg); ok && ws.Width > 0 && ws.Height > 0 {
			m.height = ws.Height
		}
		m.c.takeTerminal(msg)
		if m.table != nil {
			m.table.resize()
		}
		return m, nil
	case feedMsg:
		return m.feed(msg)
	case tablesMsg:
		m.tables = msg.list
		m.cursor = min(m.cursor, max(len(m.tables)-1, 0))
		return m, nil
	case toMenuMsg:
		// The app's play screen was left: back to the lobby.
		m.leave()
		m.screen, m.cursor = rMenu, 0
		return m, nil
	case openMsg, reviewGameMsg:
		return m, nil // no files of the server's for a guest
	}
	switch m.screen {
	case rLocal:
		return m, m.playUpdate(msg)
	case rTable:
		if m.table != nil {
			return m.tableUpdate(msg)
		}
	}
	if k, ok := msg.(tea.KeyPressMsg); ok {
		return m.key(k)
	}
	if p, ok := msg.(tea.PasteMsg); ok && (m.screen == rName || m.screen == rJoin || m.screen == rWatch) {
		m.input.edit(p)
	}
	return m, nil
}

// feed handles a table event.
func (m *remoteModel) feed(msg feedMsg) (tea.Model, tea.Cmd) {
	if msg.gen != m.feedGen {
		return m, nil
	}
	if msg.err != nil {
		if m.screen == rTable || m.screen == rWaiting {
			m.leave()
			m.screen, m.cursor = rMenu, 0
		}
		return m, nil
	}
	f := m.currentFeed()
	switch ev := msg.ev.(type) {
	case lobby.ClosedEvent:
		m.leave()
		m.screen, m.cursor = rMenu, 0
		m.setStatus(ev.Reason, true)
		return m, nil
	case lobby.StartEvent:
		if m.table == nil {
			m.setPlaying(m.seat != nil && !ev.Match.Snapshot().Over)
			m.table = newTableModel(m, ev)
			m.table.resize()
			m.screen = rTable
			return m, tea.Batch(m.listen(f), m.table.init())
		}
	}
	if m.table != nil {
		cmd := m.table.event(msg.ev)
		return m, tea.Batch(m.listen(f), cmd)
	}
	return m, m.listen(f)
}

func (m *remoteModel) currentFeed() *lobby.Feed {
	switch {
	case m.seat != nil:
		return m.seat.Events()
	case m.watcher != nil:
		return m.watcher.Events()
	}
	return nil
}

func (m *remoteModel) setStatus(s string, isErr bool) { m.status, m.isErr = s, isErr }

// menuItems are the lobby menu's entries.
func (m *remoteModel) menuItems() []string {
	w := m.c.rw()
	return []string{w.create, w.join, w.watch, w.computer, w.quit}
}

func (m *remoteModel) key(k tea.KeyPressMsg) (tea.Model, tea.Cmd) {
	if k.String() == "ctrl+c" {
		return m, tea.Quit
	}
	keys := m.c.keys
	m.status = ""
	switch m.screen {
	case rName:
		switch {
		case isEnter(k):
			name := lobby.CleanName(m.input.Value())
			if name == "" {
				m.setStatus(m.c.rw().nameEmpty, true)
				return m, nil
			}
			m.name = name
			m.screen, m.cursor = rMenu, 0
		case k.String() == "esc":
			return m, tea.Quit
		default:
			m.input.edit(k)
		}
		return m, nil
	case rJoin:
		switch {
		case isEnter(k):
			return m.join(m.input.Value())
		case k.String() == "esc":
			m.screen, m.cursor = rMenu, 1
		default:
			m.input.edit(k)
		}
		return m, nil
	case rWaiting:
		if k.String() == "esc" || keyIs(k, keys.Leave) {
			m.leave()
			m.screen, m.cursor = rMenu, 0
		}
		return m, nil
	case rWatch:
		// The list and a code's line: only the arrows move in the list,
		// so every letter of a code can be typed.
		n := max(len(m.tables), 1)
		switch {
		case k.String() == "up":
			m.cursor = wrapAdd(m.cursor, -1, n)
		case k.String() == "down":
			m.cursor = wrapAdd(m.cursor, 1, n)
		case isEnter(k):
			return m.enter()
		case k.String() == "esc":
			m.screen, m.cursor = rMenu, 2
		default:
			m.input.edit(k)
		}
		return m, nil
	}
	n := m.rows()
	switch {
	case keyIs(k, keys.Up):
		m.cursor = (m.cursor + n - 1) % max(n, 1)
	case keyIs(k, keys.Down):
		m.cursor = (m.cursor + 1) % max(n, 1)
	case keyIs(k, keys.Left):
		m.change(-1)
	case keyIs(k, keys.Right):
		m.change(1)
	case isEnter(k):
		return m.enter()
	case k.String() == "esc" || m.screen == rMenu && k.String() == "q":
		if m.screen == rMenu {
			return m, tea.Quit
		}
		m.screen, m.cursor = rMenu, 0
	}
	return m, nil
}

// rows is how many rows the screen's cursor moves over.
func (m *remoteModel) rows() int {
	switch m.screen {
	case rCreate:
		return 4
	case rWatch:
		return len(m.tables)
	case rLevel:
		return len(m.levels)
	}
	return len(m.menuItems())
}

func (m *remoteModel) change(d int) {
	if m.screen != rCreate {
		return
	}
	cycle := func(v, n int) int { return wrapAdd(v, d, n) }
	switch m.cursor {
	case 0:
		m.timeIdx = cycle(m.timeIdx, len(timeChoices))
	case 1:
		m.handicapIdx = cycle(m.handicapIdx, len(handicapChoices()))
	case 2:
		m.seatIdx = cycle(m.seatIdx, 3)
	}
}

func (m *remoteModel) enter() (tea.Model, tea.Cmd) {
	switch m.screen {
	case rMenu:
		switch m.cursor {
		case 0:
			m.screen, m.cursor = rCreate, 0
		case 1:
			m.screen = rJoin
			m.input = newInput("", "", 12)
		case 2:
			m.screen, m.cursor = rWatch, 0
			m.input = newInput("", "", 12)
			m.tables = m.r.Lobby.Tables()
		case 3:
			m.screen, m.cursor = rLevel, 0
		default:
			return m, tea.Quit
		}
	case rCreate:
		if m.cursor < 3 {
			m.change(1)
			return m, nil
		}
		return m.create()
	case rWatch:
		code := m.input.Value()
		if strings.TrimSpace(code) == "" && m.cursor < len(m.tables) {
			code = m.tables[m.cursor].Code
		}
		return m.watch(code)
	case rLevel:
		return m.playComputer(m.levels[m.cursor])
	}
	return m, nil
}

// create opens a table and waits for an opponent.
func (m *remoteModel) create() (tea.Model, tea.Cmd) {
	o := lobby.Options{Time: timeChoices[m.timeIdx], Handicap: handicapChoices()[m.handicapIdx].Key,
		Seat: []lobby.SeatChoice{lobby.CreatorBlack, lobby.CreatorWhite, lobby.Furigoma}[m.seatIdx]}
	s, err := m.r.Lobby.Create(lobby.Person{Name: m.name, Key: m.r.Key}, o)
	if err != nil {
		m.setStatus(err.Error(), true)
		return m, nil
	}
	m.feedGen++
	m.seat = s
	m.screen = rWaiting
	return m, m.listen(s.Events())
}

// join sits down at a table by its code.
func (m *remoteModel) join(code string) (tea.Model, tea.Cmd) {
	s, err := m.r.Lobby.Join(code, lobby.Person{Name: m.name, Key: m.r.Key})
	if err != nil {
		m.tableError(err)
		return m, nil
	}
	m.feedGen++
	m.seat = s
	m.screen = rWaiting
	return m, m.listen(s.Events())
}

// tableError says why a code led to no table, in the person's language
// when the code names none.
func (m *remoteModel) tableError(err error) {
	if errors.Is(err, lobby.ErrNoTable) {
		err = errors.New(m.c.rw().noCode)
	}
	m.setStatus(err.Error(), true)
}

// watch follows a table.
func (m *remoteModel) watch(code string) (tea.Model, tea.Cmd) {
	w, err := m.r.Lobby.Watch(code, lobby.Person{Name: m.name, Key: m.r.Key})
	if err != nil {
		m.tableError(err)
		return m, nil
	}
	m.feedGen++
	m.watcher = w
	m.screen = rWaiting
	return m, m.listen(w.Events())
}

// playComputer starts a game against a built-in level on the app's play
// screen, the person taking Black.
func (m *remoteModel) playComputer(level string) (tea.Model, tea.Cmd) {
	m.screen = rLocal
	s := setup{players: [2]match.Spec{{Kind: match.HumanKind, Name: humanSpec}, {Kind: match.BuiltinKind, Name: level}},
		names: [2]string{m.name, ""}, start: game.StartPosition()}
	return m, m.playUpdate(startMsg{setup: s})
}

// playUpdate routes a message to the play screen, under its help overlay.
// A new game (from a pasted position) replaces the one on screen.
func (m *remoteModel) playUpdate(msg tea.Msg) tea.Cmd {
	if m.help.take(msg) {
		return nil
	}
	if s, ok := msg.(startMsg); ok {
		m.play = newPlay(m.c, s.setup)
		return m.play.init()
	}
	var cmd tea.Cmd
	m.play, cmd = m.play.update(msg)
	return cmd
}

// playView draws the play screen, or its help overlay.
func (m *remoteModel) playView() tea.View {
	return frame(m.c, &m.help, "shogi: "+m.play.titleText(), m.play.view)
}

// View draws the current screen.
func (m *remoteModel) View() tea.View {
	switch m.screen {
	case rLocal:
		return m.playView()
	case rTable:
		if m.table != nil {
			return m.tableView()
		}
	}
	c := m.c
	var content string
	if c.width < minWidth || c.height < minHeight {
		content = tooSmall(c)
	} else {
		content = m.lobbyView()
	}
	if c.ascii {
		content = c.m.asciiOnly(content)
	}
	v := tea.NewView(content)
	v.AltScreen = true
	v.WindowTitle = "shogi"
	if m.screen == rName || m.screen == rJoin || m.screen == rWatch {
		v.Cursor = m.cursorAt
	}
	return v
}

// lobbyView lays out the lobby's lines in the middle of the screen.
func (m *remoteModel) lobbyView() string {
	c := m.c
	lines, cursorLine, cursorCol := m.lobbyLines()
	mw := 0
	for _, l := range lines {
		mw = max(mw, c.m.width(l))
	}
	mw = min(mw, c.width)
	x0 := max((c.width-mw)/2, 0)
	y0 := max((c.height-len(lines))/2, 0)
	cv := newCanvas(c.width, c.height)
	for i, l := range lines {
		l = c.m.truncate(l, c.width-x0)
		cv.put(x0, y0+i, c.m.width(l), l)
	}
	m.cursorAt = nil
	if cursorLine >= 0 {
		m.cursorAt = tea.NewCursor(min(x0+cursorCol, c.width-1), y0+cursorLine)
	}
	return cv.String(c.m)
}

// lobbyLines is the current screen's text, and where the typing cursor
// stands (line -1: none).
func (m *remoteModel) lobbyLines() (lines []string, cursorLine, cursorCol int) {
	c := m.c
	st := c.styles
	title := "将棋  shogi"
	if c.ascii {
		title = "shogi"
	}
	t := &lobbyText{m: m, cursorLine: -1}
	t.add(st.title.render(title), "")
	keysHint := m.screenLines(t)
	if m.status != "" {
		t.add("")
		for _, l := range wrapText(c.m, m.status, min(c.width, 70)) {
			if m.isErr {
				l = st.err.render(l)
			}
			t.add(l)
		}
	}
	t.add("", st.dim.render(keysHint))
	if len(t.lines) > c.height {
		t.lines = t.lines[:c.height]
		if t.cursorLine >= c.height {
			t.cursorLine = -1
		}
	}
	return t.lines, t.cursorLine, t.cursorCol
}

// lobbyText gathers a lobby screen's lines and where the typing cursor
// stands.
type lobbyText struct {
	m                     *remoteModel
	lines                 []string
	cursorLine, cursorCol int
}

func (t *lobbyText) add(lines ...string) { t.lines = append(t.lines, lines...) }

// row is item i of a list, marked where the cursor is.
func (t *lobbyText) row(i int, text string) {
	st := t.m.c.styles
	if i == t.m.cursor {
		t.add(st.accent.render("> ") + st.listCur.render(" "+text+" "))
	} else {
		t.add("   " + text)
	}
}

// typed is the line being typed, after its label; the cursor is in it.
func (t *lobbyText) typed(label string) {
	c := t.m.c
	v := t.m.input.Value()
	t.cursorLine, t.cursorCol = len(t.lines), c.m.width(label)+2+c.m.width(v[:t.m.input.in.Position()])
	t.add(c.styles.bold.render(label) + ": " + v)
}

// screenLines adds the lines of the screen shown and returns its keys.
func (m *remoteModel) screenLines(t *lobbyText) (keysHint string) {
	c := m.c
	st := c.styles
	w := c.rw()
	field := func(label string, width int, value string) string {
		return c.m.pad(label, width) + "  < " + value + " >"
	}
	switch m.screen {
	case rName:
		t.add(w.welcome, "")
		t.typed(w.askName)
		t.add(st.dim.render(w.nameNote))
		return w.nameKeys
	case rMenu:
		t.add(st.dim.render(m.name), "")
		for i, it := range m.menuItems() {
			t.row(i, it)
		}
		return w.menuKeys
	case rCreate:
		t.add(st.bold.render(w.create), "")
		lw := maxWidth(c.m, w.timeControl, w.handicap, w.seat)
		t.row(0, field(w.timeControl, lw, m.timeText(timeChoices[m.timeIdx])))
		h := handicapChoices()[m.handicapIdx]
		hname := h.Name + " " + h.Japanese
		if c.ascii {
			hname = h.Name
		} else if c.lang == Japanese {
			hname = h.Japanese
		}
		t.row(1, field(w.handicap, lw, hname))
		t.row(2, field(w.seat, lw, w.seats[m.seatIdx]))
		t.row(3, w.open)
		if h.Key != "even" {
			t.add("", st.dim.render(menuWordsFor(c.lang).giverNote))
		}
		return w.formKeys
	case rWaiting:
		if m.seat != nil {
			t.add(w.codeIs, "", st.title.render("   "+spaced(m.seat.Code())+"   "), "")
			t.add(wrapText(c.m, w.tellCode, min(c.width, 60))...)
			t.add("", st.dim.render(w.waiting))
		}
		return w.waitKeys
	case rJoin:
		t.add(st.bold.render(w.join), "")
		t.typed(w.enterCode)
		return w.codeKeys
	case rWatch:
		t.add(st.bold.render(w.tables), "")
		if len(m.tables) == 0 {
			t.add(st.dim.render(w.noTables))
		}
		for i, tb := range m.tables {
			t.row(i, m.tableText(tb))
		}
		t.add("")
		t.typed(w.enterCode)
		return w.listKeys
	case rLevel:
		t.add(st.bold.render(w.computer), "")
		for i, l := range m.levels {
			t.row(i, m.c.w.botName(l))
		}
		return w.levelKeys
	}
	return ""
}

// spaced writes a code with a space between its symbols, to be read out.
func spaced(code string) string { return strings.Join(strings.Split(code, ""), " ") }

// timeText names a time control in the screen's language.
func (m *remoteModel) timeText(tc match.TimeControl) string { return m.c.w.timeControl(tc) }

// tableText is a table's line in the list.
func (m *remoteModel) tableText(t lobby.Info) string {
	w := m.c.rw()
	var who string
	if t.Started {
		who = fmt.Sprintf("%s %s  %s %s", m.c.side(game.Black), t.Names[game.Black], m.c.side(game.White), t.Names[game.White])
	} else {
		who = t.Names[0] + " — " + w.waitingFor
	}
	parts := []string{t.Code, who, m.timeText(t.Time)}
	if t.Handicap != "" {
		if h, ok := game.FindHandicap(t.Handicap); ok {
			parts = append(parts, h.Name)
		}
	}
	if t.Started {
		parts = append(parts, fmt.Sprintf(w.movesN, t.Moves))
	}
	if t.Watchers > 0 {
		parts = append(parts, fmt.Sprintf(w.watchersN, t.Watchers))
	}
	return strings.Join(parts, "  ")
}
