package settings

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/pelletier/go-toml/v2"

	"shogi/game/analysis"
	"shogi/game/match"
	"shogi/game/usi"
	"shogi/kifu"
)

// Settings is what the app remembers between runs: the settings file
// (config.toml in the user's config directory), a TOML file people may
// edit by hand. Display fields are nil when the file does not set them,
// so the environment (locale, terminal) decides those until the user
// chooses; the command line's flags override them for one run.
type Settings struct {
	Pieces    *PieceSetting    `toml:"pieces,omitempty" comment:"piece style: kanji, western, ascii or kif"`
	Notation  *NotationSetting `toml:"notation,omitempty" comment:"the move list's notation: ki2, kif, western, hosking, romaji, sassersson, csa or usi"`
	Theme     *ThemeSetting    `toml:"theme,omitempty" comment:"the board's colours: auto (follows the terminal's background), light or dark; the text always follows the terminal"`
	Language  *LangSetting     `toml:"language,omitempty" comment:"the app's own words: en or ja"`
	Width     *WidthSetting    `toml:"width,omitempty" comment:"how wide the terminal draws ▲△×: narrow, or wide (CJK terminals)"`
	AutoFlip  bool             `toml:"flip_every_turn" comment:"hot-seat games: turn the board to the side to move"`
	MoveDelay Duration         `toml:"move_delay" comment:"when programs play each other: the pause after each move, e.g. 500ms"`
	Bell      BellSetting      `toml:"bell" comment:"the terminal's bell in a game: off, moves (the opponent's move), clock (each of your last five seconds) or all"`
	KeepGames bool             `toml:"keep_games" comment:"write every finished game to games_dir as KIF"`
	Ponder    bool             `toml:"ponder" comment:"programs think on their opponent's time (pondering): stronger, but a core busy all game; engines that declare USI_Ponder or Ponder"`
	GamesDir  string           `toml:"games_dir,omitempty" comment:"where finished games are kept (default: shogi/games in the user's data directory)"`
	Hint      string           `toml:"hint,omitempty" comment:"who the hint key asks: a built-in level, or the name of an engine below (default: the strongest level)"`
	Study     string           `toml:"study_engine,omitempty" comment:"the engine the study's a starts: a built-in level, or the name of an engine below (default: the strongest level)"`
	Names     PlayerNames      `toml:"names" comment:"the names human players are given in records (先手/後手), by the new-game form's rows"`
	Clock     clockSetting     `toml:"clock" comment:"the new-game form's clock: main time, then byōyomi per move or a Fischer increment (0 is none)"`
	Quiz      QuizSetting      `toml:"quiz" comment:"next-move quizzes from analysed games"`
	Book      BookSetting      `toml:"book" comment:"opening books: the study's book panel and the hint show their moves, and the built-in levels may play from them"`
	Engines   []EngineEntry    `toml:"engine" comment:"USI engines: Settings > Engines adds them (running the engine to read its options)"`
	Servers   []ServerEntry    `toml:"server" comment:"CSA servers the online form remembers, last used first (passwords are never kept here: see csa-passwords.toml)"`

	// warnings are what the file said that the app ignores (unknown
	// keys, engines without a program).
	warnings []string
}

// PlayerNames are the humans' names for records.
type PlayerNames struct {
	Player1 string `toml:"player1"`
	Player2 string `toml:"player2"`
}

// clockSetting is a time control as the settings file writes it: one for
// both sides, or White's own when it differs.
type clockSetting struct {
	Main      Duration   `toml:"main"`
	Byoyomi   Duration   `toml:"byoyomi"`
	Increment Duration   `toml:"increment"`
	White     *clockSide `toml:"white,omitempty" comment:"White's own allowance, when it differs from Black's"`
}

type clockSide struct {
	Main      Duration `toml:"main"`
	Byoyomi   Duration `toml:"byoyomi"`
	Increment Duration `toml:"increment"`
}

// Controls returns Black's and White's allowances.
func (c clockSetting) Controls() [2]match.TimeControl {
	b := match.TimeControl{Main: time.Duration(c.Main), Byoyomi: time.Duration(c.Byoyomi), Increment: time.Duration(c.Increment)}
	w := b
	if c.White != nil {
		w = match.TimeControl{Main: time.Duration(c.White.Main), Byoyomi: time.Duration(c.White.Byoyomi), Increment: time.Duration(c.White.Increment)}
	}
	return [2]match.TimeControl{b, w}
}

// ClockFrom is the setting for Black's and White's allowances.
func ClockFrom(tc [2]match.TimeControl) clockSetting {
	c := clockSetting{Main: Duration(tc[0].Main), Byoyomi: Duration(tc[0].Byoyomi), Increment: Duration(tc[0].Increment)}
	if tc[1] != tc[0] {
		c.White = &clockSide{Main: Duration(tc[1].Main), Byoyomi: Duration(tc[1].Byoyomi), Increment: Duration(tc[1].Increment)}
	}
	return c
}

// EngineEntry is one USI engine of the list: the name the app shows
// (the engine's own "id name" unless the user renamed it), the program,
// and the options to set, by name (TOML integers for spin options,
// booleans for check options, strings otherwise).
type EngineEntry struct {
	Name    string         `toml:"name"`
	Path    string         `toml:"path"`
	Options map[string]any `toml:"options,omitempty"`
}

// USISettings returns the entry's options as USI settings, in name order.
func (e EngineEntry) USISettings() []usi.Setting {
	names := make([]string, 0, len(e.Options))
	for k := range e.Options {
		names = append(names, k)
	}
	sort.Strings(names)
	out := make([]usi.Setting, 0, len(names))
	for _, n := range names {
		out = append(out, usi.Setting{Name: n, Value: OptionText(e.Options[n])})
	}
	return out
}

// OptionText writes a TOML value as USI sends it.
func OptionText(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case bool:
		return strconv.FormatBool(x)
	case int64:
		return strconv.FormatInt(x, 10)
	case int:
		return strconv.Itoa(x)
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	return fmt.Sprint(v)
}

// Spec is the player the entry names, for game/match.
func (e EngineEntry) Spec() match.Spec {
	return match.Spec{Kind: match.USIKind, Name: e.Path, Options: e.USISettings()}
}

// ServerEntry is a CSA server the online form remembers: where, who
// logs in, the x1 game asked for ("" logs in plainly), who plays (a spec
// game/match reads, or an engine's name in the list) and the keep-alive.
// The password is not here: Passwords keeps it, when the user asks.
type ServerEntry struct {
	Addr      string   `toml:"addr"`
	ID        string   `toml:"id"`
	Game      string   `toml:"game,omitempty"`
	Player    string   `toml:"player,omitempty"`
	KeepAlive Duration `toml:"keepalive,omitempty"`
	// Margin is kept back from the engine's time (csa.Config.Margin);
	// 0 is csa.DefaultMargin.
	Margin Duration `toml:"margin,omitempty"`
}

// Key is how the passwords file names the entry's login: id@host:port.
func (e ServerEntry) Key() string { return e.ID + "@" + e.Addr }

// RememberServer puts e first in the list of servers, in place of an
// entry for the same login, keeping at most maxServers.
func (s *Settings) RememberServer(e ServerEntry) {
	out := []ServerEntry{e}
	for _, x := range s.Servers {
		if x.Key() != e.Key() && len(out) < maxServers {
			out = append(out, x)
		}
	}
	s.Servers = out
}

// maxServers is how many servers the form remembers.
const maxServers = 10

// QuizSetting says which moves of an analysed game become next-move
// quizzes and which answers count.
type QuizSetting struct {
	From   string  `toml:"from" comment:"the least mark that makes a quiz: inaccuracy, dubious, mistake or blunder (ShogiHome's 5, 10, 20 and 50 points of winning chance lost)"`
	Margin float64 `toml:"margin" comment:"an answer counts when it loses at most this many points of winning chance against the position's value"`
}

// QuizMarks are the marks a quiz may be made from, mildest first.
var QuizMarks = []analysis.Mark{analysis.Inaccuracy, analysis.Dubious, analysis.Mistake, analysis.Blunder}

// QuizOptions are the quizzes' options the settings give: ShogiHome's
// thresholds, quizzes from the mark From up, answers within Margin.
func (s *Settings) QuizOptions() analysis.QuizOptions {
	o := analysis.DefaultQuizOptions()
	for _, m := range QuizMarks {
		if m.String() == s.Quiz.From {
			o.Least = m
		}
	}
	if s.Quiz.Margin > 0 && s.Quiz.Margin < 100 {
		o.Margin = s.Quiz.Margin
	}
	return o
}

// Default are the settings of a fresh install.
func Default() *Settings {
	d := analysis.DefaultQuizOptions()
	return &Settings{MoveDelay: Duration(500 * time.Millisecond), KeepGames: true,
		Quiz: QuizSetting{From: d.Least.String(), Margin: d.Margin},
		Book: defaultBookSetting()}
}

// FileError is a settings file that cannot be read: where and why.
// The app then starts with the defaults and does not write the file.
type FileError struct {
	Path      string
	Line, Col int // 0 when the whole file failed (it cannot be opened)
	Msg       string
}

func (e *FileError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d:%d: %s", e.Path, e.Line, e.Col, e.Msg)
	}
	return e.Path + ": " + e.Msg
}

// Load reads the settings file at path. A missing file gives
// the defaults and no error. A file that cannot be read or parsed gives
// the defaults and a *FileError saying where and why. Keys the app
// does not know are ignored and reported by Warnings.
func Load(path string) (*Settings, error) {
	s := Default()
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return s, nil
	}
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return s, &FileError{Path: path, Msg: err.Error()}
	}
	return Parse(path, data)
}

// Parse reads a settings file's text.
func Parse(path string, data []byte) (*Settings, error) {
	s := Default()
	if err := toml.Unmarshal(data, s); err != nil {
		var de *toml.DecodeError
		if errors.As(err, &de) {
			row, col := de.Position()
			msg := strings.TrimPrefix(de.Error(), "toml: ")
			if k := de.Key(); len(k) > 0 {
				msg = strings.Join(k, ".") + ": " + msg
			}
			return Default(), &FileError{Path: path, Line: row, Col: col, Msg: msg}
		}
		return Default(), &FileError{Path: path, Msg: err.Error()}
	}
	// Keys the app does not know: said, not fatal (a newer version's
	// setting, or a typing slip the user should hear about).
	d := toml.NewDecoder(bytes.NewReader(data))
	d.DisallowUnknownFields()
	var strict Settings
	if err := d.Decode(&strict); err != nil {
		var se *toml.StrictMissingError
		if errors.As(err, &se) {
			for _, e := range se.Errors {
				row, _ := e.Position()
				s.warnings = append(s.warnings, fmt.Sprintf("%s:%d: unknown setting %q (ignored)", path, row, strings.Join(e.Key(), ".")))
			}
		}
	}
	kept := s.Engines[:0]
	for i, e := range s.Engines {
		switch {
		case strings.TrimSpace(e.Path) == "":
			s.warnings = append(s.warnings, fmt.Sprintf("%s: engine %d (%q) has no path (ignored)", path, i+1, e.Name))
			continue
		case e.Name == "":
			e.Name = filepath.Base(e.Path)
		}
		for k, v := range e.Options {
			switch v.(type) {
			case string, bool, int64, float64:
			default:
				s.warnings = append(s.warnings, fmt.Sprintf("%s: engine %q: option %q is not a number, true/false or a string (ignored)", path, e.Name, k))
				delete(e.Options, k)
			}
		}
		kept = append(kept, e)
	}
	s.Engines = kept
	if o := s.QuizOptions(); o.Least.String() != s.Quiz.From || o.Margin != s.Quiz.Margin {
		s.warnings = append(s.warnings, fmt.Sprintf("%s: quiz: from %q, margin %g: want inaccuracy, dubious, mistake or blunder, and a margin between 0 and 100 (using %s, %g)",
			path, s.Quiz.From, s.Quiz.Margin, o.Least, o.Margin))
		s.Quiz = QuizSetting{From: o.Least.String(), Margin: o.Margin}
	}
	// The clock obeys the one rule of time controls (match.TimeControl's
	// Validate), as the new-game form does: a clock the form would refuse
	// is said and dropped, not offered.
	for c, tc := range s.Clock.Controls() {
		if err := tc.Validate(); err != nil {
			key := "clock"
			if c == 1 {
				key = "clock.white"
			}
			s.warnings = append(s.warnings, fmt.Sprintf("%s: %s: %s: %v (using no clock)", path, key, tc, err))
			s.Clock = clockSetting{}
			break
		}
	}
	if s.Book.Plies < 0 {
		s.warnings = append(s.warnings, fmt.Sprintf("%s: book: plies %d is below 0 (taken as 0: the levels do not play from the books)", path, s.Book.Plies))
		s.Book.Plies = 0
	}
	return s, nil
}

// Warnings lists what the settings file holds that the app ignored.
func (s *Settings) Warnings() []string { return s.warnings }

// settingsHeader starts the file the app writes.
const settingsHeader = `# shogi's settings. The app rewrites this file when a setting changes in it
# (comments you add are not kept); edit it while the app is not running.
# A key left out takes its default.

`

// Marshal writes the settings as the file holds them.
func (s *Settings) Marshal() ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(settingsHeader)
	enc := toml.NewEncoder(&b)
	enc.SetIndentTables(false)
	if err := enc.Encode(s); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// Clone copies s deeply enough that the copy can be changed or written
// while s changes.
func (s *Settings) Clone() *Settings {
	c := *s
	c.Engines = make([]EngineEntry, len(s.Engines))
	for i, e := range s.Engines {
		c.Engines[i] = e
		c.Engines[i].Options = make(map[string]any, len(e.Options))
		for k, v := range e.Options {
			c.Engines[i].Options[k] = v
		}
	}
	c.Servers = slices.Clone(s.Servers)
	if s.Clock.White != nil {
		w := *s.Clock.White
		c.Clock.White = &w
	}
	c.Book.Files = slices.Clone(s.Book.Files)
	c.warnings = slices.Clone(s.warnings)
	return &c
}

// Engine finds an engine of the list by its name.
func (s *Settings) Engine(name string) (EngineEntry, bool) {
	for _, e := range s.Engines {
		if e.Name == name {
			return e, true
		}
	}
	return EngineEntry{}, false
}

// Writer writes the settings file, one write at a time and never an
// older state over a newer one (the screens write from commands that may
// run in any order).
type Writer struct {
	mu      sync.Mutex
	written int // the sequence number of the last state written
	next    int
}

// Prepare takes the settings as they are now (encoded at once, so s may
// change afterwards) and returns the write of them to path, to run off
// the UI loop. The write reports done false when a newer state was
// written first (nothing is written then).
func (w *Writer) Prepare(path string, s *Settings) func() (done bool, err error) {
	w.mu.Lock()
	w.next++
	seq := w.next
	w.mu.Unlock()
	data, err := s.Marshal()
	return func() (bool, error) {
		if err != nil {
			return true, err
		}
		w.mu.Lock()
		defer w.mu.Unlock()
		if seq <= w.written {
			return false, nil
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return true, err
		}
		if err := kifu.WriteFileAtomic(path, data); err != nil {
			return true, err
		}
		w.written = seq
		return true, nil
	}
}
