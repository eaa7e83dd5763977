package termtest

import (
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"shogi/internal/testenv"
)

func TestMain(m *testing.M) {
	cleanup := testenv.Isolate()
	code := m.Run()
	RemoveBinary()
	cleanup()
	os.Exit(code)
}

// The binary is built once: a second call gives the same file, which runs.
func TestBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := Binary(t)
	if again := Binary(t); again != bin {
		t.Errorf("built twice: %s, then %s", bin, again)
	}
	out, err := exec.Command(bin, "--version").Output()
	if err != nil || !strings.HasPrefix(string(out), "shogi ") {
		t.Errorf("%s --version: %v, %q", bin, err, out)
	}
}

// The driver types text and keys into a program and reads its screen,
// and sees it end.
func TestTmux(t *testing.T) {
	Need(t)
	x := Start(t, 40, 10, "cat")
	pid := x.Program()
	// Each line waits for cat's copy of the one before: typed ahead, the
	// terminal's echo of the next could come before cat's output on a
	// loaded machine.
	x.Keys("hello", "Enter")
	x.WaitFor("hello\nhello")
	x.Keys("world", "BSpace", "D", "Enter")
	x.WaitFor("hello\nhello\nworlD\nworlD")
	x.Type("burst")
	x.Keys("Enter")
	x.WaitFor("hello\nhello\nworlD\nworlD\nburst\nburst")
	x.Keys("C-d")
	x.WaitGone()
	if !WaitEnd(pid, 5*time.Second) {
		t.Errorf("cat (pid %d) runs on", pid)
	}
	if Alive(pid) {
		t.Errorf("pid %d is alive after it ended", pid)
	}
}

// A process that has ended but is not yet reaped (a zombie) is not
// alive: the tests' clean-ups wait on Alive, and init reaps a tmux
// server's orphans only a second or two later.
func TestAliveZombie(t *testing.T) {
	cmd := exec.Command("true")
	if err := cmd.Start(); err != nil {
		t.Skip("cannot start true:", err)
	}
	// Not waited for yet: once it exits it stays a zombie, ours to reap.
	if !WaitEnd(cmd.Process.Pid, 10*time.Second) {
		t.Errorf("an ended, unreaped process is still alive after 10 s")
	}
	if err := cmd.Wait(); err != nil {
		t.Fatal(err)
	}
}
