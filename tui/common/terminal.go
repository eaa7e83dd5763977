package common

import (
	"errors"
	"io"
	"strconv"
	"strings"

	"shogi/app/words"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/term"
)

// Terminal is the terminal the app draws on, as its caller knows it: the
// keys come from In, the frames go to Out, and everything the app decides
// from the environment (colours, locale, width of ambiguous characters) is
// read from Env, never from the process's own environment or by asking the
// terminal at start-up. Locally that is os.Stdin, os.Stdout and
// os.Environ(); over SSH it is the session and the client's environment.
type Terminal struct {
	In  io.Reader
	Out io.Writer
	Env []string // KEY=value, as os.Environ
	// Profile is how many colours Out takes (DetectProfile).
	Profile colorprofile.Profile
	// Width and Height are the size when the caller knows it (an SSH pty);
	// zero asks Out.
	Width, Height int
}

// ErrNoTerminal refuses to start the app on input that is a file but not
// a terminal (a pipe, /dev/null): Bubble Tea failed on /dev/null with an
// epoll error and waited on a pipe for ever.
var ErrNoTerminal = errors.New("the app needs a terminal to read keys from, and standard input is not one (shogi -h lists the commands that work without one)")

// CheckInput is ErrNoTerminal when In is a file that is not a terminal.
// Other readers (an SSH session, a test's keys) are the caller's choice.
func (t Terminal) CheckInput() error {
	if f, ok := t.In.(term.File); ok && !term.IsTerminal(f.Fd()) {
		return ErrNoTerminal
	}
	return nil
}

// getenv returns the last value of key in env, as the shell would see it.
func getenv(env []string, key string) string {
	v := ""
	for _, kv := range env {
		if k, val, ok := strings.Cut(kv, "="); ok && k == key {
			v = val
		}
	}
	return v
}

// DetectProfile decides how many colours out takes, from env alone (no
// terminal query), as colorprofile does, with two corrections:
//
//   - TERM=screen (GNU screen's default) is taken as 16 colours, as its
//     terminfo entry says, not 256: the board then falls back to attributes
//     instead of colours screen may not show;
//   - a terminal with TERM=dumb or no TERM keeps attributes (bold, reverse,
//     underline) though it gets no colour, so highlights never vanish.
func DetectProfile(out io.Writer, env []string) colorprofile.Profile {
	p := colorprofile.Detect(out, env)
	t := getenv(env, "TERM")
	if (t == "screen" || strings.HasPrefix(t, "screen.")) && p > colorprofile.ANSI {
		p = colorprofile.ANSI
	}
	if p == colorprofile.NoTTY && isTerminal(out) {
		p = colorprofile.ASCII
	}
	return p
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(term.File)
	return ok && term.IsTerminal(f.Fd())
}

// locale is the locale that decides the character set: LC_ALL, else
// LC_CTYPE, else LANG.
func locale(env []string, category string) string {
	for _, k := range []string{"LC_ALL", category, "LANG"} {
		if v := getenv(env, k); v != "" {
			return v
		}
	}
	return ""
}

// UTF8Locale reports whether the locale's character set is UTF-8. An
// explicit non-UTF-8 locale (C, POSIX, ja_JP.eucJP …) is not; no locale at
// all is taken as UTF-8, what terminals and SSH clients send today.
func UTF8Locale(env []string) bool {
	l := locale(env, "LC_CTYPE")
	if l == "" {
		return true
	}
	l = strings.ToLower(l)
	return strings.Contains(l, "utf-8") || strings.Contains(l, "utf8")
}

// LangFromEnv is the UI language the locale asks for: Japanese for a ja
// locale (LC_ALL, LC_MESSAGES, LANG), English otherwise.
func LangFromEnv(env []string) words.Lang {
	if strings.HasPrefix(locale(env, "LC_MESSAGES"), "ja") {
		return words.Japanese
	}
	return words.English
}

// WidthPolicyFromEnv reads RUNEWIDTH_EASTASIAN ("1" wide, anything else
// narrow) and, when it is unset, the locale: a Japanese, Chinese or Korean
// one means a CJK terminal, which draws ambiguous characters two columns
// wide (unless it says @cjk_narrow).
func WidthPolicyFromEnv(env []string) WidthPolicy {
	if v := getenv(env, "RUNEWIDTH_EASTASIAN"); v != "" {
		if v == "1" {
			return Wide
		}
		return Narrow
	}
	l := locale(env, "LC_CTYPE")
	if strings.HasSuffix(strings.ToLower(l), "@cjk_narrow") {
		return Narrow
	}
	for _, p := range []string{"ja", "zh", "ko"} {
		if strings.HasPrefix(l, p) {
			return Wide
		}
	}
	return Narrow
}

// DarkFromEnv guesses the background from COLORFGBG ("15;0": foreground 15
// on background 0), which rxvt, Konsole and others set: ANSI colours 0–6
// and 8 are dark. ok is false when the variable does not say; the app then
// waits for the terminal's answer to its background query.
func DarkFromEnv(env []string) (dark, ok bool) {
	v := getenv(env, "COLORFGBG")
	if v == "" {
		return true, false
	}
	parts := strings.Split(v, ";")
	bg, err := strconv.Atoi(parts[len(parts)-1])
	if err != nil {
		return true, false
	}
	return bg <= 6 || bg == 8, true
}

// ProgramOptions are a program's options for terminal t.
func ProgramOptions(t Terminal) []tea.ProgramOption {
	opts := []tea.ProgramOption{
		tea.WithInput(t.In),
		tea.WithOutput(t.Out),
		tea.WithEnvironment(t.Env),
		tea.WithColorProfile(t.Profile),
	}
	if t.Width > 0 && t.Height > 0 {
		opts = append(opts, tea.WithWindowSize(t.Width, t.Height))
	}
	return opts
}

// UseTerminal takes what the caller knows of the terminal: its colour
// profile, and its background from COLORFGBG where that is set.
func (c *Common) UseTerminal(t Terminal) {
	c.Level = LevelOf(t.Profile)
	if dark, ok := DarkFromEnv(t.Env); ok {
		c.Dark = dark
	}
	c.Restyle()
}

// TakeTerminal takes what the terminal says of itself: its size, its
// background, its colour profile.
func (c *Common) TakeTerminal(msg tea.Msg) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		if msg.Width <= 0 || msg.Height <= 0 {
			return // a terminal that does not know its size: keep the last one
		}
		c.Width, c.Height = msg.Width, msg.Height
	case tea.BackgroundColorMsg:
		if msg.Color != nil {
			c.Dark = msg.IsDark()
			c.Restyle()
		}
	case tea.ColorProfileMsg:
		if l := LevelOf(msg.Profile); l != c.Level {
			c.Level = l
			c.Restyle()
		}
	}
}
