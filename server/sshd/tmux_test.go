package sshd

import (
	"errors"
	"os/exec"
	"strings"
	"testing"
	"time"

	"shogi/app/lobby"
	"shogi/internal/termtest"
)

// sshArgs connect to the test's server without asking about its key.
func sshArgs(addr, user string) []string {
	host, port, _ := strings.Cut(addr, ":")
	return []string{"ssh", "-p", port, "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
		"-o", "LogLevel=ERROR", "-o", "BatchMode=yes", user + "@" + host}
}

// sshClient is OpenSSH's client at w×h in a tmux pane.
//
// The client is the pane's own process (exec), and the pane stays when it
// ends (remain-on-exit; sshExited tells): so no shell outlives it, and the
// test's end waits for no process. A process orphaned by the tmux server's
// end is reaped by init, which takes a second or two on some machines, and
// the ssh client writes nothing a test's folder holds.
func sshClient(t *testing.T, addr, user string, w, h int) *termtest.Tmux {
	t.Helper()
	// OpenSSH sends the locale's variables (SendEnv LANG LC_*): the
	// test's own are dropped so that the user's locale does not choose the
	// screens' language.
	x := termtest.Start(t, w, h, "exec env -u LC_ALL -u LC_MESSAGES -u LC_CTYPE -u LANGUAGE LANG=C.UTF-8 TERM=xterm-256color "+strings.Join(sshArgs(addr, user), " "))
	x.Run("set-option", "-g", "remain-on-exit", "on")
	return x
}

// sshExited waits up to 15 s for the pane's ssh client to end.
func sshExited(t *testing.T, x *termtest.Tmux) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for strings.TrimSpace(x.Run("display", "-p", "#{pane_dead}")) != "1" {
		if time.Now().After(deadline) {
			t.Fatalf("the ssh client did not end:\n%s", x.Screen())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestOpenSSH plays over OpenSSH's own client in two tmux panes: a
// table opened and joined by its code, a move seen on the other screen,
// a chat line; and a command, ssh -T, ssh -R and sftp refused.
func TestOpenSSH(t *testing.T) {
	t.Parallel()
	termtest.Need(t, "ssh")
	ts := startServer(t, Config{}, lobby.Config{})
	a := sshClient(t, ts.addr, "alice", 110, 34)
	a.WaitFor("Your name: alice")
	a.Keys("Enter", "Enter", "Down", "Down", "Down", "Enter")
	a.WaitFor("Waiting for an opponent")
	code := ts.Lobby().Tables()[0].Code
	a.WaitFor(spacedCode(code))

	b := sshClient(t, ts.addr, "bob", 100, 30)
	b.WaitFor("Your name: bob")
	b.Keys("Enter", "Down", "Enter")
	b.WaitFor("Table code")
	b.Type(strings.ToLower(code))
	b.Keys("Enter")
	b.WaitFor("▲Black alice")
	a.WaitFor("△White bob")

	a.Type("7g7f")
	a.Keys("Enter")
	b.WaitFor("７六歩")
	b.Keys("t")
	b.Type("yoroshiku onegaishimasu")
	b.Keys("Enter")
	a.WaitFor("bob: yoroshiku onegaishimasu")
	b.Type("3c3d")
	b.Keys("Enter")
	a.WaitFor("３四歩")

	out, err := exec.Command(sshArgs(ts.addr, "mallory")[0], append(sshArgs(ts.addr, "mallory")[1:], "cat", "/etc/passwd")...).CombinedOutput()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 1 || strings.TrimSpace(string(out)) != "shogi: this server runs the shogi app and nothing else: connect without a command" {
		t.Errorf("ssh host cat /etc/passwd: %v, %q", err, out)
	}
	// ssh -T: no terminal, refused in one line.
	args := sshArgs(ts.addr, "mallory")
	cmd := exec.Command(args[0], append([]string{"-T"}, args[1:]...)...)
	out, err = cmd.CombinedOutput()
	if !errors.As(err, &ee) || ee.ExitCode() != 1 || strings.TrimSpace(string(out)) != "shogi: the shogi app needs a terminal: connect with ssh -t, or without -T" {
		t.Errorf("ssh -T host: %v, %q", err, out)
	}
	// Remote port forwarding: refused, and the client told.
	cmd = exec.Command(args[0], append([]string{"-N", "-o", "ExitOnForwardFailure=yes", "-R", "0:127.0.0.1:9"}, args[1:]...)...)
	if out, err := cmd.CombinedOutput(); err == nil || !strings.Contains(string(out), "remote port forwarding failed") {
		t.Errorf("ssh -R: %v, %q", err, out)
	}
	// sftp: the subsystem is refused.
	if _, err := exec.LookPath("sftp"); err == nil {
		host, port, _ := strings.Cut(ts.addr, ":")
		cmd := exec.Command("sftp", "-P", port, "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
			"-o", "LogLevel=ERROR", "-o", "BatchMode=yes", "-b", "-", "mallory@"+host)
		cmd.Stdin = strings.NewReader("ls\n")
		out, err := cmd.CombinedOutput()
		if !errors.As(err, &ee) || ee.ExitCode() == 0 || !strings.Contains(string(out), "subsystem request failed") {
			t.Errorf("sftp: %v, %q", err, out)
		}
	}
	a.Keys("C-c")
	sshExited(t, a)
}

// TestOpenSSHSpectator: a spectator over OpenSSH's client sees the game
// and the table's chat, and only what a spectator can do: no board
// cursor, no move line, no resigning; typing plays nothing; ? is the
// spectator's help.
func TestOpenSSHSpectator(t *testing.T) {
	t.Parallel()
	termtest.Need(t, "ssh")
	ts := startServer(t, Config{}, lobby.Config{})
	a := sshClient(t, ts.addr, "alice", 100, 30)
	a.WaitFor("Your name: alice")
	a.Keys("Enter", "Enter", "Down", "Down", "Down", "Enter")
	a.WaitFor("Waiting for an opponent")
	code := ts.Lobby().Tables()[0].Code
	b := sshClient(t, ts.addr, "bob", 100, 30)
	b.WaitFor("Your name: bob")
	b.Keys("Enter", "Down", "Enter")
	b.WaitFor("Table code")
	b.Type(strings.ToLower(code))
	b.Keys("Enter")
	a.WaitFor("△White bob")

	c := sshClient(t, ts.addr, "carol", 120, 40)
	c.WaitFor("Your name: carol")
	c.Keys("Enter", "Down", "Down", "Enter")
	c.WaitFor(code)
	c.Keys("Enter")
	s := c.WaitFor("You are watching this game.", "[ ] step back/on")
	for _, bad := range []string{"type a move", "x resign", "pick/move", "offer/accept", "[ 歩]"} {
		if strings.Contains(s, bad) {
			t.Errorf("the spectator's screen shows %q:\n%s", bad, s)
		}
	}
	// Keys reach the app in order: once ? has shown the spectator's help,
	// the keys before it have been read.
	c.Type("7g7f")
	c.Keys("Enter")
	c.Type("xy")
	c.Keys("Enter", "?")
	c.WaitFor("Watching a table")
	c.Keys("Escape")
	if s := c.WaitFor("[ ] step back/on"); strings.Contains(s, "> 7g7f") || strings.Contains(s, "Resign?") || ts.Lobby().Tables()[0].Moves != 0 {
		t.Errorf("a spectator's keys reached the game:\n%s", s)
	}
	a.Type("7g7f")
	a.Keys("Enter")
	c.WaitFor("1 ▲７六歩")
	b.Keys("t")
	b.Type("yoroshiku")
	b.Keys("Enter")
	c.Keys("t")
	c.Type("good luck both")
	c.Keys("Enter")
	c.WaitFor("△White bob: yoroshiku", "carol (watching): good luck both")
	a.WaitFor("carol (watching): good luck both")
	c.Keys("q")
	c.WaitFor("Create a table")
	if ts.Lobby().Tables()[0].Watchers != 0 {
		t.Error("the spectator is still counted at the table")
	}
}
