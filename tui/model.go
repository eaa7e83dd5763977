// Package tui is the terminal app, on Bubble Tea v2: a menu, the play
// screen (a game against a person or a bot: board, hands, move list, moves
// by cursor, mouse or typed notation), the study (tui/study: a record
// walked move by move, with its branches, comments and analysis), the
// position editor, the training screens and the online screens.
//
// It splits as soft-serve's UI does: a root Model (this package: a stack
// of screens behind one interface, common.Screen, with the menu at the
// bottom) over a small shared package (common: size, palette, keys,
// language, settings), the pure renderers and layouts (components, with
// the move entry in components/entry), and a package per screen (newgame,
// prefs, play, study, editor, tsume, online, remote), which never import
// each other (internal/layers keeps it so): the online screen asks the
// root to push the game screen over it (common.PlayMsg) and the SSH lobby
// is handed the game screen's constructor (common.NewGameScreen). Opening
// a screen pushes it; leaving pops it and returns where it was opened
// from. Everything the
// app does to a game goes through game/match and package game, and every
// move text through game/notation: no rule of shogi lives here.
//
// Nothing is asked of the terminal at start-up: the caller passes the
// input, output, environment and colour profile (Terminal), the first
// frame is drawn at once, and the palette follows the background colour
// the terminal reports later, if it does.
package tui

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"time"

	"shogi/app/players"
	"shogi/app/settings"
	"shogi/app/words"
	"shogi/tui/common"
	"shogi/tui/components"
	"shogi/tui/editor"
	"shogi/tui/newgame"
	"shogi/tui/online"
	"shogi/tui/prefs"
	"shogi/tui/remote"
	"shogi/tui/study"
	tsumeui "shogi/tui/tsume"

	tea "charm.land/bubbletea/v2"

	"shogi/game"
	"shogi/game/book"
	"shogi/game/match"
	"shogi/game/notation"
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
	// Context is the app's: when it ends, so do the connections and
	// waits the screens started on it. nil is one that never ends.
	Context context.Context
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
	// engineStopGrace bounds an engine's answer to stop (zero: usi's
	// default): tests of a hung engine shorten it.
	engineStopGrace time.Duration
	// serverRuling is how long the app, as it ends, waits for a CSA
	// server's ruling (zero: 5 s): tests of a silent server shorten it.
	serverRuling time.Duration
}

// Model is the root model: a stack of screens (common.Screen), the menu
// at the bottom. A screen that opens another pushes it (the one beneath
// waits, covered); leaving a screen pops it and returns to the one
// beneath, which learns what was above it. The help overlay goes over
// whichever screen opened it.
type Model struct {
	c     *common.Common
	stack []common.Screen
	help  components.HelpOverlay // the ? screen, over whichever screen opened it
	train *tsumeui.Env           // what the training screens share for the app's life, made on first need
}

// New builds the root model. With o.Play it starts a game at once (the
// players, clock, handicap or SFEN and furigoma from o); otherwise it
// opens the menu.
func New(o Options) (*Model, error) {
	c := newCommon(o)
	m := &Model{c: c}
	m.stack = []common.Screen{&menuScreen{m: newMenu(c)}}
	if o.Play {
		s, err := setupFromOptions(o, c)
		if err != nil {
			return nil, err
		}
		m.stack = append(m.stack, newPlayScreen(c, s))
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
	s.Names = common.HumanNames(st, s.Players, s.Names, [2]int{0, 1})
	for _, tc := range o.Time {
		if err := tc.Validate(); err != nil {
			return s, err
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
		if err := p.CheckStart(); err != nil {
			var se *game.StartError
			if errors.As(err, &se) && len(se.Warnings) > 0 {
				return s, &ImpossibleError{Reasons: se.Warnings}
			}
			return s, err
		}
		s.Start = p
	case o.Handicap != "":
		h, ok := game.FindHandicap(o.Handicap)
		if !ok {
			return s, fmt.Errorf("unknown handicap %q (try even, lance, bishop, rook, 2p, 4p, 6p …)", o.Handicap)
		}
		if err := h.CheckPlayable(); err != nil {
			return s, err
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

// Init starts the screen on top and asks the terminal for its background
// colour (the answer, if any, comes as a tea.BackgroundColorMsg; the
// first frame does not wait for it).
func (m *Model) Init() tea.Cmd {
	// The background decides the text's colours whatever the theme.
	return tea.Batch(tea.RequestBackgroundColor, m.top().Init())
}

// top is the screen on show.
func (m *Model) top() common.Screen { return m.stack[len(m.stack)-1] }

// push puts s over the screen on show, which waits covered.
func (m *Model) push(s common.Screen) tea.Cmd {
	m.top().Cover()
	m.stack = append(m.stack, s)
	return s.Init()
}

// pop leaves the screen on top for the one beneath it; the menu at the
// bottom stays.
func (m *Model) pop() tea.Cmd {
	if len(m.stack) == 1 {
		return nil
	}
	above := m.top()
	m.stack = m.stack[:len(m.stack)-1]
	return tea.Batch(above.Close(false), m.top().Uncover(above))
}

// replace puts s where the screen on top was (a game's "study" opens the
// game in the study instead of the game).
func (m *Model) replace(s common.Screen) tea.Cmd {
	old := m.top()
	m.stack[len(m.stack)-1] = s
	return tea.Batch(old.Close(false), s.Init())
}

// Update routes a message to the screen on top, after handling the few
// messages that concern the whole app and those that open or leave a
// screen.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if m.help.Take(msg) {
		return m, nil
	}
	if cmd, ok := study.Deliver(msg); ok {
		// A study's engine work reaches its study even while another
		// screen is over it.
		return m, cmd
	}
	if a, ok := msg.(common.Addressed); ok {
		// So does a covered screen's news (the online screen's game).
		return m, a.Deliver()
	}
	switch msg := msg.(type) {
	case tea.WindowSizeMsg, tea.BackgroundColorMsg, tea.ColorProfileMsg:
		m.c.TakeTerminal(msg)
		m.top().Resize(msg)
		return m, nil
	case common.SettingsSavedMsg:
		if msg.Err != nil {
			text := fmt.Sprintf(m.c.Words.SettingsFailed, msg.Err)
			if s, ok := m.top().(interface{ Say(string, bool) }); ok {
				s.Say(text, true) // the new-game or settings screen that changed it
			} else if mn, ok := m.stack[0].(*menuScreen); ok {
				mn.m.status = text
			}
		}
		return m, nil
	case common.ShutdownMsg:
		return m, tea.Quit
	}
	if cmd, ok := m.changeScreen(msg); ok {
		return m, cmd
	}
	return m, m.top().Update(msg)
}

// changeScreen handles the messages that open a screen or leave one, and
// reports false for any other message.
func (m *Model) changeScreen(msg tea.Msg) (tea.Cmd, bool) {
	top := m.top()
	if p, ok := top.(*playScreen); ok && p.hosted() {
		// A game another screen pushed (the online screen's) goes back to
		// it, which learns how it was left (Uncover); studying the game or
		// opening another leaves both.
		switch msg := msg.(type) {
		case common.ToMenuMsg:
			p.again = msg.NewGame
			return m.pop(), true
		case common.ReviewGameMsg, common.OpenMsg, common.StartMsg:
			m.stack = m.stack[:len(m.stack)-1]
			cmd := tea.Batch(p.Close(false), m.pop())
			more, _ := m.changeScreen(msg)
			return tea.Batch(cmd, more), true
		}
	}
	switch msg := msg.(type) {
	case common.ToMenuMsg:
		if !msg.NewGame {
			return m.pop(), true
		}
		// Another game, or a game from the editor's position: the new-game
		// screen, over the editor (which waits) or instead of the game.
		form := newgame.New(m.c, msg.Start)
		if _, ok := top.(*editorScreen); ok {
			return m.push(form), true
		}
		return m.replace(form), true
	case newGameMsg:
		return m.push(newgame.New(m.c, nil)), true
	case settingsMsg:
		return m.push(prefs.New(m.c)), true
	case common.OnlineMsg:
		return m.push(&onlineScreen{m: online.New(m.c)}), true
	case common.EditPositionMsg:
		return m.push(&editorScreen{m: editor.New(m.c, editor.Options{Start: msg.Start})}), true
	case common.StudyRecordMsg:
		if msg.Rec == nil {
			// A paste that is no record: said where it was pasted.
			text := fmt.Sprintf(words.StudyEditWordsFor(m.c.Lang).PasteOpen, msg.Err)
			switch s := top.(type) {
			case *study.Screen:
				s.Say(text, true)
			case *menuScreen:
				s.m.status, s.m.statusErr = text, true
			}
			return nil, true
		}
		st := study.Unsaved(m.c, msg.Rec, msg.Name, msg.Err, top)
		st.GoTo(msg.Ply)
		switch top.(type) {
		case *study.Screen, *editorScreen:
			// A record pasted into a study, or the editor's position
			// studied, takes its place.
			return m.replace(st), true
		}
		return m.push(st), true
	case restoredEditMsg:
		if msg.err != nil {
			if mn, ok := top.(*menuScreen); ok {
				mn.m.status, mn.m.statusErr = msg.err.Error(), true
			}
			return nil, true
		}
		return m.push(study.Restored(m.c, msg.ed)), true
	case common.ReviewGameMsg:
		// The game-end screen's "study": the game just played, in the
		// study, instead of the game.
		st := study.Review(m.c, msg)
		if _, ok := top.(*playScreen); ok {
			return m.replace(st), true
		}
		return m.push(st), true
	case common.PlayMsg:
		return m.push(newPlayScreen(m.c, msg.Setup)), true
	case common.PlayFromMsg:
		p := newPlayScreen(m.c, common.Setup{Players: msg.Players, Names: msg.Names, Start: msg.Pos, Record: msg.Record, From: msg.Node, Source: msg.Source})
		p.m.FromStudy = true
		return m.push(p), true
	case common.StartMsg:
		p := newPlayScreen(m.c, msg.Setup)
		if _, ok := top.(*newgame.Screen); ok {
			return m.replace(p), true // the new-game screen gives way to its game
		}
		return m.push(p), true
	case common.OpenMsg:
		st, cmd := study.Open(m.c, msg.Path)
		if st != nil {
			return m.push(st), true
		}
		return cmd, true
	case common.TsumeMsg, common.QuizzesMsg, trainMsg:
		return m.openTraining(msg), true
	case study.ReadMsg:
		if st, ok := top.(*study.Screen); ok {
			return st.Update(msg), true // the file picker gives way to the record chosen
		}
		return m.push(study.Read(m.c, msg)), true
	}
	return nil, false
}

// Quiet reports whether the screen will stay as it is until a key: for
// the tests' harness.
func (m *Model) Quiet() bool { return m.top().Quiet() }

// Shutdown stops every screen's work, the game in progress kept, and
// waits until its engines are closed. Run calls it however the program
// ended (a key, SIGTERM, SIGHUP): nothing played is lost.
func (m *Model) Shutdown() {
	for i := len(m.stack) - 1; i >= 0; i-- {
		m.stack[i].Close(true)
	}
	// What closed screens left behind (a game left on a server).
	m.c.EndWork()
	m.c.Shelf.Close() // after the game: its levels may consult the books to the end
}

// View draws the screen on top, or says the terminal is too small, in
// the alternate screen with the mouse on. The terminal's own cursor marks
// the place in a line being typed.
func (m *Model) View() tea.View {
	title := "shogi"
	if t := m.top().Title(); t != "" {
		title += ": " + t
	}
	return components.Frame(m.c, &m.help, title, m.top().View)
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
	c := &common.Common{Theme: o.Theme, ASCII: o.ASCII, Pieces: o.Pieces, StateDir: o.StateDir, Rand: o.Rand,
		Settings: o.Settings, SettingsPath: o.SettingsPath, SettingsErr: o.SettingsErr, SettingsWriter: &settings.Writer{}, Notices: o.Notices,
		GamesDefault: o.GamesDir, EngineLog: common.EngineLogger(o.EngineLog), EngineEnv: o.engineEnv, EngineStopGrace: o.engineStopGrace, ServerRuling: o.serverRuling, Clock: o.TimeSource,
		Engines: common.EngineOptions{Engine: o.Engine, Engines: o.Engines, PassTime: o.AnalysisTime, Log: o.EngineLog}, Ctx: o.Context}
	return common.Complete(c, o.Notation, o.Width, o.Lang)
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
	o.Context = ctx
	return remote.New(ctx, r, newCommon(o), t, newGameScreen)
}
