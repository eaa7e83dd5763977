package online

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"shogi/app/words"
	"shogi/game"
	"shogi/game/csa"
	"shogi/game/match"
	"shogi/game/notation"
	"shogi/kifu/kept"
	"shogi/tui/common"
	"shogi/tui/components"
	"shogi/tui/play"
)

type wordsT = words.OnlineWords

func wordsFor(c *common.Common) *wordsT { return words.OnlineWordsFor(c.Lang) }

// phase is which of the online screens shows.
type phase int

const (
	phaseForm phase = iota // the form
	phaseWait              // starting the player, logging in, waiting for a game
	phaseGame              // the play screen on the server's game
)

// lineRows are the rows under the play screen: what the server said or
// what became of the connection, and the server and game on a second.
const lineRows = 2

// Model is the online screens. The root model shows it while the person
// is online and routes to it every message that is not the whole app's.
type Model struct {
	c     *common.Common
	phase phase
	form  form
	req   request // what the form last asked for: a reconnection asks again

	gen      int      // the attempt (or game) whose messages count
	att      *attempt // the attempt in progress
	progress []string // the waiting screen's lines, the latest last
	since    time.Time
	ticking  bool

	game  *serverGame
	ended bool // the game's runner is done: its end is in game.end
	// silent is the server's last silence, said while the game stands
	// where it stood then (silentPly moves).
	silent    *csa.Silent
	silentPly int
	Play      play.Model
	height    int // the terminal's rows; the play screen gets lineRows fewer

	status    string
	statusErr bool
}

// New opens the online form, filled from the last server used.
func New(c *common.Common) *Model {
	m := &Model{c: c, form: newForm(c), height: c.Height}
	if note := m.form.passwordsNote(wordsFor(c)); note != "" {
		m.status, m.statusErr = note, true
	}
	return m
}

// Init starts nothing: the form waits for the person.
func (m *Model) Init() tea.Cmd { return nil }

// tickMsg redraws the waiting screen's elapsed time.
type tickMsg struct{ gen int }

func (m *Model) tick() tea.Cmd {
	if m.ticking || m.phase != phaseWait {
		return nil
	}
	m.ticking = true
	gen := m.gen
	return m.c.Block(tea.Tick(time.Second, func(time.Time) tea.Msg { return tickMsg{gen: gen} }))
}

// Update takes one message.
func (m *Model) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tickMsg:
		m.ticking = false
		if msg.gen != m.gen {
			return nil
		}
		return m.tick()
	case playerMsg:
		if msg.gen != m.gen {
			return nil
		}
		if msg.err != nil {
			return m.failed(fmt.Sprintf(wordsFor(m.c).NoPlayer, m.req.label, msg.err))
		}
		if m.req.spec.Kind != match.HumanKind {
			m.say(fmt.Sprintf(wordsFor(m.c).Connecting, m.req.cfg.Addr))
		}
		return m.c.Block(login(m.att))
	case loggedInMsg:
		if msg.gen != m.gen {
			return nil
		}
		if msg.err != nil {
			return m.failed(m.faultText(msg.err))
		}
		w := wordsFor(m.c)
		m.progress[len(m.progress)-1] = fmt.Sprintf(w.LoggedIn, m.req.cfg.Addr, msg.name)
		switch name := m.req.gameName(); {
		case m.req.game != "":
			m.say(fmt.Sprintf(w.WaitingX1, name))
		case name != "":
			m.say(fmt.Sprintf(w.WaitingFor, name))
		default:
			m.say(w.Waiting)
		}
		m.since = time.Now()
		return m.c.Block(waitGame(m.att))
	case summaryMsg:
		if msg.gen != m.gen {
			return nil
		}
		if msg.err != nil {
			return m.failed(m.faultText(msg.err))
		}
		s := msg.s
		tc := [2]match.TimeControl{}
		for c, r := range s.Time {
			tc[c] = match.TimeControl{Main: r.Total, Byoyomi: r.Byoyomi, Increment: r.Increment}
		}
		m.say(fmt.Sprintf(wordsFor(m.c).Found, m.c.Side(game.Black)+" "+s.Names[game.Black], m.c.Side(game.White)+" "+s.Names[game.White], common.TimeControlText(m.c.Words, tc)))
		return m.c.Block(agree(m.att, s))
	case startedMsg:
		if msg.gen != m.gen {
			return nil
		}
		if msg.err != nil {
			return m.failed(m.faultText(msg.err))
		}
		return m.begin(msg.g)
	case endedMsg:
		if m.game == nil || msg.gen != m.game.gen {
			return nil
		}
		m.ended = true
		return nil
	case silentMsg:
		if m.game == nil || msg.gen != m.game.gen {
			return nil
		}
		s := msg.s
		m.silent, m.silentPly = &s, len(m.game.m.Snapshot().Moves)
		return m.c.Block(m.game.waitSilence())
	case passwordsSavedMsg:
		if msg.err != nil {
			m.status, m.statusErr = fmt.Sprintf(wordsFor(m.c).PasswordsFailed, msg.path, msg.err), true
			if m.phase == phaseGame {
				m.Play.SetError(m.status)
			}
		}
		return nil
	case tea.PasteMsg:
		switch m.phase {
		case phaseForm:
			m.form.paste(msg)
			return nil
		case phaseGame:
			if m.Play.Typing {
				var cmd tea.Cmd
				m.Play, cmd = m.Play.Update(msg)
				return cmd
			}
		}
		return nil // not a position to start a game from: the server's game is the one here
	case tea.KeyPressMsg:
		return m.key(msg)
	}
	if m.phase == phaseGame {
		if _, ok := msg.(common.StartMsg); ok {
			return nil
		}
		var cmd tea.Cmd
		m.Play, cmd = m.Play.Update(msg)
		return cmd
	}
	return nil
}

// key handles a key on the current screen.
func (m *Model) key(k tea.KeyPressMsg) tea.Cmd {
	if k.String() == "ctrl+c" && m.phase != phaseGame {
		return tea.Quit
	}
	switch m.phase {
	case phaseForm:
		m.status, m.statusErr = "", false
		if k.String() == "esc" {
			return func() tea.Msg { return common.ToMenuMsg{} }
		}
		if m.form.key(k) {
			return m.submit()
		}
		return nil
	case phaseWait:
		if k.String() == "esc" || common.KeyIs(k, m.c.Keys.Leave) {
			return m.cancel(wordsFor(m.c).Cancelled, false)
		}
		return nil
	}
	if m.droppedEnd() && k.String() == "r" {
		return m.reconnect()
	}
	var cmd tea.Cmd
	m.Play, cmd = m.Play.Update(k)
	return cmd
}

// submit reads the form and connects.
func (m *Model) submit() tea.Cmd {
	req, err := m.form.request(wordsFor(m.c))
	if err != nil {
		var fe *FormError
		if errors.As(err, &fe) {
			m.form.cursor = fe.Row
		}
		m.status, m.statusErr = err.Error(), true
		return nil
	}
	save := m.form.remembered(req)
	return tea.Batch(save, m.connect(req))
}

// connect starts an attempt at a game: the player, the login, the wait.
func (m *Model) connect(req request) tea.Cmd {
	m.gen++
	m.req = req
	ctx, cancel := context.WithCancel(m.c.Context())
	m.att = &attempt{gen: m.gen, req: req, ctx: ctx, cancel: cancel}
	m.phase, m.progress, m.since = phaseWait, nil, time.Now()
	m.status, m.statusErr = "", false
	if req.spec.Kind == match.HumanKind {
		m.say(fmt.Sprintf(wordsFor(m.c).Connecting, req.cfg.Addr))
	} else {
		m.say(fmt.Sprintf(wordsFor(m.c).StartingPlayer, req.label))
	}
	return tea.Batch(m.c.Block(startPlayer(m.att, m.c.SessionEnv(), m.c.Rand.Uint64())), m.tick())
}

// say adds a line to the waiting screen.
func (m *Model) say(line string) { m.progress = append(m.progress, line) }

// failed ends the attempt on a failure and shows the form with why.
func (m *Model) failed(why string) tea.Cmd { return m.cancel(why, true) }

// cancel ends the attempt in progress (off the UI loop) and returns to
// the form with a status.
func (m *Model) cancel(status string, isErr bool) tea.Cmd {
	a := m.att
	m.att = nil
	m.gen++
	m.phase = phaseForm
	m.status, m.statusErr = status, isErr
	if a == nil {
		return nil
	}
	// Off the UI loop, on a goroutine the app waits for when it ends.
	m.c.Go(func(<-chan struct{}) { a.stop() })
	return nil
}

// faultText says in the screen's words what went wrong with the server,
// and the fault itself.
func (m *Model) faultText(err error) string {
	var e *csa.Error
	if !errors.As(err, &e) {
		return err.Error()
	}
	return m.fault(e) + " (" + err.Error() + ")"
}

// fault says in the screen's words what went wrong with the server.
func (m *Model) fault(e *csa.Error) string {
	w := wordsFor(m.c)
	var why string
	switch e.Kind {
	case csa.Unreachable:
		why = fmt.Sprintf(w.Unreachable, e.Server)
	case csa.Refused:
		why = w.Refused
	case csa.Rejected:
		why = w.Rejected
	case csa.Timeout:
		why = w.Timeout
	case csa.Garbage:
		why = w.Garbage
	case csa.BadSummary:
		why = w.BadSummary
	case csa.ServerError:
		why = w.ServerError
	default:
		why = w.DroppedEarly
	}
	return why
}

// begin starts the match of a game the server started, and the play
// screen on it.
func (m *Model) begin(g *csa.Game) tea.Cmd {
	client, local := m.att.take()
	m.att = nil
	began := m.c.Now()
	keepPath := ""
	if !m.c.KeepOff() {
		keepPath = kept.NewPath(m.c.StateDir, began)
	}
	setup := setupOf(m.req, g, began)
	sg, err := newServerGame(m.gen, m.req, client, local, g, m.c.SessionEnv(), keepPath, &setup)
	if err != nil {
		client.Close()
		match.ClosePlayers([2]match.Player{local}, [2]match.Player{})
		m.phase = phaseForm
		m.status, m.statusErr = err.Error(), true
		return nil
	}
	setup.Table.Ctl = sg.m
	sg.start(m.c.Context())
	m.game, m.ended, m.silent = sg, false, nil
	m.phase = phaseGame
	m.shrink()
	m.Play = play.New(m.c, setup)
	return tea.Batch(m.Play.Init(), m.c.Block(sg.waitEnd()), m.c.Block(sg.waitSilence()))
}

// droppedEnd reports whether the game on screen ended on a fault of the
// server or of the connection (it is kept; a new login may follow).
func (m *Model) droppedEnd() bool {
	return m.phase == phaseGame && m.ended && m.game.end.fault != nil
}

// reconnect logs in again, as the form last asked, for a new game.
func (m *Model) reconnect() tea.Cmd {
	m.Play.Sess.Stop("reconnecting")
	m.game = nil
	m.restoreHeight()
	cmd := m.connect(m.req)
	m.progress = append([]string{wordsFor(m.c).Reconnecting}, m.progress...)
	return cmd
}

// Again returns to the form after a game (the play screen's new game).
func (m *Model) Again() tea.Cmd {
	m.Close()
	m.phase = phaseForm
	m.status, m.statusErr = "", false
	return nil
}

// Close leaves the online screens: an attempt is cancelled, a game in
// progress resigned on the server (its runner keeps it when the server
// rules, and closes the connection), the screen's height given back.
// For a game left in progress it returns the kept games listed again
// once the runner is done (a play.KeptListMsg): the menu, shown at once,
// lists the game as kept until the server's ruling turns it into a
// record.
func (m *Model) Close() tea.Cmd {
	if a := m.att; a != nil {
		m.c.Go(func(<-chan struct{}) { a.stop() })
		m.att = nil
	}
	m.gen++
	var relist tea.Cmd
	if g := m.game; g != nil {
		m.Play.Sess.Stop("left")
		if !g.m.Snapshot().Over {
			dir := m.c.StateDir
			relist = m.c.Block(func() tea.Msg {
				<-g.done
				return play.LoadKeptCmd(dir)()
			})
		}
		g.leave()
		// The runner goes on until the server rules; when the app ends
		// first, it waits a few seconds more, as Shutdown does.
		m.c.Go(func(ending <-chan struct{}) {
			select {
			case <-g.done:
			case <-ending:
				g.stop(5 * time.Second)
			}
		})
		m.game = nil
	}
	m.restoreHeight()
	return relist
}

// Shutdown is Close when the app ends: it waits (a few seconds at most)
// for the server to rule on the game resigned, so that its record is
// written; past that the game stays kept.
func (m *Model) Shutdown() {
	if m.att != nil {
		m.att.stop()
		m.att = nil
	}
	if g := m.game; g != nil {
		m.Play.Sess.Stop("the app was closed")
		g.shutdown(5 * time.Second)
		m.game = nil
	}
}

// Resize takes a message about the terminal, which the root has put in
// common: on a new size, the play screen leaves lineRows rows under it
// to the server's line.
func (m *Model) Resize(msg tea.Msg) {
	ws, ok := msg.(tea.WindowSizeMsg)
	if !ok || ws.Width <= 0 || ws.Height <= 0 {
		return
	}
	m.height = ws.Height
	if m.phase == phaseGame {
		m.shrink()
	}
}

// shrink takes the server's line from the play screen's rows.
func (m *Model) shrink() { m.c.Height = max(m.height-lineRows, 1) }

// restoreHeight gives the play screen's rows back to the whole screen.
func (m *Model) restoreHeight() {
	if m.phase == phaseGame && m.height > 0 {
		m.c.Height = m.height
	}
}

// Quiet reports whether nothing changes on screen until something comes
// from outside (a key, the server): for the tests' harness.
func (m *Model) Quiet() bool {
	if m.phase != phaseGame {
		return true
	}
	if m.Play.Over() && !m.ended {
		return false // the game is being kept
	}
	return m.Play.Quiet()
}

// Title is the window's title.
func (m *Model) Title() string {
	if m.phase == phaseGame {
		return m.Play.TitleText()
	}
	return wordsFor(m.c).Title
}

// View draws the current screen and says where the typing cursor is.
func (m *Model) View() (string, *tea.Cursor) {
	if m.phase == phaseGame {
		return m.gameView()
	}
	c := m.c
	st := c.Styles
	w := wordsFor(c)
	title := "将棋  shogi"
	if c.ASCII {
		title = "shogi"
	}
	lines := []string{st.Title.Render(title), "", st.Bold.Render(w.Title), ""}
	cursorLine, cursorCol := -1, 0
	keys := w.WaitKeys
	width := formWidth(c)
	if m.phase == phaseForm {
		fl, cl, cc := m.form.lines(w)
		if cl >= 0 {
			cursorLine, cursorCol = len(lines)+cl, cc
		}
		lines = append(lines, fl...)
		if note := m.form.note(w); note != "" {
			lines = append(lines, "")
			for _, l := range components.WrapText(c.Measure, note, width) {
				lines = append(lines, st.Dim.Render(l))
			}
		}
		keys = w.FormKeys
		if m.form.text[m.form.cursor] != nil {
			keys = w.TypeKeys
		}
	} else {
		for i, p := range m.progress {
			for _, l := range components.WrapText(c.Measure, p, width) {
				if i < len(m.progress)-1 {
					l = st.Dim.Render(l)
				}
				lines = append(lines, l)
			}
		}
		lines = append(lines, "", st.Dim.Render(fmt.Sprintf(w.Elapsed, components.ClockTime(time.Since(m.since).Truncate(time.Second)))))
	}
	if m.status != "" {
		lines = append(lines, "")
		for _, l := range components.WrapText(c.Measure, m.status, width) {
			if m.statusErr {
				l = st.Err.Render(l)
			}
			lines = append(lines, l)
		}
	}
	lines = append(lines, "", st.Dim.Render(keys))
	return components.Centre(c, lines, formWidth(c), cursorLine, cursorCol)
}

// silenceText says in the screen's words that the server is silent: our
// move (in the screen's notation) unconfirmed, or a turn past its time.
func (m *Model) silenceText(s csa.Silent) string {
	w := wordsFor(m.c)
	for_ := match.ShortDuration(s.For)
	if s.Unconfirmed == "" {
		return fmt.Sprintf(w.SilentTurn, m.c.Side(s.Side), for_)
	}
	return fmt.Sprintf(w.SilentMove, m.moveText(s.Unconfirmed), for_)
}

// moveText writes our move as the server has it (+7776FU) in the
// screen's notation, from the position on screen.
func (m *Model) moveText(text string) string {
	pos := m.Play.Game.Position()
	if mv, err := csa.ReadMove(&pos, text); err == nil {
		return notation.Format(&pos, mv, m.c.Notation, m.Play.Game.LastMove())
	}
	return text
}

// formWidth is how wide the form and the waiting screen are.
func formWidth(c *common.Common) int { return max(min(c.Width-4, 76), 1) }

// gameView is the play screen and the server's line under it.
func (m *Model) gameView() (string, *tea.Cursor) {
	c := m.c
	st := c.Styles
	w := wordsFor(c)
	view, cursor := m.Play.View()
	var news, info string
	g := m.game
	switch {
	case g == nil:
	case !m.ended && m.silent != nil && len(g.m.Snapshot().Moves) == m.silentPly:
		news = st.Err.Render(m.silenceText(*m.silent))
	case !m.ended && m.Play.Over():
		news = st.Dim.Render(w.AwaitRuling)
	case m.ended && g.end.fault != nil:
		why := g.end.fault.Error()
		var e *csa.Error
		if errors.As(g.end.fault, &e) {
			why = m.fault(e)
		}
		if s := m.silent; s != nil && s.Unconfirmed != "" && len(g.m.Snapshot().Moves) == m.silentPly {
			why = strings.TrimSuffix(strings.TrimSuffix(why, "."), "。") + ": " + fmt.Sprintf(w.Unconfirmed, m.moveText(s.Unconfirmed))
		}
		// The fault on one line, what became of the game and the keys on
		// the other: together they do not fit 80 columns.
		news = st.Err.Render(why)
		info = w.DroppedKept + "  " + w.DroppedKeys
	case m.ended:
		var parts []string
		if g.end.serverErr == nil {
			parts = append(parts, fmt.Sprintf(w.Ended, g.end.server))
		}
		switch {
		case g.end.keepErr != nil:
			parts = append(parts, fmt.Sprintf(c.Words.KeepFailed, g.end.keepErr))
		case g.end.saved != "":
			parts = append(parts, fmt.Sprintf(w.Saved, filepath.Base(g.end.saved)))
		}
		news = strings.Join(parts, " ")
		if len(parts) == 2 && g.end.keepErr == nil && c.Measure.Width(news) > c.Width-1 {
			// Too wide for one line: where the record went takes the
			// line that names the game, which the record holds.
			news, info = parts[0], parts[1]
		}
	}
	if g != nil && info == "" {
		info = fmt.Sprintf(w.Playing, g.server, g.gameID)
	}
	rows := []string{" " + c.Measure.Truncate(news, c.Width-1), " " + c.Measure.Truncate(st.Dim.Render(info), c.Width-1)}
	return view + "\n" + strings.Join(rows, "\n"), cursor
}
