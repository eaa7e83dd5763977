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
	"shogi/kifu"
	"shogi/kifu/kept"
)

// The play screen is a view of a game/match match (session.go): it draws
// what the match's events say and submits the person's moves. It is split
// by concern: this file holds its state and the match's events;
// play_keys.go the keyboard and mouse on the board and hands;
// play_typed.go the typed move line and pastes; play_ask.go the questions
// (promotion, resign …), undo, pause and review; play_view.go the
// drawing; save.go saving a record.

// setup is everything needed to start (or resume) a game.
type setup struct {
	players [2]match.Spec // by colour
	// names are how the players are shown and recorded, by colour: a
	// person's name from the settings ("" is the word for a person), an
	// engine's name in the list ("" until it runs: its own id name).
	names [2]string
	start game.Position
	moves []game.Move      // played at once (a resumed game)
	notes []match.MoveNote // the time each of moves took, when resumed
	time  [2]match.TimeControl
	began time.Time
	kept  string // the kept file a resumed game continues; "" for a new one

	// The furigoma that decided who plays Black, and the players as they
	// were before it (the tosser first), to describe it on screen.
	toss        *game.Furigoma
	tossPlayers [2]string

	// A game played on from a record ("play from here"): the record and
	// the node the game starts after. Moves are numbered from there, and
	// saving writes the record's line through the game.
	record *kifu.Record
	from   *kifu.Node
	source string // the record's file

	// table is a game at a table of shogi serve, which the screen
	// follows instead of running a match of its own.
	table *tableLink
}

// humans reports whether a person plays each side.
func (s *setup) humans() [2]bool {
	return [2]bool{s.players[0].Kind == match.HumanKind, s.players[1].Kind == match.HumanKind}
}

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

// playModel is the play screen.
type playModel struct {
	c     *common
	setup setup
	// g mirrors the match's game, move by move as its events arrive (the
	// match's own game once it is over); it is what the screen draws.
	g     *game.Game
	notes []match.MoveNote // the match's notes, one per move of g

	// The session and what its events said last.
	sess     *session
	gen      int  // the session generation whose messages count
	starting bool // the players are being started
	startErr string
	turnPly  int // the ply whose turn the match began last; -1 before the first
	turnSide game.Color
	clock    match.ClockState
	ticking  bool // a clock tick is on its way
	paused   bool
	awaiting bool // a request went to the match; the event it causes has not come back
	result   *match.Result
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
		g:        game.NewGame(s.start),
		started:  s.began,
		selected: game.NoSquare,
		drop:     game.NoPieceType,
		review:   -1,
		turnPly:  -1,
		spin:     spinner.New(spinner.WithSpinner(spinner.Line)),
		starting: true,
		names:    s.names,
	}
	if s.record != nil && s.from != nil {
		m.before, m.prior = s.from.Ply, s.from.Move
	}
	for i, mv := range s.moves {
		if err := m.g.Play(mv); err != nil {
			// The kept file was checked when it was read; this is a
			// record that stops early.
			m.setError(fmt.Sprintf(c.w.resumeStops, m.g.Len(), err))
			m.setup.moves, m.setup.notes = s.moves[:i], nil
			break
		}
	}
	if len(m.setup.notes) == len(m.setup.moves) {
		m.notes = append(m.notes, m.setup.notes...)
	}
	m.cursor = game.NewSquare(5, 7)
	h := s.humans()
	if s.table != nil {
		h = [2]bool{s.table.seat != nil && s.table.side == game.Black, s.table.seat != nil && s.table.side == game.White}
	}
	if h[game.White] && !h[game.Black] {
		// The only human plays White: their side at the bottom, the cursor on it.
		m.flip = true
		m.cursor = game.NewSquare(5, 3)
	}
	m.refreshTexts()
	return m
}

// init starts the session: the players, then the match.
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
	m.turnPly, m.result, m.paused, m.awaiting = -1, nil, false, false
	m.think = nil
	s := m.setup
	s.moves = append([]game.Move(nil), m.g.Moves()...)
	s.notes = append([]match.MoveNote(nil), m.notes...)
	if len(s.notes) != len(s.moves) {
		s.notes = nil
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

// over reports whether the game has ended (or could not start).
func (m *playModel) over() bool { return m.result != nil || m.g.Result().Over() }

// thinking reports whether a program is choosing a move now.
func (m *playModel) thinking() bool {
	return m.sess != nil && !m.over() && !m.paused && m.turnPly == m.g.Len() && !m.isHuman(m.turnSide)
}

// ready reports whether the person to move may move now: the match has
// begun their turn and nothing they sent is on its way.
func (m *playModel) ready() bool {
	return m.sess != nil && !m.over() && !m.paused && !m.awaiting && m.turnPly >= 0 && m.mayPlay(m.sideToMove())
}

// mayPlay reports whether the person at this screen plays side c: a
// person's side, and at a table the seat's side only.
func (m *playModel) mayPlay(c game.Color) bool {
	if t := m.setup.table; t != nil {
		return t.seat != nil && t.side == c
	}
	return m.isHuman(c)
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
	m.sess = msg.s
	if m.setup.table != nil {
		m.tableStarted()
		return m, m.c.block(m.sess.next())
	}
	for c, n := range msg.s.names {
		if m.names[c] == "" {
			m.names[c] = n
		}
	}
	if m.setup.players[0].Kind != match.HumanKind || m.setup.players[1].Kind != match.HumanKind {
		m.sess.hint = m.c.newHinter()
	}
	return m, m.c.block(m.sess.next())
}

// event applies one event of the match to the screen, and waits for the
// next. A move being typed is read again: whether enter can play it may
// have changed.
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
		return m, nil
	}
	if msg.err != nil {
		m.setError(fmt.Sprintf(m.c.w.keepFailed, msg.err))
	}
	switch ev := msg.ev.(type) {
	case match.TurnEvent:
		m.resync(ev.Ply)
		m.turnPly, m.turnSide, m.clock, m.awaiting = ev.Ply, ev.Side, ev.Clock, false
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
		note := match.MoveNote{Spent: ev.Spent, Info: ev.Info}
		switch {
		case len(m.notes) != ev.Ply-1:
			m.resync(ev.Ply)
		case m.g.Len() >= ev.Ply && m.g.Moves()[ev.Ply-1] == ev.Move:
			// A person's move, shown when it was submitted.
			m.notes = append(m.notes, note)
		case m.g.Len() == ev.Ply-1 && m.g.Play(ev.Move) == nil:
			m.notes = append(m.notes, note)
			m.afterMove()
		default:
			m.resync(ev.Ply)
		}
		m.clock = ev.Clock
		m.last[ev.Side], m.think = ev.Info, nil
	case match.UndoEvent:
		m.resync(ev.Ply)
		m.clock, m.think, m.awaiting = ev.Clock, nil, false
		m.afterMove()
		m.setInfo(fmt.Sprintf(m.c.w.undone, m.before+m.g.Len()))
	case match.PauseEvent:
		m.paused, m.awaiting = ev.Paused, false
		if ev.Paused {
			m.clock = m.sess.m.Snapshot().Clock
		}
	case match.GameOverEvent:
		res := ev.Result
		if res.Aborted {
			return m, next
		}
		m.result = &res
		m.g, m.notes = res.Game, res.Notes
		m.clock = m.sess.m.Snapshot().Clock
		m.think, m.awaiting = nil, false
		m.afterMove()
		switch {
		case msg.err != nil:
		case res.Fault != nil:
			m.setError(faultText(m.c.w, res))
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

// resync rebuilds the mirror from the match when an event does not follow
// from what the screen has (it should not happen: the screen shows a
// person's move when the match takes it, and the match's own moves as they
// come). ply is the number of moves the event speaks of; -1 always
// rebuilds.
func (m *playModel) resync(ply int) {
	if m.g.Len() == ply && len(m.notes) == ply {
		return
	}
	snap := m.sess.m.Snapshot()
	g := game.NewGame(snap.Start)
	for _, mv := range snap.Moves {
		if g.Play(mv) != nil {
			break
		}
	}
	m.g = g
	m.notes = snap.Notes
	m.afterMove()
}

// tick schedules the next redraw of a running clock: when its face next
// changes (a second boundary). Whether a flag has fallen is the match's
// decision; the tick only redraws.
func (m *playModel) tick() tea.Cmd {
	if m.ticking || !m.clock.Running || m.over() || m.paused || !m.hasClock() {
		return nil
	}
	main, byo := m.clock.Left(m.clock.Side, m.c.now())
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

// playMove hands the person's move to the match, which checks it; the
// board changes when the match says it was played.
func (m playModel) playMove(mv game.Move) (playModel, tea.Cmd) {
	if why := m.cannotMove(); why != "" {
		m.setError(why)
		return m, nil
	}
	pos := m.g.Position()
	submit := func() error { return m.sess.m.Submit(pos.SideToMove(), usi.BestMove{Move: mv}) }
	if t := m.setup.table; t != nil {
		submit = func() error { return t.seat.Move(mv) } // refused once the seat is gone
	}
	if err := submit(); err != nil {
		m.setError(m.explain(mv.USI(), err))
		return m, nil
	}
	// The match has checked the move and plays it: show it now, so that
	// keys typed before its event arrives (a fast typist, a paste) read
	// against the position they were typed for. The event confirms it.
	if err := m.g.Play(mv); err != nil {
		m.resync(-1)
	}
	m.afterMove()
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
	case m.sess == nil:
		return m.startErr
	case m.paused:
		return w.pausedNow
	case m.setup.table != nil && m.setup.table.seat == nil:
		return m.c.rw().watching
	case m.setup.table != nil && !m.mayPlay(m.sideToMove()):
		return fmt.Sprintf(w.notYourTurn, m.name(m.sideToMove()))
	case !m.isHuman(m.sideToMove()):
		return fmt.Sprintf(w.notYourTurn, m.name(m.sideToMove()))
	case !m.ready():
		return w.waitTurn
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
	if m.sess.hint == nil {
		m.sess.hint = m.c.newHinter()
	}
	m.hint = hintState{pending: true, ply: m.g.Len(), text: fmt.Sprintf(m.c.w.hintThinking, m.c.hintLabel())}
	return tea.Batch(m.c.block(m.spin.Tick), m.sess.hint.ask(m.gen, m.g.Start(), append([]game.Move(nil), m.g.Moves()...), m.c.rng.Uint64()))
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
	case m.starting, m.hint.pending, m.awaiting:
		return false
	case m.sess != nil && m.g.Result().Over() && m.result == nil:
		return false // the match has yet to say the game is over
	case m.sess != nil && len(m.notes) != m.g.Len():
		return false // a move shown has yet to come back from the match
	case m.sess == nil, m.over(), m.paused, m.noHuman():
		// A game between programs goes on by itself: tests wait for what
		// they look for.
		return true
	}
	return m.ready() && m.turnPly == m.g.Len()
}
