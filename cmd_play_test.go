package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"shogi/game/match"
	"shogi/tui"
)

func TestPlayBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"--black", "deep"},
		{"--white", "alphazero"},
		{"--style", "chess"},
		{"--handicap", "queen"},
		{"--sfen", "not a position"},
		{"--width", "huge"},
		{"--theme", "neon"},
		{"--lang", "xx"},
		{"--nonsense"},
		{"extra"},
		{"--handicap", "rook", "--sfen", "startpos"},
		{"--white", "usi:"},
		{"--time", "-5m"},
		{"--byoyomi", "10s", "--increment", "5s"},
		{"--time", "ten minutes"},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(append([]string{"play"}, args...), nil, &stdout, &stderr); code != 2 {
			t.Errorf("shogi play %v: exit %d, want 2", args, code)
		}
		if !strings.Contains(stderr.String(), "usage: shogi play") {
			t.Errorf("shogi play %v: no usage on stderr:\n%s", args, stderr.String())
		}
		if e := stderr.String(); strings.HasPrefix(e, "shogi") && !strings.HasPrefix(e, "shogi play: ") {
			t.Errorf("shogi play %v: the error does not begin with the command's name:\n%s", args, stderr.String())
		}
	}
	// Every command's mistakes name it once.
	for _, args := range [][]string{{"play", "--black", "deep"}, {"open", "--ply", "x", "f.kif"}, {"serve", "--idle", "1ms"},
		{"match", "--games", "0", "greedy", "random"}, {"analyse", "--time", "-1s", "f.kif"}} {
		var stdout, stderr bytes.Buffer
		run(args, nil, &stdout, &stderr)
		if strings.Contains(stderr.String(), "shogi shogi") {
			t.Errorf("shogi %v: %s", args, stderr.String())
		}
	}
}

func TestPlayOptions(t *testing.T) {
	var stderr bytes.Buffer
	env := append(os.Environ(), "LANG=ja_JP.UTF-8")
	o, err := playOptions([]string{"--black", "greedy", "--white", "random", "--handicap", "2p", "--furigoma", "--style", "ascii", "--width", "wide", "--theme", "light"}, env, &stderr)
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	if o.Black != "greedy" || o.White != "random" || o.Handicap != "2p" || !o.Furigoma || o.Pieces != tui.ASCII ||
		o.Width != tui.Wide || o.Theme != tui.ThemeLight || o.Lang != tui.Japanese || !o.Play || o.Rand != nil || o.Notation != nil ||
		o.Time != [2]match.TimeControl{} {
		t.Errorf("options = %+v", o)
	}
	// A clock, and an engine as a player.
	o, err = playOptions([]string{"--white", "usi:/usr/games/fairy-stockfish,Skill Level=3", "--time", "5m", "--byoyomi", "1s"}, env, &stderr)
	tc := match.TimeControl{Main: 5 * time.Minute, Byoyomi: time.Second}
	if err != nil || o.Time != [2]match.TimeControl{tc, tc} || o.White != "usi:/usr/games/fairy-stockfish,Skill Level=3" {
		t.Errorf("--time 5m --byoyomi 1s: %+v, %v", o.Time, err)
	}
	// The settings file speaks first; the flags over it.
	cfg := filepath.Join(os.Getenv("XDG_CONFIG_HOME"), "shogi", "config.toml")
	if err := os.MkdirAll(filepath.Dir(cfg), 0o755); err != nil {
		t.Fatal(err)
	}
	defer os.Remove(cfg)
	if err := os.WriteFile(cfg, []byte("pieces = \"western\"\ntheme = \"dark\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	o, err = playOptions([]string{"--theme", "light"}, env, &stderr)
	if err != nil || o.Pieces != tui.Western || o.Theme != tui.ThemeLight {
		t.Errorf("settings under flags: pieces %v theme %v, %v", o.Pieces, o.Theme, err)
	}
	// The locale decides what the flags leave open: LANG=C means ASCII only.
	o, err = playOptions([]string{"--lang", "en"}, []string{"LANG=C"}, &stderr)
	if err != nil || !o.ASCII || o.Lang != tui.English || o.Width != tui.Narrow {
		t.Errorf("LANG=C --lang en: %+v, %v", o, err)
	}
	if d := dirsIn([]string{"XDG_STATE_HOME=/tmp/elsewhere", "XDG_STATE_HOME=/tmp/somewhere"}).State; d != "/tmp/somewhere/shogi" {
		t.Errorf("the state folder with XDG_STATE_HOME set = %q", d)
	}
}

func TestPlayHelp(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"play", "-h"}, nil, &stdout, &stderr); code != 0 {
		t.Errorf("shogi play -h: exit %d, want 0", code)
	}
	if !strings.Contains(stderr.String(), "--furigoma") {
		t.Errorf("help does not list --furigoma:\n%s", stderr.String())
	}
}

// Positions that cannot arise in play are refused with the reasons on one
// line; a missing king (a tsume position) is allowed.
func TestPlayImpossibleSFEN(t *testing.T) {
	for _, c := range []struct{ sfen, want string }{
		{"PPPPk4/9/9/9/9/9/9/9/4K4 b - 1", "can never move"},
		{"4k4/9/9/9/9/9/9/9/4K4 b 2r2b4g4s4n4l19p 1", "19 pawns, but a set has 18"},
	} {
		var stdout, stderr bytes.Buffer
		if code := run([]string{"play", "--sfen", c.sfen}, nil, &stdout, &stderr); code != 1 {
			t.Errorf("play --sfen %q: exit %d, want 1", c.sfen, code)
		}
		out := stderr.String()
		if !strings.Contains(out, c.want) || strings.Count(out, "\n") != 1 {
			t.Errorf("play --sfen %q: stderr %q, want one line with %q", c.sfen, out, c.want)
		}
	}
	var stderr bytes.Buffer
	if _, err := playOptions([]string{"--sfen", "4k4/9/9/9/9/9/9/9/9 b G 1"}, nil, &stderr); err != nil {
		t.Errorf("a position with one king was refused: %v\n%s", err, stderr.String())
	}
}

// A book that cannot be read is no usage mistake: one line naming the
// file, exit 1; a bad --book-pick is, with the usage after it.
func TestPlayBadBook(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.db")
	if err := os.WriteFile(bad, []byte("#YANEURAOU-DB2016 1.00\nsfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\nnot a move line\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, book := range []string{bad, filepath.Join(t.TempDir(), "none.db")} {
		var stdout, stderr bytes.Buffer
		code := run([]string{"play", "--book", book}, nil, &stdout, &stderr)
		out := stderr.String()
		if code != 1 || strings.Count(out, "\n") != 1 || !strings.Contains(out, filepath.Base(book)) || strings.Contains(out, "usage") {
			t.Errorf("play --book %s: exit %d, stderr %q; want 1 and one line naming the file", book, code, out)
		}
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"play", "--book", bad, "--book-pick", "worst"}, nil, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), "usage") {
		t.Errorf("--book-pick worst: exit %d\n%s", code, stderr.String())
	}
}

// The app's folders follow the XDG variables (the tests set them), and
// the engines' log is opened in the cache folder.
func TestAppFolders(t *testing.T) {
	d := dirsIn(os.Environ())
	if got, want := d.State, filepath.Join(os.Getenv("XDG_STATE_HOME"), "shogi"); got != want {
		t.Errorf("state folder %q, want %q", got, want)
	}
	if o, err := serveFlags(nil, io.Discard, d); err != nil || o.games != filepath.Join(os.Getenv("XDG_DATA_HOME"), "shogi", "tables") {
		t.Errorf("serve's games %q, %v", o.games, err)
	}
	if got, want := d.Games(), filepath.Join(os.Getenv("XDG_DATA_HOME"), "shogi", "games"); got != want {
		t.Errorf("gamesDir %q, want %q", got, want)
	}
	if got, want := d.SettingsFile(), filepath.Join(os.Getenv("XDG_CONFIG_HOME"), "shogi", "config.toml"); got != want {
		t.Errorf("settingsPath %q, want %q", got, want)
	}
	w := engineLog(d)
	if w == nil {
		t.Fatal("no engine log")
	}
	if c, ok := w.(interface{ Close() error }); ok {
		c.Close()
	}
	data, err := os.ReadFile(filepath.Join(os.Getenv("XDG_CACHE_HOME"), "shogi", "engines.log"))
	if err != nil || !strings.Contains(string(data), "---- shogi ") {
		t.Errorf("the log: %q, %v", data, err)
	}
	// A broken settings file: the options carry the error, and the
	// defaults.
	cfg := d.SettingsFile()
	if err := os.MkdirAll(filepath.Dir(cfg), 0o755); err != nil {
		t.Fatal(err)
	}
	defer os.Remove(cfg)
	if err := os.WriteFile(cfg, []byte("theme = \n"), 0o644); err != nil {
		t.Fatal(err)
	}
	o := appOptions(os.Environ())
	if o.SettingsErr == nil || o.Settings == nil || !strings.Contains(o.SettingsErr.Error(), "config.toml:1") {
		t.Errorf("broken settings: %v", o.SettingsErr)
	}
}

// An older version's kept games under the config folder are moved to the
// state folder once, when the app starts, and the menu says so; reading
// the options (the flags) moves nothing.
func TestAppMovesOldLayout(t *testing.T) {
	env := os.Environ()
	old := filepath.Join(os.Getenv("XDG_CONFIG_HOME"), "shogi", "kept", "20260101-120000-abcd.json")
	if err := os.MkdirAll(filepath.Dir(old), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(old, []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	kept := filepath.Join(dirsIn(env).State, "kept")
	defer os.RemoveAll(kept)
	o, err := playOptions([]string{"--black", "greedy"}, env, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(old); err != nil || len(o.Notices) != 0 {
		t.Fatalf("reading the flags moved the old folder (%v) or said so (%q)", err, o.Notices)
	}
	o = appOptions(env)
	startApp(&o, env)
	if c, ok := o.EngineLog.(io.Closer); ok {
		defer c.Close()
	}
	if len(o.Notices) != 1 || !strings.Contains(o.Notices[0], "moved "+filepath.Dir(old)) {
		t.Errorf("notices %q", o.Notices)
	}
	if _, err := os.Stat(filepath.Join(kept, filepath.Base(old))); err != nil {
		t.Errorf("the kept game is not in the state folder: %v", err)
	}
	o = appOptions(env)
	if startApp(&o, env); len(o.Notices) != 0 {
		t.Errorf("a second start: %q", o.Notices)
	}
	if c, ok := o.EngineLog.(io.Closer); ok {
		c.Close()
	}
}

// The options come from the environment they are given, not the
// process's: a settings file under another XDG_CONFIG_HOME is the one
// read, and the folders are that environment's.
func TestAppOptionsUseEnv(t *testing.T) {
	other := t.TempDir()
	cfg := filepath.Join(other, "config", "shogi", "config.toml")
	if err := os.MkdirAll(filepath.Dir(cfg), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(cfg, []byte("pieces = 'western'\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	env := []string{"HOME=" + other, "XDG_CONFIG_HOME=" + filepath.Join(other, "config"), "XDG_STATE_HOME=" + filepath.Join(other, "state"),
		"XDG_DATA_HOME=" + filepath.Join(other, "data"), "LANG=C.UTF-8"}
	o := appOptions(env)
	if o.SettingsPath != cfg || o.SettingsErr != nil || o.Pieces != tui.Western {
		t.Errorf("settings %q (%v), pieces %v: want %q's", o.SettingsPath, o.SettingsErr, o.Pieces, cfg)
	}
	if o.StateDir != filepath.Join(other, "state", "shogi") || o.GamesDir != filepath.Join(other, "data", "shogi", "games") {
		t.Errorf("state %q, games %q", o.StateDir, o.GamesDir)
	}
	// The process's own settings say nothing of pieces.
	if p := appOptions(os.Environ()); p.Pieces == tui.Western {
		t.Errorf("the process's environment gave western pieces too")
	}
}

// The display flags work on the menu too, as the README says of every
// screen: "shogi --lang en" opens the menu in English; a bad value or an
// unknown flag is a usage mistake about the menu's flags, not an unknown
// command.
func TestMenuDisplayFlags(t *testing.T) {
	var stderr bytes.Buffer
	for _, args := range [][]string{{"--lang", "xx"}, {"--bogus"}, {"--lang", "en", "extra"}} {
		stderr.Reset()
		if got := run(args, strings.NewReader(""), io.Discard, &stderr); got != 2 || strings.Contains(stderr.String(), "unknown command") || !strings.Contains(stderr.String(), "--lang en|ja") {
			t.Errorf("shogi %v: status %d\n%s", args, got, stderr.String())
		}
	}
	env := []string{"LANG=ja_JP.UTF-8"}
	o, err := menuOptions([]string{"--lang", "en", "--style", "western"}, env, &stderr)
	if err != nil || o.Lang != tui.English || o.Pieces != tui.Western {
		t.Fatalf("--lang en --style western: lang %v pieces %v, %v\n%s", o.Lang, o.Pieces, err, stderr.String())
	}
}
