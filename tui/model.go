// Package tui is the terminal app, on Bubble Tea v2: a menu, the play
// screen (a game against a person or a bot: board, hands, move list, moves
// by cursor, mouse or typed notation) and the study screen (a record
// walked move by move, with its branches, comments and analysis).
//
// It splits as soft-serve's UI does: a root Model (this package: the
// menu, the settings and the study, and the switching between screens)
// over a small shared package (common: size, palette, keys, language,
// settings), the pure renderers and layouts (components), the word tables
// (words), and screens of their own where other screens reuse them (play:
// a view of any game; remote: the SSH lobby). Everything the app does to
// a game goes through game/match and package game, and every move text
// through game/notation: no rule of shogi lives here.
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

	"shogi/app/players"
	"shogi/app/settings"
	"shogi/app/shelf"
	"shogi/tui/common"
	"shogi/tui/components"
	"shogi/tui/editor"
	"shogi/tui/online"
	"shogi/tui/play"
	"shogi/tui/remote"
	tsumeui "shogi/tui/tsume"
	"shogi/app/words"

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
	modeEditor
	modeOnline // a game on a CSA server: the online package's screens
	modeTsume  // a mate problem (tui/tsume)
	modeQuiz   // next-move quizzes (tui/tsume)
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
	Pieces   common.PieceStyle
	Notation *notation.Style // nil: the one that goes with Pieces
	Width    common.WidthPolicy
	Theme    common.Theme // auto follows the terminal's background
	Lang     words.Lang   // the language of the app's words
	// ASCII limits the screen to 7-bit text, for a terminal whose locale
	// is not UTF-8: ASCII pieces, no marks or kanji, English words.
	ASCII bool
	// StateDir is where unfinished games are kept; "" keeps none.
	StateDir string
	// Settings are what the settings file at SettingsPath said (nil: the
	// defaults); SettingsErr is why it could not be read, if it could
	// not: the app then says so and never writes the file.
	Settings     *settings.Settings
	SettingsPath string
	SettingsErr  error
	// GamesDir is where finished games are kept unless the settings name
	// another folder.
	GamesDir string
	// Notices are lines the menu shows once at start (what was moved from
	// an older version's folders).
	Notices []string
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
	Engines []common.EngineChoice
	// AnalysisTime is a position's time in the whole-record analysis
	// (default 1 s).
	AnalysisTime time.Duration

	// Tsume starts the app on the tsume screen (shogi tsume) instead of
	// the menu; leaving it ends the app.
	Tsume *TsumeStart

	engineEnv []string // added to engines' environment (tests run a fake engine)
}

// studyMode is the study screen or its file picker. The root routes
// messages to it and shows its view; it returns to the menu by sending
// toMenuMsg.
type studyMode interface {
	Update(msg tea.Msg) (studyMode, tea.Cmd)
	View() (string, *tea.Cursor)
}

// Model is the root model.
type Model struct {
	c      *common.Common
	mode   mode
	menu   menuModel
	play   play.Model
	study  studyMode
	editor editor.Model
	// online is the online screens while they show (the form, the wait,
	// a server's game); nil otherwise.
	online *online.Model
	help   components.HelpOverlay // the ? screen, over whichever screen opened it
	tsume  tsumeui.Model          // the mate problems
	quiz   tsumeui.Quizzes        // the next-move quizzes
	train  *tsumeui.Env           // what they share for the app's life, made on first need

	// A game started from a study ("play from here") returns to it: the
	// study waits here with the node the game started from.
	parked     *studyModel
	parkedNode *kifu.Node
	// A position edited from a study ("edit this position") returns to
	// it when the editor is left: the study waits here.
	editParked *studyModel
	// editorGame: the game on screen was started from the editor's done
	// menu (p), so leaving it goes back to the editor, which waits.
	editorGame bool
}

// backToStudyMsg leaves the position editor for the study it was opened
// from.
type backToStudyMsg struct{}

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
		m.play = play.New(c, s)
		m.mode = modePlay
	}
	if o.Tsume != nil {
		if err := m.startTsume(*o.Tsume); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// UseTerminal takes what the caller knows of the terminal: its colour
// profile, and its background from COLORFGBG where that is set.
func (m *Model) UseTerminal(t common.Terminal) { m.c.UseTerminal(t) }

// setupFromOptions turns command-line choices into a game set-up.
func setupFromOptions(o Options, c *common.Common) (common.Setup, error) {
	st := c.Settings
	var s common.Setup
	for i, text := range []string{o.Black, o.White} {
		if text == "" {
			text = players.HumanSpec
		}
		sp, name, err := players.Resolve(st, text)
		if err != nil {
			return s, err
		}
		if sp.Kind == match.BuiltinKind {
			sp.Book = o.Book
		}
		s.Players[i], s.Names[i] = sp, name
	}
	s.Names = humanNames(st, s.Players, s.Names, [2]int{0, 1})
	for _, tc := range o.Time {
		if tc.Main < 0 || tc.Byoyomi < 0 || tc.Increment < 0 {
			return s, fmt.Errorf("a time cannot be negative")
		}
		if tc.Byoyomi > 0 && tc.Increment > 0 {
			return s, fmt.Errorf("give byōyomi or an increment, not both")
		}
	}
	s.Time = o.Time
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
		s.Start = p
	case o.Handicap != "":
		h, ok := game.FindHandicap(o.Handicap)
		if !ok {
			return s, fmt.Errorf("unknown handicap %q (try even, lance, bishop, rook, 2p, 4p, 6p …)", o.Handicap)
		}
		s.Start = h.Position()
	default:
		s.Start = game.StartPosition()
	}
	if o.Furigoma {
		toss := game.TossPawns(c.Rand)
		s.Toss = &toss
		s.TossPlayers = [2]string{common.PlayerLabel(c, s.Players[0], s.Names[0]), common.PlayerLabel(c, s.Players[1], s.Names[1])}
		if !toss.TosserIsBlack {
			s.Players[0], s.Players[1] = s.Players[1], s.Players[0]
			s.Names[0], s.Names[1] = s.Names[1], s.Names[0]
		}
	}
	return s, nil
}

// humanNames gives the people among players their names from the
// settings: rows says which of the new-game form's rows (player 1 or 2)
// each colour's player came from.
func humanNames(st *settings.Settings, players [2]match.Spec, names [2]string, rows [2]int) [2]string {
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
	// The background decides the text's colours whatever the theme.
	cmds := []tea.Cmd{tea.RequestBackgroundColor}
	switch m.mode {
	case modePlay:
		cmds = append(cmds, m.play.Init())
	case modeTsume:
		cmds = append(cmds, m.tsume.Init())
	default:
		cmds = append(cmds, m.menu.Init())
	}
	return tea.Batch(cmds...)
}

// Update routes a message to the current screen, after handling the few
// messages that concern the whole app.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if m.help.Take(msg) {
		return m, nil
	}
	switch msg := msg.(type) {
	case studyAsync:
		// A study's engine work reaches its study even while a game
		// started from it is on screen.
		return m, msg.study().async(msg)
	case tea.WindowSizeMsg, tea.BackgroundColorMsg, tea.ColorProfileMsg:
		m.c.TakeTerminal(msg)
		if m.mode == modeOnline {
			m.online.Resize(msg)
		}
		return m, nil
	case common.SettingsSavedMsg:
		if msg.Err != nil {
			m.menu.status = fmt.Sprintf(m.c.Words.SettingsFailed, msg.Err)
		}
		return m, nil
	case common.ShutdownMsg:
		return m, tea.Quit
	}
	if cmd, ok := m.changeScreen(msg); ok {
		return m, cmd
	}
	var cmd tea.Cmd
	switch m.mode {
	case modePlay:
		m.play, cmd = m.play.Update(msg)
	case modeStudy:
		m.study, cmd = m.study.Update(msg)
	case modeEditor:
		m.editor, cmd = m.editor.Update(msg)
	case modeOnline:
		cmd = m.online.Update(msg)
	case modeTsume:
		m.tsume, cmd = m.tsume.Update(msg)
	case modeQuiz:
		m.quiz, cmd = m.quiz.Update(msg)
	default:
		m.menu, cmd = m.menu.Update(msg)
	}
	return m, cmd
}

// changeScreen handles the messages that take the app to another screen
// (the menu, a game, a study), and reports false for any other message.
func (m *Model) changeScreen(msg tea.Msg) (tea.Cmd, bool) {
	if m.mode == modeOnline {
		switch msg := msg.(type) {
		case common.ToMenuMsg:
			if msg.NewGame { // another game: the form again
				return m.online.Again(), true
			}
		case common.ReviewGameMsg, common.OpenMsg, common.StartMsg:
		default:
			return nil, false
		}
		// Leaving the online screens: an attempt is cancelled, a game in
		// progress resigned on the server (the kept games listed again
		// once it ends there).
		relist := m.online.Close()
		m.online = nil
		m.mode = modeMenu
		cmd, ok := m.changeScreen(msg)
		return tea.Batch(cmd, relist), ok
	}
	switch msg := msg.(type) {
	case common.OnlineMsg:
		m.online = online.New(m.c)
		m.mode = modeOnline
		return m.online.Init(), true
	case common.ToMenuMsg:
		if (m.mode == modeTsume || m.mode == modeQuiz) && m.parked != nil {
			// Back to the study that opened the training screen.
			m.closeTraining()
			m.parked.resumeAnalysis()
			m.study, m.mode = m.parked, modeStudy
			m.parked, m.parkedNode = nil, nil
			return nil, true
		}
		m.closeTraining()
		if m.mode == modePlay && m.editorGame && !msg.NewGame {
			// Back to the editor the game's position came from.
			m.editorGame = false
			m.mode = modeEditor
			return nil, true
		}
		m.editorGame = false
		if m.mode == modePlay && m.parked != nil {
			// Back to the study the game came from, with the game as a branch.
			m.parked.addLine(m.parkedNode, m.play.Game.Moves(), m.play.Game.Result())
			m.parked.resumeAnalysis()
			m.study, m.mode = m.parked, modeStudy
			st := m.parked
			m.parked, m.parkedNode = nil, nil
			return st.syncBook(), true
		}
		fromEditor := m.mode == modeEditor
		kept := m.dropEditParked()
		m.mode = modeMenu
		m.menu = newMenu(m.c)
		if msg.NewGame {
			m.menu.openForm()
			m.menu.fromEditor = fromEditor && msg.Start != nil
			if msg.Start != nil {
				m.menu.form.setStart(*msg.Start)
			}
		}
		if kept {
			m.menu.status = m.c.Words.EditsKept
		}
		return m.menu.Init(), true
	case common.EditPositionMsg:
		var back tea.Msg
		if st, ok := m.study.(*studyModel); ok && m.mode == modeStudy {
			m.editParked, back = st, backToStudyMsg{}
			st.pauseAnalysis()
		}
		m.editor = editor.New(m.c, editor.Options{Start: msg.Start, Back: back})
		m.mode = modeEditor
		return nil, true
	case backToStudyMsg:
		if m.editParked == nil {
			m.mode = modeMenu
			return m.menu.Init(), true
		}
		m.study, m.mode = m.editParked, modeStudy
		m.editParked.resumeAnalysis()
		st := m.editParked
		m.editParked = nil
		return st.syncBook(), true
	case backToEditorMsg:
		m.closeTraining()
		m.mode = modeEditor
		return nil, true
	case common.StudyRecordMsg:
		old, inStudy := m.study.(*studyModel)
		inStudy = inStudy && m.mode == modeStudy
		if msg.Rec == nil {
			// A paste that is no record: said where it was pasted.
			text := fmt.Sprintf(words.StudyEditWordsFor(m.c.Lang).PasteOpen, msg.Err)
			switch {
			case inStudy:
				old.say(text, true)
			case m.mode == modeMenu:
				m.menu.status, m.menu.statusErr = text, true
			}
			return nil, true
		}
		kept := m.dropEditParked()
		st := newUnsavedStudy(m.c, msg.Rec, msg.Name, msg.Err)
		st.goTo(msg.Ply)
		if inStudy {
			old.closeEngines(false)
			st.quitOnLeave = old.quitOnLeave
			kept = kept || old.ed != nil && old.ed.Modified() && old.ed.KeptPath() != ""
		}
		if kept {
			st.say(m.c.Words.EditsKept, false)
		}
		m.study, m.mode = st, modeStudy
		return nil, true
	case restoredEditMsg:
		if msg.err != nil {
			m.menu.status, m.menu.statusErr = msg.err.Error(), true
			return nil, true
		}
		m.study, m.mode = restoredStudy(m.c, msg.ed), modeStudy
		return nil, true
	case common.ReviewGameMsg:
		// The game-end screen's "study": the game just played, in study mode.
		m.study, m.mode = reviewGame(m.c, msg), modeStudy
		return nil, true
	case common.PlayFromMsg:
		st, ok := m.study.(*studyModel)
		if !ok {
			return nil, true
		}
		m.parked, m.parkedNode = st, msg.Node
		st.pauseAnalysis() // the engine would think against the game's bot
		s := common.Setup{Players: msg.Players, Names: msg.Names, Start: msg.Pos, Record: st.rec, From: msg.Node, Source: st.name}
		m.play = play.New(m.c, s)
		m.play.FromStudy = true
		m.mode = modePlay
		return m.play.Init(), true
	case common.StartMsg:
		m.editorGame = m.mode == modeMenu && m.menu.fromEditor
		m.play = play.New(m.c, msg.Setup)
		m.mode = modePlay
		return m.play.Init(), true
	case common.OpenMsg:
		return openStudyFile(m.c, msg.Path), true
	case studyOpenedMsg:
		m.study, m.mode = msg.s, modeStudy
		return msg.cmd, true
	case common.TsumeMsg, common.QuizzesMsg, trainMsg:
		return m.openTraining(msg), true
	case recordReadMsg:
		var cmd tea.Cmd
		m.study, cmd = studyOf(m.c, msg)
		m.mode = modeStudy
		return cmd, true
	}
	return nil, false
}

// dropEditParked lets go of a study the editor was opened from, when the
// editor goes somewhere else; it reports whether the study had edits,
// which stay kept (the menu's "resume editing" offers them).
func (m *Model) dropEditParked() bool {
	st := m.editParked
	if st == nil {
		return false
	}
	m.editParked = nil
	st.closeEngines(false)
	return st.ed != nil && st.ed.Modified() && st.ed.KeptPath() != ""
}

// Quiet reports whether the screen will stay as it is until a key: for
// the tests' harness.
func (m *Model) Quiet() bool {
	switch m.mode {
	case modePlay:
		return m.play.Quiet()
	case modeOnline:
		return m.online.Quiet()
	case modeTsume:
		return m.tsume.Quiet()
	case modeQuiz:
		return m.quiz.Quiet()
	}
	return true
}

// Shutdown stops the game in progress, if any, and waits until it is
// kept and its engines are closed. Run calls it however the program ended
// (a key, SIGTERM, SIGHUP): nothing played is lost.
func (m *Model) Shutdown() {
	m.closeTraining()
	m.closeEngines()
	if m.play.Sess != nil {
		m.play.Sess.Stop("the app was closed")
	}
	if m.online != nil {
		m.online.Shutdown()
	}
	m.c.Shelf.Close() // after the game: its levels may consult the books to the end
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
	if m.editParked != nil {
		m.editParked.closeEngines(true)
	}
}

// View draws the current screen, or says the terminal is too small, in the
// alternate screen with the mouse on. The terminal's own cursor marks the
// place in a line being typed.
func (m *Model) View() tea.View {
	return components.Frame(m.c, &m.help, m.windowTitle(), func() (string, *tea.Cursor) {
		switch m.mode {
		case modePlay:
			return m.play.View()
		case modeStudy:
			return m.study.View()
		case modeEditor:
			return m.editor.View()
		case modeOnline:
			return m.online.View()
		case modeTsume:
			return m.tsume.View()
		case modeQuiz:
			return m.quiz.View()
		}
		return m.menu.View(), nil
	})
}

// windowTitle names the app and what it shows.
func (m *Model) windowTitle() string {
	switch m.mode {
	case modePlay:
		return "shogi: " + m.play.TitleText()
	case modeStudy:
		if s, ok := m.study.(*studyModel); ok {
			return "shogi: " + s.name
		}
	case modeEditor:
		return "shogi: " + words.EditorWordsFor(m.c.Lang).Title
	case modeOnline:
		return "shogi: " + m.online.Title()
	case modeTsume:
		return "shogi: " + m.tsume.TitleText()
	case modeQuiz:
		return "shogi: " + m.quiz.TitleText()
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
func newCommon(o Options) *common.Common {
	rng := o.Rand
	if rng == nil {
		rng = rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))
	}
	c := &common.Common{Width: 80, Height: 24, Theme: o.Theme, Dark: true,
		ASCII: o.ASCII, Pieces: o.Pieces, StateDir: o.StateDir, Rand: rng,
		Settings: o.Settings, SettingsPath: o.SettingsPath, SettingsErr: o.SettingsErr, SettingsWriter: &settings.Writer{}, Notices: o.Notices,
		GamesDefault: o.GamesDir, EngineLog: common.EngineLogger(o.EngineLog), EngineEnv: o.engineEnv, Clock: o.TimeSource,
		Engines: common.EngineOptions{Engine: o.Engine, Engines: o.Engines, PassTime: o.AnalysisTime, Log: o.EngineLog},
		Shelf:   shelf.New()}
	if c.Settings == nil {
		c.Settings = settings.Default()
	}
	if c.Clock == nil {
		c.Clock = match.RealTime{}
	}
	c.AutoFlip = c.Settings.AutoFlip
	if c.ASCII {
		c.Pieces = common.ASCII
	}
	c.Notation = common.DefaultNotation(c.Pieces)
	if o.Notation != nil && (!c.ASCII || common.AsciiNotation(*o.Notation)) {
		c.Notation = *o.Notation
	}
	c.SetPolicy(o.Width)
	c.SetLang(o.Lang)
	c.Restyle()
	return c
}

// ApplySettings puts the display settings of the file s into o: over what the
// environment gave, under what the command line says.
func (o *Options) ApplySettings(s *settings.Settings) {
	if s.Pieces != nil {
		o.Pieces = common.PieceStyle(*s.Pieces)
	}
	if s.Notation != nil {
		ns := notation.Style(*s.Notation)
		o.Notation = &ns
	}
	if s.Theme != nil {
		o.Theme = common.Theme(*s.Theme)
	}
	if s.Language != nil {
		o.Lang = words.Lang(*s.Language)
	}
	if s.Width != nil {
		o.Width = common.WidthPolicy(*s.Width)
	}
}

// NewRemote returns the app for a remote person on t, as the root model
// of the Bubble Tea program the caller runs on the connection: the lobby's
// screens (a name, then create a table, join one by its code, watch one,
// play the computer) instead of the local menu, and no file of the
// server's is read or written on their behalf. The model reads t's
// environment and colour profile; the program's input, output and size
// are the caller's to give it. ctx is the connection's: when it ends, so
// do the model's waits on the lobby. done must be called once the program
// has ended: it stops a game against the computer, leaves a seat the
// person still holds (its grace period starts) and lets go a watched
// table.
func NewRemote(ctx context.Context, r remote.Remote, o Options, t common.Terminal) (m tea.Model, done func()) {
	o.StateDir = ""
	o.Play = false
	return remote.New(ctx, r, newCommon(o), t)
}
