package online

import (
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"shogi/app/words"
)

// The online form and the waiting screen, alone (screentest.Alone),
// against small servers of the tests': the form's fields and what it
// remembers, the wait and its cancelling. The game a server pairs the
// person in is the app's game screen pushed over this one: the root's
// tests (shogi/tui) play it.

// The waiting screen: logged in, waiting to be paired, the time waited
// shown; esc cancels, logs out (x1) and closes the connection, and the
// form is back, filled as it was.
func TestOnlineWaitCancel(t *testing.T) {
	for _, x1 := range []string{"", "testgame-300-10"} {
		t.Run("x1="+x1, func(t *testing.T) {
			addr, lines := silentServer(t)
			h := newHarness(t, words.English, "")
			fillForm(h, addr, "alice", "pw", x1)
			h.press("enter")
			h.until("the wait", func() bool { return strings.Contains(h.screen(), "aiting for the server to pair you") })
			expectLine(t, lines, "LOGIN alice pw")
			if x1 != "" {
				expectLine(t, lines, "%%GAME testgame-300-10 *")
			}
			s := h.screen()
			for _, want := range []string{"Logged in to " + addr + " as alice", "waiting 0:0", "esc cancels"} {
				if !strings.Contains(s, want) {
					t.Errorf("the waiting screen lacks %q:\n%s", want, s)
				}
			}
			h.press("esc")
			if x1 != "" {
				expectLine(t, lines, "LOGOUT")
			}
			expectLine(t, lines, "EOF")
			s = h.screen()
			if !strings.Contains(s, "Cancelled") || !strings.Contains(s, addr) || !strings.Contains(s, "[ Connect ]") {
				t.Errorf("after esc:\n%s", s)
			}
		})
	}
}

// A server that takes the connection and never answers LOGIN: the
// waiting screen says the login is what waits; esc cancels it.
func TestOnlineLoginWait(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		c, err := ln.Accept()
		if err == nil {
			io.Copy(io.Discard, c) // read, never answer
			c.Close()
		}
	}()
	h := newHarness(t, words.English, "")
	fillForm(h, ln.Addr().String(), "alice", "pw", "")
	h.press("enter")
	h.until("the wait", func() bool { return strings.Contains(h.screen(), "logging in") })
	h.press("esc")
	if s := h.screen(); !strings.Contains(s, "[ Connect ]") {
		t.Errorf("after esc:\n%s", s)
	}
}

// The form remembers the servers used, in the settings, and a password
// only when asked, in a file apart that only the user can read; a file
// others can read is not used, and the form says so.
func TestOnlineRemembers(t *testing.T) {
	addr, _ := silentServer(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "config.toml")
	h := newHarness(t, words.English, path)
	fillForm(h, addr, "alice", "s3cret", "testgame-300-10")
	h.press("up", "right") // Remember password: on
	h.press("enter")
	h.until("the wait", func() bool { return strings.Contains(h.screen(), "aiting for the server to pair you") })
	h.press("esc")
	pwPath := filepath.Join(dir, "csa-passwords.toml")
	var fi os.FileInfo
	h.until("the files written", func() bool {
		var err error
		fi, err = os.Stat(pwPath)
		_, serr := os.Stat(path)
		return err == nil && serr == nil
	})
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("the passwords file's mode is %v", fi.Mode().Perm())
	}
	conf, _ := os.ReadFile(path)
	if strings.Contains(string(conf), "s3cret") || !strings.Contains(string(conf), "addr = '"+addr+"'") ||
		!strings.Contains(string(conf), "game = 'testgame-300-10'") {
		t.Errorf("the settings file:\n%s", conf)
	}
	pw, _ := os.ReadFile(pwPath)
	if !strings.Contains(string(pw), "s3cret") || !strings.Contains(string(pw), "alice@"+addr) {
		t.Errorf("the passwords file:\n%s", pw)
	}

	// A new form is filled from the last server, password included.
	h2 := newHarness(t, words.English, path)
	s := h2.screen()
	for _, want := range []string{"alice@" + addr, "alice", "testgame-300-10", "******", "Remember password  < on >"} {
		if !strings.Contains(s, want) {
			t.Errorf("the form filled from the settings lacks %q:\n%s", want, s)
		}
	}
	// Remembering turned off forgets the password.
	h2.press("down", "down", "down", "down", "left", "enter")
	h2.until("the password forgotten", func() bool { _, err := os.Stat(pwPath); return os.IsNotExist(err) })
	h2.press("esc")

	// A passwords file others can read is not used.
	os.Remove(pwPath)
	if err := os.WriteFile(pwPath, []byte("\"alice@"+addr+"\" = 's3cret'\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	h3 := newHarness(t, words.English, path)
	s = h3.screen()
	// The note names the file, so where it wraps depends on the temp
	// dir's name: read it with the lines joined.
	flat := strings.Join(strings.Fields(s), " ")
	if !strings.Contains(flat, "other users: the app does not use it") || strings.Contains(s, "******") {
		fi, err := os.Stat(pwPath)
		t.Errorf("with an open passwords file (%v %v):\n%s", fi.Mode(), err, s)
	}
}

// The form offers the time margin kept from an engine's clock: half a
// second unless changed, remembered with the server.
func TestOnlineMargin(t *testing.T) {
	addr, _ := silentServer(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "config.toml")
	h := newHarness(t, words.English, path)
	if s := h.screen(); !strings.Contains(s, "Time margin        < 500ms >") {
		t.Fatalf("no margin row at 500ms:\n%s", s)
	}
	fillForm(h, addr, "alice", "pw", "testgame-300-10")
	h.press("down", "down", "down")
	if s := h.screen(); !strings.Contains(s, "less time than the server's clock") {
		t.Errorf("the margin row's note is missing:\n%s", s)
	}
	h.press("right", "enter")
	h.until("the wait", func() bool { return strings.Contains(h.screen(), "aiting for the server to pair you") })
	h.press("esc")
	h.until("the settings written", func() bool {
		b, _ := os.ReadFile(path)
		return strings.Contains(string(b), "margin")
	})
	if conf, _ := os.ReadFile(path); !strings.Contains(string(conf), "margin = '1s'") {
		t.Errorf("the settings file:\n%s", conf)
	}
	h2 := newHarness(t, words.English, path)
	if s := h2.screen(); !strings.Contains(s, "Time margin        < 1s >") {
		t.Errorf("the margin not read back:\n%s", s)
	}
}

// The Japanese form takes its words from the Japanese table, and refuses
// an empty server in them.
func TestOnlineJapanese(t *testing.T) {
	h := newHarness(t, words.Japanese, "")
	s := h.screen()
	for _, want := range []string{"CSA サーバーでオンライン対局", "ログイン名", "パスワードを保存", "対局名 (x1)", "< 自分 >", "[ 接続 ]"} {
		if !strings.Contains(s, want) {
			t.Errorf("the Japanese form lacks %q:\n%s", want, s)
		}
	}
	h.press("enter")
	if !strings.Contains(h.screen(), "サーバーを ホスト:ポート で入力してください") {
		t.Errorf("an empty server is not refused in Japanese:\n%s", h.screen())
	}
}
