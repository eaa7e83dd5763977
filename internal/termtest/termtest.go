// Package termtest holds what the terminal tests of tui and server/sshd
// share: the shogi binary built once per test binary, a driver for a
// program running in a tmux pane, and a reader of the SGR attributes in a
// captured screen. Tests that need tmux skip, saying so, where it is
// absent.
package termtest

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

var (
	binOnce sync.Once
	binDir  string
	binPath string
	binErr  error
)

// Binary builds the shogi command once per test binary and returns its
// path. The package's TestMain calls RemoveBinary when the tests end.
//
// The go command keeps what go run links in its build cache: asked for
// that executable (go run -exec echo), it links the command once for
// every test binary of a run, and not at all while nothing changed,
// where go build -o would link it for each (seconds of CPU apiece).
// Where the go command keeps no such copy, Binary builds one of its own.
func Binary(t testing.TB) string {
	t.Helper()
	binOnce.Do(func() {
		if p, ok := cachedBinary(); ok {
			binPath = p
			return
		}
		binDir, binErr = os.MkdirTemp("", "shogi-bin-")
		if binErr != nil {
			return
		}
		binPath = filepath.Join(binDir, "shogi")
		// The main package by its import path: the test may run in any
		// folder of the module.
		out, err := exec.Command("go", "build", "-o", binPath, "shogi").CombinedOutput()
		if err != nil {
			binErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if binErr != nil {
		t.Fatal(binErr)
	}
	return binPath
}

// cachedBinary is the path of the shogi command as go run links it into
// the build cache, if the go command keeps it there.
//
// On a cache miss go run links into a work folder of its own, runs the
// command from there and only then stores it: its first answer names a
// folder that is gone, and asking again finds the stored copy (under a
// second) where go build -o would link the command a second time. Test
// binaries that ask at once (go test runs two) take turns under a lock on
// the module's folder, so that one links and the other finds the copy.
func cachedBinary() (string, bool) {
	echo, err := exec.LookPath("echo")
	if err != nil {
		return "", false
	}
	defer lockModule()()
	for range 2 {
		out, err := exec.Command("go", "run", "-exec", echo, "shogi").Output()
		if err != nil {
			return "", false
		}
		p := strings.TrimSpace(string(out))
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() && filepath.IsAbs(p) {
			return p, true
		}
	}
	// A go command that keeps no copy runs the executable from a folder
	// of its own that is gone by now, every time.
	return "", false
}

// lockModule takes an exclusive lock on the folder of the module the test
// runs in (found from go.mod upwards; nothing is written) and returns its
// release. Without a module folder it locks nothing.
func lockModule() (unlock func()) {
	dir, err := os.Getwd()
	if err != nil {
		return func() {}
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		up := filepath.Dir(dir)
		if up == dir {
			return func() {}
		}
		dir = up
	}
	f, err := os.Open(dir)
	if err != nil {
		return func() {}
	}
	if syscall.Flock(int(f.Fd()), syscall.LOCK_EX) != nil {
		f.Close()
		return func() {}
	}
	// Closing the file releases the lock.
	return func() { f.Close() }
}

// RemoveBinary removes what Binary built, if it built anything.
func RemoveBinary() {
	if binDir != "" {
		_ = os.RemoveAll(binDir)
	}
}

// Tmux is a command running in a detached tmux session on a tmux server
// of the test's own (its own socket), so it neither sees nor disturbs
// anyone else's sessions. When the command ends the pane says [exited].
type Tmux struct {
	t      testing.TB
	socket string
}

// session is the one session of a test's tmux server.
const session = "e2e"

// Need skips the test unless tmux and the other named programs are
// installed and the tests are not -short.
func Need(t testing.TB, programs ...string) {
	t.Helper()
	for _, p := range append([]string{"tmux"}, programs...) {
		if _, err := exec.LookPath(p); err != nil {
			t.Skipf("%s is not installed; the end-to-end tests need it (.ci/run installs it)", p)
		}
	}
	if testing.Short() {
		t.Skip("runs a program in tmux")
	}
}

// Start runs the shell command cmdline in a w×h pane. When the test ends
// the server is killed and the pane's programs are given 10 s to end
// (the app keeps its game when its terminal goes) before the test's
// folders are removed.
func Start(t testing.TB, w, h int, cmdline string) *Tmux {
	t.Helper()
	// The server's socket in a folder of the test's own (removed after
	// the server is killed: cleanups run last first), not in tmux's
	// /tmp/tmux-UID, where every run left one; a short path, as a
	// socket's is bounded (108 bytes) and t.TempDir's grows with the
	// test's name.
	dir, err := os.MkdirTemp("", "tmux")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	x := &Tmux{t: t, socket: filepath.Join(dir, "s")}
	t.Cleanup(func() {
		pane, _ := exec.Command("tmux", "-S", x.socket, "display", "-p", "-t", session, "#{pane_pid}").Output()
		kids := Children(strings.TrimSpace(string(pane)))
		_ = exec.Command("tmux", "-S", x.socket, "kill-server").Run()
		for _, pid := range kids {
			for deadline := time.Now().Add(10 * time.Second); Alive(pid) && time.Now().Before(deadline); {
				time.Sleep(20 * time.Millisecond)
			}
		}
	})
	x.Run("-f", "/dev/null", "new-session", "-d", "-x", strconv.Itoa(w), "-y", strconv.Itoa(h), "-s", session,
		cmdline+"; echo '[exited]'; sleep 30")
	return x
}

// Run runs a tmux command on the test's server and returns its output.
func (x *Tmux) Run(args ...string) string {
	x.t.Helper()
	out, err := exec.Command("tmux", append([]string{"-S", x.socket}, args...)...).CombinedOutput()
	if err != nil {
		x.t.Fatalf("tmux %v: %v\n%s", args, err, out)
	}
	return string(out)
}

// Screen is the pane's text.
func (x *Tmux) Screen() string { return x.Run("capture-pane", "-p", "-t", session) }

// Styled is the pane's text with its attributes and colours as SGR
// sequences (capture-pane -e).
func (x *Tmux) Styled() string { return x.Run("capture-pane", "-e", "-p", "-t", session) }

// WaitFor polls the screen until it shows every text, for up to 15 s.
func (x *Tmux) WaitFor(texts ...string) string {
	x.t.Helper()
	return x.WaitLong(15*time.Second, texts...)
}

// WaitLong is WaitFor with a deadline of its own (an engine thinking).
func (x *Tmux) WaitLong(d time.Duration, texts ...string) string {
	x.t.Helper()
	return x.wait(d, func(s string) string { return s }, texts)
}

// WaitWrapped is WaitFor for texts the screen may wrap anywhere (a message
// naming a file's absolute path, whose length depends on where the
// checkout lives): the screen and the texts are compared without their
// spaces and line breaks.
func (x *Tmux) WaitWrapped(texts ...string) string {
	x.t.Helper()
	return x.wait(15*time.Second, squash, texts)
}

// squash drops every space and line break.
func squash(s string) string {
	return strings.Join(strings.Fields(s), "")
}

// wait polls the screen until norm of it holds norm of every text.
// Each look runs a tmux client (a process: a few ms of CPU), and many
// tests wait at once: the looks begin 20 ms apart and space out to
// 100 ms while the screen keeps the test waiting.
func (x *Tmux) wait(d time.Duration, norm func(string) string, texts []string) string {
	x.t.Helper()
	deadline := time.Now().Add(d)
	pause := 20 * time.Millisecond
	for {
		s := x.Screen()
		missing := ""
		for _, want := range texts {
			if !strings.Contains(norm(s), norm(want)) {
				missing = want
				break
			}
		}
		if missing == "" {
			return s
		}
		if time.Now().After(deadline) {
			x.t.Fatalf("the screen never showed %q:\n%s", missing, s)
		}
		time.Sleep(pause)
		pause = min(pause*3/2, 100*time.Millisecond)
	}
}

// WaitGone waits for the command to end (the pane then says so).
func (x *Tmux) WaitGone() {
	x.t.Helper()
	x.WaitFor("[exited]")
}

// Keys sends keys one at a time with a short pause, as a person types:
// tmux key names (Enter, Escape, Tab, Left, C-c …) as keys, anything else
// as its characters, one by one.
func (x *Tmux) Keys(keys ...string) {
	x.t.Helper()
	for _, k := range keys {
		if keyName(k) {
			x.Run("send-keys", "-t", session, k)
			time.Sleep(60 * time.Millisecond)
			continue
		}
		for _, r := range k {
			x.Run("send-keys", "-t", session, "-l", string(r))
			time.Sleep(40 * time.Millisecond)
		}
	}
}

// Type sends text in one burst; each character still reaches the program
// as a key of its own.
func (x *Tmux) Type(text string) {
	x.t.Helper()
	x.Run("send-keys", "-t", session, "-l", text)
}

// keyName tells the tmux key names the tests use from text to type.
func keyName(k string) bool {
	switch k {
	case "Enter", "Escape", "Tab", "BTab", "Space", "BSpace", "Left", "Right", "Up", "Down", "Home", "End",
		"PageUp", "PageDown", "DC":
		return true
	}
	return len(k) == 3 && (strings.HasPrefix(k, "C-") || strings.HasPrefix(k, "M-"))
}

// KillSession closes the pane, as a terminal window closing does (the
// program gets SIGHUP).
func (x *Tmux) KillSession() { x.Run("kill-session", "-t", session) }

// Program is the pid of the command in the pane (the child of the pane's
// shell), waited for up to 5 s.
func (x *Tmux) Program() int {
	x.t.Helper()
	pane := strings.TrimSpace(x.Run("display", "-p", "-t", session, "#{pane_pid}"))
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if kids := Children(pane); len(kids) > 0 {
			return kids[0]
		}
	}
	x.t.Fatalf("no program under the pane's shell %s", pane)
	return 0
}

// Children lists the processes whose parent is pid.
func Children(pid string) []int {
	out, _ := exec.Command("pgrep", "-P", pid).Output()
	var kids []int
	for _, f := range strings.Fields(string(out)) {
		if n, err := strconv.Atoi(f); err == nil {
			kids = append(kids, n)
		}
	}
	return kids
}

// Alive reports whether process pid still runs. A zombie has ended: a
// process whose tmux server died is reparented to init, which may reap
// it a second or two later, and waiting for that held every tmux test's
// clean-up.
func Alive(pid int) bool {
	p, err := os.FindProcess(pid)
	if err != nil || p.Signal(syscall.Signal(0)) != nil {
		return false
	}
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return true // no /proc: the signal's answer stands
	}
	// The state follows the command's closing parenthesis (the command
	// itself may hold spaces and parentheses).
	if i := bytes.LastIndexByte(stat, ')'); i >= 0 && i+2 < len(stat) {
		return stat[i+2] != 'Z' && stat[i+2] != 'X'
	}
	return true
}

// WaitEnd waits up to d for process pid to end and reports whether it did.
func WaitEnd(pid int, d time.Duration) bool {
	for deadline := time.Now().Add(d); Alive(pid); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			return false
		}
	}
	return true
}
