package prefs

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"shogi/app/settings"
	"shogi/app/words"
	"shogi/assets"
	"shogi/internal/testenv"
	"shogi/tui/common"
	"shogi/tui/internal/screentest"
)

func TestMain(m *testing.M) {
	cleanup := testenv.Isolate()
	code := m.Run()
	cleanup()
	os.Exit(code)
}

// open drives the settings screen alone on c.
func open(t *testing.T, c *common.Common) (*screentest.Alone, *screentest.Driver) {
	t.Helper()
	return screentest.NewAlone(t, c, New(c))
}

// footer is the screen's last line of text: the page's keys.
func footer(screen string) string {
	lines := strings.Split(strings.TrimRight(screen, " \n"), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}

// Every setting steps and is kept in the file.
func TestEverySettingSteps(t *testing.T) {
	c := screentest.NewCommon(t)
	_, d := open(t, c)
	rows := len((settingsPage{}).Rows())
	before := d.Screen()
	for range rows - 1 {
		d.Press("right")
		d.Press("down")
	}
	if d.Screen() == before {
		t.Fatal("nothing changed")
	}
	back, err := settings.Load(c.SettingsPath)
	if err != nil {
		t.Fatal(err)
	}
	if back.Pieces == nil || back.Notation == nil || back.Theme == nil || back.Language == nil || back.Width == nil ||
		!back.AutoFlip || back.KeepGames || !back.Ponder || back.MoveDelay == settings.Duration(500*time.Millisecond) || back.Hint == "" {
		data, _ := os.ReadFile(c.SettingsPath)
		t.Errorf("not every setting was kept:\n%s", data)
	}
}

// Every form follows one rule: enter does what the footer says. On the
// settings page the footer names enter's action for the row under the
// cursor (change, edit or open) and enter does it.
func TestEnterDoesWhatTheFooterSays(t *testing.T) {
	c := screentest.NewCommon(t)
	c.Width, c.Height = 120, 40
	w := c.Words
	_, d := open(t, c)
	for i := range (settingsPage{}).Rows() {
		before := d.Screen()
		foot := footer(before)
		d.Press("enter")
		after := d.Screen()
		switch {
		case strings.Contains(foot, "enter change"):
			if after == before {
				t.Errorf("settings row %d: the footer says enter changes, it did not", i)
			}
			d.Press("left")
		case strings.Contains(foot, "enter edit"):
			if !strings.Contains(after, w.TypeHintName) {
				t.Errorf("settings row %d: the footer says enter edits, it did not:\n%s", i, after)
			}
			d.Press("esc")
		case strings.Contains(foot, "enter open"):
			if f := footer(after); f != w.EnginesKeys && f != words.BookWordsFor(c.Lang).BooksKeys {
				t.Errorf("settings row %d: the footer says enter opens, it did not:\n%s", i, after)
			}
			d.Press("esc")
		default:
			t.Errorf("settings row %d: the footer names no action for enter:\n%s", i, foot)
		}
		if footer(d.Screen()) == w.EnginesKeys {
			t.Fatalf("row %d: esc did not leave the page it opened", i)
		}
		d.Press("down")
	}
}

// A settings file that could not be read is never written over, even
// when a setting is changed, and the page says the changes are not
// kept.
func TestBrokenFileKept(t *testing.T) {
	path := filepath.Join(t.TempDir(), "config.toml")
	broken := "# mine\npieces = 'western'\ntheme = [\n"
	if err := os.WriteFile(path, []byte(broken), 0o644); err != nil {
		t.Fatal(err)
	}
	st, err := settings.Load(path)
	if err == nil {
		t.Fatal("a broken file read without error")
	}
	c := screentest.NewCommon(t)
	c.Settings, c.SettingsPath, c.SettingsErr = st, path, err
	_, d := open(t, c)
	d.Press("right") // pieces
	if !strings.Contains(d.Screen(), "not saved") {
		t.Errorf("the settings page does not say changes are not saved:\n%s", d.Screen())
	}
	if data, _ := os.ReadFile(path); string(data) != broken {
		t.Fatalf("the broken file was overwritten:\n%s", data)
	}
}

// The players' names are typed and kept.
func TestNameTyped(t *testing.T) {
	c := screentest.NewCommon(t)
	_, d := open(t, c)
	for i := 0; ; i++ {
		if row, _ := screentest.CursorRow(d.Screen()); strings.Contains(row, c.Words.Name1) {
			break
		}
		if i > 20 {
			t.Fatalf("no row for player 1's name:\n%s", d.Screen())
		}
		d.Press("down")
	}
	d.Press("enter", "ctrl+u", "Hanako", "enter")
	back, err := settings.Load(c.SettingsPath)
	if err != nil || back.Names.Player1 != "Hanako" {
		t.Errorf("player 1's name in the file: %q, %v", back.Names.Player1, err)
	}
	if !strings.Contains(d.Screen(), "[Hanako]") {
		t.Errorf("the page does not show the name:\n%s", d.Screen())
	}
}

// esc leaves the settings for the screen they were opened from, and from
// the engines page goes back to the settings, on the engines' row; ?
// opens the screen's own help, except while a line is typed.
func TestLeaveAndHelp(t *testing.T) {
	c := screentest.NewCommon(t)
	a, d := open(t, c)
	d.Press("?")
	if h, ok := screentest.Last[common.OpenHelpMsg](a); !ok || h.Notes != assets.HelpSettings(false) || !strings.Contains(d.Screen(), "pgup/pgdown") {
		t.Fatalf("? asked for %v:\n%s", a.Asked(), d.Screen())
	}
	d.Press("esc") // closes the help
	a.Forget()
	d.Press("up", "enter") // Engines, the last row
	if footer(d.Screen()) != c.Words.EnginesKeys {
		t.Fatalf("not the engines page:\n%s", d.Screen())
	}
	d.Press("a", "?")
	if _, ok := screentest.Last[common.OpenHelpMsg](a); ok || !strings.Contains(d.Screen(), "/usr/games/?") {
		t.Fatalf("? while a path is typed opened the help (asked %v):\n%s", a.Asked(), d.Screen())
	}
	d.Press("esc", "esc")
	if row, _ := screentest.CursorRow(d.Screen()); !strings.Contains(row, c.Words.EnginesItem) {
		t.Errorf("back from the engines, the cursor is on %q", row)
	}
	if _, ok := screentest.Last[common.ToMenuMsg](a); ok {
		t.Fatal("esc on the engines page left the settings")
	}
	d.Press("esc")
	if _, ok := screentest.Last[common.ToMenuMsg](a); !ok {
		t.Fatalf("esc asked for %v", a.Asked())
	}
}

// The books page says why a book cannot be read in full at 120×40,
// wrapped under the file's row.
func TestBookProblemWraps(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a-rather-long-book-file-name-from-somewhere-else.db")
	// Unsorted (the start comes before the position after 7g7f), so the
	// page reads it whole and meets the broken line.
	data := "#YANEURAOU-DB2016 1.00\nsfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\n7g7f none 0 0 1\n" +
		"sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2\n3c3d none 0 0 1\n" +
		strings.Repeat("x", 120) + "\n"
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	c := screentest.NewCommon(t)
	c.Settings.Book.Files = []string{path}
	_, d := open(t, c)
	d.Send(screentest.WindowSize(120, 40))
	d.Press("up", "up", "enter") // the books, above the engines
	in := c.Shelf.Info(path)
	if in.Err == nil {
		t.Fatalf("the broken book reads: %+v", in)
	}
	want := strings.Join(strings.Fields(common.BookProblemText(words.BookWordsFor(words.English), in.Err)), " ")
	if got := strings.Join(strings.Fields(d.Screen()), " "); !strings.Contains(got, want) {
		t.Errorf("the page lacks %q:\n%s", want, d.Screen())
	}
}

// The path of an engine to add starts in /usr/games/; a path typed whole
// on its end stands for itself (it was tried as /usr/games//tmp/x).
func TestTypedEnginePath(t *testing.T) {
	for in, want := range map[string]string{
		"/usr/games/fairy-stockfish": "/usr/games/fairy-stockfish",
		"/usr/games//opt/yane/yane":  "/opt/yane/yane",
		"/usr/games/~/engines/x":     "~/engines/x",
		"/opt/x":                     "/opt/x",
	} {
		if got := typedPath(in); got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
}
