package settings

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"shogi/game/book"
	"shogi/game/match"
	"shogi/game/notation"
)

// A settings file written by the app reads back the same, comments and
// all keys included.
func TestRoundTrip(t *testing.T) {
	s := Default()
	p, n, th, l, w := PieceSetting(Western), NotationSetting(notation.Hosking), ThemeSetting(ThemeLight), LangSetting(Japanese), WidthSetting(Wide)
	s.Pieces, s.Notation, s.Theme, s.Language, s.Width = &p, &n, &th, &l, &w
	s.AutoFlip, s.MoveDelay, s.KeepGames, s.GamesDir, s.Hint = true, Duration(time.Second), false, "~/kifu", "greedy"
	s.Names = PlayerNames{Player1: "山田", Player2: "佐藤"}
	s.Bell = BellSetting(BellClock)
	s.Clock = ClockFrom([2]match.TimeControl{{Main: 10 * time.Minute, Byoyomi: 30 * time.Second}, {Main: 5 * time.Minute, Byoyomi: 30 * time.Second}})
	s.Engines = []EngineEntry{{Name: "Fairy (skill 3)", Path: "/usr/games/fairy-stockfish", Options: map[string]any{"Skill Level": int64(3), "Ponder": false, "UCI_Variant": "shogi"}}}
	data, err := s.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	for _, want := range []string{"# piece style", "pieces = 'western'", "move_delay = '1s'", "bell = 'clock'", "[[engine]]", "'Skill Level' = 3", "[clock.white]"} {
		if !strings.Contains(text, want) {
			t.Errorf("the file lacks %q:\n%s", want, text)
		}
	}
	back, err := Parse("config.toml", data)
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	if *back.Pieces != p || *back.Notation != n || *back.Theme != th || *back.Language != l || *back.Width != w ||
		!back.AutoFlip || back.MoveDelay != Duration(time.Second) || back.KeepGames || back.GamesDir != "~/kifu" ||
		back.Hint != "greedy" || back.Names != s.Names || back.Bell != s.Bell || back.Clock.Controls() != s.Clock.Controls() {
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
func TestBroken(t *testing.T) {
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
		s, err := Parse("config.toml", []byte(tc.text))
		var se *FileError
		if !errors.As(err, &se) {
			t.Errorf("%q: %v, want a SettingsError", tc.text, err)
			continue
		}
		if se.Line != tc.line || se.Col != tc.col || !strings.Contains(se.Error(), tc.msg) || !strings.HasPrefix(se.Error(), "config.toml:") {
			t.Errorf("%q: %v (line %d col %d), want line %d col %d with %q", tc.text, se, se.Line, se.Col, tc.line, tc.col, tc.msg)
		}
		if s == nil || s.Pieces != nil || !s.KeepGames || s.MoveDelay != Default().MoveDelay {
			t.Errorf("%q: not the defaults: %+v", tc.text, s)
		}
	}
	// Unknown keys and an engine without a program are said, not fatal.
	s, err := Parse("config.toml", []byte("pieces = 'ascii'\ncolour = 'red'\n[[engine]]\nname = 'x'\n[[engine]]\npath = '/bin/e'\noptions = { a = [1] }\n"))
	if err != nil || PieceStyle(*s.Pieces) != ASCII || len(s.Engines) != 1 || s.Engines[0].Name != "e" {
		t.Fatalf("%+v, %v", s, err)
	}
	if w := strings.Join(s.Warnings(), "\n"); !strings.Contains(w, `config.toml:2: unknown setting "colour"`) ||
		!strings.Contains(w, "has no path") || !strings.Contains(w, `option "a"`) {
		t.Errorf("warnings:\n%s", w)
	}
}

// The file the app writes is byte for byte what the writer wrote before
// the settings left the screens' package: testdata holds that writer's
// output (at 23d5efc) for the defaults, every display value set, and
// every table filled.
func TestFileUnchanged(t *testing.T) {
	full := Default()
	p, n, th, l, w := PieceSetting(Western), NotationSetting(notation.Hosking), ThemeSetting(ThemeLight), LangSetting(Japanese), WidthSetting(Wide)
	full.Pieces, full.Notation, full.Theme, full.Language, full.Width = &p, &n, &th, &l, &w
	full.AutoFlip, full.MoveDelay, full.KeepGames, full.GamesDir, full.Hint, full.Study = true, Duration(time.Second), false, "~/kifu", "greedy", "Fairy (skill 3)"
	full.Ponder = true
	full.Names = PlayerNames{Player1: "山田", Player2: "佐藤"}
	full.Bell = BellSetting(BellClock)
	full.Clock = ClockFrom([2]match.TimeControl{{Main: 10 * time.Minute, Byoyomi: 30 * time.Second}, {Main: 5 * time.Minute, Byoyomi: 30 * time.Second}})
	full.Engines = []EngineEntry{{Name: "Fairy (skill 3)", Path: "/usr/games/fairy-stockfish", Options: map[string]any{"Skill Level": int64(3), "Ponder": false, "UCI_Variant": "shogi", "Hash": 1.5}}, {Name: "gps", Path: "/usr/games/gpsusi"}}
	full.Servers = []ServerEntry{{Addr: "localhost:4081", ID: "me", Game: "g1-600-10", Player: "greedy", KeepAlive: Duration(30 * time.Second)}, {Addr: "example.org:4081", ID: "you"}}
	full.Quiz = QuizSetting{From: "blunder", Margin: 8}
	full.Book = BookSetting{Files: []string{"~/books/a.db", "/tmp/b.db"}, Play: PickSetting(book.Best), Plies: 24}

	display := Default()
	p2, n2, th2, l2, w2 := PieceSetting(KIF), NotationSetting(notation.CSA), ThemeSetting(ThemeDark), LangSetting(English), WidthSetting(Narrow)
	display.Pieces, display.Notation, display.Theme, display.Language, display.Width = &p2, &n2, &th2, &l2, &w2
	display.Bell = BellSetting(BellAll)
	display.Clock = ClockFrom([2]match.TimeControl{{Main: 90 * time.Minute, Increment: 5 * time.Second}, {Main: 90 * time.Minute, Increment: 5 * time.Second}})
	display.Book = BookSetting{Play: PickSetting(book.Off), Plies: 0}

	for name, s := range map[string]*Settings{"default.toml": Default(), "full.toml": full, "display.toml": display} {
		want, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		got, err := s.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Errorf("%s: the file differs from the old writer's:\n%s\n--- want\n%s", name, got, want)
		}
		// Read back and written again, it is the same file.
		back, err := Parse(name, want)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if again, _ := back.Marshal(); string(again) != string(want) {
			t.Errorf("%s: read and written again, it differs:\n%s", name, again)
		}
	}
}

// The writer never puts an older state over a newer one: a write
// prepared first and run last writes nothing.
func TestWriterOrder(t *testing.T) {
	path := filepath.Join(t.TempDir(), "shogi", "config.toml")
	var w Writer
	old := Default()
	old.Hint = "random"
	first := w.Prepare(path, old)
	newer := Default()
	newer.Hint = "greedy"
	second := w.Prepare(path, newer)
	if done, err := second(); !done || err != nil {
		t.Fatalf("the newer write: done %v, %v", done, err)
	}
	if done, err := first(); done || err != nil {
		t.Fatalf("the older write after the newer: done %v, %v", done, err)
	}
	back, err := Load(path)
	if err != nil || back.Hint != "greedy" {
		t.Fatalf("the file holds hint %q (%v), want the newer state's", back.Hint, err)
	}
	// A missing file is the defaults, and no error.
	if s, err := Load(filepath.Join(t.TempDir(), "none.toml")); err != nil || !s.KeepGames {
		t.Errorf("missing file: %+v, %v", s, err)
	}
}

// The settings file's clock obeys the rule the new-game form does
// (match.TimeControl.Validate): byōyomi with an increment is said,
// naming the file and the key, and the form is offered no clock instead
// (a time below zero does not read: a FileError); a clock the rule
// allows is kept.
func TestClockValidated(t *testing.T) {
	for _, tc := range []struct {
		text, key string
		problem   match.TimeProblem
	}{
		{"[clock]\nmain = '10m'\nbyoyomi = '30s'\nincrement = '10s'\n", "clock", match.ByoyomiAndIncrement},
		{"[clock]\nmain = '10m'\nbyoyomi = '30s'\n[clock.white]\nmain = '5m'\nbyoyomi = '10s'\nincrement = '5s'\n", "clock.white", match.ByoyomiAndIncrement},
	} {
		s, err := Parse("/home/u/.config/shogi/config.toml", []byte(tc.text))
		if err != nil {
			t.Fatalf("%q: %v", tc.text, err)
		}
		want := (&match.TimeControlError{Problem: tc.problem}).Error()
		w := strings.Join(s.Warnings(), "\n")
		if !strings.HasPrefix(w, "/home/u/.config/shogi/config.toml: "+tc.key+": ") || !strings.Contains(w, want) {
			t.Errorf("%q: warnings %q, want the file, %s and %q", tc.text, w, tc.key, want)
		}
		for _, c := range s.Clock.Controls() {
			if !c.IsZero() {
				t.Errorf("%q: the clock offered is %v, want none", tc.text, s.Clock.Controls())
			}
		}
	}
	s, err := Parse("config.toml", []byte("[clock]\nmain = '10m'\nincrement = '10s'\n"))
	if err != nil || len(s.Warnings()) != 0 || s.Clock.Controls()[1] != (match.TimeControl{Main: 10 * time.Minute, Increment: 10 * time.Second}) {
		t.Errorf("a valid clock: %v, %q, %v", err, s.Warnings(), s.Clock.Controls())
	}
}
