package appdirs

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

// The four folders follow their XDG variables, else the specification's
// defaults under HOME; a relative value is ignored.
func TestFromEnv(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the defaults checked are Linux's")
	}
	d := FromEnv(env(map[string]string{"HOME": "/home/u", "XDG_STATE_HOME": "/s", "XDG_DATA_HOME": "rel/data"}))
	want := Dirs{Config: "/home/u/.config/shogi", State: "/s/shogi", Data: "/home/u/.local/share/shogi", Cache: "/home/u/.cache/shogi"}
	if d != want {
		t.Errorf("FromEnv = %+v, want %+v", d, want)
	}
	if d.SettingsFile() != "/home/u/.config/shogi/config.toml" || d.Games() != "/home/u/.local/share/shogi/games" ||
		d.Tables() != "/home/u/.local/share/shogi/tables" || d.Log("engines.log") != "/home/u/.cache/shogi/engines.log" {
		t.Errorf("files: %s %s %s %s", d.SettingsFile(), d.Games(), d.Tables(), d.Log("engines.log"))
	}
	if got := FromEnv(env(map[string]string{"HOME": "relative"})); got.State != "" || got.SettingsFile() != "" {
		t.Errorf("no usable home: %+v", got)
	}
}

// An older version's layout under the config folder is moved once: kept
// games, edits, the autosave and the picker's folder to state, the
// server's games to tables/ in data; the settings stay; a second start
// moves nothing; what is already in the new place is not overwritten.
func TestMigrate(t *testing.T) {
	root := t.TempDir()
	d := FromEnv(env(map[string]string{"XDG_CONFIG_HOME": filepath.Join(root, "config"), "XDG_STATE_HOME": filepath.Join(root, "state"),
		"XDG_DATA_HOME": filepath.Join(root, "data"), "XDG_CACHE_HOME": filepath.Join(root, "cache")}))
	write := func(p, text string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(d.Config, "config.toml"), "theme = 'dark'\n")
	write(filepath.Join(d.Config, "kept", "a.json"), "a")
	write(filepath.Join(d.Config, "kept", "b.json"), "b")
	write(filepath.Join(d.Config, "edits", "e.json"), "e")
	write(filepath.Join(d.Config, "autosave.txt"), "old")
	write(filepath.Join(d.Config, "study-lastdir"), "/x")
	write(filepath.Join(d.Config, "games", "20260101-K-a-b.kif"), "kif")
	// Something already in the new place stays.
	write(filepath.Join(d.State, "kept", "b.json"), "new b")

	moved, err := d.Migrate()
	if err == nil || !strings.Contains(err.Error(), "b.json") {
		t.Errorf("a kept game in both places: err %v", err)
	}
	if len(moved) != 5 {
		t.Errorf("moved %v, want five things", moved)
	}
	for p, want := range map[string]string{
		filepath.Join(d.State, "kept", "a.json"):              "a",
		filepath.Join(d.State, "kept", "b.json"):              "new b",
		filepath.Join(d.State, "edits", "e.json"):             "e",
		filepath.Join(d.State, "autosave.txt"):                "old",
		filepath.Join(d.State, "study-lastdir"):               "/x",
		filepath.Join(d.Data, "tables", "20260101-K-a-b.kif"): "kif",
		filepath.Join(d.Config, "config.toml"):                "theme = 'dark'\n",
		filepath.Join(d.Config, "kept", "b.json"):             "b",
	} {
		if got, err := os.ReadFile(p); err != nil || string(got) != want {
			t.Errorf("%s: %q, %v; want %q", p, got, err, want)
		}
	}
	for _, gone := range []string{"edits", "autosave.txt", "study-lastdir", "games", filepath.Join("kept", "a.json")} {
		if _, err := os.Stat(filepath.Join(d.Config, gone)); err == nil {
			t.Errorf("%s is still in the config folder", gone)
		}
	}
	// Once the conflict is resolved, the rest goes, and then nothing more.
	os.Remove(filepath.Join(d.Config, "kept", "b.json"))
	if moved, err := d.Migrate(); err != nil || len(moved) != 1 {
		t.Errorf("second start: moved %v, %v; want the emptied kept folder", moved, err)
	}
	if moved, err := d.Migrate(); err != nil || len(moved) != 0 {
		t.Errorf("third start: moved %v, %v", moved, err)
	}
	if s := (Move{From: "/a", To: "/b"}).String(); s != "moved /a to /b" {
		t.Errorf("Move.String = %q", s)
	}
}
