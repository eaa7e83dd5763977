package tui

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"shogi/game"
)

// tmuxApp runs the real binary in a detached tmux session on a server of
// the test's own (its own socket), so it neither sees nor disturbs anyone
// else's sessions.
type tmuxApp struct {
	t      *testing.T
	socket string
	state  string // the app's state directory
}

var (
	binOnce sync.Once
	binPath string
	binErr  error
)

// shogiBinary builds the command once per test run.
func shogiBinary(t *testing.T) string {
	t.Helper()
	binOnce.Do(func() {
		dir, err := os.MkdirTemp("", "shogi-bin-")
		if err != nil {
			binErr = err
			return
		}
		binPath = filepath.Join(dir, "shogi")
		out, err := exec.Command("go", "build", "-o", binPath, "..").CombinedOutput()
		if err != nil {
			binErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if binErr != nil {
		t.Fatal(binErr)
	}
	return binPath
}

// startApp runs `shogi ARGS` at w×h with env (KEY=value …) on top of a
// plain UTF-8, narrow, 256-colour terminal, and waits for want.
func startApp(t *testing.T, w, h int, env, args, want string) *tmuxApp {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed; the end-to-end tests need it (.ci/run installs it)")
	}
	if testing.Short() {
		t.Skip("builds the binary and runs it in tmux")
	}
	bin := shogiBinary(t)
	x := &tmuxApp{t: t, socket: fmt.Sprintf("shogi-test-%d-%d", os.Getpid(), time.Now().UnixNano()), state: t.TempDir()}
	t.Cleanup(func() {
		// The app keeps its game when the terminal goes: wait for it to
		// end before its folders are removed.
		pane, _ := exec.Command("tmux", "-L", x.socket, "display", "-p", "-t", "e2e", "#{pane_pid}").Output()
		app := children(strings.TrimSpace(string(pane)))
		_ = exec.Command("tmux", "-L", x.socket, "kill-server").Run()
		for _, pid := range app {
			for deadline := time.Now().Add(10 * time.Second); alive(pid) && time.Now().Before(deadline); {
				time.Sleep(20 * time.Millisecond)
			}
		}
	})
	base := "LANG=C.UTF-8 LC_ALL= RUNEWIDTH_EASTASIAN=0 TERM=xterm-256color COLORTERM= NO_COLOR= COLORFGBG= TMUX="
	// The app's settings, data, logs and kept games go to the test's own
	// folders, never the user's.
	dirs := fmt.Sprintf("XDG_CONFIG_HOME=%[1]s/config XDG_DATA_HOME=%[1]s/data XDG_CACHE_HOME=%[1]s/cache SHOGI_STATE_DIR=%[1]s", x.state)
	cmdline := fmt.Sprintf("env %s %s %s %s %s; echo '[exited]'; sleep 30", base, dirs, env, bin, args)
	x.run("-f", "/dev/null", "new-session", "-d", "-x", strconv.Itoa(w), "-y", strconv.Itoa(h), "-s", "e2e", cmdline)
	x.waitFor(want)
	return x
}

func (x *tmuxApp) run(args ...string) string {
	x.t.Helper()
	out, err := exec.Command("tmux", append([]string{"-L", x.socket}, args...)...).CombinedOutput()
	if err != nil {
		x.t.Fatalf("tmux %v: %v\n%s", args, err, out)
	}
	return string(out)
}

func (x *tmuxApp) screen() string { return x.run("capture-pane", "-p", "-t", "e2e") }

// styled is the screen with its attributes and colours (capture-pane -e).
func (x *tmuxApp) styled() string { return x.run("capture-pane", "-e", "-p", "-t", "e2e") }

// waitFor polls the screen until it shows every text.
func (x *tmuxApp) waitFor(texts ...string) string {
	x.t.Helper()
	return x.waitLong(10*time.Second, texts...)
}

// waitLong is waitFor with a deadline of its own (an engine thinking).
func (x *tmuxApp) waitLong(d time.Duration, texts ...string) string {
	x.t.Helper()
	deadline := time.Now().Add(d)
	for {
		s := x.screen()
		missing := ""
		for _, want := range texts {
			if !strings.Contains(s, want) {
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
		time.Sleep(20 * time.Millisecond)
	}
}

// keys sends keys one at a time with a short pause, as a person types:
// tmux key names (Enter, Escape, Tab, Left …) as keys, anything else as
// its characters.
func (x *tmuxApp) keys(keys ...string) {
	for _, k := range keys {
		switch k {
		case "Enter", "Escape", "Tab", "Left", "Right", "Up", "Down", "Home", "End", "BSpace":
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

// waitGone waits for the program to end (the shell then says so).
func (x *tmuxApp) waitGone() {
	x.t.Helper()
	x.waitFor("[exited]")
}

// attrs is what an SGR state says about a cell: bold, underline, reverse,
// and whether a foreground or background colour is set (and which).
type attrs struct {
	bold, underline, reverse bool
	fg, bg                   string // the colour parameters, "" for the default
}

var sgr = regexp.MustCompile("\x1b\\[([0-9;:]*)m")

// attrsAt returns the attributes in force at column x of line y of a
// capture-pane -e screen.
func attrsAt(t *testing.T, styled string, x, y int) attrs {
	t.Helper()
	lines := strings.Split(styled, "\n")
	if y >= len(lines) {
		t.Fatalf("no line %d:\n%s", y, styled)
	}
	line := lines[y]
	m := newMeasure(Narrow)
	var a attrs
	col := 0
	for i := 0; i < len(line); {
		if loc := sgr.FindStringSubmatchIndex(line[i:]); loc != nil && loc[0] == 0 {
			a.apply(line[i+loc[2] : i+loc[3]])
			i += loc[1]
			continue
		}
		r, size := utf8.DecodeRuneInString(line[i:])
		w := m.cond.RuneWidth(r)
		if x >= col && x < col+w {
			return a
		}
		col += w
		i += size
	}
	t.Fatalf("line %d is shorter than column %d: %q", y, x, line)
	return attrs{}
}

// squareAtScreen is where the play screen draws a square's piece at w×h
// (its glyph, after White's mark column).
func squareAtScreen(w, h int, sq game.Square) (x, y int) {
	l := newLayout(w, h, Kanji, 3)
	for col := range 9 {
		for row := range 9 {
			if game.NewSquare(fileAt(col, false), rankAt(row, false)) == sq {
				cx, cy := l.geom.cellOrigin(col, row)
				if l.geom.size == boardHuge {
					cx++
				}
				return l.board.x + cx + 1, l.board.y + cy
			}
		}
	}
	panic("no square " + sq.String())
}

func (a *attrs) apply(params string) {
	ps := strings.FieldsFunc(params, func(r rune) bool { return r == ';' })
	if len(ps) == 0 {
		*a = attrs{}
	}
	for i := 0; i < len(ps); i++ {
		p := ps[i]
		switch {
		case p == "0":
			*a = attrs{}
		case p == "1":
			a.bold = true
		case p == "4" || strings.HasPrefix(p, "4:"):
			a.underline = p != "4:0"
		case p == "7":
			a.reverse = true
		case p == "22":
			a.bold = false
		case p == "24":
			a.underline = false
		case p == "27":
			a.reverse = false
		case p == "39":
			a.fg = ""
		case p == "49":
			a.bg = ""
		case p == "38" || p == "48":
			n := 2 // 38;5;N
			if i+1 < len(ps) && ps[i+1] == "2" {
				n = 4 // 38;2;R;G;B
			}
			val := strings.Join(ps[i+1:min(i+1+n, len(ps))], ";")
			if p == "38" {
				a.fg = val
			} else {
				a.bg = val
			}
			i += n
		case len(p) == 2 && (p[0] == '3' || p[0] == '9'):
			a.fg = p
		case len(p) == 2 && p[0] == '4', len(p) == 3 && p[:2] == "10":
			a.bg = p
		}
	}
}

// TestTmux runs the real binary at 100×30, types moves in four notations
// key by key (USI, Western, Japanese, CSA), moves with the cursor keys,
// leaves and finds the game offered for resuming.
func TestTmux(t *testing.T) {
	x := startApp(t, 100, 30, "", "play --lang ja", "９ ８ ７")
	x.keys("7g7f", "Enter")
	x.waitFor("▲７六歩")
	x.keys("P-3d", "Enter")
	x.waitFor("△３四歩")
	x.keys("２六歩", "Enter")
	s := x.waitFor("▲２六歩")
	for _, want := range []string{
		"| ・ ・ 歩 ・ ・ ・ ・ 歩 ・|六", // 7f and 2f pawns
		"|v歩v歩v歩v歩v歩v歩 ・v歩v歩|三", // 3c moved
		"| ・ ・ ・ ・ ・ ・v歩 ・ ・|四", // to 3d
		"4手目", "△後手の番",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("screen lacks %q:\n%s", want, s)
		}
	}
	x.keys("-8384FU", "Enter")
	x.waitFor("△８四歩")
	// Cursor keys: pick the rook on 2h, move it to 2g. The cursor starts
	// on 5g: l l l → 2g, j → 2h.
	x.keys("lll", "j", "Enter")
	x.waitFor("選択中")
	x.keys("k", "Enter")
	s = x.waitFor("▲２七飛")
	if !strings.Contains(s, "| 歩 歩 ・ 歩 歩 歩 歩 飛 歩|七") {
		t.Errorf("rook not on 2g:\n%s", s)
	}
	// Leaving asks, keeps the game, and the menu offers to resume it.
	x.keys("q")
	x.waitFor("対局を中断しますか?")
	x.keys("y")
	x.waitFor("対局を再開 (1局保存)")
	if k, _ := filepath.Glob(filepath.Join(x.state, "kept", "*.json")); len(k) != 1 {
		t.Errorf("kept games: %q", k)
	}
	x.keys("q")
	x.waitGone()
}

// Without colour — GNU screen's TERM=screen (16 colours: attributes only)
// and NO_COLOR — the picked piece and its destinations are still marked,
// with attributes: the cursor's square reversed, the picked piece
// underlined, an empty destination underlined with a mark instead of its
// dot; and nothing on the screen carries a colour.
func TestTmuxWithoutColour(t *testing.T) {
	for _, env := range []string{"TERM=screen", "NO_COLOR=1"} {
		t.Run(env, func(t *testing.T) {
			x := startApp(t, 80, 24, env, "play --lang ja", "９ ８ ７")
			x.keys("Enter") // the cursor starts on the pawn on 5g: pick it
			x.waitFor("選択中")
			styled := x.styled()
			if p := attrsAt(t, styled, sq57x(), sq57y()); !p.underline || !p.reverse {
				t.Errorf("the picked pawn under the cursor: %+v, want underlined and reversed", p)
			}
			tx, ty := squareAtScreen(80, 24, game.NewSquare(5, 6))
			if a := attrsAt(t, styled, tx, ty); !a.underline {
				t.Errorf("the empty target 5f: %+v, want underlined", a)
			}
			if !strings.Contains(x.screen(), "＊") {
				t.Errorf("no mark on the target:\n%s", x.screen())
			}
			x.keys("Escape", "h", "Enter") // put it back, and pick the pawn on 6g
			x.waitFor("６七")
			styled = x.styled()
			if p := attrsAt(t, styled, sq57x(), sq57y()); p.underline || p.reverse {
				t.Errorf("the pawn on 5g, put back: %+v, want plain", p)
			}
			px, py := squareAtScreen(80, 24, game.NewSquare(6, 7))
			if p := attrsAt(t, styled, px, py); !p.underline || !p.reverse {
				t.Errorf("the pawn picked on 6g: %+v, want underlined and reversed", p)
			}
			for _, line := range strings.Split(styled, "\n") {
				for _, m := range sgr.FindAllStringSubmatch(line, -1) {
					var a attrs
					a.apply(m[1])
					if a.fg != "" || a.bg != "" {
						t.Fatalf("a colour (%q) on a screen without colour: %q", m[0], line)
					}
				}
			}
		})
	}
}

func sq57x() int { x, _ := squareAtScreen(80, 24, game.NewSquare(5, 7)); return x }
func sq57y() int { _, y := squareAtScreen(80, 24, game.NewSquare(5, 7)); return y }

// With LANG=C the terminal takes 7-bit text only: the app draws ASCII
// pieces and English words, and nothing else.
func TestTmuxASCIIOnly(t *testing.T) {
	x := startApp(t, 80, 24, "LANG=C LC_ALL=C", "play", "Moves")
	x.keys("7g7f", "Enter", "Enter")
	x.waitFor("P-7f")
	s := x.screen()
	for i, r := range s {
		if r >= 0x80 {
			t.Fatalf("non-ASCII %q at byte %d of the screen:\n%s", r, i, s)
		}
	}
	if !strings.Contains(s, "| l  n  s  g  k  g  s  n  l |a") {
		t.Errorf("no ASCII board:\n%s", s)
	}
	x.keys("?")
	s = x.waitFor("Keys")
	for _, r := range s {
		if r >= 0x80 {
			t.Fatalf("non-ASCII %q in the help:\n%s", r, s)
		}
	}
}

// At 120×40 the large board is drawn: a grid of squares with hoshi at the
// zone corners, and the hands in 駒台 beside it.
func TestTmuxLargeBoard(t *testing.T) {
	// The first frame may come before the terminal's size: wait for the
	// large layout's 駒台.
	x := startApp(t, 120, 40, "", "play --lang ja", "+--------------+")
	s := x.screen()
	for _, want := range []string{
		"+---+---+---+---+---+---+---+---+---+",
		"+---+---+---*---+---+---*---+---+---+",
		"|v香|v桂|v銀|v金|v王|v金|v銀|v桂|v香| 一",
		"| 香| 桂| 銀| 金| 玉| 金| 銀| 桂| 香| 九",
		"△後手 持駒",
		"+--------------+",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("the 120x40 screen lacks %q:\n%s", want, s)
		}
	}
}

// In check, the king's square carries the check style: white bold text
// on red (or reversed and bold without colour), and the checking piece
// its own tint.
func TestTmuxCheck(t *testing.T) {
	for _, env := range []string{"COLORTERM=truecolor", "", "NO_COLOR=1"} {
		t.Run(env, func(t *testing.T) {
			x := startApp(t, 100, 34, env, "play --lang ja", "手番")
			for _, mv := range checkMoves {
				x.run("send-keys", "-t", "e2e", "-l", mv) // a burst: each character is still its own key
				x.keys("Enter")
			}
			x.waitFor("23手目", "王手")
			styled := x.styled()
			kx, ky := squareAtScreen(100, 34, game.NewSquare(7, 7))
			king := attrsAt(t, styled, kx, ky)
			switch env {
			case "COLORTERM=truecolor":
				if !king.bold || king.bg != "2;198;40;40" || king.fg != "2;255;255;255" {
					t.Errorf("the king in check: %+v, want bold white on #c62828", king)
				}
			case "":
				if !king.bold || king.bg != "5;160" || king.fg != "5;231" {
					t.Errorf("the king in check: %+v, want bold white on 256-colour red 160", king)
				}
			default:
				if !king.bold || !king.reverse {
					t.Errorf("the king in check: %+v, want bold and reversed", king)
				}
			}
			sx, sy := squareAtScreen(100, 34, game.NewSquare(8, 8))
			silver := attrsAt(t, styled, sx, sy)
			if silver == (attrs{}) || silver.bg == king.bg && silver.reverse == king.reverse {
				t.Errorf("the checking silver %+v is not marked apart from the king %+v", silver, king)
			}
		})
	}
}
