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
	"fmt"
	"io"
	"log"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"shogi/game"
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
	Play     bool   // start in play mode instead of the menu
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

// common is shared by every screen.
type common struct {
	width, height int
	theme         Theme
	dark          bool // the palette in use
	level         colorLevel
	styles        *Styles
	lang          Lang
	w             *words
	keys          keyMap
	ascii         bool
	policy        WidthPolicy
	m             measure
	pieces        PieceStyle
	notation      notation.Style
	autoFlip      bool
	stateDir      string
	rng           *rand.Rand

	settings     *Settings
	settingsPath string
	settingsErr  error
	settingsW    *settingsWriter
	gamesDefault string
	engineLog    *log.Logger
	engineEnv    []string
	ts           match.TimeSource
	gen          int // the last session generation handed out
	// remote is set for a person on an SSH connection to shogi serve: no
	// file of the server's is written on their behalf (w copies the game
	// to their clipboard instead).
	remote bool
	// blocking, when set, wraps the commands that wait on something
	// outside (a match's next event, a clock's or a spinner's tick): the
	// tests' harness counts them apart from the commands that finish.
	blocking func(tea.Cmd) tea.Cmd
	engines  engineOptions // the study's engines
}

// block marks a command that waits on something outside the app.
func (c *common) block(cmd tea.Cmd) tea.Cmd {
	if cmd == nil || c.blocking == nil {
		return cmd
	}
	return c.blocking(cmd)
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

// now is the time games are played in.
func (c *common) now() time.Time { return c.ts.Now() }

// nextGen hands out a session generation.
func (c *common) nextGen() int {
	c.gen++
	return c.gen
}

// keepOff reports whether unfinished games are not kept (no state
// directory).
func (c *common) keepOff() bool { return c.stateDir == "" }

// gamesDir is where finished games go, or "" when they are not kept.
func (c *common) gamesDir() string {
	if !c.settings.KeepGames {
		return ""
	}
	if c.settings.GamesDir != "" {
		return expandHome(c.settings.GamesDir)
	}
	return c.gamesDefault
}

// sessionEnv is what a game's session takes from the settings.
func (c *common) sessionEnv() sessionEnv {
	return sessionEnv{ts: c.ts, engineCfg: c.engineConfig(), gamesDir: c.gamesDir(),
		moveDelay: time.Duration(c.settings.MoveDelay), margin: gameMargin, human: c.w.human}
}

// gameMargin is how late a move may arrive after its time ran out: room
// for an engine's reply to travel, and for a key pressed on the last
// tick of the clock.
const gameMargin = 300 * time.Millisecond

// saveSettings changes the settings with edit and writes the file, unless
// it could not be read (it is then never overwritten).
func (c *common) saveSettings(edit func(s *Settings)) tea.Cmd {
	edit(c.settings)
	if c.settingsErr != nil || c.settingsPath == "" {
		return nil
	}
	return c.settingsW.write(c.settingsPath, c.settings.clone())
}

// rememberDisplay saves the display settings as they are now on screen.
func (c *common) rememberDisplay() tea.Cmd {
	return c.saveSettings(func(s *Settings) {
		if !c.ascii {
			p := pieceSetting(c.pieces)
			s.Pieces = &p
			n := notationSetting(c.notation)
			s.Notation = &n
			l := langSetting(c.lang)
			s.Language = &l
		}
		t := themeSetting(c.theme)
		s.Theme = &t
		wp := widthSetting(c.policy)
		s.Width = &wp
		s.AutoFlip = c.autoFlip
	})
}

// expandHome reads a leading ~/ as the home directory.
func expandHome(p string) string {
	if rest, ok := strings.CutPrefix(p, "~/"); ok {
		if h, err := os.UserHomeDir(); err == nil {
			return filepath.Join(h, rest)
		}
	}
	return p
}

func (c *common) setPolicy(p WidthPolicy) {
	c.policy = p
	c.m = newMeasure(p)
}

// setLang switches the app's words; a terminal limited to ASCII stays in
// English.
func (c *common) setLang(l Lang) {
	if c.ascii {
		l = English
	}
	c.lang, c.w = l, wordsFor(l)
	c.keys = newKeyMap(c.w, c.ascii)
}

// setTheme chooses the palette: a fixed theme, or for auto the background
// the terminal reported (dark until it does).
func (c *common) setTheme(t Theme) {
	c.theme = t
	switch t {
	case ThemeLight:
		c.dark = false
	case ThemeDark:
		c.dark = true
	}
	c.restyle()
}

func (c *common) restyle() { c.styles = newStyles(paletteFor(c.dark, c.level), c.level) }

// side names a side for the screen: ▲先手, △White.
func (c *common) side(col game.Color) string { return sideLabel(col, c.w, c.ascii) }

// setPieces changes the piece style and the notation that goes with it.
func (c *common) setPieces(p PieceStyle) {
	if c.ascii {
		p = ASCII
	}
	c.pieces = p
	c.notation = defaultNotation(p)
}

// defaultNotation is the move-list style that goes with a piece style.
func defaultNotation(p PieceStyle) notation.Style {
	if p.japanese() {
		return notation.KI2
	}
	return notation.Western
}

// cycleNotation returns the notation d places after s, skipping those a
// 7-bit terminal cannot show.
func (c *common) cycleNotation(s notation.Style, d int) notation.Style {
	for range notation.Styles() {
		s = cycleStyle(s, d)
		if !c.ascii || asciiNotation(s) {
			return s
		}
	}
	return s
}

// asciiNotation reports whether a notation writes 7-bit text only.
func asciiNotation(s notation.Style) bool {
	switch s {
	case notation.USI, notation.CSA, notation.Western, notation.Hosking, notation.Romaji:
		return true
	}
	return false
}

// wrapAdd steps v by d around 0..n-1, as a cursor or a choice wraps.
func wrapAdd(v, d, n int) int { return ((v+d)%n + n) % n }

// cycleStyle returns the notation d places after s in notation.Styles.
func cycleStyle(s notation.Style, d int) notation.Style {
	styles := notation.Styles()
	for i, x := range styles {
		if x == s {
			return styles[wrapAdd(i, d, len(styles))]
		}
	}
	return styles[0]
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
	help  *helpView // the ? screen, over whichever screen opened it

	// A game started from a study ("play from here") returns to it: the
	// study waits here with the node the game started from.
	parked     *studyModel
	parkedNode *kifu.Node
}

// toMenuMsg returns to the menu; newGame opens the new-game form.
type toMenuMsg struct{ newGame bool }

// startMsg starts a game.
type startMsg struct{ setup setup }

// openMsg asks to study a record file.
type openMsg struct{ path string }

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
func (m *Model) useTerminal(t Terminal) {
	m.c.level = levelOf(t.Profile)
	if dark, ok := darkFromEnv(t.Env); ok && m.c.theme == ThemeAuto {
		m.c.dark = dark
	}
	m.c.restyle()
}

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

// furigomaText describes a toss in w's words: the pawns of the deciding
// toss and who plays Black. The tosser is the first player (the one first
// given Black).
func furigomaText(w *words, f game.Furigoma, players [2]string, ascii bool) string {
	last := f.Tosses[len(f.Tosses)-1]
	faces := ""
	fu, to := 0, 0
	for _, p := range last {
		switch p {
		case game.FaceFu:
			fu++
			faces += "歩"
		case game.FaceTo:
			to++
			faces += "と"
		default:
			faces += p.String()
		}
	}
	if ascii {
		faces = strings.NewReplacer("歩", "P", "と", "T").Replace(faces)
	}
	n, who := 1, players[0]
	if !f.TosserIsBlack {
		n, who = 2, players[1]
	}
	retoss := ""
	if len(f.Tosses) > 1 {
		retoss = fmt.Sprintf(w.furigomaAfter, len(f.Tosses))
	}
	return fmt.Sprintf(w.furigoma, faces, fu, to, retoss, fmt.Sprintf(w.playerN, n, who))
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
	switch msg := msg.(type) {
	case studyAsync:
		// A study's engine work reaches its study even while a game
		// started from it is on screen.
		return m, msg.study().async(msg)
	case tea.WindowSizeMsg:
		if msg.Width <= 0 || msg.Height <= 0 {
			return m, nil // a terminal that does not know its size: keep the last one
		}
		m.c.width, m.c.height = msg.Width, msg.Height
		return m, nil
	case tea.BackgroundColorMsg:
		if m.c.theme == ThemeAuto && msg.Color != nil {
			m.c.dark = msg.IsDark()
			m.c.restyle()
		}
		return m, nil
	case tea.ColorProfileMsg:
		if l := levelOf(msg.Profile); l != m.c.level {
			m.c.level = l
			m.c.restyle()
		}
		return m, nil
	case settingsSavedMsg:
		if msg.err != nil {
			m.menu.status = fmt.Sprintf(m.c.w.settingsFailed, msg.err)
		}
		return m, nil
	case tea.KeyPressMsg:
		if msg.String() == "ctrl+c" && m.help != nil {
			m.help = nil
		}
		if m.help != nil {
			if m.help.update(msg) {
				m.help = nil
			}
			return m, nil
		}
	case tea.MouseWheelMsg:
		if m.help != nil {
			m.help.update(msg)
			return m, nil
		}
	case tea.MouseMsg:
		if m.help != nil {
			return m, nil
		}
	case openHelpMsg:
		m.help = newHelpView(msg.groups, msg.notes)
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

// shutdownMsg ends the program once a game has been stopped and kept.
type shutdownMsg struct{}

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

// openHelpMsg opens the ? screen with a screen's keys and notes.
type openHelpMsg struct {
	groups [][]key.Binding
	notes  string
}

// View draws the current screen, or says the terminal is too small, in the
// alternate screen with the mouse on. The terminal's own cursor marks the
// place in a line being typed.
func (m *Model) View() tea.View {
	var content string
	var cursor *tea.Cursor
	c := m.c
	switch {
	case c.width < minWidth || c.height < minHeight:
		content = m.tooSmall()
	case m.help != nil:
		title := c.w.helpTitle
		content = m.help.view(c.width, c.height, title, c.w.helpClose, c.m, c.styles)
	case m.mode == modePlay:
		content, cursor = m.play.view()
	case m.mode == modeStudy:
		content, cursor = m.study.view()
	default:
		content = m.menu.view()
	}
	if c.ascii {
		content = c.m.asciiOnly(content)
	}
	v := tea.NewView(content)
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	v.Cursor = cursor
	v.WindowTitle = m.windowTitle()
	if c.ascii {
		v.WindowTitle = c.m.asciiOnly(v.WindowTitle)
	}
	return v
}

// tooSmall says how much room the app needs, wrapped to the terminal.
func (m *Model) tooSmall() string {
	c := m.c
	text := fmt.Sprintf(c.w.tooSmall, minWidth, minHeight, c.width, c.height)
	lines := wrapText(c.m, text, max(c.width, 1))
	if len(lines) > max(c.height, 1) {
		lines = lines[:max(c.height, 1)]
	}
	for i, l := range lines {
		lines[i] = c.m.truncate(l, c.width) // a kanji wider than a one-column terminal
	}
	return strings.Join(lines, "\n")
}

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
