package common

import (
	"context"
	"io"
	"log"
	"math/rand/v2"
	"sync"
	"time"

	"shogi/app/settings"
	"shogi/app/shelf"
	"shogi/app/words"
	"shogi/game"
	"shogi/game/match"
	"shogi/game/notation"

	tea "charm.land/bubbletea/v2"
)

// Common is shared by every screen.
type Common struct {
	Width, Height int
	Theme         Theme
	Dark          bool // the palette in use
	Level         ColorLevel
	Styles        *Styles
	Lang          words.Lang
	Words         *words.Words
	Keys          keyMap
	ASCII         bool
	Policy        WidthPolicy
	Measure       Measure
	Pieces        PieceStyle
	Notation      notation.Style
	AutoFlip      bool
	StateDir      string
	Rand          *rand.Rand

	Settings       *settings.Settings
	SettingsPath   string
	SettingsErr    error
	Notices        []string // said once on the menu at start
	SettingsWriter *settings.Writer
	GamesDefault   string
	EngineLog      *log.Logger
	EngineEnv      []string
	// EngineStopGrace, when set, bounds an engine's answer to stop
	// (usi.Config.StopGrace; zero is its default): a test of a hung engine
	// shortens it rather than wait the default out.
	EngineStopGrace time.Duration
	// ServerRuling, when set, is how long the app, as it ends, waits for
	// a CSA server to rule on a game it left (ServerRulingWait; zero is 5 s):
	// a test of a silent server shortens it.
	ServerRuling time.Duration
	Clock        match.TimeSource
	gen          int // the last session generation handed out
	// Remote is set for a person on an SSH connection to shogi serve: no
	// file of the server's is written on their behalf (w copies the game
	// to their clipboard instead).
	Remote bool
	// Blocking, when set, wraps the commands that wait on something
	// outside (a match's next event, a clock's or a spinner's tick): the
	// tests' harness counts them apart from the commands that finish.
	Blocking func(tea.Cmd) tea.Cmd
	Engines  EngineOptions // the study's engines
	// Shelf holds the opening books the screens and games consult,
	// each opened once (BookPaths names them).
	Shelf *shelf.Shelf
	// Ctx is the app's context (Context): the connections and waits a
	// screen starts run on it, so that ending the app ends them.
	Ctx context.Context

	// The goroutines a screen leaves behind when it closes (Go), which
	// the app waits for when it ends (EndWork).
	work      sync.WaitGroup
	endOnce   sync.Once
	ending    chan struct{}
	endedOnce sync.Once
}

// ServerRulingWait is how long the app, as it ends, waits for a CSA
// server's ruling on the game it left before it keeps the game as it
// stands.
func (c *Common) ServerRulingWait() time.Duration {
	if c.ServerRuling > 0 {
		return c.ServerRuling
	}
	return 5 * time.Second
}

// Go runs f on a goroutine the app owns, for work that outlives the
// screen that started it (a game left on a server waits there for the
// server's ruling). ending closes when the app ends: f then finishes
// promptly, and EndWork waits for it.
func (c *Common) Go(f func(ending <-chan struct{})) {
	ending := c.endingCh()
	c.work.Add(1)
	go func() {
		defer c.work.Done()
		f(ending)
	}()
}

// EndWork tells the goroutines of Go that the app ends, and waits for
// them.
func (c *Common) EndWork() {
	ending := c.endingCh()
	c.endedOnce.Do(func() { close(ending) })
	c.work.Wait()
}

func (c *Common) endingCh() chan struct{} {
	c.endOnce.Do(func() { c.ending = make(chan struct{}) })
	return c.ending
}

// Context is the app's context, which ends when the app does; one that
// never ends when the app was given none.
func (c *Common) Context() context.Context {
	if c.Ctx == nil {
		return context.Background()
	}
	return c.Ctx
}

// Block marks a command that waits on something outside the app.
func (c *Common) Block(cmd tea.Cmd) tea.Cmd {
	if cmd == nil || c.Blocking == nil {
		return cmd
	}
	return c.Blocking(cmd)
}

// Now is the time games are played in.
func (c *Common) Now() time.Time { return c.Clock.Now() }

// NextGen hands out a session generation.
func (c *Common) NextGen() int {
	c.gen++
	return c.gen
}

// KeepOff reports whether unfinished games are not kept (no state
// directory).
func (c *Common) KeepOff() bool { return c.StateDir == "" }

// GamesDir is where finished games go, or "" when they are not kept.
func (c *Common) GamesDir() string {
	if !c.Settings.KeepGames {
		return ""
	}
	if c.Settings.GamesDir != "" {
		return settings.ExpandHome(c.Settings.GamesDir)
	}
	return c.GamesDefault
}

// SessionEnv is what a game's session takes from the settings.
func (c *Common) SessionEnv() SessionEnv {
	return SessionEnv{Ts: c.Clock, EngineCfg: c.EngineConfig(), GamesDir: c.GamesDir(),
		MoveDelay: time.Duration(c.Settings.MoveDelay), Margin: gameMargin, Human: c.Words.Human}
}

// gameMargin is how late a move may arrive after its time ran out: room
// for an engine's reply to travel, and for a key pressed on the last
// tick of the clock.
const gameMargin = 300 * time.Millisecond

// RememberDisplay saves the display settings as they are now on screen.
func (c *Common) RememberDisplay() tea.Cmd {
	return c.SaveSettings(func(s *settings.Settings) {
		if !c.ASCII {
			p := settings.PieceSetting(c.Pieces)
			s.Pieces = &p
			n := settings.NotationSetting(c.Notation)
			s.Notation = &n
			l := settings.LangSetting(c.Lang)
			s.Language = &l
		}
		t := settings.ThemeSetting(c.Theme)
		s.Theme = &t
		wp := settings.WidthSetting(c.Policy)
		s.Width = &wp
		s.AutoFlip = c.AutoFlip
	})
}

func (c *Common) SetPolicy(p WidthPolicy) {
	c.Policy = p
	c.Measure = NewMeasure(p)
}

// SetLang switches the app's words; a terminal limited to ASCII stays in
// English.
func (c *Common) SetLang(l words.Lang) {
	if c.ASCII {
		l = words.English
	}
	c.Lang, c.Words = l, words.WordsFor(l)
	c.Keys = newKeyMap(c.Words, c.ASCII)
}

// SetTheme chooses the board's palette: a fixed theme, or for auto the
// one that suits the terminal's background. The app's own text always
// follows the terminal's background (Dark), whatever the theme, so a
// light board on a dark terminal keeps its key bar and labels readable.
func (c *Common) SetTheme(t Theme) {
	c.Theme = t
	c.Restyle()
}

// BoardDark reports whether the board is drawn in the dark palette.
func (c *Common) BoardDark() bool {
	switch c.Theme {
	case ThemeLight:
		return false
	case ThemeDark:
		return true
	}
	return c.Dark
}

func (c *Common) Restyle() {
	c.Styles = NewStyles(PaletteFor(c.BoardDark(), c.Level), PaletteFor(c.Dark, c.Level), c.Level)
}

// Side names a side for the screen: ▲先手, △White.
func (c *Common) Side(col game.Color) string { return SideLabel(col, c.Words, c.ASCII) }

// SetPieces changes the piece style and the notation that goes with it.
func (c *Common) SetPieces(p PieceStyle) {
	if c.ASCII {
		p = ASCII
	}
	c.Pieces = p
	c.Notation = DefaultNotation(p)
}

// DefaultNotation is the move-list style that goes with a piece style.
func DefaultNotation(p PieceStyle) notation.Style {
	if p.Japanese() {
		return notation.KI2
	}
	return notation.Western
}

// CycleNotation returns the notation d places after s, skipping those a
// 7-bit terminal cannot show.
func (c *Common) CycleNotation(s notation.Style, d int) notation.Style {
	for range notation.Styles() {
		s = cycleStyle(s, d)
		if !c.ASCII || AsciiNotation(s) {
			return s
		}
	}
	return s
}

// AsciiNotation reports whether a notation writes 7-bit text only.
func AsciiNotation(s notation.Style) bool {
	switch s {
	case notation.USI, notation.CSA, notation.Western, notation.Hosking, notation.Romaji:
		return true
	}
	return false
}

// WrapAdd steps v by d around 0..n-1, as a cursor or a choice wraps.
func WrapAdd(v, d, n int) int { return ((v+d)%n + n) % n }

// cycleStyle returns the notation d places after s in notation.Styles.
func cycleStyle(s notation.Style, d int) notation.Style {
	styles := notation.Styles()
	for i, x := range styles {
		if x == s {
			return styles[WrapAdd(i, d, len(styles))]
		}
	}
	return styles[0]
}

// Gw returns the play screen's words for faults, premoves and the bell.
func (c *Common) Gw() *words.GameWords { return words.GameWordsFor(c.Lang) }

func (c *Common) Rw() *words.RemoteWords {
	if c.Lang == words.Japanese {
		return &words.RemoteJapanese
	}
	return &words.RemoteEnglish
}

// EngineChoice is an engine the study can analyse with: a name to show
// and a player spec as game/match reads it (usi:PATH[,NAME=VALUE...] or a
// built-in level).
type EngineChoice struct {
	Name string
	Spec string
}

// EngineOptions are the Options fields the study's engines come from.
type EngineOptions struct {
	Engine string
	// Default is the engine a starts when the command line names none:
	// the settings' study engine, else the strongest built-in level.
	Default  EngineChoice
	Engines  []EngineChoice
	PassTime time.Duration
	Log      io.Writer
}

// StudyEngines are the engines a study offers: the one named on the
// command line, the settings' study engine (the strongest level unless
// they name another), the engines of the settings as they are now, then
// the options' others.
func (c *Common) StudyEngines() EngineOptions {
	o := c.Engines
	var list []EngineChoice
	if c.Settings != nil {
		for _, e := range c.Settings.Engines {
			list = append(list, EngineChoice{Name: e.Name, Spec: e.Spec().String()})
		}
	}
	o.Engines = append(list, o.Engines...)
	sp, name := c.StudySpec()
	o.Default = EngineChoice{Name: PlayerLabel(c, sp, name), Spec: sp.String()}
	return o
}
