package tui

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"shogi/game/notation"
	"shogi/tui/common"
	"shogi/tui/components"

	"shogi/game"
	"shogi/internal/termtest"
)

// tmuxApp is the real binary in a tmux pane, with settings, data and
// kept games in a state directory of the test's own.
type tmuxApp struct {
	*termtest.Tmux
	t     *testing.T
	state string // the app's state directory
}

// startApp runs `shogi ARGS` at w×h with env (KEY=value …) on top of a
// plain UTF-8, narrow, 256-colour terminal, and waits for want.
func startApp(t *testing.T, w, h int, env, args, want string) *tmuxApp {
	t.Helper()
	termtest.Need(t)
	bin := termtest.Binary(t)
	state := t.TempDir()
	base := "LANG=C.UTF-8 LC_ALL= LC_MESSAGES= LC_CTYPE= RUNEWIDTH_EASTASIAN=0 TERM=xterm-256color COLORTERM= NO_COLOR= COLORFGBG= TMUX="
	// The app's settings, data, logs and kept games go to the test's own
	// folders, never the user's.
	dirs := fmt.Sprintf("HOME=%[1]s/home XDG_CONFIG_HOME=%[1]s/config XDG_DATA_HOME=%[1]s/data XDG_CACHE_HOME=%[1]s/cache XDG_STATE_HOME=%[1]s/state", state)
	x := &tmuxApp{t: t, state: state,
		Tmux: termtest.Start(t, w, h, fmt.Sprintf("env %s %s %s %s %s", base, dirs, env, bin, args))}
	x.WaitFor(want)
	return x
}

// move types a move's text in one burst (each character still a key of
// its own, without a pause between them) and presses enter.
func (x *tmuxApp) move(text string) {
	x.t.Helper()
	if strings.HasPrefix(text, "-") {
		// tmux would read the burst as its own option: key by key.
		x.Keys(text, "Enter")
		return
	}
	x.Type(text)
	x.Keys("Enter")
}

// attrsAt returns the attributes in force at column x of line y of a
// styled screen, as a narrow terminal draws it.
func attrsAt(t *testing.T, styled string, x, y int) termtest.Attrs {
	t.Helper()
	a, err := termtest.AttrsAt(styled, x, y, common.NewMeasure(common.Narrow).Cond.RuneWidth)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// squareAtScreen is where the play screen draws a square's piece at w×h
// (its glyph, after White's mark column).
func squareAtScreen(w, h int, sq game.Square) (x, y int) {
	l := components.NewLayout(w, h, common.Kanji, 3)
	for col := range 9 {
		for row := range 9 {
			if game.NewSquare(components.FileAt(col, false), components.RankAt(row, false)) == sq {
				cx, cy := l.Geom.CellOrigin(col, row)
				if l.Geom.Size == components.BoardHuge {
					cx++
				}
				return l.Board.X + cx + 1, l.Board.Y + cy
			}
		}
	}
	panic("no square " + sq.String())
}

// TestTmux runs the real binary at 100×30, types moves in four notations
// key by key (USI, Western, Japanese, CSA), moves with the cursor keys,
// leaves and finds the game offered for resuming.
func TestTmux(t *testing.T) {
	t.Parallel()
	x := startApp(t, 100, 30, "", "play --lang ja", "９ ８ ７")
	// Each move is waited for by the ply it leads to: the typed line's
	// preview already shows the move before enter is read.
	x.move("7g7f")
	x.WaitFor("2手目", "▲７六歩")
	x.move("P-3d")
	x.WaitFor("3手目", "△３四歩")
	x.move("２六歩")
	s := x.WaitFor("4手目", "▲２六歩")
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
	x.move("-8384FU")
	x.WaitFor("5手目", "△８四歩")
	// Cursor keys: pick the rook on 2h, move it to 2g. The cursor starts
	// on 5g: l l l → 2g, j → 2h.
	x.Keys("lll", "j", "Enter")
	x.WaitFor("選択中")
	x.Keys("k", "Enter")
	s = x.WaitFor("▲２七飛")
	if !strings.Contains(s, "| 歩 歩 ・ 歩 歩 歩 歩 飛 歩|七") {
		t.Errorf("rook not on 2g:\n%s", s)
	}
	// Leaving asks, keeps the game, and the menu offers to resume it.
	x.Keys("q")
	x.WaitFor("対局を中断しますか?")
	x.Keys("y")
	x.WaitFor("対局を再開 (1局保存)")
	if k, _ := filepath.Glob(filepath.Join(x.state, "state", "shogi", "kept", "*.json")); len(k) != 1 {
		t.Errorf("kept games: %q", k)
	}
	x.Keys("q")
	x.WaitGone()
}

// Without colour — GNU screen's TERM=screen (16 colours: attributes only)
// and NO_COLOR — the picked piece and its destinations are still marked,
// with attributes: the cursor's square reversed, the picked piece
// underlined, an empty destination underlined with a mark instead of its
// dot; and nothing on the screen carries a colour.
func TestTmuxWithoutColour(t *testing.T) {
	t.Parallel()
	for _, env := range []string{"TERM=screen", "NO_COLOR=1"} {
		t.Run(env, func(t *testing.T) {
			t.Parallel()
			x := startApp(t, 80, 24, env, "play --lang ja", "９ ８ ７")
			x.Keys("Enter") // the cursor starts on the pawn on 5g: pick it
			x.WaitFor("選択中")
			styled := x.Styled()
			if p := attrsAt(t, styled, sq57x(), sq57y()); !p.Underline || !p.Reverse {
				t.Errorf("the picked pawn under the cursor: %+v, want underlined and reversed", p)
			}
			tx, ty := squareAtScreen(80, 24, game.NewSquare(5, 6))
			if a := attrsAt(t, styled, tx, ty); !a.Underline {
				t.Errorf("the empty target 5f: %+v, want underlined", a)
			}
			if !strings.Contains(x.Screen(), "＊") {
				t.Errorf("no mark on the target:\n%s", x.Screen())
			}
			// Put it back, and pick the pawn on 6g. A letter that follows
			// Escape too closely (a loaded machine) reads as alt+letter:
			// wait for the Escape to be seen first.
			x.Keys("Escape")
			x.WaitFor("指し手を入力するか")
			x.Keys("h", "Enter")
			x.WaitFor("６七")
			styled = x.Styled()
			if p := attrsAt(t, styled, sq57x(), sq57y()); p.Underline || p.Reverse {
				t.Errorf("the pawn on 5g, put back: %+v, want plain", p)
			}
			px, py := squareAtScreen(80, 24, game.NewSquare(6, 7))
			if p := attrsAt(t, styled, px, py); !p.Underline || !p.Reverse {
				t.Errorf("the pawn picked on 6g: %+v, want underlined and reversed", p)
			}
			for _, line := range strings.Split(styled, "\n") {
				if c := termtest.Colours(line); c != nil {
					t.Fatalf("a colour (%q) on a screen without colour: %q", c, line)
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
	t.Parallel()
	x := startApp(t, 80, 24, "LANG=C LC_ALL=C", "play", "Moves")
	x.move("7g7f")
	x.Keys("Enter")
	x.WaitFor("P-7f")
	s := x.Screen()
	for i, r := range s {
		if r >= 0x80 {
			t.Fatalf("non-ASCII %q at byte %d of the screen:\n%s", r, i, s)
		}
	}
	if !strings.Contains(s, "| l  n  s  g  k  g  s  n  l |a") {
		t.Errorf("no ASCII board:\n%s", s)
	}
	x.Keys("?")
	s = x.WaitFor("Keys")
	for _, r := range s {
		if r >= 0x80 {
			t.Fatalf("non-ASCII %q in the help:\n%s", r, s)
		}
	}
}

// At 120×40 the large board is drawn: a grid of squares with hoshi at the
// zone corners, and the hands in 駒台 beside it.
func TestTmuxLargeBoard(t *testing.T) {
	t.Parallel()
	// The first frame may come before the terminal's size: wait for the
	// large layout's 駒台, then for its last rank (a look may catch a
	// frame half written: once the 駒台's top and nothing below it).
	x := startApp(t, 120, 40, "", "play --lang ja", "+--------------+")
	s := x.WaitFor("| 香| 桂| 銀| 金| 玉| 金| 銀| 桂| 香| 九")
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
// its own tint. The game starts (--sfen) where checkMoves stand before
// their last, White's checking drop, which is typed: what the terminal
// shows is the check as it comes, not the way there (the goldens type
// every move).
func TestTmuxCheck(t *testing.T) {
	t.Parallel()
	g := game.NewGame(game.StartPosition())
	for _, u := range checkMoves[:len(checkMoves)-1] {
		p := g.Position()
		mv, err := notation.Parse(&p, u, notation.USI, game.NoMove)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Play(mv); err != nil {
			t.Fatal(err)
		}
	}
	before := g.Position()
	for _, env := range []string{"COLORTERM=truecolor", "", "NO_COLOR=1"} {
		t.Run(env, func(t *testing.T) {
			t.Parallel()
			x := startApp(t, 100, 34, env, "play --lang ja --sfen '"+before.SFEN()+"'", "手番")
			x.move(checkMoves[len(checkMoves)-1])
			x.WaitFor("1 △８八銀", "王手") // the game's first move, from --sfen
			styled := x.Styled()
			kx, ky := squareAtScreen(100, 34, game.NewSquare(7, 7))
			king := attrsAt(t, styled, kx, ky)
			switch env {
			case "COLORTERM=truecolor":
				if !king.Bold || king.BG != "2;198;40;40" || king.FG != "2;255;255;255" {
					t.Errorf("the king in check: %+v, want bold white on #c62828", king)
				}
			case "":
				if !king.Bold || king.BG != "5;160" || king.FG != "5;231" {
					t.Errorf("the king in check: %+v, want bold white on 256-colour red 160", king)
				}
			default:
				if !king.Bold || !king.Reverse {
					t.Errorf("the king in check: %+v, want bold and reversed", king)
				}
			}
			sx, sy := squareAtScreen(100, 34, game.NewSquare(8, 8))
			silver := attrsAt(t, styled, sx, sy)
			if silver == (termtest.Attrs{}) || silver.BG == king.BG && silver.Reverse == king.Reverse {
				t.Errorf("the checking silver %+v is not marked apart from the king %+v", silver, king)
			}
		})
	}
}
