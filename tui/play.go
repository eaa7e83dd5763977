package tui

import (
	"fmt"
	"time"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"shogi/game"
	"shogi/game/match"
	"shogi/game/notation"
	"shogi/game/usi"
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
	stateMove    playState = iota // choosing a move
	statePromote                  // asking 成る? y/n
	stateConfirm                  // asking a yes/no question
	stateSave                     // typing a file name
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

// playModel is the play screen: a view of a game. It holds the game's
// Control (the match the app runs, or a table's seat), the last snapshot
// of it and the game that snapshot holds (rebuilt from each snapshot,
// never moved by the screen), and UI state only: the cursor, the piece
// picked, the text typed, what is being asked.
type playModel struct {
	c     *common
	setup setup

	ctl  match.Control  // nil until the game has started
	snap match.Snapshot // the game as last seen
	g    *game.Game     // the snapshot's game
	mine [2]bool        // the sides the person at this screen plays

	sess     *session // the subscription to the game's events, and a local game's match
	gen      int      // the session generation whose messages count
	starting bool     // the players are being started
	startErr string
	turnPly  int // the ply whose turn the game began last; -1 before the first
	turnSide game.Color
	ended    bool // the session has said the game is over (and a local one has kept it)
	ticking  bool // a clock tick is on its way
	names    [2]string
	// think is the thinking player's latest report; last[c] is the report
	// behind side c's last move.
	think    *usi.Info
	thinkPly int
	last     [2]*usi.Info
	hint     hintState

	started time.Time // when the game began, for the record's 開始日時
	// savedPath and savedMoves say where w last saved the game, and how
	// many moves it had then, so the study knows whether it is saved.
	savedPath  string
	savedMoves int
	// overwrite is the existing file the save line last warned about: a
	// second enter on the same name overwrites it.
	overwrite string
	state     playState
	confirm   confirmAction
	sure      bool          // y typed to a resign or impasse question: enter confirms
	pasted    game.Position // the position a confirmPaste question is about

	flip     bool
	cursor   game.Square
	selected game.Square    // picked board piece, or NoSquare
	drop     game.PieceType // picked hand piece, or NoPieceType
	tray     bool           // the keyboard is in the hand tray
	trayKind game.PieceType // the tray's highlighted kind
	targets  squareSet
	pending  [2]game.Move // the promotion question: [0] promotes, [1] does not

	typing  bool      // the move line is open
	input   lineInput // the move line
	live    string    // what the typed text reads as
	liveErr bool
	save    lineInput // the file name line

	// status says what the last key did; every key clears it first.
	status    string
	statusErr bool
	review    int // ply shown while reviewing, or -1 for the live position

	fromStudy bool // started by "play from here": leaving returns to the study
	before    int  // moves played before the game's start (the record's ply)
	prior     game.Move

	spin  spinner.Model
	texts []string // the move list in c.notation
	textW int      // the widest of texts
}

// hintState is the hint key's request and answer.
type hintState struct {
	pending bool
	ply     int // the ply the hint is for
	move    game.Move
	info    *usi.Info
	text    string // what the panel says
	err     bool
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

func newPlay(c *common, s setup) playModel {
	if s.began.IsZero() {
		s.began = c.now()
	}
	m := playModel{
		c:        c,
		setup:    s,
		started:  s.began,
		selected: game.NoSquare,
		drop:     game.NoPieceType,
		review:   -1,
		turnPly:  -1,
		spin:     spinner.New(spinner.WithSpinner(spinner.Line)),
		starting: true,
		names:    s.names,
		mine:     s.humans(),
	}
	if s.table != nil {
		m.mine = s.table.mine
	}
	if s.record != nil && s.from != nil {
		m.before, m.prior = s.from.Ply, s.from.Move
	}
	// Until the game starts, the screen shows the set-up's game.
	m.snap = match.Snapshot{Start: s.start}
	for i, mv := range s.moves {
		p := usi.Request{Start: s.start, Moves: m.snap.Moves}.Position()
		if err := p.CheckMove(mv); err != nil {
			// The kept file was checked when it was read; this is a
			// record that stops early.
			m.setError(fmt.Sprintf(c.w.resumeStops, i, err))
			m.setup.moves, m.setup.notes = s.moves[:i], nil
			break
		}
		m.snap.Moves = append(m.snap.Moves, mv)
	}
	if len(m.setup.notes) == len(m.setup.moves) {
		m.snap.Notes = append([]match.MoveNote(nil), m.setup.notes...)
	} else {
		m.snap.Opening = len(m.snap.Moves)
	}
	m.g = gameOf(m.snap)
	m.cursor = game.NewSquare(5, 7)
	if m.mine[game.White] && !m.mine[game.Black] {
		// The only person here plays White: their side at the bottom, the cursor on it.
		m.flip = true
		m.cursor = game.NewSquare(5, 3)
	}
	m.refreshTexts()
	return m
}

// gameOf is the game a snapshot holds: the match's own once it is over
// (its ending may be no move's: a resignation, time), else its moves
// played from its start.
func gameOf(s match.Snapshot) *game.Game {
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
func (m *playModel) refresh() {
	if m.ctl == nil {
		return
	}
	before := m.g.Len()
	m.snap = m.ctl.Snapshot()
	m.g = gameOf(m.snap)
	if m.g.Len() != before || m.snap.Over {
		m.afterMove()
	}
}

// init starts the session: the players, then the match; or follows a
// table's game.
func (m *playModel) init() tea.Cmd {
	if m.setup.table != nil {
		return m.followTable()
	}
	return m.startSession([2]match.Player{})
}

// startSession starts a session for the game as it stands: the set-up's
// start, the moves on screen with their times.
func (m *playModel) startSession(reuse [2]match.Player) tea.Cmd {
	m.gen = m.c.nextGen()
	m.starting, m.startErr = true, ""
	m.turnPly, m.ctl, m.ended = -1, nil, false
	m.think = nil
	s := m.setup
	s.moves = append([]game.Move(nil), m.g.Moves()...)
	s.notes = nil
	if m.snap.Opening == 0 && len(m.snap.Notes) == len(s.moves) {
		s.notes = append([]match.MoveNote(nil), m.snap.Notes...)
	}
	if s.kept == "" && !m.c.keepOff() {
		s.kept = kept.NewPath(m.c.stateDir, s.began)
	}
	m.setup.kept = s.kept
	return tea.Batch(m.c.block(m.spin.Tick), startSession(m.c.sessionEnv(), m.gen, &s, reuse, m.c.rng.Uint64(), s.kept))
}

func (m *playModel) sideToMove() game.Color {
	p := m.g.Position()
	return p.SideToMove()
}

func (m *playModel) isHuman(c game.Color) bool { return m.setup.players[c].Kind == match.HumanKind }

// noHuman reports whether programs play both sides (a game to watch).
func (m *playModel) noHuman() bool { return !m.isHuman(game.Black) && !m.isHuman(game.White) }

// name is how a side's player is shown.
func (m *playModel) name(c game.Color) string {
	return playerLabel(m.c, m.setup.players[c], m.names[c])
}

func (m *playModel) setError(s string) { m.status, m.statusErr = s, true }
func (m *playModel) setInfo(s string)  { m.status, m.statusErr = s, false }

// result is how the game ended, once it has.
func (m *playModel) result() *match.Result {
	if !m.snap.Over {
		return nil
	}
	return &m.snap.Result
}

// notes are the game's moves' times and reports, one per move after the
// moves it began with (all of them for a resumed game).
func (m *playModel) notes() []match.MoveNote {
	out := make([]match.MoveNote, m.snap.Opening, m.snap.Opening+len(m.snap.Notes))
	return append(out, m.snap.Notes...)
}

func (m *playModel) paused() bool { return m.snap.Paused }

// over reports whether the game has ended (or could not start).
func (m *playModel) over() bool { return m.snap.Over || m.g.Result().Over() }

// thinking reports whether a program is choosing a move now.
func (m *playModel) thinking() bool {
	return m.sess != nil && !m.over() && !m.paused() && m.turnPly == m.g.Len() && !m.isHuman(m.turnSide)
}

// ready reports whether the person at this screen may move now.
func (m *playModel) ready() bool {
	return m.ctl != nil && !m.over() && !m.paused() && m.mine[m.sideToMove()]
}

// refreshTexts rewrites the move list in the current notation.
func (m *playModel) refreshTexts() {
	moves := m.g.Moves()
	m.texts = m.texts[:0]
	m.textW = 0
	p := m.g.Start()
	prev := m.prior
	for _, mv := range moves {
		t := notation.Format(&p, mv, m.c.notation, prev)
		m.texts = append(m.texts, t)
		m.textW = max(m.textW, m.c.m.width(t))
		p = p.Play(mv)
		prev = mv
	}
}

// lastMove is the move that led to the position, before the game's first
// move too when it was played on from a record.
func (m *playModel) lastMove() game.Move {
	if m.g.Len() == 0 {
		return m.prior
	}
	return m.g.LastMove()
}

func (m playModel) update(msg tea.Msg) (playModel, tea.Cmd) {
	switch msg := msg.(type) {
	case sessionMsg:
		return m.sessionStarted(msg)
	case eventMsg:
		if msg.gen != m.gen || m.sess == nil {
			return m, nil
		}
		return m.event(msg)
	case clockTickMsg:
		if msg.gen != m.gen {
			return m, nil
		}
		m.ticking = false
		return m, m.tick()
	case hintMsg:
		return m.hintAnswer(msg), nil
	case spinner.TickMsg:
		if !m.thinking() && !m.starting && !m.hint.pending {
			return m, nil
		}
		var cmd tea.Cmd
		m.spin, cmd = m.spin.Update(msg)
		return m, m.c.block(cmd)
	case savedMsg:
		return m.saved(msg), nil
	case tea.MouseClickMsg:
		return m.mouse(msg)
	case tea.PasteMsg:
		return m.paste(msg.Content)
	case tea.KeyPressMsg:
		return m.key(msg)
	}
	return m, nil
}

// sessionStarted takes a started session, or says which player could not
// start. The game stays kept either way.
func (m playModel) sessionStarted(msg sessionMsg) (playModel, tea.Cmd) {
	if msg.gen != m.gen {
		if msg.s != nil {
			go msg.s.stop("replaced") // a session the screen no longer wants
		}
		return m, nil
	}
	m.starting = false
	if msg.err != nil {
		m.startErr = fmt.Sprintf(m.c.w.cannotStart, m.name(msg.side), msg.err)
		m.setError(m.startErr)
		return m, nil
	}
	m.sess, m.ctl = msg.s, msg.s.ctl
	m.refresh()
	if m.setup.table == nil {
		for c, n := range msg.s.local.names {
			if m.names[c] == "" {
				m.names[c] = n
			}
		}
	}
	if !m.over() {
		m.turnPly, m.turnSide = m.g.Len(), m.sideToMove()
	}
	return m, tea.Batch(m.c.block(m.sess.next()), m.tick())
}

// event shows one event of the game, and waits for the next. A move
// being typed is read again: whether enter can play it may have changed.
func (m playModel) event(msg eventMsg) (playModel, tea.Cmd) {
	m, cmd := m.applyEvent(msg)
	if m.typing {
		m.liveCheck()
	}
	return m, cmd
}

func (m playModel) applyEvent(msg eventMsg) (playModel, tea.Cmd) {
	next := m.c.block(m.sess.next())
	if msg.ended {
		m.ended = true
		return m, nil
	}
	if msg.err != nil {
		m.setError(fmt.Sprintf(m.c.w.keepFailed, msg.err))
	}
	if ev, ok := msg.ev.(match.GameOverEvent); ok && ev.Result.Aborted {
		return m, next // the game was left; the screen is going
	}
	m.refresh()
	switch ev := msg.ev.(type) {
	case match.TurnEvent:
		m.turnPly, m.turnSide = ev.Ply, ev.Side
		if !m.isHuman(ev.Side) {
			m.think, m.thinkPly = nil, ev.Ply
			return m, tea.Batch(next, m.tick(), m.c.block(m.spin.Tick))
		}
		return m, tea.Batch(next, m.tick())
	case match.InfoEvent:
		if ev.Ply == m.thinkPly && ev.Info.MultiPV <= 1 {
			if m.think == nil {
				m.think = &ev.Info
			} else {
				in := m.think.Merge(ev.Info)
				m.think = &in
			}
		}
	case match.MoveEvent:
		m.last[ev.Side], m.think = ev.Info, nil
	case match.UndoEvent:
		m.think = nil
		m.afterMove()
		m.setInfo(fmt.Sprintf(m.c.w.undone, m.before+m.g.Len()))
	case match.DrawEvent:
		m.drawEvent(ev)
	case match.GameOverEvent:
		m.think, m.ended = nil, true
		switch {
		case msg.err != nil:
		case ev.Result.Fault != nil:
			m.setError(faultText(m.c.w, ev.Result))
		case msg.saved != "":
			m.setInfo(fmt.Sprintf(m.c.w.gameSaved, msg.saved))
		}
		if msg.saved != "" {
			m.savedPath, m.savedMoves = msg.saved, m.g.Len()
		}
		m.hint = hintState{}
	}
	return m, next
}

// tick schedules the next redraw of a running clock: when its face next
// changes (a second boundary). Whether a flag has fallen is the match's
// decision; the tick only redraws.
func (m *playModel) tick() tea.Cmd {
	clock := m.snap.Clock
	if m.ticking || !clock.Running || m.over() || m.paused() || !m.hasClock() {
		return nil
	}
	main, byo := clock.Left(clock.Side, m.c.now())
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
	return m.c.block(tea.Tick(wait, func(time.Time) tea.Msg { return clockTickMsg{gen: gen} }))
}

// hasClock reports whether either side plays on a clock.
func (m *playModel) hasClock() bool { return !m.setup.time[0].IsZero() || !m.setup.time[1].IsZero() }

// afterMove brings the screen up to date after the game changed.
func (m *playModel) afterMove() {
	m.clearPick()
	m.typing = false
	m.review = -1
	m.state = stateMove
	m.hint = hintState{}
	m.refreshTexts()
	if m.over() {
		return
	}
	pos := m.g.Position()
	if m.c.autoFlip && m.isHuman(game.Black) && m.isHuman(game.White) {
		m.flip = pos.SideToMove() == game.White
	}
}

func (m *playModel) clearPick() {
	m.selected, m.drop, m.tray = game.NoSquare, game.NoPieceType, false
	m.targets = squareSet{}
}

// playMove hands the person's move to the game, which checks it and
// plays it before the call returns: the board shows it from the game's
// snapshot, so keys typed next (a fast typist, a paste) read against it.
func (m playModel) playMove(mv game.Move) (playModel, tea.Cmd) {
	if why := m.cannotMove(); why != "" {
		m.setError(why)
		return m, nil
	}
	pos := m.g.Position()
	if err := m.ctl.Submit(pos.SideToMove(), usi.BestMove{Move: mv}); err != nil {
		m.setError(m.explain(mv.USI(), err))
		return m, nil
	}
	m.refresh()
	return m, nil
}

// cannotMove says why the user may not move now, or "".
func (m *playModel) cannotMove() string {
	w := m.c.w
	switch {
	case m.over():
		return w.gameOver
	case m.review >= 0:
		return w.inReview
	case m.starting:
		return w.starting
	case m.ctl == nil:
		return m.startErr
	case m.paused():
		return w.pausedNow
	case m.mine == [2]bool{}:
		return m.c.rw().watching
	case !m.mine[m.sideToMove()]:
		return fmt.Sprintf(w.notYourTurn, m.name(m.sideToMove()))
	}
	return ""
}

// shown is the position on the board, the move that led to it, and the
// ply: the live one, or the one being reviewed.
func (m *playModel) shown() (game.Position, game.Move, int) {
	if m.review < 0 {
		return m.g.Position(), m.lastMove(), m.g.Len()
	}
	last := m.prior
	if m.review > 0 {
		last = m.g.Moves()[m.review-1]
	}
	return m.g.PositionAt(m.review), last, m.review
}

// hintAnswer shows a hint's move, if it is still for the position on
// screen.
func (m playModel) hintAnswer(msg hintMsg) playModel {
	if msg.gen != m.gen || msg.ply != m.g.Len() || !m.hint.pending {
		return m
	}
	m.hint.pending = false
	who := m.c.hintLabel()
	if msg.err != nil {
		m.hint.text, m.hint.err = fmt.Sprintf(m.c.w.hintFailed, who, msg.err), true
		return m
	}
	pos := m.g.Position()
	switch {
	case msg.best.Resign:
		m.hint.text = fmt.Sprintf(m.c.w.hintResign, who)
	case msg.best.Win:
		m.hint.text = fmt.Sprintf(m.c.w.hintDeclare, who)
	default:
		m.hint.move, m.hint.info = msg.best.Move, msg.info
		text := notation.Format(&pos, msg.best.Move, m.c.notation, m.lastMove())
		if msg.info != nil && msg.info.HasScore {
			text += "  " + scoreText(m.c, *msg.info, pos.SideToMove())
		}
		m.hint.text = text + "  (" + who + ")"
	}
	return m
}

// askHint asks the hint player for the best move in the live position.
func (m *playModel) askHint() tea.Cmd {
	if why := m.cannotMove(); why != "" {
		m.setError(why)
		return nil
	}
	if m.sess.local == nil {
		m.setError(m.c.rw().notAtTable)
		return nil
	}
	if m.sess.local.hint == nil {
		m.sess.local.hint = m.c.newHinter()
	}
	m.hint = hintState{pending: true, ply: m.g.Len(), text: fmt.Sprintf(m.c.w.hintThinking, m.c.hintLabel())}
	return tea.Batch(m.c.block(m.spin.Tick), askHint(m.sess.local.hint, m.gen, m.g.Start(), append([]game.Move(nil), m.g.Moves()...), m.c.rng.Uint64()))
}

// stopSession returns a command that interrupts the game (it stays kept)
// and then sends msg; nil sends msg at once.
func (m *playModel) stopSession(msg tea.Msg) tea.Cmd {
	s := m.sess
	m.sess, m.gen = nil, m.c.nextGen()
	if s == nil {
		return func() tea.Msg { return msg }
	}
	return stopCmd(s, "the game was left", msg)
}

// quiet reports whether nothing will change on the play screen until the
// person does something: the players have started, nothing sent is on
// its way, and the match waits for a person (or is paused, or over).
func (m *playModel) quiet() bool {
	switch {
	case m.starting, m.hint.pending:
		return false
	case m.sess != nil && m.over() && !m.ended:
		return false // the session has yet to say the game is over
	case m.sess == nil, m.over(), m.paused(), m.noHuman():
		// A game between programs goes on by itself: tests wait for what
		// they look for.
		return true
	}
	return m.ready() && m.turnPly == m.g.Len()
}
