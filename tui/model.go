// Package tui is the terminal app, on Bubble Tea v2: a menu, the play
// screen (a game against a person or a bot: board, hands, move list, moves
// by cursor, mouse or typed notation) and the study screen (a record
// walked move by move, with its branches and comments).
//
// A root Model switches between screens and shares a common struct (size,
// palette, words, keys, width policy); each screen is a child model whose
// update returns its own concrete type. The screens are drawn from the
// same components, each a pure function of its state (board.go, hand.go,
// movelist.go, panel.go, footer.go), laid out by terminal size (layout.go)
// with one measure of text width (width.go) and one palette per theme
// (styles.go). Everything the app does to a game goes through package
// game, and every move text through game/notation: no rule of shogi lives
// here.
//
// Nothing is asked of the terminal at start-up: the caller passes the
// input, output, environment and colour profile (Terminal), the first
// frame is drawn at once, and the palette follows the background colour
// the terminal reports later, if it does.
package tui

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"shogi/game"
	"shogi/game/book"
	"shogi/game/match"
	"shogi/game/notation"
	"shogi/kifu"
)

// mode is which screen the root model shows.
type mode int

const (
	modeMenu mode = iota
	modePlay
	modeStudy
)

// Options configures a Model.
type Options struct {
	// Players per colour for a game started directly (Play true): what
	// game/match reads as a player ("human", a built-in level,
	// "usi:PATH[,NAME=VALUE…]"), or the name of an engine in the settings'
	// list. Empty means human.
	Black, White string
	// Time is each side's clock for a game started directly; the zero
	// value is none.
	Time     [2]match.TimeControl
	Handicap string // a key or name game.FindHandicap knows; "" is even
	SFEN     string // a start position instead of Handicap
	Furigoma bool   // toss pawns to decide which player takes Black
	// Book, when set, is an opening book the built-in levels of a game
	// started directly play their first moves from.
	Book     *book.Use
	Play     bool // start in play mode instead of the menu
	Pieces   PieceStyle
	Notation *notation.Style // nil: the one that goes with Pieces
	Width    WidthPolicy
	Theme    Theme // auto follows the terminal's background
	Lang     Lang  // the language of the app's words
	// ASCII limits the screen to 7-bit text, for a terminal whose locale
	// is not UTF-8: ASCII pieces, no marks or kanji, English words.
	ASCII bool
	// StateDir is where unfinished games are kept; "" keeps none.
	StateDir string
	// Settings are what the settings file at SettingsPath said (nil: the
	// defaults); SettingsErr is why it could not be read, if it could
	// not: the app then says so and never writes the file.
	Settings     *Settings
	SettingsPath string
	SettingsErr  error
	// GamesDir is where finished games are kept unless the settings name
	// another folder.
	GamesDir string
	// EngineLog receives engines' standard error and the protocol
	// transcript; nil discards them. Never the terminal.
	EngineLog io.Writer
	// Signals makes Run end the app cleanly, the game kept, when the
	// terminal hangs up (SIGHUP) or the process is told to stop.
	Signals bool
	// TimeSource is the clock of games; nil is the system's. Tests give a
	// match.FakeTime.
	TimeSource match.TimeSource
	// Rand drives furigoma and the bots; nil seeds one from the clock.
	Rand *rand.Rand

	// The study's engines: Engine is the one named on the command line
	// (a spec as game/match reads it: usi:PATH[,NAME=VALUE...] or a
	// built-in level), Engines more to choose from besides the engines of
	// the settings, and the strongest built-in level is always offered last.
	Engine  string
	Engines []EngineChoice
	// AnalysisTime is a position's time in the whole-record analysis
	// (default 1 s).
	AnalysisTime time.Duration

	engineEnv []string // added to engines' environment (tests run a fake engine)
}

// studyMode is the study screen or its file picker. The root routes
// messages to it and shows its view; it returns to the menu by sending
// toMenuMsg.
type studyMode interface {
	update(msg tea.Msg) (studyMode, tea.Cmd)
	view() (string, *tea.Cursor)
}

// Model is the root model.
type Model struct {
	c     *common
	mode  mode
	menu  menuModel
	play  playModel
	study studyMode
	help  helpOverlay // the ? screen, over whichever screen opened it

	// A game started from a study ("play from here") returns to it: the
	// study waits here with the node the game started from.
	parked     *studyModel
	parkedNode *kifu.Node
}

// New builds the root model. With o.Play it starts a game at once (the
// players, clock, handicap or SFEN and furigoma from o); otherwise it
// opens the menu.
func New(o Options) (*Model, error) {
	c := newCommon(o)
	m := &Model{c: c, mode: modeMenu}
	m.menu = newMenu(c)
	if o.Play {
		s, err := setupFromOptions(o, c)
		if err != nil {
			return nil, err
		}
		m.play = newPlay(c, s)
		m.mode = modePlay
	}
	return m, nil
}

// useTerminal takes what the caller knows of the terminal: its colour
// profile, and its background from COLORFGBG where that is set.
func (m *Model) useTerminal(t Terminal) { m.c.useTerminal(t) }

// setupFromOptions turns command-line choices into a game set-up.
func setupFromOptions(o Options, c *common) (setup, error) {
	st := c.settings
	var s setup
	for i, text := range []string{o.Black, o.White} {
		if text == "" {
			text = humanSpec
		}
		sp, name, err := resolvePlayer(st, text)
		if err != nil {
			return s, err
		}
		if sp.Kind == match.BuiltinKind {
			sp.Book = o.Book
		}
		s.players[i], s.names[i] = sp, name
	}
	s.names = humanNames(st, s.players, s.names, [2]int{0, 1})
	for _, tc := range o.Time {
		if tc.Main < 0 || tc.Byoyomi < 0 || tc.Increment < 0 {
			return s, fmt.Errorf("a time cannot be negative")
		}
		if tc.Byoyomi > 0 && tc.Increment > 0 {
			return s, fmt.Errorf("give byōyomi or an increment, not both")
		}
	}
	s.time = o.Time
	switch {
	case o.SFEN != "" && o.Handicap != "":
		return s, fmt.Errorf("give either a handicap or an SFEN, not both")
	case o.SFEN != "":
		p, err := game.ParseSFEN(o.SFEN)
		if err != nil {
			return s, err
		}
		var refuse []game.Warning
		for _, w := range p.Warnings() {
			// Tsume and study positions lack a king: allowed, and said.
			if w.Kind != game.NoKing {
				refuse = append(refuse, w)
			}
		}
		if len(refuse) > 0 {
			return s, &ImpossibleError{Reasons: refuse}
		}
		if !p.HasLegalMove() {
			return s, fmt.Errorf("the position has no legal move for the side to move")
		}
		s.start = p
	case o.Handicap != "":
		h, ok := game.FindHandicap(o.Handicap)
		if !ok {
			return s, fmt.Errorf("unknown handicap %q (try even, lance, bishop, rook, 2p, 4p, 6p …)", o.Handicap)
		}
		s.start = h.Position()
	default:
		s.start = game.StartPosition()
	}
	if o.Furigoma {
		toss := game.TossPawns(c.rng)
		s.toss = &toss
		s.tossPlayers = [2]string{playerLabel(c, s.players[0], s.names[0]), playerLabel(c, s.players[1], s.names[1])}
		if !toss.TosserIsBlack {
			s.players[0], s.players[1] = s.players[1], s.players[0]
			s.names[0], s.names[1] = s.names[1], s.names[0]
		}
	}
	return s, nil
}

// humanNames gives the people among players their names from the
// settings: rows says which of the new-game form's rows (player 1 or 2)
// each colour's player came from.
func humanNames(st *Settings, players [2]match.Spec, names [2]string, rows [2]int) [2]string {
	for c, p := range players {
		if p.Kind == match.HumanKind && names[c] == "" {
			if rows[c] == 0 {
				names[c] = st.Names.Player1
			} else {
				names[c] = st.Names.Player2
			}
		}
	}
	return names
}

// ImpossibleError refuses a position set up by hand that cannot arise in
// play (game.Position.Warnings gives the reasons).
type ImpossibleError struct{ Reasons []game.Warning }

func (e *ImpossibleError) Error() string {
	texts := make([]string, len(e.Reasons))
	for i, w := range e.Reasons {
		texts[i] = w.String()
	}
	return "the position cannot arise in play: " + strings.Join(texts, "; ")
}

// Init starts the first screen and asks the terminal for its background
// colour (the answer, if any, comes as a tea.BackgroundColorMsg; the
// first frame does not wait for it).
func (m *Model) Init() tea.Cmd {
	var cmds []tea.Cmd
	if m.c.theme == ThemeAuto {
		cmds = append(cmds, tea.RequestBackgroundColor)
	}
	if m.mode == modePlay {
		cmds = append(cmds, m.play.init())
	} else {
		cmds = append(cmds, m.menu.init())
	}
	return tea.Batch(cmds...)
}

// Update routes a message to the current screen, after handling the few
// messages that concern the whole app.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if m.help.take(msg) {
		return m, nil
	}
	switch msg := msg.(type) {
	case studyAsync:
		// A study's engine work reaches its study even while a game
		// started from it is on screen.
		return m, msg.study().async(msg)
	case tea.WindowSizeMsg, tea.BackgroundColorMsg, tea.ColorProfileMsg:
		m.c.takeTerminal(msg)
		return m, nil
	case settingsSavedMsg:
		if msg.err != nil {
			m.menu.status = fmt.Sprintf(m.c.w.settingsFailed, msg.err)
		}
		return m, nil
	case shutdownMsg:
		return m, tea.Quit
	}
	if cmd, ok := m.changeScreen(msg); ok {
		return m, cmd
	}
	var cmd tea.Cmd
	switch m.mode {
	case modePlay:
		m.play, cmd = m.play.update(msg)
	case modeStudy:
		m.study, cmd = m.study.update(msg)
	default:
		m.menu, cmd = m.menu.update(msg)
	}
	return m, cmd
}

// changeScreen handles the messages that take the app to another screen
// (the menu, a game, a study), and reports false for any other message.
func (m *Model) changeScreen(msg tea.Msg) (tea.Cmd, bool) {
	switch msg := msg.(type) {
	case toMenuMsg:
		if m.mode == modePlay && m.parked != nil {
			// Back to the study the game came from, with the game as a branch.
			m.parked.addLine(m.parkedNode, m.play.g.Moves(), m.play.g.Result())
			m.parked.resumeAnalysis()
			m.study, m.mode = m.parked, modeStudy
			m.parked, m.parkedNode = nil, nil
			return nil, true
		}
		m.mode = modeMenu
		m.menu = newMenu(m.c)
		if msg.newGame {
			m.menu.openForm()
		}
		return m.menu.init(), true
	case reviewGameMsg:
		// The game-end screen's "study": the game just played, in study mode.
		m.study, m.mode = reviewGame(m.c, msg), modeStudy
		return nil, true
	case playFromMsg:
		st, ok := m.study.(*studyModel)
		if !ok {
			return nil, true
		}
		m.parked, m.parkedNode = st, msg.node
		st.pauseAnalysis() // the engine would think against the game's bot
		s := setup{players: msg.players, names: msg.names, start: msg.pos, record: st.rec, from: msg.node, source: st.name}
		m.play = newPlay(m.c, s)
		m.play.fromStudy = true
		m.mode = modePlay
		return m.play.init(), true
	case startMsg:
		m.play = newPlay(m.c, msg.setup)
		m.mode = modePlay
		return m.play.init(), true
	case openMsg:
		return openStudyFile(m.c, msg.path), true
	case studyOpenedMsg:
		m.study, m.mode = msg.s, modeStudy
		return msg.cmd, true
	case recordReadMsg:
		var cmd tea.Cmd
		m.study, cmd = studyOf(m.c, msg)
		m.mode = modeStudy
		return cmd, true
	}
	return nil, false
}

// quiet reports whether the screen will stay as it is until a key: for
// the tests' harness.
func (m *Model) quiet() bool {
	if m.mode == modePlay {
		return m.play.quiet()
	}
	return true
}

// Shutdown stops the game in progress, if any, and waits until it is
// kept and its engines are closed. Run calls it however the program ended
// (a key, SIGTERM, SIGHUP): nothing played is lost.
func (m *Model) Shutdown() {
	m.closeEngines()
	if m.play.sess != nil {
		m.play.sess.stop("the app was closed")
	}
}

// closeEngines ends every engine the app's studies run, waiting for
// them, so that no engine outlives the program.
func (m *Model) closeEngines() {
	if st, ok := m.study.(*studyModel); ok {
		st.closeEngines(true)
	}
	if m.parked != nil {
		m.parked.closeEngines(true)
	}
}

// View draws the current screen, or says the terminal is too small, in the
// alternate screen with the mouse on. The terminal's own cursor marks the
// place in a line being typed.
func (m *Model) View() tea.View {
	return frame(m.c, &m.help, m.windowTitle(), func() (string, *tea.Cursor) {
		switch m.mode {
		case modePlay:
			return m.play.view()
		case modeStudy:
			return m.study.view()
		}
		return m.menu.view(), nil
	})
}

// tooSmall says how much room the app needs, wrapped to the terminal.
func (m *Model) tooSmall() string { return tooSmall(m.c) }

// windowTitle names the app and what it shows.
func (m *Model) windowTitle() string {
	switch m.mode {
	case modePlay:
		return "shogi: " + m.play.titleText()
	case modeStudy:
		if s, ok := m.study.(*studyModel); ok {
			return "shogi: " + s.name
		}
	}
	return "shogi"
}

// CheckOptions reports what is wrong with a game's options (unknown
// player, handicap or piece style, an unreadable SFEN, a clock that is
// not one) without starting anything.
func CheckOptions(o Options) error {
	c := newCommon(Options{Settings: o.Settings, Rand: rand.New(rand.NewPCG(1, 2))})
	_, err := setupFromOptions(Options{Black: o.Black, White: o.White, Time: o.Time, Handicap: o.Handicap, SFEN: o.SFEN}, c)
	return err
}

// newCommon builds the shared state from the options, at 80×24 in the
// dark palette until the terminal says otherwise.
func newCommon(o Options) *common {
	rng := o.Rand
	if rng == nil {
		rng = rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))
	}
	c := &common{width: 80, height: 24, theme: o.Theme, dark: o.Theme != ThemeLight,
		ascii: o.ASCII, pieces: o.Pieces, stateDir: o.StateDir, rng: rng,
		settings: o.Settings, settingsPath: o.SettingsPath, settingsErr: o.SettingsErr, settingsW: &settingsWriter{},
		gamesDefault: o.GamesDir, engineLog: engineLogger(o.EngineLog), engineEnv: o.engineEnv, ts: o.TimeSource,
		engines: engineOptions{engine: o.Engine, engines: o.Engines, passTime: o.AnalysisTime, log: o.EngineLog}}
	if c.settings == nil {
		c.settings = defaultSettings()
	}
	if c.ts == nil {
		c.ts = match.RealTime{}
	}
	c.autoFlip = c.settings.AutoFlip
	if c.ascii {
		c.pieces = ASCII
	}
	c.notation = defaultNotation(c.pieces)
	if o.Notation != nil && (!c.ascii || asciiNotation(*o.Notation)) {
		c.notation = *o.Notation
	}
	c.setPolicy(o.Width)
	c.setLang(o.Lang)
	c.restyle()
	return c
}

// ApplySettings puts the display settings of the file s into o: over what the
// environment gave, under what the command line says.
func (o *Options) ApplySettings(s *Settings) {
	if s.Pieces != nil {
		o.Pieces = PieceStyle(*s.Pieces)
	}
	if s.Notation != nil {
		ns := notation.Style(*s.Notation)
		o.Notation = &ns
	}
	if s.Theme != nil {
		o.Theme = Theme(*s.Theme)
	}
	if s.Language != nil {
		o.Lang = Lang(*s.Language)
	}
	if s.Width != nil {
		o.Width = WidthPolicy(*s.Width)
	}
}

// RunRemote runs the app for a remote person on t until they quit or ctx
// (the connection) ends: the lobby's screens (a name, then create a
// table, join one by its code, watch one, play the computer) instead of
// the local menu, and no file of the server's is read or written on their
// behalf. started receives the program before it runs, so the caller can
// send it window sizes and tell it to quit. A seat the person still holds
// when the program ends is left (its grace period starts) and a watched
// table is let go.
func RunRemote(ctx context.Context, r Remote, o Options, t Terminal, started func(*tea.Program), extra ...tea.ProgramOption) error {
	o.StateDir = ""
	o.Play = false
	return runRemote(ctx, r, newCommon(o), t, started, extra...)
}
