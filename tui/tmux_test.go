package tui

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// tmux runs tmux on a server of the test's own, so it never touches the
// user's sessions.
type tmux struct {
	t      *testing.T
	socket string
}

func (x tmux) run(args ...string) string {
	x.t.Helper()
	out, err := exec.Command("tmux", append([]string{"-L", x.socket}, args...)...).CombinedOutput()
	if err != nil {
		x.t.Fatalf("tmux %v: %v\n%s", args, err, out)
	}
	return string(out)
}

func (x tmux) screen() string { return x.run("capture-pane", "-p", "-t", "e2e") }

// waitFor polls the screen until it contains want.
func (x tmux) waitFor(want string) string {
	x.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		s := x.screen()
		if strings.Contains(s, want) {
			return s
		}
		if time.Now().After(deadline) {
			x.t.Fatalf("screen never showed %q:\n%s", want, s)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// typeKeys sends text one key at a time with a short pause, as a person
// types; "Enter" and other tmux key names go as keys.
func (x tmux) typeKeys(keys ...string) {
	for _, k := range keys {
		if k == "Enter" || k == "Escape" || k == "Tab" {
			x.run("send-keys", "-t", "e2e", k)
			time.Sleep(60 * time.Millisecond)
			continue
		}
		for _, r := range k {
			x.run("send-keys", "-t", "e2e", "-l", string(r))
			time.Sleep(40 * time.Millisecond)
		}
	}
}

// TestTmux runs the real binary in tmux at 100×30, types moves in four
// notations key by key (USI, Western, Japanese, CSA), moves with the cursor
// keys and reads the screen.
func TestTmux(t *testing.T) {
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed; the end-to-end test needs it (.ci/run installs it)")
	}
	if testing.Short() {
		t.Skip("builds the binary and runs it in tmux")
	}
	bin := buildBinary(t)
	x := tmux{t: t, socket: "shogi-test-" + strconv.Itoa(os.Getpid())}
	t.Cleanup(func() { _ = exec.Command("tmux", "-L", x.socket, "kill-server").Run() })
	state := t.TempDir()
	cmdline := "env LANG=C.UTF-8 SHOGI_STATE_DIR=" + state + " " + bin + " play; sleep 30"
	start := time.Now()
	x.run("new-session", "-d", "-x", "100", "-y", "30", "-s", "e2e", cmdline)
	x.waitFor("９ ８ ７")
	t.Logf("first frame in tmux after %v (including tmux start-up)", time.Since(start))

	x.typeKeys("7g7f", "Enter")
	x.waitFor("▲７六歩")
	x.typeKeys("P-3d", "Enter")
	x.waitFor("△３四歩")
	x.typeKeys("２六歩", "Enter")
	s := x.waitFor("▲２六歩")
	for _, want := range []string{
		"| ・ ・ 歩 ・ ・ ・ ・ 歩 ・|六", // 7f and 2f pawns
		"|v歩v歩v歩v歩v歩v歩 ・v歩v歩|三", // 3c moved
		"| ・ ・ ・ ・ ・ ・v歩 ・ ・|四", // to 3d
		"4手目 △後手の番",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("screen lacks %q:\n%s", want, s)
		}
	}
	x.typeKeys("-8384FU", "Enter")
	x.waitFor("△８四歩")
	// Cursor keys in the same session: pick the rook on 2h, move it to 2g.
	// The cursor starts on 5g: l l l → 2g, j → 2h.
	x.typeKeys("lll", "j", "Enter")
	x.waitFor("picked")
	x.typeKeys("k", "Enter")
	s = x.waitFor("▲２七飛")
	if !strings.Contains(s, "| 歩 歩 ・ 歩 歩 歩 歩 飛 歩|七") {
		t.Errorf("rook not on 2g:\n%s", s)
	}
	// Leaving asks, keeps the game, and the menu offers to resume it.
	x.typeKeys("q")
	x.waitFor("Leave the game?")
	x.typeKeys("y")
	x.waitFor("Resume game (human vs human, 5 moves)")
	if _, err := os.Stat(filepath.Join(state, "autosave.txt")); err != nil {
		t.Errorf("no autosave: %v", err)
	}
	x.typeKeys("q")
}
