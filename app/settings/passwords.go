package settings

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/pelletier/go-toml/v2"

	"shogi/kifu"
)

// Passwords are the CSA servers' passwords the user asked the app to
// remember, by login (ServerEntry.Key: id@host:port). They are kept apart
// from the settings, in csa-passwords.toml beside config.toml, a file
// only its owner may read or write (0600): the settings file is one
// people edit, copy between machines and share, and the app writes it
// readable by all, so no secret belongs in it. The app does not use a
// passwords file that others may read (as ssh does with a private key).
type Passwords map[string]string

// PasswordsPath is the passwords file that goes with the settings file at
// settingsPath; "" when there is none (nothing is remembered).
func PasswordsPath(settingsPath string) string {
	if settingsPath == "" {
		return ""
	}
	return filepath.Join(filepath.Dir(settingsPath), "csa-passwords.toml")
}

// OpenPasswordsError refuses a passwords file that users other than its
// owner may read or write.
type OpenPasswordsError struct {
	Path string
	Mode fs.FileMode
}

func (e *OpenPasswordsError) Error() string {
	return fmt.Sprintf("%s: mode %v lets others read it (chmod 600 %s)", e.Path, e.Mode.Perm(), e.Path)
}

// PasswordsError is a passwords file that does not read: where (Line 0
// when the whole file failed) and why.
type PasswordsError struct {
	Path      string
	Line, Col int
	Err       error
}

func (e *PasswordsError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d:%d: %v", e.Path, e.Line, e.Col, e.Err)
	}
	return fmt.Sprintf("%s: %v", e.Path, e.Err)
}

func (e *PasswordsError) Unwrap() error { return e.Err }

// LoadPasswords reads the passwords file: none when it is missing; an
// *OpenPasswordsError when others may read it; a *PasswordsError saying
// where and why when it does not read.
func LoadPasswords(path string) (Passwords, error) {
	p := Passwords{}
	if path == "" {
		return p, nil
	}
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return p, nil
	}
	if err != nil {
		return p, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return p, err
	}
	if fi.Mode().Perm()&0o077 != 0 {
		return p, &OpenPasswordsError{Path: path, Mode: fi.Mode()}
	}
	var b bytes.Buffer
	if _, err := b.ReadFrom(f); err != nil {
		return p, err
	}
	if err := toml.Unmarshal(b.Bytes(), &p); err != nil {
		var de *toml.DecodeError
		if errors.As(err, &de) {
			row, col := de.Position()
			return Passwords{}, &PasswordsError{Path: path, Line: row, Col: col, Err: de}
		}
		return Passwords{}, &PasswordsError{Path: path, Err: err}
	}
	return p, nil
}

const passwordsHeader = `# The CSA servers' passwords shogi remembers, by id@host:port: written
# by the app when asked ("Remember password" in Play online), readable by
# you alone. Delete a line to forget a password.

`

// Save writes the passwords to path, readable and writable by the owner
// alone, atomically (kifu.WriteFileMode). With none left, the file is
// removed.
func (p Passwords) Save(path string) error {
	if path == "" {
		return nil
	}
	if len(p) == 0 {
		err := os.Remove(path)
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		return err
	}
	var b bytes.Buffer
	b.WriteString(passwordsHeader)
	if err := toml.NewEncoder(&b).Encode(map[string]string(p)); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	return kifu.WriteFileMode(path, b.Bytes(), 0o600)
}
