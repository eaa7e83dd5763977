package serve

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"shogi/tui/lobby"
)

// tmuxClient is OpenSSH's client in a pane of a tmux server of the test's
// own (its own socket), so it neither sees nor disturbs anyone else's.
type tmuxClient struct {
	t      *testing.T
	socket string
}

// sshArgs connect to the test's server without asking about its key.
func sshArgs(addr, user string) []string {
	host, port, _ := strings.Cut(addr, ":")
	return []string{"ssh", "-p", port, "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
		"-o", "LogLevel=ERROR", "-o", "BatchMode=yes", user + "@" + host}
}

func needOpenSSH(t *testing.T) {
	t.Helper()
	for _, bin := range []string{"ssh", "tmux"} {
		if _, err := exec.LookPath(bin); err != nil {
			t.Skipf("%s is not installed; the OpenSSH end-to-end test needs it (.ci/run installs openssh-client and tmux)", bin)
		}
	}
	if testing.Short() {
		t.Skip("runs OpenSSH's client in tmux")
	}
}

func newTmuxClient(t *testing.T, addr, user string, w, h int) *tmuxClient {
	t.Helper()
	x := &tmuxClient{t: t, socket: fmt.Sprintf("shogi-serve-test-%d-%d", os.Getpid(), time.Now().UnixNano())}
	t.Cleanup(func() { _ = exec.Command("tmux", "-L", x.socket, "kill-server").Run() })
	cmd := "env LANG=C.UTF-8 TERM=xterm-256color " + strings.Join(sshArgs(addr, user), " ") + "; echo '[exited]'; sleep 30"
	x.run("-f", "/dev/null", "new-session", "-d", "-x", strconv.Itoa(w), "-y", strconv.Itoa(h), "-s", "e2e", cmd)
	return x
}

func (x *tmuxClient) run(args ...string) string {
	x.t.Helper()
	out, err := exec.Command("tmux", append([]string{"-L", x.socket}, args...)...).CombinedOutput()
	if err != nil {
		x.t.Fatalf("tmux %v: %v\n%s", args, err, out)
	}
	return string(out)
}

func (x *tmuxClient) screen() string { return x.run("capture-pane", "-p", "-t", "e2e") }

func (x *tmuxClient) waitFor(text string) {
	x.t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		s := x.screen()
		if strings.Contains(s, text) {
			return
		}
		if time.Now().After(deadline) {
			x.t.Fatalf("the pane never showed %q:\n%s", text, s)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// keys sends tmux key names (Enter, Down …) or text, one at a time.
func (x *tmuxClient) keys(keys ...string) {
	for _, k := range keys {
		args := []string{"send-keys", "-t", "e2e"}
		if strings.ContainsAny(k, " ") || len(k) > 1 && strings.ToLower(k) == k {
			args = append(args, "-l")
		}
		x.run(append(args, k)...)
		time.Sleep(60 * time.Millisecond)
	}
}

// TestOpenSSH plays over OpenSSH's own client in two tmux panes: a
// table opened and joined by its code, a move seen on the other screen,
// a chat line; and a command refused in one line.
func TestOpenSSH(t *testing.T) {
	needOpenSSH(t)
	ts := startServer(t, Config{}, lobby.Config{})
	a := newTmuxClient(t, ts.addr, "alice", 110, 34)
	a.waitFor("Your name: alice")
	a.keys("Enter", "Enter", "Down", "Down", "Down", "Enter")
	a.waitFor("Waiting for an opponent")
	code := ts.Lobby().Tables()[0].Code
	a.waitFor(spacedCode(code))

	b := newTmuxClient(t, ts.addr, "bob", 100, 30)
	b.waitFor("Your name: bob")
	b.keys("Enter", "Down", "Enter")
	b.waitFor("Table code")
	b.keys(strings.ToLower(code), "Enter")
	b.waitFor("▲Black alice")
	a.waitFor("△White bob")

	a.keys("7g7f", "Enter")
	b.waitFor("７六歩")
	b.keys("t", "yoroshiku onegaishimasu", "Enter")
	a.waitFor("bob: yoroshiku onegaishimasu")
	b.keys("3c3d", "Enter")
	a.waitFor("３四歩")

	out, err := exec.Command(sshArgs(ts.addr, "mallory")[0], append(sshArgs(ts.addr, "mallory")[1:], "cat", "/etc/passwd")...).CombinedOutput()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 1 || strings.TrimSpace(string(out)) != "shogi: this server runs the shogi app and nothing else: connect without a command" {
		t.Errorf("ssh host cat /etc/passwd: %v, %q", err, out)
	}
	a.keys("C-c")
	a.waitFor("[exited]")
}
