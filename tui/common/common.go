package common

import (
	"io"
	"log"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"time"

	"shogi/game"
	"shogi/game/match"
	"shogi/game/notation"
	"shogi/tui/words"

	tea "charm.land/bubbletea/v2"
)

// common is shared by every screen.
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

	Settings       *Settings
	SettingsPath   string
	SettingsErr    error
	SettingsWriter *SettingsWriter
	GamesDefault   string
	EngineLog      *log.Logger
	EngineEnv      []string
	Clock          match.TimeSource
	gen            int // the last session generation handed out
	// remote is set for a person on an SSH connection to shogi serve: no
	// file of the server's is written on their behalf (w copies the game
	// to their clipboard instead).
	Remote bool
	// blocking, when set, wraps the commands that wait on something
	// outside (a match's next event, a clock's or a spinner's tick): the
	// tests' harness counts them apart from the commands that finish.
	Blocking func(tea.Cmd) tea.Cmd
	Engines  EngineOptions // the study's engines
}

// block marks a command that waits on something outside the app.
func (c *Common) Block(cmd tea.Cmd) tea.Cmd {
	if cmd == nil || c.Blocking == nil {
		return cmd
	}
	return c.Blocking(cmd)
}

// now is the time games are played in.
func (c *Common) Now() time.Time { return c.Clock.Now() }

// nextGen hands out a session generation.
func (c *Common) NextGen() int {
	c.gen++
	return c.gen
}

// keepOff reports whether unfinished games are not kept (no state
// directory).
func (c *Common) KeepOff() bool { return c.StateDir == "" }

// gamesDir is where finished games go, or "" when they are not kept.
func (c *Common) GamesDir() string {
	if !c.Settings.KeepGames {
		return ""
	}
	if c.Settings.GamesDir != "" {
		return ExpandHome(c.Settings.GamesDir)
	}
	return c.GamesDefault
}

// sessionEnv is what a game's session takes from the settings.
func (c *Common) SessionEnv() SessionEnv {
	return SessionEnv{Ts: c.Clock, EngineCfg: c.EngineConfig(), GamesDir: c.GamesDir(),
		MoveDelay: time.Duration(c.Settings.MoveDelay), Margin: gameMargin, Human: c.Words.Human}
}

// gameMargin is how late a move may arrive after its time ran out: room
// for an engine's reply to travel, and for a key pressed on the last
// tick of the clock.
const gameMargin = 300 * time.Millisecond

// saveSettings changes the settings with edit and writes the file, unless
// it could not be read (it is then never overwritten).
func (c *Common) SaveSettings(edit func(s *Settings)) tea.Cmd {
	edit(c.Settings)
	if c.SettingsErr != nil || c.SettingsPath == "" {
		return nil
	}
	return c.SettingsWriter.write(c.SettingsPath, c.Settings.clone())
}

// rememberDisplay saves the display settings as they are now on screen.
func (c *Common) RememberDisplay() tea.Cmd {
	return c.SaveSettings(func(s *Settings) {
		if !c.ASCII {
			p := PieceSetting(c.Pieces)
			s.Pieces = &p
			n := NotationSetting(c.Notation)
			s.Notation = &n
			l := LangSetting(c.Lang)
			s.Language = &l
		}
		t := ThemeSetting(c.Theme)
		s.Theme = &t
		wp := WidthSetting(c.Policy)
		s.Width = &wp
		s.AutoFlip = c.AutoFlip
	})
}

// expandHome reads a leading ~/ as the home directory.
func ExpandHome(p string) string {
	if rest, ok := strings.CutPrefix(p, "~/"); ok {
		if h, err := os.UserHomeDir(); err == nil {
			return filepath.Join(h, rest)
		}
	}
	return p
}

func (c *Common) SetPolicy(p WidthPolicy) {
	c.Policy = p
	c.Measure = NewMeasure(p)
}

// setLang switches the app's words; a terminal limited to ASCII stays in
// English.
func (c *Common) SetLang(l words.Lang) {
	if c.ASCII {
		l = words.English
	}
	c.Lang, c.Words = l, words.WordsFor(l)
	c.Keys = newKeyMap(c.Words, c.ASCII)
}

// setTheme chooses the palette: a fixed theme, or for auto the background
// the terminal reported (dark until it does).
func (c *Common) SetTheme(t Theme) {
	c.Theme = t
	switch t {
	case ThemeLight:
		c.Dark = false
	case ThemeDark:
		c.Dark = true
	}
	c.Restyle()
}

func (c *Common) Restyle() { c.Styles = NewStyles(PaletteFor(c.Dark, c.Level), c.Level) }

// side names a side for the screen: ▲先手, △White.
func (c *Common) Side(col game.Color) string { return SideLabel(col, c.Words, c.ASCII) }

// setPieces changes the piece style and the notation that goes with it.
func (c *Common) SetPieces(p PieceStyle) {
	if c.ASCII {
		p = ASCII
	}
	c.Pieces = p
	c.Notation = DefaultNotation(p)
}

// defaultNotation is the move-list style that goes with a piece style.
func DefaultNotation(p PieceStyle) notation.Style {
	if p.Japanese() {
		return notation.KI2
	}
	return notation.Western
}

// cycleNotation returns the notation d places after s, skipping those a
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

// asciiNotation reports whether a notation writes 7-bit text only.
func AsciiNotation(s notation.Style) bool {
	switch s {
	case notation.USI, notation.CSA, notation.Western, notation.Hosking, notation.Romaji:
		return true
	}
	return false
}

// wrapAdd steps v by d around 0..n-1, as a cursor or a choice wraps.
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

// engineOptions are the Options fields the study's engines come from.
type EngineOptions struct {
	Engine   string
	Engines  []EngineChoice
	PassTime time.Duration
	Log      io.Writer
}

// studyEngines are the engines a study offers: the one named on the
// command line, the engines of the settings as they are now, then the
// options' others.
func (c *Common) StudyEngines() EngineOptions {
	o := c.Engines
	var list []EngineChoice
	if c.Settings != nil {
		for _, e := range c.Settings.Engines {
			list = append(list, EngineChoice{Name: e.Name, Spec: e.Spec().String()})
		}
	}
	o.Engines = append(list, o.Engines...)
	return o
}
