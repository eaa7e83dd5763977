package tui

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// tmuxSession runs the real binary in a detached tmux session of its own
// server (its own socket), so the test neither sees nor disturbs anyone
// else's sessions.
type tmuxSession struct {
	t      *testing.T
	socket string
}

// buildShogi builds the command into a temporary directory.
func buildShogi(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "shogi")
	cmd := exec.Command("go", "build", "-o", bin, "example.com/shogi")
	cmd.Dir = ".."
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

func startTmux(t *testing.T, shellCmd string) *tmuxSession {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed: the end-to-end study test needs it")
	}
	s := &tmuxSession{t: t, socket: fmt.Sprintf("shogi-study-%d-%d", os.Getpid(), time.Now().UnixNano())}
	t.Cleanup(func() { _ = exec.Command("tmux", "-L", s.socket, "kill-server").Run() })
	// A UTF-8 locale and narrow ambiguous characters, whatever the
	// machine's own settings are.
	full := "env LANG=C.UTF-8 LC_ALL=C.UTF-8 RUNEWIDTH_EASTASIAN=0 TERM=xterm-256color " + shellCmd
	s.tmux("-u", "new-session", "-d", "-x", "100", "-y", "30", "-s", "study", full)
	return s
}

func (s *tmuxSession) tmux(args ...string) string {
	s.t.Helper()
	out, err := exec.Command("tmux", append([]string{"-L", s.socket}, args...)...).CombinedOutput()
	if err != nil {
		s.t.Fatalf("tmux %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

func (s *tmuxSession) screen() string { return s.tmux("capture-pane", "-p", "-t", "study") }

// key sends one key (a tmux key name or one character) and pauses, as a
// person would.
func (s *tmuxSession) key(k string) {
	s.tmux("send-keys", "-t", "study", k)
	time.Sleep(80 * time.Millisecond)
}

// waitFor polls the screen until it shows every text.
func (s *tmuxSession) waitFor(texts ...string) {
	s.t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		sc := s.screen()
		missing := ""
		for _, x := range texts {
			if !strings.Contains(sc, x) {
				missing = x
				break
			}
		}
		if missing == "" {
			return
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("the screen never showed %q:\n%s", missing, sc)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// waitGone waits for the program (and so the session) to end.
func (s *tmuxSession) waitGone() {
	s.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for exec.Command("tmux", "-L", s.socket, "has-session", "-t", "study").Run() == nil {
		if time.Now().After(deadline) {
			s.t.Fatalf("q did not quit:\n%s", s.screen())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func TestStudyEndToEnd(t *testing.T) {
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed: the end-to-end study test needs it")
	}
	bin := buildShogi(t)
	file, err := filepath.Abs(filepath.Join("testdata", "study", "branches_sjis.kif"))
	if err != nil {
		t.Fatal(err)
	}

	t.Run("file", func(t *testing.T) {
		s := startTmux(t, bin+" open "+file)
		s.waitFor("手数 0/13  開始局面", "テスト用の棋譜", "▲先手 山田太郎")
		for range 3 {
			s.key("l")
		}
		s.waitFor("手数 3/13  ▲２六歩", "3手目の変化: [▲２六歩] / ▲６六歩 (変化)")
		s.key("v")
		s.waitFor("手数 3/5  ▲６六歩", "振り飛車含み", "変化 3手目から")
		s.key("m")
		s.key("End")
		s.waitFor("手数 13/13  ▲２八飛", "まで13手で先手の勝ち (後手投了)", "後手の投了")
		s.key("1")
		s.key("Enter")
		s.waitFor("手数 1/13  ▲７六歩", "角道を開ける")
		s.key("q")
		s.waitGone()
	})

	t.Run("stdin", func(t *testing.T) {
		s := startTmux(t, "sh -c 'cat "+file+" | "+bin+" open -'")
		s.waitFor("shogi study: stdin", "手数 0/13")
		s.key("G")
		s.waitFor("手数 13/13  ▲２八飛")
		s.key("Home")
		s.key("l")
		s.waitFor("手数 1/13  ▲７六歩", "角道を開ける")
		s.key("q")
		s.waitGone()
	})

	t.Run("broken", func(t *testing.T) {
		broken, err := filepath.Abs(filepath.Join("testdata", "study", "broken.kif"))
		if err != nil {
			t.Fatal(err)
		}
		s := startTmux(t, bin+" open "+broken)
		s.waitFor("Cannot open", "broken.kif:10: board diagram row 3 does not have nine squares")
		s.key("q")
		s.waitGone()
	})
}
