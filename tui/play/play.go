package play

import (
	"fmt"
	"time"

	"shogi/app/shelf"
	"shogi/tui/common"
	"shogi/tui/components"
	"shogi/tui/components/entry"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"shogi/game"
	"shogi/game/engine"
	"shogi/game/match"
	"shogi/game/notation"
	"shogi/kifu/kept"
)

// The play screen is a view of a game/match match (session.go): it draws
// what the match's events say and submits the person's moves. It is split
// by concern: this file holds its state and the match's events;
// play_keys.go the keyboard and mouse on the board and hands;
// play_typed.go the typed move line and pastes; play_ask.go the questions
// (promotion, resign …), undo, pause and review; play_view.go the
// drawing; save.go saving a record.

// playState is what the keyboard is doing on the play screen.
type playState int

const (
	StateMove    playState = iota // choosing a move
	StatePromote                  // asking 成る? y/n
	StateConfirm                  // asking a yes/no question
	StateSave                     // typing a file name
)

// confirmAction is what a yes answers.
type confirmAction int

const (
	confirmResign confirmAction = iota
	confirmLeave
	confirmDeclare
	confirmImpasse
	confirmPaste // a new game from a pasted position
)

// Model is the play screen: a view of a game. It holds the game's
// Control (the match the app runs, or a table's seat), the last snapshot
// of it and the game that snapshot holds (rebuilt from each snapshot,
// never moved by the screen), and UI state only: the cursor, the piece
// picked, the text typed, what is being asked.
type Model struct {
	c     *common.Common
	Setup common.Setup

	ctl  match.Control  // nil until the game has started
	Snap match.Snapshot // the game as last seen
	Game *game.Game     // the snapshot's game
	mine [2]bool        // the sides the person at this screen plays

	Sess     *session // the subscription to the game's events, and a local game's match
	gen      int      // the session generation whose messages count
	starting bool     // the players are being started
	startErr string
	TurnPly  int // the ply whose turn the game began last; -1 before the first
	TurnSide game.Color
	ended    bool // the session has said the game is over (and a local one has kept it)
	answered bool // a resignation or declaration the match took, its end not yet seen
	sending  bool // a move is on its way to the server, not yet confirmed
	ticking  bool // a clock tick is on its way
	names    [2]string
	// Think is the thinking player's latest report; last[c] is the report
	// behind side c's last move.
	Think    *engine.Info
	ThinkPly int
	last     [2]*engine.Info
	Hint     hintState

	started time.Time // when the game began, for the record's 開始日時
	// savedPath and savedMoves say where w last saved the game, and how
	// many moves it had then, so the study knows whether it is saved.
	savedPath  string
	savedMoves int
	// overwrite is the existing file the save line last warned about: a
	// second enter on the same name overwrites it.
	overwrite string
	State     playState
	confirm   confirmAction
	sure      bool          // y typed to a resign or impasse question: enter confirms
	pasted    game.Position // the position a confirmPaste question is about

	Flip bool
	// Entry is the person's way of making a move: the cursor, the piece
	// picked and its targets, the hand tray, the typed move line, the
	// promotion question's moves (asked in StatePromote) — the same as
	// the tsume screen's and the quizzes'.
	entry.Entry
	Save components.LineInput // the file name line

	// Status says what the last key did; every key clears it first.
	Status    string
	StatusErr bool
	Review    int // ply shown while reviewing, or -1 for the live position

	FromStudy bool // started by "play from here": leaving returns to the study
	before    int  // moves played before the game's start (the record's ply)
	prior     game.Move

	// faultPick is the player chosen to go on with after a program's
	// failure; replacing says it is being started.
	faultPick int
	replacing bool
	// premove is a move picked or typed while the other side thought, to
	// be played when the person's turn comes (premove.go); NoMove for none.
	premove game.Move
	// rung is the last second of the person's clock the bell rang on.
	rung bellMark
	// drawNote says the status tells of a draw offer: the next move is
	// news that replaces it (the title keeps a standing offer's badge).
	drawNote bool

	spin  spinner.Model
	texts []string // the move list in c.notation
	textW int      // the widest of texts
}

// hintState is the hint key's request and answer.
type hintState struct {
	pending bool
	ply     int // the ply the hint is for
	Move    game.Move
	info    *engine.Info
	Text    string // what the panel says
	err     bool
	book    *shelf.Found // what the opening books have for the position
}

// clockTickMsg redraws a running clock.
type clockTickMsg struct{ gen int }

// savedMsg reports a record save.
type savedMsg struct {
	path  string
	moves int // how many moves of the game the file holds
	err   error
	// exists asks before overwriting: the file is there and the user has
	// not confirmed.
	exists bool
}

func New(c *common.Common, s common.Setup) Model {
	if s.Began.IsZero() {
		s.Began = c.Now()
	}
	m := Model{
		c:        c,
		Setup:    s,
		started:  s.Began,
		Entry:    entry.Entry{Selected: game.NoSquare, Drop: game.NoPieceType},
		Review:   -1,
		TurnPly:  -1,
		spin:     spinner.New(spinner.WithSpinner(spinner.Line)),
		starting: true,
		names:    s.Names,
		mine:     s.Humans(),
	}
	if s.Table != nil {
		m.mine = s.Table.Mine
	}
	if s.Record != nil && s.From != nil {
		m.before, m.prior = s.From.Ply, s.From.Move
	}
	// Until the game starts, the screen shows the set-up's game.
	m.Snap = match.Snapshot{Start: s.Start}
	for i, mv := range s.Moves {
		p := engine.Request{Start: s.Start, Moves: m.Snap.Moves}.Position()
		if err := p.CheckMove(mv); err != nil {
			// The kept file was checked when it was read; this is a
			// record that stops early.
			m.SetError(fmt.Sprintf(c.Words.ResumeStops, i, err))
			m.Setup.Moves, m.Setup.Notes = s.Moves[:i], nil
			break
		}
		m.Snap.Moves = append(m.Snap.Moves, mv)
	}
	if len(m.Setup.Notes) == len(m.Setup.Moves) {
		m.Snap.Notes = append([]match.MoveNote(nil), m.Setup.Notes...)
	} else {
		m.Snap.Opening = len(m.Snap.Moves)
	}
	m.Game = GameOf(m.Snap)
	m.Cursor = game.NewSquare(5, 7)
	if m.mine[game.White] && !m.mine[game.Black] {
		// The only person here plays White: their side at the bottom, the cursor on it.
		m.Flip = true
		m.Cursor = game.NewSquare(5, 3)
	}
	m.refreshTexts()
	return m
}

// GameOf is the game a snapshot holds: the match's own once it is over
// (its ending may be no move's: a resignation, time), else its moves
// played from its start.
func GameOf(s match.Snapshot) *game.Game {
	if s.Over && s.Result.Game != nil {
		return s.Result.Game
	}
	g := game.NewGame(s.Start)
	for _, mv := range s.Moves {
		if g.Play(mv) != nil {
			break
		}
	}
	return g
}

// refresh takes the game's state now. The board is redrawn only from
// the game's snapshots, so what the screen shows is what the game holds.
func (m *Model) refresh() {
	if m.ctl == nil {
		return
	}
	before := m.Game.Len()
	m.Snap = m.ctl.Snapshot()
	m.Game = GameOf(m.Snap)
	if m.Game.Len() != before || m.Snap.Over {
		m.afterMove()
	}
}

// Init starts the session: the players, then the match; or follows a
// table's game.
func (m *Model) Init() tea.Cmd {
	if m.Setup.Table != nil {
		return m.followTable()
	}
	return m.startSession(nil)
}

// startSession starts a session for the game as it stands: the set-up's
// start, the moves on screen with their times; prev is the session of
// the same game it goes on from (see startSession), or nil.
func (m *Model) startSession(prev *localGame) tea.Cmd {
	m.gen = m.c.NextGen()
	m.starting, m.startErr = true, ""
	m.TurnPly, m.ctl, m.ended, m.answered = -1, nil, false, false
	m.Think = nil
	s := m.Setup
	for c, p := range s.Players {
		if p.Kind == match.BuiltinKind && p.Book == nil {
			// The levels play from the settings' books, unless the
			// command line gave a book (or said off) for this game.
			s.Players[c].Book = m.c.BookUse()
		}
		s.Players[c].Ponder = m.c.Settings.Ponder
	}
	s.Moves = append([]game.Move(nil), m.Game.Moves()...)
	s.Notes = nil
	if m.Snap.Opening == 0 && len(m.Snap.Notes) == len(s.Moves) {
		s.Notes = append([]match.MoveNote(nil), m.Snap.Notes...)
	}
	if s.Kept == "" && !m.c.KeepOff() {
		s.Kept = kept.NewPath(m.c.StateDir, s.Began)
	}
	m.Setup.Kept = s.Kept
	return tea.Batch(m.c.Block(m.spin.Tick), startSession(m.c.Context(), m.c.SessionEnv(), m.gen, &s, prev, m.c.Rand.Uint64(), s.Kept))
}

func (m *Model) sideToMove() game.Color {
	p := m.Game.Position()
	return p.SideToMove()
}

func (m *Model) IsHuman(c game.Color) bool { return m.Setup.Players[c].Kind == match.HumanKind }

// onServer reports whether a server runs and judges the game (see
// common.TableLink).
func (m *Model) onServer() bool { return m.Setup.Table != nil && m.Setup.Table.Server != "" }

// noHuman reports whether programs play both sides (a game to watch).
func (m *Model) noHuman() bool { return !m.IsHuman(game.Black) && !m.IsHuman(game.White) }

// name is how a side's player is shown.
func (m *Model) name(c game.Color) string {
	return common.PlayerLabel(m.c, m.Setup.Players[c], m.names[c])
}

func (m *Model) SetError(s string) { m.Status, m.StatusErr = s, true }
func (m *Model) SetInfo(s string)  { m.Status, m.StatusErr = s, false }

// Result is how the game ended, once it has.
func (m *Model) Result() *match.Result {
	if !m.Snap.Over {
		return nil
	}
	return &m.Snap.Result
}

// Notes are the game's moves' times and reports, one per move after the
// moves it began with (all of them for a resumed game).
func (m *Model) Notes() []match.MoveNote {
	out := make([]match.MoveNote, m.Snap.Opening, m.Snap.Opening+len(m.Snap.Notes))
	return append(out, m.Snap.Notes...)
}

func (m *Model) Paused() bool { return m.Snap.Paused }

// Over reports whether the game has ended (or could not start).
func (m *Model) Over() bool { return m.Snap.Over || m.Game.Result().Over() }

// Thinking reports whether a program is choosing a move now.
func (m *Model) Thinking() bool {
	return m.Sess != nil && !m.Over() && !m.Paused() && m.TurnPly == m.Game.Len() && !m.IsHuman(m.TurnSide)
}

// ready reports whether the person at this screen may move now.
func (m *Model) ready() bool {
	return m.ctl != nil && !m.Over() && !m.Paused() && m.mine[m.sideToMove()]
}

// refreshTexts rewrites the move list in the current notation.
func (m *Model) refreshTexts() {
	moves := m.Game.Moves()
	m.texts = m.texts[:0]
	m.textW = 0
	p := m.Game.Start()
	prev := m.prior
	for _, mv := range moves {
		t := notation.Format(&p, mv, m.c.Notation, prev)
		m.texts = append(m.texts, t)
		m.textW = max(m.textW, m.c.Measure.Width(t))
		p = p.Play(mv)
		prev = mv
	}
}

// lastMove is the move that led to the position, before the game's first
// move too when it was played on from a record.
func (m *Model) lastMove() game.Move {
	if m.Game.Len() == 0 {
		return m.prior
	}
	return m.Game.LastMove()
}

func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case sessionMsg:
		return m.sessionStarted(msg)
	case EventMsg:
		if msg.gen != m.gen || m.Sess == nil {
			return m, nil
		}
		return m.event(msg)
	case clockTickMsg:
		if msg.gen != m.gen {
			return m, nil
		}
		m.ticking = false
		cmd := tea.Batch(m.tick(), m.clockBell())
		return m, cmd
	case hintMsg:
		return m.hintAnswer(msg), nil
	case submittedMsg:
		return m.submitted(msg), nil
	case replacedMsg:
		return m.replaced(msg), nil
	case bookHintMsg:
		return m.bookHintAnswer(msg), nil
	case spinner.TickMsg:
		if !m.Thinking() && !m.starting && !m.Hint.pending && !m.replacing {
			return m, nil
		}
		var cmd tea.Cmd
		m.spin, cmd = m.spin.Update(msg)
		return m, m.c.Block(cmd)
	case savedMsg:
		return m.saved(msg), nil
	case tea.MouseClickMsg:
		return m.mouse(msg)
	case tea.PasteMsg:
		if m.host() != nil && !m.Typing {
			return m, nil // not a position to start a game from: the host's game is the one here
		}
		return m.paste(msg.Content)
	case tea.KeyPressMsg:
		if host := m.host(); host != nil {
			if cmd, ok := host.Key(msg); ok {
				return m, cmd
			}
		}
		return m.key(msg)
	}
	return m, nil
}

// sessionStarted takes a started session, or says which player could not
// start. The game stays kept either way.
func (m Model) sessionStarted(msg sessionMsg) (Model, tea.Cmd) {
	if msg.gen != m.gen {
		if msg.s != nil {
			go msg.s.Stop("replaced") // a session the screen no longer wants
		}
		return m, nil
	}
	m.starting = false
	if msg.err != nil {
		m.startErr = fmt.Sprintf(m.c.Words.CannotStart, m.name(msg.side), msg.err)
		m.SetError(m.startErr)
		return m, nil
	}
	m.Sess, m.ctl = msg.s, msg.s.ctl
	m.refresh()
	if m.Setup.Table == nil {
		for c, n := range msg.s.names() {
			if m.names[c] == "" {
				m.names[c] = n
			}
		}
	}
	if !m.Over() {
		m.TurnPly, m.TurnSide = m.Game.Len(), m.sideToMove()
	}
	return m, tea.Batch(m.c.Block(m.Sess.next(m.c.Context())), m.tick())
}

// event shows one event of the game, and waits for the next. A move
// being typed is read again: whether enter can play it may have changed.
func (m Model) event(msg EventMsg) (Model, tea.Cmd) {
	m, cmd := m.applyEvent(msg)
	m.Recheck(m.c, m.entryAt())
	return m, cmd
}

func (m Model) applyEvent(msg EventMsg) (Model, tea.Cmd) {
	next := m.c.Block(m.Sess.next(m.c.Context()))
	if msg.ended {
		m.ended = true
		return m, nil
	}
	if msg.err != nil {
		m.SetError(fmt.Sprintf(m.c.Words.KeepFailed, msg.err))
	}
	if ev, ok := msg.Ev.(match.GameOverEvent); ok && ev.Result.Aborted && ev.Result.Fault == nil {
		return m, next // the game was left; the screen is going
	}
	m.refresh()
	switch ev := msg.Ev.(type) {
	case match.TurnEvent:
		m.TurnPly, m.TurnSide = ev.Ply, ev.Side
		if m.premove != game.NoMove && m.mine[ev.Side] && ev.Ply == m.Game.Len() {
			m, cmd := m.playPremove()
			return m, tea.Batch(next, cmd, m.tick())
		}
		if !m.IsHuman(ev.Side) {
			m.Think, m.ThinkPly = nil, ev.Ply
			return m, tea.Batch(next, m.tick(), m.c.Block(m.spin.Tick))
		}
		return m, tea.Batch(next, m.tick())
	case match.InfoEvent:
		if ev.Ply == m.ThinkPly && ev.Info.MultiPV <= 1 {
			if m.Think == nil {
				m.Think = &ev.Info
			} else {
				in := m.Think.Merge(ev.Info)
				m.Think = &in
			}
		}
	case match.MoveEvent:
		m.last[ev.Side], m.Think = ev.Info, nil
		if m.drawNote {
			m.Status, m.StatusErr, m.drawNote = "", false, false
		}
		if m.c.Bell().OnMoves() && !m.mine[ev.Side] && m.mine[ev.Side.Other()] {
			return m, tea.Batch(next, common.Ring())
		}
	case match.UndoEvent:
		m.Think, m.premove = nil, game.NoMove
		m.afterMove()
		m.SetInfo(fmt.Sprintf(m.c.Words.Undone, m.before+m.Game.Len()))
	case match.DrawEvent:
		m.drawEvent(ev)
	case match.FaultEvent:
		m.faultEvent(ev.Fault)
	case match.GameOverEvent:
		m.Think, m.ended, m.premove = nil, true, game.NoMove
		switch {
		case msg.err != nil:
		case ev.Result.Fault != nil:
			m.SetError(faultText(m.c.Words, ev.Result))
		case msg.saved != "":
			m.SetInfo(fmt.Sprintf(m.c.Words.GameSaved, msg.saved))
		}
		if msg.saved != "" {
			m.savedPath, m.savedMoves = msg.saved, m.Game.Len()
		}
		m.Hint = hintState{}
	}
	return m, next
}

// tick schedules the next redraw of a running clock: when its face next
// changes (a second boundary). Whether a flag has fallen is the match's
// decision; the tick only redraws.
func (m *Model) tick() tea.Cmd {
	clock := m.Snap.Clock
	if m.ticking || !clock.Running || m.Over() || m.Paused() || !m.hasClock() {
		return nil
	}
	main, byo := clock.Left(clock.Side, m.c.Now())
	left := main
	if main == 0 {
		left = byo
	}
	wait := left % time.Second
	if wait <= 0 {
		wait = time.Second
	}
	wait += 5 * time.Millisecond // past the boundary, so the face has changed
	m.ticking = true
	gen := m.gen
	return m.c.Block(tea.Tick(wait, func(time.Time) tea.Msg { return clockTickMsg{gen: gen} }))
}

// hasClock reports whether either side plays on a clock.
func (m *Model) hasClock() bool { return !m.Setup.Time[0].IsZero() || !m.Setup.Time[1].IsZero() }

// afterMove brings the screen up to date after the game changed.
func (m *Model) afterMove() {
	m.ClearPick()
	m.Typing = false
	m.Review = -1
	if m.State != StateConfirm || m.Over() {
		// A question the person is answering (resign? leave?) stays open
		// when the other side moves: its y and enter must not fall on the
		// board instead.
		m.State = StateMove
	}
	m.Hint = hintState{}
	m.refreshTexts()
	if m.Over() {
		return
	}
	pos := m.Game.Position()
	if m.c.AutoFlip && m.IsHuman(game.Black) && m.IsHuman(game.White) {
		m.Flip = pos.SideToMove() == game.White
	}
}

// clearPick drops the picked piece and the tray.
func (m *Model) clearPick() { m.ClearPick() }

// entryAt is what the entry reads keys against: the live position (the
// person's side to move while premoving), and why no move may be made
// now.
func (m *Model) entryAt() entry.At {
	at := entry.At{Last: m.lastMove(), Flip: m.Flip}
	pos := m.Game.Position()
	if m.premoving() {
		// A premove: read as if it were the person's turn now.
		pos = m.premovePosition()
		at.Note = m.c.Gw().Premove
	} else {
		at.Why = m.cannotMove()
	}
	at.Pos = &pos
	return at
}

// chosen does what the entry chose: a move is played, a promotion left
// open is asked, a refusal said.
func (m Model) chosen(ch entry.Chosen) (Model, tea.Cmd) {
	if m.Promoting {
		m.Promoting, m.State = false, StatePromote
	}
	if ch.Err != "" {
		m.SetError(ch.Err)
	}
	if ch.Move != game.NoMove {
		return m.playMove(ch.Move)
	}
	return m, nil
}

// playMove hands the person's move to the game, which checks it and
// plays it before the call returns: the board shows it from the game's
// snapshot, so keys typed next (a fast typist, a paste) read against it.
func (m Model) playMove(mv game.Move) (Model, tea.Cmd) {
	if m.premoving() {
		m.setPremove(mv)
		return m, nil
	}
	if why := m.cannotMove(); why != "" {
		m.SetError(why)
		return m, nil
	}
	pos := m.Game.Position()
	if m.onServer() {
		// The server confirms a move before the game takes it, as slowly
		// as the server answers: the move goes off the UI loop, and the
		// status says it was sent until the server's word comes back.
		m.sending = true
		m.closeInput()
		m.Status, m.StatusErr = fmt.Sprintf(m.c.Words.MoveSent, notation.Format(&pos, mv, m.c.Notation, m.lastMove())), false
		ctl, side, gen := m.ctl, pos.SideToMove(), m.gen
		return m, func() tea.Msg {
			return submittedMsg{gen: gen, mv: mv, err: ctl.SubmitMove(side, mv)}
		}
	}
	if err := m.ctl.SubmitMove(pos.SideToMove(), mv); err != nil {
		m.SetError(m.explain(mv.USI(), err))
		return m, nil
	}
	m.refresh()
	return m, nil
}

// submittedMsg is the game's answer to a move sent to a server.
type submittedMsg struct {
	gen int
	mv  game.Move
	err error
}

// submitted takes the game's answer to a move sent to a server: taken
// (the status cleared) or refused (said).
func (m Model) submitted(msg submittedMsg) Model {
	if msg.gen != m.gen {
		return m
	}
	m.sending = false
	m.Status, m.StatusErr = "", false
	if msg.err != nil {
		m.SetError(m.explain(msg.mv.USI(), msg.err))
	}
	m.refresh()
	return m
}

// cannotMove says why the user may not move now, or "".
func (m *Model) cannotMove() string {
	w := m.c.Words
	switch {
	case m.Over():
		return w.GameOver
	case m.Review >= 0:
		return w.InReview
	case m.starting:
		return w.Starting
	case m.ctl == nil:
		return m.startErr
	case m.sending:
		return w.MoveOnItsWay
	case m.Paused():
		return w.PausedNow
	case m.mine == [2]bool{}:
		return m.c.Rw().Watching
	case !m.mine[m.sideToMove()]:
		return fmt.Sprintf(w.NotYourTurn, m.name(m.sideToMove()))
	}
	return ""
}

// shown is the position on the board, the move that led to it, and the
// ply: the live one, or the one being reviewed.
func (m *Model) shown() (game.Position, game.Move, int) {
	if m.Review < 0 {
		return m.Game.Position(), m.lastMove(), m.Game.Len()
	}
	last := m.prior
	if m.Review > 0 {
		last = m.Game.Moves()[m.Review-1]
	}
	return m.Game.PositionAt(m.Review), last, m.Review
}

// hintAnswer shows a hint's move, if it is still for the position on
// screen.
func (m Model) hintAnswer(msg hintMsg) Model {
	if msg.gen != m.gen || msg.ply != m.Game.Len() || !m.Hint.pending {
		return m
	}
	m.Hint.pending = false
	who := m.c.HintLabel()
	if msg.err != nil {
		m.Hint.Text, m.Hint.err = fmt.Sprintf(m.c.Words.HintFailed, who, msg.err), true
		return m
	}
	pos := m.Game.Position()
	switch {
	case msg.best.Resign:
		m.Hint.Text = fmt.Sprintf(m.c.Words.HintResign, who)
	case msg.best.Win:
		m.Hint.Text = fmt.Sprintf(m.c.Words.HintDeclare, who)
	default:
		m.Hint.Move, m.Hint.info = msg.best.Move, msg.info
		text := notation.Format(&pos, msg.best.Move, m.c.Notation, m.lastMove())
		if msg.info != nil && msg.info.HasScore {
			text += "  " + components.ScoreText(m.c, *msg.info, pos.SideToMove())
		}
		m.Hint.Text = text + "  (" + who + ")"
	}
	return m
}

// askHint asks the hint player for the best move in the live position.
func (m *Model) askHint() tea.Cmd {
	if why := m.cannotMove(); why != "" {
		m.SetError(why)
		return nil
	}
	if m.Sess.local == nil {
		m.SetError(m.c.Rw().NotAtTable)
		if m.onServer() {
			m.SetError(m.c.Words.ServerNoHint)
		}
		return nil
	}
	if m.Sess.local.hint == nil {
		m.Sess.local.hint = m.c.NewHinter()
	}
	m.Hint = hintState{pending: true, ply: m.Game.Len(), Text: fmt.Sprintf(m.c.Words.HintThinking, m.c.HintLabel())}
	return tea.Batch(m.c.Block(m.spin.Tick), askHint(m.c.Context(), m.Sess.local.hint, m.gen, m.Game.Start(), append([]game.Move(nil), m.Game.Moves()...), m.c.Rand.Uint64()),
		m.askBookHint())
}

// stopSession returns a command that interrupts the game (it stays kept)
// and then sends msg; nil sends msg at once.
func (m *Model) stopSession(msg tea.Msg) tea.Cmd {
	s := m.Sess
	m.Sess, m.gen = nil, m.c.NextGen()
	if s == nil {
		return func() tea.Msg { return msg }
	}
	return stopCmd(s, "the game was left", msg)
}

// Quiet reports whether nothing will change on the play screen until the
// person does something: the players have started, nothing sent is on
// its way, and the match waits for a person (or is paused, or over).
func (m *Model) Quiet() bool {
	switch {
	case m.starting, m.Hint.pending, m.replacing:
		return false
	case m.host() != nil && !m.host().Quiet():
		return false
	case m.Sess != nil && m.Over() && !m.ended:
		return false // the session has yet to say the game is over
	case m.answered && !m.Over():
		// The match answers a resignation before its end reaches the
		// snapshot: the person's turn looked quiet in between.
		return false
	case m.Sess == nil, m.Over(), m.Paused(), m.noHuman():
		// A game between programs goes on by itself: tests wait for what
		// they look for.
		return true
	}
	return m.ready() && m.TurnPly == m.Game.Len()
}

// bellMark is a second of a person's clock the bell rang on: the turn
// (by its ply), main time or byōyomi, and the second.
type bellMark struct{ ply, phase, secs int }

// clockBell rings the bell on each of the last five seconds of the
// person's running clock — of the main time, then of the byōyomi — once
// a second (the clock's tick comes at each second's boundary).
func (m *Model) clockBell() tea.Cmd {
	clock := m.Snap.Clock
	if !m.c.Bell().OnClock() || !clock.Running || !m.mine[clock.Side] || m.Over() || m.Paused() {
		return nil
	}
	mark, ok := bellSecond(clock, m.c.Now(), m.Game.Len())
	if !ok || mark == m.rung {
		return nil
	}
	m.rung = mark
	return common.Ring()
}

// bellSecond is the second the running clock is in at now, during turn
// ply, when it is one of the last five of the main time or of the
// byōyomi.
func bellSecond(clock match.ClockState, now time.Time, ply int) (bellMark, bool) {
	if !clock.Running || clock.Control[clock.Side].IsZero() {
		return bellMark{}, false
	}
	main, byo := clock.Left(clock.Side, now)
	left, phase := main, 0
	if main == 0 {
		left, phase = byo, 1
	}
	secs := int((left + time.Second - 1) / time.Second)
	return bellMark{ply: ply, phase: phase, secs: secs}, secs >= 1 && secs <= 5
}
