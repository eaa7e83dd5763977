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
)

type wordsT = words.OnlineWords

func wordsFor(c *common.Common) *wordsT { return words.OnlineWordsFor(c.Lang) }

// phase is which of the online screens shows.
type phase int

const (
	phaseForm phase = iota // the form
	phaseWait              // starting the player, logging in, waiting for a game
	phaseGame              // the game screen, pushed over this one, plays the server's game
)

// lineRows are the rows under the game screen: what the server said or
// what became of the connection, and the server and game on a second.
const lineRows = 2

// Model is the online screens: the form and the wait. The game itself is
// the app's game screen, which the root pushes over this one (a
// common.PlayMsg) and to which this screen adds its rows and keys (a
// common.GameHost); the game's connection reports to this screen as
// common.Addressed messages while the game screen covers it.
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
	// reconnecting: the game screen was left to log in again (r after a
	// dropped connection), which Uncover does.
	reconnecting bool

	status    string
	statusErr bool

	// shutdownWait is how long Shutdown waits for the server's ruling
	// (0: 5 s); a test whose server cannot rule shortens it.
	shutdownWait time.Duration
}

// New opens the online form, filled from the last server used.
func New(c *common.Common) *Model {
	m := &Model{c: c, form: newForm(c)}
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
		return m.c.Block(m.to(m.game.waitSilence()))
	case passwordsSavedMsg:
		if msg.err != nil {
			m.status, m.statusErr = fmt.Sprintf(wordsFor(m.c).PasswordsFailed, msg.path, msg.err), true
		}
		return nil
	case tea.PasteMsg:
		switch m.phase {
		case phaseForm:
			m.form.paste(msg)
		}
		return nil
	case tea.KeyPressMsg:
		return m.key(msg)
	}
	return nil
}

// addressed is a message of this screen's game, delivered to it while
// the game screen covers it.
type addressed struct {
	m   *Model
	msg tea.Msg
}

func (a addressed) Deliver() tea.Cmd { return a.m.Update(a.msg) }

// to addresses cmd's messages that are this screen's own (what became of
// the game, the passwords file) to this screen; others (a batch's, the
// settings saved) go their way.
func (m *Model) to(cmd tea.Cmd) tea.Cmd {
	if cmd == nil {
		return nil
	}
	return func() tea.Msg {
		switch msg := cmd().(type) {
		case tea.BatchMsg:
			out := make(tea.BatchMsg, len(msg))
			for i, c := range msg {
				out[i] = m.to(c)
			}
			return out
		case endedMsg, silentMsg, passwordsSavedMsg:
			return addressed{m: m, msg: msg}
		default:
			return msg
		}
	}
}

// key handles a key on the current screen.
func (m *Model) key(k tea.KeyPressMsg) tea.Cmd {
	if k.String() == "ctrl+c" && m.phase != phaseGame {
		return tea.Quit
	}
	if m.phase != phaseGame && m.helpKey(k) {
		help := m.Help()
		return func() tea.Msg { return help }
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
	return nil // the game screen covers this one: the keys are its
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
	save := m.to(m.form.remembered(req))
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
	setup.Table.Host = gameHost{m}
	sg.start(m.c.Context())
	m.game, m.ended, m.silent = sg, false, nil
	m.phase = phaseGame
	return tea.Batch(func() tea.Msg { return common.PlayMsg{Setup: setup} },
		m.c.Block(m.to(sg.waitEnd())), m.c.Block(m.to(sg.waitSilence())))
}

// Uncover is the game screen leaving: to log in again (r after a dropped
// connection), to the form for another game, or out of the online
// screens, which resigns a game in progress (Close).
func (m *Model) Uncover(above common.Screen) tea.Cmd {
	if m.phase != phaseGame {
		return nil
	}
	if m.reconnecting {
		m.reconnecting = false
		return m.reconnect()
	}
	if h, ok := above.(common.HostedGame); ok && h.Again() {
		return m.Again()
	}
	return func() tea.Msg { return common.ToMenuMsg{} }
}

// droppedEnd reports whether the game on screen ended on a fault of the
// server or of the connection (it is kept; a new login may follow).
func (m *Model) droppedEnd() bool {
	return m.phase == phaseGame && m.ended && m.game.end.fault != nil
}

// reconnect logs in again, as the form last asked, for a new game.
func (m *Model) reconnect() tea.Cmd {
	m.game = nil
	cmd := m.connect(m.req)
	m.progress = append([]string{wordsFor(m.c).Reconnecting}, m.progress...)
	return cmd
}

// Again returns to the form after a game (the game screen's new game).
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
// once the runner is done (a common.KeptListMsg): the menu, shown at once,
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
		if !g.m.Snapshot().Over {
			dir := m.c.StateDir
			relist = m.c.Block(func() tea.Msg {
				<-g.done
				return common.LoadKeptCmd(dir)()
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
		d := m.shutdownWait
		if d == 0 {
			d = 5 * time.Second
		}
		g.shutdown(d)
		m.game = nil
	}
}

// Quiet reports whether nothing changes on screen until something comes
// from outside (a key, the server): for the tests' harness. The game's
// own is the game screen's (and the host's, gameHost.Quiet).
func (m *Model) Quiet() bool { return true }

// Title is the window's title.
func (m *Model) Title() string {
	return wordsFor(m.c).Title
}

// View draws the current screen and says where the typing cursor is.
func (m *Model) View() (string, *tea.Cursor) {
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
	snap := m.game.m.Snapshot()
	pos, last := snap.Start, game.NoMove
	for _, mv := range snap.Moves {
		pos, last = pos.Play(mv), mv
	}
	if mv, err := csa.ReadMove(&pos, text); err == nil {
		return notation.Format(&pos, mv, m.c.Notation, last)
	}
	return text
}

// formWidth is how wide the form and the waiting screen are.
func formWidth(c *common.Common) int { return max(min(c.Width-4, 76), 1) }

// gameHost is the online screen as its game screen sees it: the server's
// rows under the game, r to log in again after a dropped connection.
type gameHost struct{ m *Model }

func (h gameHost) Rows() int { return lineRows }

// Quiet: a game the server ended is being kept until its runner is done.
func (h gameHost) Quiet() bool {
	m := h.m
	return m.game == nil || m.ended || !m.game.m.Snapshot().Over
}

func (h gameHost) Key(k tea.KeyPressMsg) (tea.Cmd, bool) {
	m := h.m
	if m.droppedEnd() && k.String() == "r" {
		m.reconnecting = true
		return func() tea.Msg { return common.ToMenuMsg{} }, true // the game screen leaves; Uncover logs in
	}
	return nil, false
}

// Lines are the rows under the game: what the server said or what became
// of the game, and the server and game.
func (h gameHost) Lines(width int) []string {
	m := h.m
	c := m.c
	st := c.Styles
	w := wordsFor(c)
	var news, info string
	g := m.game
	switch {
	case g == nil:
	case !m.ended && m.silent != nil && len(g.m.Snapshot().Moves) == m.silentPly:
		news = st.Err.Render(m.silenceText(*m.silent))
	case !m.ended && g.m.Snapshot().Over:
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
		if len(parts) == 2 && g.end.keepErr == nil && c.Measure.Width(news) > width-1 {
			// Too wide for one line: where the record went takes the
			// line that names the game, which the record holds.
			news, info = parts[0], parts[1]
		}
	}
	if g != nil && info == "" {
		info = fmt.Sprintf(w.Playing, g.server, g.gameID)
	}
	if news == "" && m.status != "" && m.statusErr {
		news = st.Err.Render(m.status) // the passwords file could not be written
	}
	return []string{" " + c.Measure.Truncate(news, width-1), " " + c.Measure.Truncate(st.Dim.Render(info), width-1)}
}
