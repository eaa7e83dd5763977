package settings

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// Passwords are written for the owner alone, read back, refused when
// others may read the file, and a file that does not read says where.
func TestPasswords(t *testing.T) {
	dir := t.TempDir()
	path := PasswordsPath(filepath.Join(dir, "shogi", "config.toml"))
	if filepath.Base(path) != "csa-passwords.toml" {
		t.Fatalf("path %s", path)
	}
	p, err := LoadPasswords(path)
	if err != nil || len(p) != 0 {
		t.Fatalf("a missing file: %v %v", p, err)
	}
	p["alice@127.0.0.1:4081"] = `s3"cret,with'quotes`
	p["bob@floodgate:4081"] = "floodgate-600-10F,pw"
	if err := p.Save(path); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("mode %v (%v)", fi.Mode().Perm(), err)
	}
	back, err := LoadPasswords(path)
	if err != nil || len(back) != 2 || back["alice@127.0.0.1:4081"] != `s3"cret,with'quotes` {
		t.Fatalf("read back %v %v", back, err)
	}
	if err := os.Chmod(path, 0o640); err != nil {
		t.Fatal(err)
	}
	var oe *OpenPasswordsError
	if _, err := LoadPasswords(path); !errors.As(err, &oe) || oe.Path != path {
		t.Errorf("a file the group can read: %v", err)
	}
	os.Remove(path)
	if err := os.WriteFile(path, []byte("a = 'x'\nb = \n"), 0o600); err != nil {
		t.Fatal(err)
	}
	var pe *PasswordsError
	if _, err := LoadPasswords(path); !errors.As(err, &pe) || pe.Path != path || pe.Line != 2 {
		t.Errorf("a broken file: %v", err)
	}
	// Forgetting the last password removes the file.
	if err := (Passwords{}).Save(path); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("the file stays with no password in it: %v", err)
	}
}

// Whatever a passwords file holds, reading it says why it cannot or
// gives passwords that are written and read back the same.
func FuzzPasswords(f *testing.F) {
	f.Add([]byte("\"alice@127.0.0.1:4081\" = 's3cret'\n"))
	f.Add([]byte("a = 1\n"))
	f.Add([]byte("[x]\ny = 'z'\n"))
	f.Add([]byte("'k' = \"\\u00e9\\n\"\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), "csa-passwords.toml")
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		p, err := LoadPasswords(path)
		if err != nil {
			var pe *PasswordsError
			if !errors.As(err, &pe) || pe.Path != path {
				t.Fatalf("the error does not say which file: %v", err)
			}
			return
		}
		if err := p.Save(path); err != nil {
			t.Fatal(err)
		}
		back, err := LoadPasswords(path)
		if err != nil || len(back) != len(p) {
			t.Fatalf("written %v, read back %v (%v)", p, back, err)
		}
		for k, v := range p {
			if back[k] != v {
				t.Fatalf("%q: written %q, read back %q", k, v, back[k])
			}
		}
	})
}
