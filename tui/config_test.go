package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"shogi/app/settings"
	"shogi/tui/common"
)

// A broken settings file: the app starts with the defaults and says
// where the file is wrong (that the settings screen never writes over it
// is tui/prefs's TestBrokenFileKept).
func TestBrokenSettingsFileKept(t *testing.T) {
	path := filepath.Join(t.TempDir(), "config.toml")
	broken := "# mine\npieces = 'western'\ntheme = [\n"
	if err := os.WriteFile(path, []byte(broken), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := settings.Load(path)
	if err == nil {
		t.Fatal("a broken file read without error")
	}
	h := newHarness(t, Options{Settings: s, SettingsPath: path, SettingsErr: err})
	if sc := h.screen(); !strings.Contains(sc, "config.toml:3") || !strings.Contains(sc, "defaults") {
		t.Fatalf("the menu does not say where the file is broken:\n%s", sc)
	}
	// A missing file is the defaults, and no error.
	if s, err := settings.Load(filepath.Join(t.TempDir(), "none.toml")); err != nil || !s.KeepGames {
		t.Errorf("missing file: %+v, %v", s, err)
	}
}

// Settings changed in the app are in the file, and the next start reads
// them.
func TestSettingsPersist(t *testing.T) {
	path := filepath.Join(t.TempDir(), "shogi", "config.toml")
	s, _ := settings.Load(path)
	h := newHarness(t, Options{Settings: s, SettingsPath: path})
	h.menuItem("Settings")
	h.press("right")                                 // pieces: kanji → western
	h.press("down", "down", "down", "down", "right") // theme
	// Past language, move delay, bell, keep games and pondering.
	for range 6 {
		h.press("down")
	}
	h.press("enter", "ctrl+u", "Hanako", "enter") // player 1's name
	back, err := settings.Load(path)
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
	if rec := h2.m.playShown().Record(); rec.Header("先手") != "Hanako" {
		t.Errorf("先手 %q", rec.Header("先手"))
	}
}
