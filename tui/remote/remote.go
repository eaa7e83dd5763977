package remote

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"time"

	"shogi/app/words"
	"shogi/tui/common"
	"shogi/tui/components"

	tea "charm.land/bubbletea/v2"

	"shogi/app/lobby"
	"shogi/app/players"
	"shogi/game"
	"shogi/game/bot"
	"shogi/game/match"
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

// New makes the lobby's screens for a remote person on t (see
// tui.NewRemote) with the app's shared state c, and what ends them.
func New(ctx context.Context, r Remote, c *common.Common, t common.Terminal, newGame common.NewGameScreen) (tea.Model, func()) {
	c.UseTerminal(t)
	c.Remote = true
	ctx, cancel := context.WithCancel(ctx)
	rm := NewModel(ctx, c, r, newGame)
	return rm, func() {
		rm.stopGame()
		rm.leave()
		cancel()
	}
}

// rscreen is which lobby screen shows.
type rscreen int

const (
	rName    rscreen = iota // asking the person's name
	RMenu                   // the lobby's menu
	rCreate                 // the new table's form
	rWaiting                // a table open, waiting for an opponent
	rJoin                   // typing a code
	rWatch                  // the list of tables
	rLevel                  // choosing a built-in level
	RTable                  // at a table, playing or watching
	RLocal                  // a game against the computer, on the app's play screen
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

// Model is the root model of a remote session: the lobby's screens,
// and the app for a table's game or a game against the computer.
type Model struct {
	ctx    context.Context
	Common *common.Common
	// Game is the game screen of a table's game or a game against the
	// computer (rTable, rLocal), under the help overlay it may open; nil
	// before the first. newGame makes it.
	Game    common.GameScreen
	newGame common.NewGameScreen
	help    components.HelpOverlay
	R       Remote
	Screen  rscreen
	cursor  int
	name    string
	input   components.LineInput
	status  string
	isErr   bool

	timeIdx, handicapIdx, seatIdx int
	tables                        []lobby.Info
	levels                        []string

	seat    *lobby.Seat    // the seat held, waiting or playing
	Watcher *lobby.Watcher // the table watched
	feedGen int            // drops events of a feed no longer listened to
	Table   *tableModel

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

// NewModel is the lobby's screens for r on c; newGame makes the game
// screen for a table or a game against the computer.
func NewModel(ctx context.Context, c *common.Common, r Remote, newGame common.NewGameScreen) *Model {
	m := &Model{ctx: ctx, Common: c, R: r, newGame: newGame}
	for _, n := range bot.Names() {
		if n != "random" {
			m.levels = append(m.levels, n)
		}
	}
	m.askName()
	return m
}

func (m *Model) askName() {
	m.Screen = rName
	m.input = components.NewInput("", lobby.CleanName(m.R.Name), lobby.MaxName)
}

// leave gives up whatever the person holds: their seat (the grace period
// starts), the table they watch.
func (m *Model) leave() {
	m.release()
	if m.Table != nil {
		m.Table = nil
		if m.height > 0 {
			m.Common.Height = m.height
		}
	}
}

// release gives up the seat or the watched table and stops following it,
// leaving the screen as it is.
func (m *Model) release() {
	m.setPlaying(false)
	m.feedGen++
	if m.seat != nil {
		m.seat.Leave()
		m.seat = nil
	}
	if m.Watcher != nil {
		m.Watcher.Close()
		m.Watcher = nil
	}
}

// stopGame ends the game on the play screen, if any: a game against the
// computer is interrupted, a table's game goes on without this screen.
func (m *Model) stopGame() {
	if m.Game != nil {
		m.Game.Close(true)
	}
}

// setPlaying says whether the person is at a game in progress.
func (m *Model) setPlaying(on bool) {
	if m.R.Playing != nil {
		m.R.Playing.Store(on)
	}
}

// listen waits for the next event of feed f: a wait on something
// outside the app (Common.Block).
func (m *Model) listen(f *lobby.Feed) tea.Cmd {
	gen, ctx := m.feedGen, m.ctx
	return m.Common.Block(func() tea.Msg {
		ev, err := f.Next(ctx)
		return feedMsg{gen: gen, ev: ev, err: err}
	})
}

// Init asks the terminal for its background, which the text's colours
// follow whatever the theme.
func (m *Model) Init() tea.Cmd { return tea.RequestBackgroundColor }

func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg, tea.BackgroundColorMsg, tea.ColorProfileMsg:
		if ws, ok := msg.(tea.WindowSizeMsg); ok && ws.Width > 0 && ws.Height > 0 {
			m.height = ws.Height
		}
		m.Common.TakeTerminal(msg)
		if m.Table != nil {
			m.Table.resize()
		}
		return m, nil
	case feedMsg:
		return m.feed(msg)
	case tablesMsg:
		m.tables = msg.list
		m.cursor = min(m.cursor, max(len(m.tables)-1, 0))
		return m, nil
	case common.ToMenuMsg:
		// The app's play screen was left: back to the lobby.
		m.leave()
		m.Screen, m.cursor = RMenu, 0
		return m, nil
	case common.OpenMsg, common.ReviewGameMsg:
		return m, nil // no files of the server's for a guest
	}
	switch m.Screen {
	case RLocal:
		return m, m.playUpdate(msg)
	case RTable:
		if m.Table != nil {
			return m.tableUpdate(msg)
		}
	}
	if m.help.Take(msg) {
		return m, nil // the lobby's help, open or opening
	}
	if k, ok := msg.(tea.KeyPressMsg); ok {
		return m.key(k)
	}
	if p, ok := msg.(tea.PasteMsg); ok && (m.Screen == rName || m.Screen == rJoin || m.Screen == rWatch) {
		m.input.Edit(p)
	}
	return m, nil
}

// feed handles a table event.
func (m *Model) feed(msg feedMsg) (tea.Model, tea.Cmd) {
	if msg.gen != m.feedGen {
		return m, nil
	}
	if msg.err != nil {
		if m.Screen == RTable || m.Screen == rWaiting {
			m.leave()
			m.Screen, m.cursor = RMenu, 0
		}
		return m, nil
	}
	f := m.currentFeed()
	switch ev := msg.ev.(type) {
	case lobby.LostEvent:
		// Another node referees the game now: the person goes on there.
		m.leave()
		m.Screen, m.cursor = RMenu, 0
		m.setStatus(fmt.Sprintf(m.Common.Rw().Lost, m.R.Lobby.Grace()), true)
		return m, nil
	case lobby.HandoverEvent:
		// This node is stopping and another referees the game now: the
		// person goes on there.
		m.leave()
		m.Screen, m.cursor = RMenu, 0
		m.setStatus(fmt.Sprintf(m.Common.Rw().Handover, ev.Grace), true)
		return m, nil
	case lobby.ClosedEvent:
		if m.Screen == RTable && m.Table != nil && m.Game.Over() {
			// A finished table closes when its linger ends: the result
			// stays on screen rather than the lobby's menu appearing under
			// the person's hand, where q quits the app; q here goes back
			// to the lobby, as before the table closed.
			m.release()
			m.Game.Say(m.Common.Rw().TableGone, false)
			return m, nil
		}
		m.leave()
		m.Screen, m.cursor = RMenu, 0
		m.setStatus(ev.Reason, true)
		return m, nil
	case lobby.StartEvent:
		if m.Table == nil {
			m.help.V = nil // the lobby's help, if open, gives way to the game
			m.setPlaying(m.seat != nil && !ev.Game.Snapshot().Over)
			m.Table = newTableModel(m, ev)
			m.Table.resize()
			m.Screen = RTable
			return m, tea.Batch(m.listen(f), m.Table.Init())
		}
	}
	if m.Table != nil {
		cmd := m.Table.event(msg.ev)
		return m, tea.Batch(m.listen(f), cmd)
	}
	return m, m.listen(f)
}

func (m *Model) currentFeed() *lobby.Feed {
	switch {
	case m.seat != nil:
		return m.seat.Events()
	case m.Watcher != nil:
		return m.Watcher.Events()
	}
	return nil
}

func (m *Model) setStatus(s string, isErr bool) { m.status, m.isErr = s, isErr }

func (m *Model) key(k tea.KeyPressMsg) (tea.Model, tea.Cmd) {
	if k.String() == "ctrl+c" {
		return m, tea.Quit
	}
	if m.helpKey(k) {
		help := m.Help()
		return m, func() tea.Msg { return help }
	}
	keys := m.Common.Keys
	m.status = ""
	switch m.Screen {
	case rName:
		switch {
		case common.IsEnter(k):
			name := lobby.CleanName(m.input.Value())
			if name == "" {
				m.setStatus(m.Common.Rw().NameEmpty, true)
				return m, nil
			}
			m.name = name
			m.Screen, m.cursor = RMenu, 0
		case k.String() == "esc":
			return m, tea.Quit
		default:
			m.input.Edit(k)
		}
		return m, nil
	case rJoin:
		switch {
		case common.IsEnter(k):
			return m.join(m.input.Value())
		case k.String() == "esc":
			m.toMenu(menuJoin)
		default:
			m.input.Edit(k)
		}
		return m, nil
	case rWaiting:
		if k.String() == "esc" || common.KeyIs(k, keys.Leave) {
			m.leave()
			m.Screen, m.cursor = RMenu, 0
		}
		return m, nil
	case rWatch:
		// The list and a code's line: only the arrows move in the list,
		// so every letter of a code can be typed.
		n := max(len(m.tables), 1)
		switch {
		case k.String() == "up":
			m.cursor = common.WrapAdd(m.cursor, -1, n)
		case k.String() == "down":
			m.cursor = common.WrapAdd(m.cursor, 1, n)
		case common.IsEnter(k):
			return m.enter()
		case k.String() == "esc":
			m.toMenu(menuWatch)
		default:
			m.input.Edit(k)
		}
		return m, nil
	}
	n := m.Rows()
	switch {
	case common.KeyIs(k, keys.Up):
		m.cursor = (m.cursor + n - 1) % max(n, 1)
	case common.KeyIs(k, keys.Down):
		m.cursor = (m.cursor + 1) % max(n, 1)
	case common.KeyIs(k, keys.Left):
		m.change(-1)
	case common.KeyIs(k, keys.Right):
		m.change(1)
	case common.IsEnter(k):
		return m.enter()
	case k.String() == "esc" || m.Screen == RMenu && k.String() == "q":
		if m.Screen == RMenu {
			return m, tea.Quit
		}
		m.Screen, m.cursor = RMenu, 0
	}
	return m, nil
}

// Rows is how many rows the screen's cursor moves over.
func (m *Model) Rows() int {
	switch m.Screen {
	case rCreate:
		return 4
	case rWatch:
		return len(m.tables)
	case rLevel:
		return len(m.levels)
	}
	return len(m.menu())
}

func (m *Model) change(d int) {
	if m.Screen == RMenu && m.menuItemAt().kind == menuBell {
		m.cycleBell(d)
		return
	}
	if m.Screen != rCreate {
		return
	}
	cycle := func(v, n int) int { return common.WrapAdd(v, d, n) }
	switch m.cursor {
	case 0:
		m.timeIdx = cycle(m.timeIdx, len(timeChoices))
	case 1:
		m.handicapIdx = cycle(m.handicapIdx, len(common.HandicapChoices()))
	case 2:
		m.seatIdx = cycle(m.seatIdx, 3)
	}
}

func (m *Model) enter() (tea.Model, tea.Cmd) {
	switch m.Screen {
	case RMenu:
		switch it := m.menuItemAt(); it.kind {
		case menuReturn:
			return m.join(it.code)
		case menuCreate:
			m.Screen, m.cursor = rCreate, 0
		case menuJoin:
			m.Screen = rJoin
			m.input = components.NewInput("", "", 12)
		case menuWatch:
			m.Screen, m.cursor = rWatch, 0
			m.input = components.NewInput("", "", 12)
			m.tables = m.R.Lobby.Tables()
		case menuComputer:
			m.Screen, m.cursor = rLevel, 0
		case menuBell:
			m.cycleBell(1)
		default:
			return m, tea.Quit
		}
	case rCreate:
		// Every form's rule: enter does what the footer says (opens the
		// table) from any field; left/right change the field.
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
func (m *Model) create() (tea.Model, tea.Cmd) {
	o := lobby.Options{Time: timeChoices[m.timeIdx], Handicap: common.HandicapChoices()[m.handicapIdx].Key,
		Seat: []lobby.SeatChoice{lobby.CreatorBlack, lobby.CreatorWhite, lobby.Furigoma}[m.seatIdx]}
	s, err := m.R.Lobby.Create(lobby.Person{Name: m.name, Key: m.R.Key}, o)
	if err != nil {
		m.setStatus(err.Error(), true)
		return m, nil
	}
	m.feedGen++
	m.seat = s
	m.Screen = rWaiting
	return m, m.listen(s.Events())
}

// join sits down at a table by its code.
func (m *Model) join(code string) (tea.Model, tea.Cmd) {
	s, err := m.R.Lobby.Join(code, lobby.Person{Name: m.name, Key: m.R.Key})
	if err != nil {
		m.tableError(err)
		return m, nil
	}
	m.feedGen++
	m.seat = s
	m.Screen = rWaiting
	return m, m.listen(s.Events())
}

// tableError says why a code led to no table, in the person's language
// when the code names none.
func (m *Model) tableError(err error) {
	if errors.Is(err, lobby.ErrNoTable) {
		err = errors.New(m.Common.Rw().NoCode)
	}
	m.setStatus(err.Error(), true)
}

// watch follows a table.
func (m *Model) watch(code string) (tea.Model, tea.Cmd) {
	w, err := m.R.Lobby.Watch(code, lobby.Person{Name: m.name, Key: m.R.Key})
	if err != nil {
		m.tableError(err)
		return m, nil
	}
	m.feedGen++
	m.Watcher = w
	m.Screen = rWaiting
	return m, m.listen(w.Events())
}

// playComputer starts a game against a built-in level on the app's play
// screen, the person taking Black.
func (m *Model) playComputer(level string) (tea.Model, tea.Cmd) {
	m.Screen = RLocal
	s := common.Setup{Players: [2]match.Spec{{Kind: match.HumanKind, Name: players.HumanSpec}, {Kind: match.BuiltinKind, Name: level}},
		Names: [2]string{m.name, ""}, Start: game.StartPosition()}
	return m, m.playUpdate(common.StartMsg{Setup: s})
}

// playUpdate routes a message to the play screen, under its help overlay.
// A new game (from a pasted position) replaces the one on screen.
func (m *Model) playUpdate(msg tea.Msg) tea.Cmd {
	if m.help.Take(msg) {
		return nil
	}
	if s, ok := msg.(common.StartMsg); ok {
		m.Game = m.newGame(m.Common, s.Setup)
		return m.Game.Init()
	}
	return m.Game.Update(msg)
}

// playView draws the play screen, or its help overlay.
func (m *Model) playView() tea.View {
	return components.Frame(m.Common, &m.help, "shogi: "+m.Game.Title(), m.Game.View)
}

// View draws the current screen.
func (m *Model) View() tea.View {
	switch m.Screen {
	case RLocal:
		return m.playView()
	case RTable:
		if m.Table != nil {
			return m.tableView()
		}
	}
	c := m.Common
	var content string
	switch {
	case c.Width < components.MinWidth || c.Height < components.MinHeight:
		content = components.TooSmall(c)
	case m.help.V != nil:
		content = m.help.V.View(c.Width, c.Height, c.Words.HelpTitle, c.Words.HelpClose, c.Measure, c.Styles)
	default:
		content = m.lobbyView()
	}
	if c.ASCII {
		content = c.Measure.AsciiOnly(content)
	}
	v := tea.NewView(content)
	v.AltScreen = true
	v.WindowTitle = "shogi"
	if (m.Screen == rName || m.Screen == rJoin || m.Screen == rWatch) && m.help.V == nil {
		v.Cursor = m.cursorAt
	}
	return v
}

// lobbyView lays out the lobby's lines in the middle of the screen.
func (m *Model) lobbyView() string {
	lines, cursorLine, cursorCol := m.lobbyLines()
	s, cursor := components.Centre(m.Common, lines, 0, cursorLine, cursorCol)
	m.cursorAt = cursor
	return s
}

// lobbyLines is the current screen's text, and where the typing cursor
// stands (line -1: none).
func (m *Model) lobbyLines() (lines []string, cursorLine, cursorCol int) {
	c := m.Common
	st := c.Styles
	title := "将棋  shogi"
	if c.ASCII {
		title = "shogi"
	}
	t := &lobbyText{m: m, cursorLine: -1}
	t.add(st.Title.Render(title), "")
	keysHint := m.screenLines(t)
	if m.status != "" {
		t.add("")
		for _, l := range components.WrapText(c.Measure, m.status, min(c.Width, 70)) {
			if m.isErr {
				l = st.Err.Render(l)
			}
			t.add(l)
		}
	}
	t.add("", st.Dim.Render(keysHint))
	if len(t.lines) > c.Height {
		t.lines = t.lines[:c.Height]
		if t.cursorLine >= c.Height {
			t.cursorLine = -1
		}
	}
	return t.lines, t.cursorLine, t.cursorCol
}

// lobbyText gathers a lobby screen's lines and where the typing cursor
// stands.
type lobbyText struct {
	m                     *Model
	lines                 []string
	cursorLine, cursorCol int
}

func (t *lobbyText) add(lines ...string) { t.lines = append(t.lines, lines...) }

// row is item i of a list, marked where the cursor is.
func (t *lobbyText) row(i int, text string) {
	st := t.m.Common.Styles
	if i == t.m.cursor {
		t.add(st.Accent.Render("> ") + st.ListCur.Render(" "+text+" "))
	} else {
		t.add("   " + text)
	}
}

// rows adds a list's items, as many as room lines take: a window that
// follows the cursor when they are more, so that the page's footer stays
// on a small screen.
func (t *lobbyText) rows(items []string, room int) {
	start, end := 0, len(items)
	if room = max(room, 3); len(items) > room {
		start = min(max(t.m.cursor-room/2, 0), len(items)-room)
		end = start + room
	}
	for i := start; i < end; i++ {
		t.row(i, items[i])
	}
}

// listRoom is how many lines a page's list may take: the screen's height
// less fixed lines of the page's own and the status under it.
func (m *Model) listRoom(fixed int) int {
	c := m.Common
	room := c.Height - fixed
	if m.status != "" {
		room -= 1 + len(components.WrapText(c.Measure, m.status, min(c.Width, 70)))
	}
	return room
}

// typed is the line being typed, after its label; the cursor is in it.
func (t *lobbyText) typed(label string) {
	c := t.m.Common
	v := t.m.input.Value()
	t.cursorLine, t.cursorCol = len(t.lines), c.Measure.Width(label)+2+c.Measure.Width(v[:t.m.input.In.Position()])
	t.add(c.Styles.Bold.Render(label) + ": " + v)
}

// screenLines adds the lines of the screen shown and returns its keys.
func (m *Model) screenLines(t *lobbyText) (keysHint string) {
	c := m.Common
	st := c.Styles
	w := c.Rw()
	field := func(label string, width int, value string) string {
		return c.Measure.Pad(label, width) + "  < " + value + " >"
	}
	switch m.Screen {
	case rName:
		t.add(w.Welcome, "")
		t.typed(w.AskName)
		t.add(st.Dim.Render(w.NameNote))
		return w.NameKeys
	case RMenu:
		t.add(st.Dim.Render(m.name), "")
		for i, it := range m.menu() {
			t.row(i, it.text)
		}
		return w.MenuKeys
	case rCreate:
		t.add(st.Bold.Render(w.Create), "")
		lw := common.MaxWidth(c.Measure, w.TimeControl, w.Handicap, w.Seat)
		t.row(0, field(w.TimeControl, lw, m.timeText(timeChoices[m.timeIdx])))
		h := common.HandicapChoices()[m.handicapIdx]
		t.row(1, field(w.Handicap, lw, common.HandicapLabel(c, h)))
		t.row(2, field(w.Seat, lw, w.Seats[m.seatIdx]))
		t.row(3, w.Open)
		if h.Key != "even" {
			t.add("", st.Dim.Render(words.MenuWordsFor(c.Lang).GiverNote))
		}
		return w.FormKeys
	case rWaiting:
		if m.seat != nil {
			t.add(w.CodeIs, "", st.Title.Render("   "+Spaced(m.seat.Code())+"   "), "")
			t.add(components.WrapText(c.Measure, w.TellCode, min(c.Width, 60))...)
			t.add("", st.Dim.Render(w.Waiting))
		}
		return w.WaitKeys
	case rJoin:
		t.add(st.Bold.Render(w.Join), "")
		t.typed(w.EnterCode)
		return w.CodeKeys
	case rWatch:
		t.add(st.Bold.Render(w.Tables), "")
		if len(m.tables) == 0 {
			t.add(st.Dim.Render(w.NoTables))
		}
		texts := make([]string, len(m.tables))
		for i, tb := range m.tables {
			texts[i] = m.tableText(tb)
		}
		t.rows(texts, m.listRoom(8))
		t.add("")
		t.typed(w.EnterCode)
		return w.ListKeys
	case rLevel:
		t.add(st.Bold.Render(w.Computer), "")
		texts := make([]string, len(m.levels))
		for i, l := range m.levels {
			texts[i] = m.Common.Words.BotName(l)
		}
		t.rows(texts, m.listRoom(6))
		return w.LevelKeys
	}
	return ""
}

// Spaced writes a code with a space between its symbols, to be read out.
func Spaced(code string) string { return strings.Join(strings.Split(code, ""), " ") }

// timeText names a time control in the screen's language.
func (m *Model) timeText(tc match.TimeControl) string { return m.Common.Words.TimeControl(tc) }

// tableText is a table's line in the list.
func (m *Model) tableText(t lobby.Info) string {
	w := m.Common.Rw()
	var who string
	if t.Started {
		who = fmt.Sprintf("%s %s  %s %s", m.Common.Side(game.Black), t.Names[game.Black], m.Common.Side(game.White), t.Names[game.White])
	} else {
		who = t.Names[0] + " — " + w.WaitingFor
	}
	parts := []string{t.Code, who, m.timeText(t.Time)}
	if t.Handicap != "" {
		if h, ok := game.FindHandicap(t.Handicap); ok {
			parts = append(parts, m.Common.Words.HandicapName(h))
		}
	}
	if t.Started {
		parts = append(parts, fmt.Sprintf(w.MovesN, m.Common.Words.Count(t.Moves)))
	}
	if t.Watchers > 0 {
		parts = append(parts, fmt.Sprintf(w.WatchersN, t.Watchers))
	}
	return strings.Join(parts, "  ")
}
