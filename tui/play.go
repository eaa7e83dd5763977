package tui

import (
	"fmt"
	"math/rand/v2"
	"time"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"example.com/shogi/game"
	"example.com/shogi/game/bot"
	"example.com/shogi/game/notation"
	"example.com/shogi/kifu"
)

// The play screen is split by concern: this file holds its state and the
// game's flow (moves, bots, the end); play_keys.go the keyboard and mouse
// on the board and hands; play_typed.go the typed move line and pastes;
// play_ask.go the questions (promotion, resign …), undo and review;
// play_view.go the drawing; save.go saving and the autosave.

// setup is everything needed to start (or resume) a game.
type setup struct {
	players [2]string // by colour: "human", "random", "greedy"
	start   game.Position
	moves   []game.Move // played at once (a resumed game)

	// The furigoma that decided who plays Black, and the players as they
	// were before it (the tosser first), to describe it on screen.
	toss        *game.Furigoma
	tossPlayers [2]string

	// A game played on from a record ("play from here"): the record and
	// the node the game starts after. Moves are numbered from there, and
	// saving writes the record's line through the game.
	record *kifu.Record
	from   *kifu.Node
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
	c       *common
	g       *game.Game
	started time.Time // when the game began, for the record's 開始日時
	// savedPath and savedMoves say where w last saved the game, and how
	// many moves it had then, so the study knows whether it is saved.
	savedPath  string
	savedMoves int
	// overwrite is the existing file the save line last warned about: a
	// second enter on the same name overwrites it.
	overwrite string
	players   [2]string
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
	toss      *game.Furigoma
	tossNames [2]string
	review    int // ply shown while reviewing, or -1 for the live position

	fromStudy bool         // started by "play from here": leaving returns to the study
	record    *kifu.Record // the record played on from, or nil
	from      *kifu.Node   // the node of record the game starts after
	before    int          // moves played before the game's start (from's ply)
	prior     game.Move    // the move that led to the start, for 同 and the list

	thinking bool
	token    int // identifies the current bot request; stale replies are dropped
	spin     spinner.Model
	texts    []string // the move list in c.notation
	textW    int      // the widest of texts
}

// botMoveMsg is a bot's reply to request token.
type botMoveMsg struct {
	token int
	move  game.Move
	err   error
}

// savedMsg reports a record save.
type savedMsg struct {
	path  string
	moves int // how many moves of the game the file holds
	err   error
}

// autosavedMsg reports an autosave; only failures are shown.
type autosavedMsg struct{ err error }

func newPlay(c *common, s setup) playModel {
	m := playModel{
		c:         c,
		g:         game.NewGame(s.start),
		started:   time.Now(),
		players:   s.players,
		selected:  game.NoSquare,
		drop:      game.NoPieceType,
		review:    -1,
		spin:      spinner.New(spinner.WithSpinner(spinner.Line)),
		toss:      s.toss,
		tossNames: s.tossPlayers,
		record:    s.record,
		from:      s.from,
	}
	if s.record != nil && s.from != nil {
		m.before, m.prior = s.from.Ply, s.from.Move
	}
	for _, mv := range s.moves {
		if err := m.g.Play(mv); err != nil {
			m.setError(fmt.Sprintf(c.w.resumeStops, m.g.Len()+1, err))
			break
		}
	}
	m.cursor = game.NewSquare(5, 7)
	if m.isHuman(game.White) && !m.isHuman(game.Black) {
		// The only human plays White: their side at the bottom, the cursor on it.
		m.flip = true
		m.cursor = game.NewSquare(5, 3)
	}
	m.refreshTexts()
	return m
}

// init starts a bot if one is to move.
func (m *playModel) init() tea.Cmd { return m.maybeThink() }

func (m *playModel) sideToMove() game.Color {
	p := m.g.Position()
	return p.SideToMove()
}

func (m *playModel) isHuman(c game.Color) bool { return m.players[c] == "human" }

func (m *playModel) setError(s string) { m.status, m.statusErr = s, true }
func (m *playModel) setInfo(s string)  { m.status, m.statusErr = s, false }

// over reports whether the game has ended.
func (m *playModel) over() bool { return m.g.Result().Over() }

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

// maybeThink asks the bot to move if it is a bot's turn.
func (m *playModel) maybeThink() tea.Cmd {
	if m.over() || m.thinking {
		return nil
	}
	side := m.sideToMove()
	if m.isHuman(side) {
		return nil
	}
	m.thinking = true
	m.token++
	return tea.Batch(m.spin.Tick, think(m.players[side], m.c.rng.Uint64(), m.g.Position(), m.token))
}

// think runs a bot off the UI loop on a copy of the position. The bot gets
// its own generator, seeded on the UI loop, so replies are reproducible and
// no generator is shared between goroutines.
func think(name string, seed uint64, p game.Position, token int) tea.Cmd {
	return func() tea.Msg {
		b, err := bot.New(name, rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)))
		if err != nil {
			return botMoveMsg{token: token, err: err}
		}
		mv, err := b.Move(p)
		return botMoveMsg{token: token, move: mv, err: err}
	}
}

func (m playModel) update(msg tea.Msg) (playModel, tea.Cmd) {
	switch msg := msg.(type) {
	case botMoveMsg:
		if msg.token != m.token || !m.thinking {
			return m, nil
		}
		m.thinking = false
		if msg.err != nil {
			m.setError(fmt.Sprintf(m.c.w.botFailed, msg.err))
			return m, nil
		}
		if err := m.g.Play(msg.move); err != nil {
			m.setError(fmt.Sprintf(m.c.w.botIllegal, msg.move.USI(), m.explain(msg.move.USI(), err)))
			return m, nil
		}
		return m, m.afterMove()
	case spinner.TickMsg:
		if !m.thinking {
			return m, nil
		}
		var cmd tea.Cmd
		m.spin, cmd = m.spin.Update(msg)
		return m, cmd
	case savedMsg:
		if msg.err != nil {
			m.setError(saveFailure(m.c.w, msg.path, msg.err))
		} else {
			m.setInfo(fmt.Sprintf(m.c.w.saved, msg.path))
			m.savedPath, m.savedMoves = msg.path, msg.moves
		}
		return m, nil
	case autosavedMsg:
		if msg.err != nil {
			m.setError(fmt.Sprintf(m.c.w.autosaveFail, msg.err))
		}
		return m, nil
	case tea.MouseClickMsg:
		return m.mouse(msg)
	case tea.PasteMsg:
		return m.paste(msg.Content)
	case tea.KeyPressMsg:
		return m.key(msg)
	}
	return m, nil
}

// afterMove brings the screen up to date after the game changed, saves it
// for resuming and hands the turn to a bot if one is to move.
func (m *playModel) afterMove() tea.Cmd {
	m.clearPick()
	m.typing = false
	m.review = -1
	m.state = stateMove
	m.refreshTexts()
	if m.over() {
		if m.fromStudy {
			return nil
		}
		return removeAutosave(m.c.stateDir)
	}
	pos := m.g.Position()
	if m.c.autoFlip && m.isHuman(game.Black) && m.isHuman(game.White) {
		m.flip = pos.SideToMove() == game.White
	}
	return tea.Batch(m.autosave(), m.maybeThink())
}

func (m *playModel) clearPick() {
	m.selected, m.drop, m.tray = game.NoSquare, game.NoPieceType, false
	m.targets = squareSet{}
}

// playMove plays a move through the game, which checks it.
func (m playModel) playMove(mv game.Move) (playModel, tea.Cmd) {
	if err := m.g.Play(mv); err != nil {
		m.setError(m.explain(mv.USI(), err))
		return m, nil
	}
	return m, m.afterMove()
}

// cannotMove says why the user may not move now, or "".
func (m *playModel) cannotMove() string {
	w := m.c.w
	switch {
	case m.over():
		return w.gameOver
	case m.review >= 0:
		return w.inReview
	case !m.isHuman(m.sideToMove()):
		return fmt.Sprintf(w.notYourTurn, w.player(m.players[m.sideToMove()]))
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
