package tui

import (
	"io"
	"log"
	"math/rand/v2"
	"os"
	"path/filepath"
	"shogi/game"
	"shogi/game/match"
	"shogi/game/notation"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
)

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

func (c *common) rw() *remoteWords {
	if c.lang == Japanese {
		return &remoteJapanese
	}
	return &remoteEnglish
}

// EngineChoice is an engine the study can analyse with: a name to show
// and a player spec as game/match reads it (usi:PATH[,NAME=VALUE...] or a
// built-in level).
type EngineChoice struct {
	Name string
	Spec string
}

// engineOptions are the Options fields the study's engines come from.
type engineOptions struct {
	engine   string
	engines  []EngineChoice
	passTime time.Duration
	log      io.Writer
}

// studyEngines are the engines a study offers: the one named on the
// command line, the engines of the settings as they are now, then the
// options' others.
func (c *common) studyEngines() engineOptions {
	o := c.engines
	var list []EngineChoice
	if c.settings != nil {
		for _, e := range c.settings.Engines {
			list = append(list, EngineChoice{Name: e.Name, Spec: e.Spec().String()})
		}
	}
	o.engines = append(list, o.engines...)
	return o
}
