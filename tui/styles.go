package tui

import (
	"os"
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"example.com/shogi/tui/termcolor"
)

// ConfigureColors decides the colour profile and whether the background is
// dark from the environment alone, so nothing waits for a terminal that
// never answers a colour query: COLORFGBG (as set by rxvt, Konsole and
// others) tells the background, dark is assumed otherwise; NO_COLOR keeps
// bold/reverse/underline but drops every colour; TERM=dumb or output that
// is not a terminal drops all styling. Call it before building a Model.
func ConfigureColors() {
	lipgloss.SetHasDarkBackground(termcolor.DarkBackground(os.Getenv("COLORFGBG")))
	out := termenv.NewOutput(os.Stdout)
	profile := out.EnvColorProfile() // reads TERM, COLORTERM, NO_COLOR; no query
	if os.Getenv("NO_COLOR") != "" && profile == termenv.Ascii && os.Getenv("TERM") != "dumb" {
		if f, err := os.Stdout.Stat(); err == nil && f.Mode()&os.ModeCharDevice != 0 {
			profile = termenv.ANSI // attributes only: newStyles uses no colour under NO_COLOR
		}
	}
	lipgloss.SetColorProfile(profile)
}

// wrap is a style reduced to the escape sequences around its text, so a
// cell is styled by two string concatenations instead of a lipgloss Render
// per cell per frame.
type wrap struct{ pre, post string }

func newWrap(st lipgloss.Style) wrap {
	out := st.Render("X")
	i := strings.Index(out, "X")
	if i < 0 {
		return wrap{}
	}
	return wrap{pre: out[:i], post: out[i+1:]}
}

func (w wrap) render(s string) string {
	if w.pre == "" && w.post == "" {
		return s
	}
	return w.pre + s + w.post
}

// highlight is how a board cell is marked, most important first.
type highlight int

const (
	hlNone     highlight = iota
	hlLast               // the last move's origin and destination
	hlTarget             // a legal destination of the picked piece
	hlSelected           // the picked piece
	hlCursor             // the keyboard cursor
	numHighlights
)

// owner is what stands on a cell: nothing, a Black piece or a White piece.
type owner int

const (
	ownEmpty owner = iota
	ownBlack
	ownWhite
	numOwners
)

// Styles holds every style the app uses, built once.
type Styles struct {
	cell [numOwners][numHighlights]wrap

	Title, Dim, Bold, Error, OK, Check, Turn, Selected lipgloss.Style
	title, dim, bold, err, ok, check, turn, selected   wrap
}

// newStyles builds the styles; with noColor only attributes are used
// (reverse, bold, underline), so the board still shows the cursor, the
// picked piece and its destinations on a monochrome terminal.
func newStyles(noColor bool) *Styles {
	s := &Styles{}
	col := func(st lipgloss.Style, light, dark string, bg bool) lipgloss.Style {
		if noColor {
			return st
		}
		c := lipgloss.AdaptiveColor{Light: light, Dark: dark}
		if bg {
			return st.Background(c)
		}
		return st.Foreground(c)
	}
	base := [numOwners]lipgloss.Style{
		lipgloss.NewStyle(),
		lipgloss.NewStyle(),
		col(lipgloss.NewStyle(), "124", "210", false), // White's pieces: red
	}
	for o := range base {
		b := base[o]
		s.cell[o][hlNone] = newWrap(b)
		s.cell[o][hlLast] = newWrap(col(b.Bold(true), "223", "58", true))
		tgt := b.Underline(true)
		s.cell[o][hlTarget] = newWrap(col(tgt, "151", "22", true))
		s.cell[o][hlSelected] = newWrap(col(b.Bold(true).Underline(true), "229", "94", true))
		s.cell[o][hlCursor] = newWrap(b.Reverse(true))
	}
	s.Title = lipgloss.NewStyle().Bold(true)
	s.Dim = col(lipgloss.NewStyle(), "244", "245", false)
	s.Bold = lipgloss.NewStyle().Bold(true)
	s.Error = col(lipgloss.NewStyle().Bold(true), "160", "203", false)
	s.OK = col(lipgloss.NewStyle(), "28", "114", false)
	s.Check = col(lipgloss.NewStyle().Bold(true).Reverse(noColor), "160", "203", false)
	s.Turn = lipgloss.NewStyle().Bold(true).Underline(true)
	s.Selected = lipgloss.NewStyle().Reverse(true)
	s.title, s.dim, s.bold, s.err = newWrap(s.Title), newWrap(s.Dim), newWrap(s.Bold), newWrap(s.Error)
	s.ok, s.check, s.turn, s.selected = newWrap(s.OK), newWrap(s.Check), newWrap(s.Turn), newWrap(s.Selected)
	return s
}

// noColor reports whether the user asked for no colour (https://no-color.org).
func noColor() bool { return os.Getenv("NO_COLOR") != "" }

// newHelp is the help bar. Its default styles are grey: under NO_COLOR the
// keys are bold and the rest faint instead, attributes only.
func newHelp(noColor bool) help.Model {
	h := help.New()
	if noColor {
		key, rest := lipgloss.NewStyle().Bold(true), lipgloss.NewStyle().Faint(true)
		h.Styles = help.Styles{
			Ellipsis: rest, ShortKey: key, ShortDesc: rest, ShortSeparator: rest,
			FullKey: key, FullDesc: rest, FullSeparator: rest,
		}
	}
	return h
}
