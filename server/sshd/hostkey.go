package sshd

import (
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/pem"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	gossh "golang.org/x/crypto/ssh"
)

// DefaultHostKeyPath is where the server keeps its host key unless told
// otherwise: ssh_host_ed25519_key in shogi/ under the user's config
// directory.
func DefaultHostKeyPath() (string, error) {
	d, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("no place for the host key (give --host-key): %w", err)
	}
	return filepath.Join(d, "shogi", "ssh_host_ed25519_key"), nil
}

// LoadHostKey reads the ed25519 host key at path, creating it (and its
// directory, private to the user) the first time, so that clients see the
// same key on every start. created says it was made now.
func LoadHostKey(path string) (signer gossh.Signer, created bool, err error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		data, err = createHostKey(path)
		created = err == nil
	}
	if err != nil {
		return nil, false, err
	}
	signer, err = gossh.ParsePrivateKey(data)
	if err != nil {
		return nil, false, &HostKeyError{Path: path, Err: err}
	}
	return signer, created, nil
}

// HostKeyError is a host key file that holds no key the server can use.
type HostKeyError struct {
	Path string
	Err  error // why the key could not be read
}

func (e *HostKeyError) Error() string { return fmt.Sprintf("host key %s: %v", e.Path, e.Err) }
func (e *HostKeyError) Unwrap() error { return e.Err }

// KeyLineError is a line of an authorized_keys file that is not a key.
type KeyLineError struct {
	Path string
	Line int   // from 1
	Err  error // why the line is not a key
}

func (e *KeyLineError) Error() string { return fmt.Sprintf("%s:%d: %v", e.Path, e.Line, e.Err) }
func (e *KeyLineError) Unwrap() error { return e.Err }

// createHostKey writes a new key in OpenSSH's format, readable by the
// user alone. O_EXCL keeps two servers started at once from each writing
// a different key.
func createHostKey(path string) ([]byte, error) {
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return nil, err
	}
	block, err := gossh.MarshalPrivateKey(priv, "shogi serve host key")
	if err != nil {
		return nil, err
	}
	data := pem.EncodeToMemory(block)
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("host key: %w", err)
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) {
		return os.ReadFile(path) // another server made it first
	}
	if err != nil {
		return nil, fmt.Errorf("host key: %w", err)
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		os.Remove(path)
		return nil, fmt.Errorf("host key: %w", err)
	}
	if err := f.Close(); err != nil {
		os.Remove(path)
		return nil, fmt.Errorf("host key: %w", err)
	}
	return data, nil
}

// ReadAuthorizedKeys reads an OpenSSH authorized_keys file: one key a
// line, comments and blank lines skipped. A line that is not a key is an
// error naming it, so a typo does not silently lock someone out.
func ReadAuthorizedKeys(path string) (map[string]bool, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	keys := map[string]bool{}
	line := 0
	for rest := data; len(rest) > 0; {
		line++
		var l []byte
		if i := bytes.IndexByte(rest, '\n'); i >= 0 {
			l, rest = rest[:i], rest[i+1:]
		} else {
			l, rest = rest, nil
		}
		l = bytes.TrimSpace(l)
		if len(l) == 0 || l[0] == '#' {
			continue
		}
		k, _, _, _, err := gossh.ParseAuthorizedKey(l)
		if err != nil {
			return nil, &KeyLineError{Path: path, Line: line, Err: err}
		}
		keys[string(k.Marshal())] = true
	}
	if len(keys) == 0 {
		return nil, fmt.Errorf("%s: no keys (nobody could connect)", path)
	}
	return keys, nil
}
