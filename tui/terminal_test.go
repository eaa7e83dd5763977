package tui

import (
	"bytes"
	"image/color"
	"testing"

	"shogi/app/words"
	"shogi/tui/common"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
)

// The colour depth comes from the caller's environment alone; GNU
// screen's TERM=screen is 16 colours (its terminfo says 8), not the 256
// colorprofile assumes, and NO_COLOR keeps attributes.
func TestDetectProfile(t *testing.T) {
	var out bytes.Buffer // not a terminal: only the environment speaks
	for _, c := range []struct {
		env  []string
		want colorprofile.Profile
	}{
		{[]string{"TERM=xterm-256color", "TTY_FORCE=1"}, colorprofile.ANSI256},
		{[]string{"TERM=xterm-256color", "COLORTERM=truecolor", "TTY_FORCE=1"}, colorprofile.TrueColor},
		{[]string{"TERM=screen", "TTY_FORCE=1"}, colorprofile.ANSI},
		{[]string{"TERM=screen-256color", "TTY_FORCE=1"}, colorprofile.ANSI256},
		{[]string{"TERM=xterm-256color", "NO_COLOR=1", "TTY_FORCE=1"}, colorprofile.ASCII},
		{[]string{"TERM=dumb"}, colorprofile.NoTTY}, // and not a terminal either
	} {
		if got := common.DetectProfile(&out, c.env); got != c.want {
			t.Errorf("DetectProfile(%q) = %v, want %v", c.env, got, c.want)
		}
	}
	for p, want := range map[colorprofile.Profile]common.ColorLevel{
		colorprofile.TrueColor: common.LevelTrue, colorprofile.ANSI256: common.Level256, colorprofile.ANSI: common.LevelMono,
		colorprofile.ASCII: common.LevelMono, colorprofile.NoTTY: common.LevelMono, colorprofile.Unknown: common.LevelTrue,
	} {
		if got := common.LevelOf(p); got != want {
			t.Errorf("levelOf(%v) = %v, want %v", p, got, want)
		}
	}
}

func TestLocale(t *testing.T) {
	for _, c := range []struct {
		env   []string
		utf8  bool
		lang  words.Lang
		width common.WidthPolicy
	}{
		{nil, true, words.English, common.Narrow},
		{[]string{"LANG=C"}, false, words.English, common.Narrow},
		{[]string{"LANG=POSIX"}, false, words.English, common.Narrow},
		{[]string{"LANG=C.UTF-8"}, true, words.English, common.Narrow},
		{[]string{"LANG=en_US.UTF-8"}, true, words.English, common.Narrow},
		{[]string{"LANG=ja_JP.UTF-8"}, true, words.Japanese, common.Wide},
		{[]string{"LANG=ja_JP.UTF-8", "RUNEWIDTH_EASTASIAN=0"}, true, words.Japanese, common.Narrow},
		{[]string{"LANG=ja_JP.eucJP"}, false, words.Japanese, common.Wide},
		{[]string{"LANG=en_US.UTF-8", "LC_ALL=C"}, false, words.English, common.Narrow},
		{[]string{"LANG=ja_JP.UTF-8", "LC_MESSAGES=en_US.UTF-8"}, true, words.English, common.Wide},
		{[]string{"LANG=zh_CN.UTF-8@cjk_narrow"}, true, words.English, common.Narrow},
	} {
		if got := common.UTF8Locale(c.env); got != c.utf8 {
			t.Errorf("UTF8Locale(%q) = %v", c.env, got)
		}
		if got := common.LangFromEnv(c.env); got != c.lang {
			t.Errorf("LangFromEnv(%q) = %v", c.env, got)
		}
		if got := common.WidthPolicyFromEnv(c.env); got != c.width {
			t.Errorf("WidthPolicyFromEnv(%q) = %v", c.env, got)
		}
	}
	for v, want := range map[string][2]bool{
		"": {true, false}, "15;0": {true, true}, "0;15": {false, true}, "15;8": {true, true},
		"0;7": {false, true}, "15;7;0": {true, true}, "default": {true, false},
	} {
		dark, ok := common.DarkFromEnv([]string{"COLORFGBG=" + v})
		if dark != want[0] || ok != want[1] {
			t.Errorf("COLORFGBG=%q: dark %v ok %v, want %v", v, dark, ok, want)
		}
	}
}

// The palette follows the background the terminal reports, unless the
// user chose one for the board; the text's colours always follow the
// background. COLORFGBG is the first guess, and the first frame does not
// wait for the answer.
func TestBackgroundPicksThePalette(t *testing.T) {
	white := tea.BackgroundColorMsg{Color: color.RGBA{0xff, 0xff, 0xff, 0xff}}
	black := tea.BackgroundColorMsg{Color: color.RGBA{0, 0, 0, 0xff}}

	m, _ := New(Options{})
	if m.Init() == nil {
		t.Fatal("auto theme: Init asks nothing")
	}
	if !m.c.Dark {
		t.Fatal("before an answer the app draws in the dark palette")
	}
	m.Update(white)
	if m.c.Dark || m.c.Styles.Pal.Name != "light" || m.c.Styles.TextPal.Name != "light" {
		t.Fatalf("a white background left the %s palette", m.c.Styles.Pal.Name)
	}
	m.Update(black)
	if !m.c.Dark || m.c.Styles.Pal.Name != "dark" {
		t.Fatal("a black background left the light palette")
	}

	m, _ = New(Options{Theme: common.ThemeDark})
	if m.Init() == nil {
		t.Error("a chosen theme no longer asks the terminal, whose background the text follows")
	}
	m.Update(white)
	if m.c.Styles.Pal.Name != "dark" || m.c.Styles.TextPal.Name != "light" {
		t.Errorf("--theme dark on white: board %s, text %s; want a dark board, light-background text", m.c.Styles.Pal.Name, m.c.Styles.TextPal.Name)
	}

	m, _ = New(Options{})
	m.UseTerminal(common.Terminal{Profile: colorprofile.ANSI256, Env: []string{"COLORFGBG=0;15"}})
	if m.c.Dark || m.c.Styles.Pal.Name != "light-256" {
		t.Errorf("COLORFGBG=0;15 at 256 colours: palette %s", m.c.Styles.Pal.Name)
	}
}
