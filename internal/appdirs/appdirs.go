// Package appdirs says where the app keeps its files, by the XDG Base
// Directory specification, and moves once what older versions kept
// elsewhere:
//
//	config  $XDG_CONFIG_HOME/shogi (~/.config/shogi)       config.toml, the SSH host key
//	state   $XDG_STATE_HOME/shogi  (~/.local/state/shogi)  kept/ games, edits/, the picker's folder
//	data    $XDG_DATA_HOME/shogi   (~/.local/share/shogi)  games/ finished, tables/ the server's
//	cache   $XDG_CACHE_HOME/shogi  (~/.cache/shogi)        engines' and commands' logs
//
// A variable that is unset, empty or not an absolute path is ignored, as
// the specification says.
package appdirs

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
)

// app is the folder of ours under each base directory.
const app = "shogi"

// Dirs are the app's four folders; "" where the base directory cannot be
// found (no home and no variable).
type Dirs struct {
	Config, State, Data, Cache string
}

// FromEnv finds the folders from getenv (os.Getenv in the app) and the
// home directory.
func FromEnv(getenv func(string) string) Dirs {
	home := getenv("HOME")
	if home == "" {
		home, _ = os.UserHomeDir()
	}
	base := func(variable string, fallback ...string) string {
		if v := getenv(variable); filepath.IsAbs(v) {
			return filepath.Join(v, app)
		}
		if home == "" || !filepath.IsAbs(home) {
			return ""
		}
		return filepath.Join(append(append([]string{home}, fallback...), app)...)
	}
	d := Dirs{
		Config: base("XDG_CONFIG_HOME", ".config"),
		State:  base("XDG_STATE_HOME", ".local", "state"),
		Data:   base("XDG_DATA_HOME", ".local", "share"),
		Cache:  base("XDG_CACHE_HOME", ".cache"),
	}
	if runtime.GOOS == "darwin" || runtime.GOOS == "windows" {
		// The platform's own folders, where no XDG variable says otherwise.
		if getenv("XDG_CONFIG_HOME") == "" {
			if c, err := os.UserConfigDir(); err == nil {
				d.Config = filepath.Join(c, app)
			}
		}
		if getenv("XDG_CACHE_HOME") == "" {
			if c, err := os.UserCacheDir(); err == nil {
				d.Cache = filepath.Join(c, app)
			}
		}
	}
	return d
}

// SettingsFile is the settings file, config.toml.
func (d Dirs) SettingsFile() string { return join(d.Config, "config.toml") }

// Games is where finished games are kept unless the settings say
// otherwise.
func (d Dirs) Games() string { return join(d.Data, "games") }

// Tables is where the SSH server writes its tables' games.
func (d Dirs) Tables() string { return join(d.Data, "tables") }

// Log is a log file of the cache folder: engines.log, match.log …
func (d Dirs) Log(name string) string { return join(d.Cache, name) }

func join(dir, name string) string {
	if dir == "" {
		return ""
	}
	return filepath.Join(dir, name)
}

// A Move is one thing an older version kept where this one does not look,
// moved to where it lives now.
type Move struct {
	From, To string
}

func (m Move) String() string { return fmt.Sprintf("moved %s to %s", m.From, m.To) }

// Migrate moves what versions before this layout kept under the config
// folder to where it lives now: the kept games (kept/), the kept edits
// (edits/), the single autosave of still older versions and the file
// picker's last folder to the state folder; the SSH server's games
// (games/) to tables/ in the data folder. It runs at every start and does
// something once: a thing already moved is not there any more, and
// nothing is moved over something that exists. It returns what it moved;
// an error says what it could not move (what it could is moved).
func (d Dirs) Migrate() ([]Move, error) {
	if d.Config == "" {
		return nil, nil
	}
	var plan []Move
	if d.State != "" && d.State != d.Config {
		for _, name := range []string{"kept", "edits", "autosave.txt", "study-lastdir"} {
			plan = append(plan, Move{filepath.Join(d.Config, name), filepath.Join(d.State, name)})
		}
	}
	if d.Data != "" {
		plan = append(plan, Move{filepath.Join(d.Config, "games"), d.Tables()})
	}
	var done []Move
	var errs []error
	for _, m := range plan {
		moved, err := move(m.From, m.To)
		if err != nil {
			errs = append(errs, err)
		}
		if moved {
			done = append(done, m)
		}
	}
	return done, errors.Join(errs...)
}

// move moves a file or folder from to to, if from exists: by a rename
// where it can, else (another file system) by copying and removing. A
// folder that exists at to already takes from's entries that it lacks.
func move(from, to string) (bool, error) {
	fi, err := os.Lstat(from)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		return false, err
	}
	if _, err := os.Lstat(to); errors.Is(err, fs.ErrNotExist) {
		if err := os.Rename(from, to); err == nil {
			return true, nil
		}
	}
	if !fi.IsDir() {
		if _, err := os.Lstat(to); err == nil {
			return false, fmt.Errorf("not moving %s: %s exists", from, to)
		}
		if err := copyFile(from, to, fi.Mode()); err != nil {
			return false, err
		}
		return true, os.Remove(from)
	}
	entries, err := os.ReadDir(from)
	if err != nil {
		return false, err
	}
	if err := os.MkdirAll(to, fi.Mode().Perm()|0o700); err != nil {
		return false, err
	}
	var errs []error
	for _, e := range entries {
		if _, err := move(filepath.Join(from, e.Name()), filepath.Join(to, e.Name())); err != nil {
			errs = append(errs, err)
		}
	}
	if len(errs) == 0 {
		if err := os.Remove(from); err != nil {
			errs = append(errs, err)
		}
	}
	return true, errors.Join(errs...)
}

// copyFile copies a file's bytes, for a move across file systems.
func copyFile(from, to string, mode fs.FileMode) error {
	data, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	return os.WriteFile(to, data, mode.Perm())
}
