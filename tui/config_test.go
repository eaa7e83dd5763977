package tui

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"shogi/tui/common"
	"shogi/tui/words"

	"shogi/game/match"
	"shogi/game/notation"
)

// A settings file written by the app reads back the same, comments and
// all keys included.
func TestSettingsRoundTrip(t *testing.T) {
	s := common.DefaultSettings()
	p, n, th, l, w := common.PieceSetting(common.Western), common.NotationSetting(notation.Hosking), common.ThemeSetting(common.ThemeLight), common.LangSetting(words.Japanese), common.WidthSetting(common.Wide)
	s.Pieces, s.Notation, s.Theme, s.Language, s.Width = &p, &n, &th, &l, &w
	s.AutoFlip, s.MoveDelay, s.KeepGames, s.GamesDir, s.Hint = true, common.Duration(time.Second), false, "~/kifu", "greedy"
	s.Names = common.PlayerNames{Player1: "山田", Player2: "佐藤"}
	s.Clock = common.ClockFrom([2]match.TimeControl{{Main: 10 * time.Minute, Byoyomi: 30 * time.Second}, {Main: 5 * time.Minute, Byoyomi: 30 * time.Second}})
	s.Engines = []common.EngineEntry{{Name: "Fairy (skill 3)", Path: "/usr/games/fairy-stockfish", Options: map[string]any{"Skill Level": int64(3), "Ponder": false, "UCI_Variant": "shogi"}}}
	data, err := s.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	for _, want := range []string{"# piece style", "pieces = 'western'", "move_delay = '1s'", "[[engine]]", "'Skill Level' = 3", "[clock.white]"} {
		if !strings.Contains(text, want) {
			t.Errorf("the file lacks %q:\n%s", want, text)
		}
	}
	back, err := common.ParseSettings("config.toml", data)
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	if *back.Pieces != p || *back.Notation != n || *back.Theme != th || *back.Language != l || *back.Width != w ||
		!back.AutoFlip || back.MoveDelay != common.Duration(time.Second) || back.KeepGames || back.GamesDir != "~/kifu" ||
		back.Hint != "greedy" || back.Names != s.Names || back.Clock.Controls() != s.Clock.Controls() {
		t.Errorf("read back %+v", back)
	}
	if len(back.Engines) != 1 || back.Engines[0].Spec().String() != "usi:/usr/games/fairy-stockfish,Ponder=false,Skill Level=3,UCI_Variant=shogi" {
		t.Errorf("engines read back as %+v", back.Engines)
	}
	if len(back.Warnings()) != 0 {
		t.Errorf("warnings: %q", back.Warnings())
	}
}

// A file that does not parse, or holds a value of the wrong kind, is
// reported with its line and column; the defaults are used.
func TestBrokenSettings(t *testing.T) {
	for _, tc := range []struct {
		text      string
		line, col int
		msg       string
	}{
		{"pieces = 'kanji'\n\n[clock\nmain = '5m'\n", 3, 7, "close table"},
		{"pieces = 'kanji'\ntheme = 'neon'\n", 2, 9, "unknown theme"},
		{"move_delay = 'soon'\n", 1, 14, "not a duration"},
		{"keep_games = 3\n", 1, 14, "bool"},
		{"[clock]\nmain = '-5m'\n", 2, 8, "negative"},
	} {
		s, err := common.ParseSettings("config.toml", []byte(tc.text))
		var se *common.SettingsError
		if !errors.As(err, &se) {
			t.Errorf("%q: %v, want a SettingsError", tc.text, err)
			continue
		}
		if se.Line != tc.line || se.Col != tc.col || !strings.Contains(se.Error(), tc.msg) || !strings.HasPrefix(se.Error(), "config.toml:") {
			t.Errorf("%q: %v (line %d col %d), want line %d col %d with %q", tc.text, se, se.Line, se.Col, tc.line, tc.col, tc.msg)
		}
		if s == nil || s.Pieces != nil || !s.KeepGames || s.MoveDelay != common.DefaultSettings().MoveDelay {
			t.Errorf("%q: not the defaults: %+v", tc.text, s)
		}
	}
	// Unknown keys and an engine without a program are said, not fatal.
	s, err := common.ParseSettings("config.toml", []byte("pieces = 'ascii'\ncolour = 'red'\n[[engine]]\nname = 'x'\n[[engine]]\npath = '/bin/e'\noptions = { a = [1] }\n"))
	if err != nil || common.PieceStyle(*s.Pieces) != common.ASCII || len(s.Engines) != 1 || s.Engines[0].Name != "e" {
		t.Fatalf("%+v, %v", s, err)
	}
	if w := strings.Join(s.Warnings(), "\n"); !strings.Contains(w, `config.toml:2: unknown setting "colour"`) ||
		!strings.Contains(w, "has no path") || !strings.Contains(w, `option "a"`) {
		t.Errorf("warnings:\n%s", w)
	}
}

// A broken settings file: the app starts with the defaults, says where
// the file is wrong, and never writes over it, even when a setting is
// changed.
func TestBrokenSettingsFileKept(t *testing.T) {
	path := filepath.Join(t.TempDir(), "config.toml")
	broken := "# mine\npieces = 'western'\ntheme = [\n"
	if err := os.WriteFile(path, []byte(broken), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := common.LoadSettings(path)
	if err == nil {
		t.Fatal("a broken file read without error")
	}
	h := newHarness(t, Options{Settings: s, SettingsPath: path, SettingsErr: err})
	if sc := h.screen(); !strings.Contains(sc, "config.toml:3") || !strings.Contains(sc, "defaults") {
		t.Fatalf("the menu does not say where the file is broken:\n%s", sc)
	}
	h.press("down", "down", "enter") // Settings
	h.press("right")                 // pieces
	if !strings.Contains(h.screen(), "not saved") {
		t.Errorf("the settings page does not say changes are not saved:\n%s", h.screen())
	}
	if data, _ := os.ReadFile(path); string(data) != broken {
		t.Fatalf("the broken file was overwritten:\n%s", data)
	}
	// A missing file is the defaults, and no error.
	if s, err := common.LoadSettings(filepath.Join(t.TempDir(), "none.toml")); err != nil || !s.KeepGames {
		t.Errorf("missing file: %+v, %v", s, err)
	}
}

// Settings changed in the app are in the file, and the next start reads
// them.
func TestSettingsPersist(t *testing.T) {
	path := filepath.Join(t.TempDir(), "shogi", "config.toml")
	s, _ := common.LoadSettings(path)
	h := newHarness(t, Options{Settings: s, SettingsPath: path})
	h.press("down", "down", "enter")                 // Settings
	h.press("right")                                 // pieces: kanji → western
	h.press("down", "down", "down", "down", "right") // theme
	for range 4 {
		h.press("down")
	}
	h.press("enter", "ctrl+u", "Hanako", "enter") // player 1's name
	back, err := common.LoadSettings(path)
	if err != nil {
		t.Fatal(err)
	}
	if back.Pieces == nil || common.PieceStyle(*back.Pieces) != common.Western || back.Theme == nil || back.Names.Player1 != "Hanako" {
		data, _ := os.ReadFile(path)
		t.Fatalf("the file after the changes:\n%s", data)
	}
	// The next start: the settings apply, and the name is the record's.
	o := Options{Settings: back, SettingsPath: path, Play: true, White: "greedy"}
	o.ApplySettings(back)
	h2 := newHarness(t, o)
	if h2.m.c.Pieces != common.Western || !strings.Contains(h2.screen(), "Hanako") {
		t.Errorf("the next start:\n%s", h2.screen())
	}
	if rec := h2.m.play.Record(); rec.Header("先手") != "Hanako" {
		t.Errorf("先手 %q", rec.Header("先手"))
	}
}
