package tui

import (
	"fmt"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
)

// Theme chooses the palette: the light or dark one, or whichever suits the
// background the terminal reports.
type Theme int

const (
	ThemeAuto Theme = iota
	ThemeLight
	ThemeDark
)

var themeNames = []string{"auto", "light", "dark"}

func (t Theme) String() string { return themeNames[int(t)%len(themeNames)] }

// ParseTheme reads "auto", "light" or "dark".
func ParseTheme(s string) (Theme, error) {
	for i, n := range themeNames {
		if strings.EqualFold(s, n) {
			return Theme(i), nil
		}
	}
	return ThemeAuto, fmt.Errorf("unknown theme %q (want auto, light or dark)", s)
}

// palette is every colour of one theme, as hex. The board is drawn on a
// plate of its own (wood), so its colours hold on any terminal background;
// the text around it is drawn on the terminal's own background, which the
// palette only knows roughly (terminalBgs, for the contrast test).
type palette struct {
	name string

	// The plate and what is drawn on it.
	plate, band         string // the board and the promotion-zone ranks
	grid, hoshi, coord  string
	empty               string // the dot of an empty square
	black, white        string // the pieces (Black's drawn bold); White's v mark is in white too
	last, picked        string // backgrounds: the last move's squares, the picked piece
	target, targetDot   string // an empty legal destination, and its dot
	capture, checker    string // a destination holding a piece; a piece giving check
	check, checkText    string // the king in check or mated
	cursor, cursorFrame string // the keyboard cursor's square and the [ ] around it

	// Text on the terminal's background.
	dim, key string // secondary text (help descriptions), help keys
	accent   string // titles, the square being typed
	err      string // failures
	// Badges: background then text.
	turnBg, turnFg, askBg, askFg, endBg, endFg string

	terminalBgs []string // the backgrounds text must read on
}

// palettes are the light and dark themes, each in true colour and in
// the 256-colour set (whose few dark colours need their own choices: the
// renderer would otherwise round two tints to one). Their contrasts are
// tested (styles_test.go): every piece colour on every board background
// at least 4.5:1, the highlights at least ΔE 20 apart, the text at least
// 4.5:1 on the usual terminal backgrounds.
var palettes = [2][2]palette{
	{ // light
		{
			name:  "light",
			plate: "#e9c98f", band: "#e1bf82",
			grid: "#a8844f", hoshi: "#5a4020", coord: "#5a4020", empty: "#7a5a2c",
			black: "#1b1410", white: "#8c0d16",
			last: "#fff08a", picked: "#f5ad5e",
			target: "#bfe8ad", targetDot: "#1d6b1d",
			capture: "#bcc9f7", checker: "#f5b8d5",
			check: "#c62828", checkText: "#ffffff",
			cursor: "#ffffff", cursorFrame: "#004f8a",

			dim: "#5a5a5a", key: "#1b1b1b", accent: "#8a4f00",
			err:    "#b00020",
			turnBg: "#9a5b00", turnFg: "#ffffff", askBg: "#8a4f00", askFg: "#ffffff", endBg: "#1b1b1b", endFg: "#ffffff",

			terminalBgs: []string{"#ffffff", "#fdf6e3", "#eeeeee", "#e5e5e5"},
		},
		{
			name:  "light-256",
			plate: "#d7af87", band: "#d7af87",
			grid: "#af875f", hoshi: "#3a3a3a", coord: "#3a3a3a", empty: "#5f5f00",
			black: "#121212", white: "#870000",
			last: "#ffff87", picked: "#ffaf5f",
			target: "#afd7af", targetDot: "#005f00",
			capture: "#afd7ff", checker: "#ffafd7",
			check: "#d70000", checkText: "#ffffff",
			cursor: "#ffffff", cursorFrame: "#00005f",

			dim: "#585858", key: "#121212", accent: "#875f00",
			err:    "#af0000",
			turnBg: "#875f00", turnFg: "#ffffff", askBg: "#875f00", askFg: "#ffffff", endBg: "#121212", endFg: "#ffffff",

			terminalBgs: []string{"#ffffff", "#eeeeee", "#e4e4e4"},
		},
	},
	{ // dark
		{
			name:  "dark",
			plate: "#2b2218", band: "#352a1e",
			grid: "#6b5840", hoshi: "#c9b08a", coord: "#c9b08a", empty: "#9c8663",
			black: "#f3e7d3", white: "#ffb4a3",
			last: "#4a420f", picked: "#6b3a10",
			target: "#1d4a26", targetDot: "#8fe08f",
			capture: "#26386e", checker: "#5e2448",
			check: "#c62828", checkText: "#ffffff",
			cursor: "#17505a", cursorFrame: "#7fe0f0",

			dim: "#a0a0a0", key: "#e8e8e8", accent: "#e0a030",
			err:    "#ff7070",
			turnBg: "#e0a030", turnFg: "#1c1c1c", askBg: "#e0a030", askFg: "#1c1c1c", endBg: "#e8e8e8", endFg: "#1c1c1c",

			terminalBgs: []string{"#000000", "#1c1c1c", "#282c34", "#002b36", "#300a24"},
		},
		{
			name:  "dark-256",
			plate: "#262626", band: "#303030",
			grid: "#585858", hoshi: "#d7af87", coord: "#d7af87", empty: "#8a8a8a",
			black: "#ffffd7", white: "#ffd7d7",
			last: "#5f5f00", picked: "#5f5f5f",
			target: "#005f00", targetDot: "#87ff87",
			capture: "#00005f", checker: "#5f005f",
			check: "#d70000", checkText: "#ffffff",
			cursor: "#005f5f", cursorFrame: "#87d7ff",

			dim: "#a8a8a8", key: "#eeeeee", accent: "#ffaf00",
			err:    "#ff8787",
			turnBg: "#ffaf00", turnFg: "#121212", askBg: "#ffaf00", askFg: "#121212", endBg: "#eeeeee", endFg: "#121212",

			terminalBgs: []string{"#000000", "#1c1c1c", "#262626", "#303030"},
		},
	},
}

// paletteFor is the palette of a theme at a colour level.
func paletteFor(dark bool, level colorLevel) *palette {
	d, c := 0, 0
	if dark {
		d = 1
	}
	if level == level256 {
		c = 1
	}
	return &palettes[d][c]
}

// colorLevel is what the terminal can show: the palette, or attributes
// only (bold, underline, reverse) where it has 16 colours or none.
type colorLevel int

const (
	levelTrue colorLevel = iota // 24-bit colour
	level256                    // the 256-colour set
	levelMono                   // attributes only
)

// levelOf maps a colour profile to a level. A 16-colour terminal gets
// attributes only: the palette's tints would be rounded to its few colours,
// some of them the background.
func levelOf(p colorprofile.Profile) colorLevel {
	switch p {
	case colorprofile.Unknown, colorprofile.TrueColor:
		return levelTrue
	case colorprofile.ANSI256:
		return level256
	}
	return levelMono
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

// bgKind is the background of a piece of the board drawing: the plate, or
// one of the highlights.
type bgKind uint8

const (
	bgPlate bgKind = iota
	bgBand
	bgLast
	bgPicked
	bgTarget
	bgCapture
	bgChecker
	bgCheck
	bgCursor
	numBg
)

// fgKind is what is drawn on a board background.
type fgKind uint8

const (
	fgBlack  fgKind = iota // Black's piece (bold)
	fgWhite                // White's piece and its v
	fgEmpty                // the dot of an empty square
	fgDot                  // the dot or mark of an empty target
	fgGrid                 // frame and grid lines
	fgHoshi                // the zone corners
	fgCoord                // file and rank labels
	fgCheck                // text on the check background
	fgCursor               // the [ ] around the cursor
	numFg
)

// Styles holds every style the app draws with, built once per theme and
// colour level; views never hold colours of their own.
type Styles struct {
	level colorLevel
	pal   *palette

	// cell is the board drawing: [background][foreground][cursor on it].
	cell [numBg][numFg][2]wrap
	// plain is the KIF style's board, drawn on the terminal's background.
	plain [numFg][2]wrap

	title, text, dim, key, accent, bold, err  wrap
	listLast, listCur                         wrap // the last move and the shown ply in a move list
	lastText, targetText, captureText, check  wrap // panel text with the board's tints
	picked                                    wrap
	turnBadge, askBadge, endBadge, checkBadge wrap
	urgent                                    wrap // a clock in its last ten seconds, a fallen flag

	// The evaluation graph: Black's and White's advantage, the ply shown.
	graphBlack, graphWhite, graphCur wrap
}

// newStyles builds the styles of one palette at one colour level.
func newStyles(p *palette, level colorLevel) *Styles {
	s := &Styles{level: level, pal: p}
	if level == levelMono {
		s.monochrome()
	} else {
		s.colour(p)
	}
	return s
}

// colour builds the styles from the palette's colours.
func (s *Styles) colour(p *palette) {
	col := func(h string) lipgloss.Style { return lipgloss.NewStyle().Foreground(lipgloss.Color(h)) }
	on := func(fg, bg string) lipgloss.Style {
		return lipgloss.NewStyle().Foreground(lipgloss.Color(fg)).Background(lipgloss.Color(bg))
	}
	plain := lipgloss.NewStyle()
	bold := plain.Bold(true)
	bgs := [numBg]string{p.plate, p.band, p.last, p.picked, p.target, p.capture, p.checker, p.check, p.cursor}
	fgs := [numFg]string{p.black, p.white, p.empty, p.targetDot, p.grid, p.hoshi, p.coord, p.checkText, p.cursorFrame}
	for b := range numBg {
		for f := range numFg {
			st := on(fgs[f], bgs[b])
			switch {
			case b == bgCheck:
				st = on(p.checkText, p.check).Bold(true) // the king in check: white bold on red
			case fgKind(f) == fgBlack || fgKind(f) == fgCursor || fgKind(f) == fgHoshi || fgKind(f) == fgDot:
				st = st.Bold(true)
			}
			s.cell[b][f][0] = newWrap(st)
			// The cursor on a highlighted square keeps the highlight and
			// underlines it; on a plain square it takes its own colour.
			cur := st.Underline(true)
			if b == bgPlate || b == bgBand {
				cur = on(fgs[f], p.cursor)
				if fgKind(f) == fgBlack {
					cur = cur.Bold(true)
				}
			}
			s.cell[b][f][1] = newWrap(cur)
		}
	}
	for f := range numFg {
		st := plain
		if fgKind(f) == fgBlack || fgKind(f) == fgDot || fgKind(f) == fgCursor {
			st = bold
		}
		s.plain[f][0] = newWrap(st)
		s.plain[f][1] = s.cell[bgPlate][f][1]
	}
	s.title = newWrap(col(p.accent).Bold(true))
	// Plain text keeps the terminal's own colour, readable before (and
	// whatever) the terminal says about its background.
	s.text = wrap{}
	s.dim = newWrap(col(p.dim))
	s.key = newWrap(col(p.key).Bold(true))
	s.accent = newWrap(col(p.accent).Bold(true))
	s.bold = newWrap(bold)
	s.err = newWrap(col(p.err).Bold(true))
	// Tinted text uses the piece colours, which are tested on every tint.
	s.listLast = newWrap(on(p.black, p.last))
	s.listCur = newWrap(on(p.black, p.picked).Bold(true))
	s.lastText = newWrap(on(p.black, p.last))
	s.picked = newWrap(on(p.black, p.picked).Bold(true))
	s.targetText = newWrap(on(p.black, p.target))
	s.captureText = newWrap(on(p.black, p.capture))
	s.check = newWrap(on(p.checkText, p.check).Bold(true))
	s.turnBadge = newWrap(on(p.turnFg, p.turnBg).Bold(true))
	s.askBadge = newWrap(on(p.askFg, p.askBg).Bold(true))
	s.endBadge = newWrap(on(p.endFg, p.endBg).Bold(true))
	s.checkBadge = s.check
	s.urgent = s.check
	s.graphBlack = newWrap(col(p.black))
	s.graphWhite = newWrap(col(p.white))
	s.graphCur = newWrap(on(p.turnFg, p.turnBg))
}

// monochrome builds the styles of attributes only: White's pieces carry
// their v (lower case in ASCII), Black's are bold; the cursor is
// reversed, the picked piece and the destinations underlined (an empty
// one also gets a mark), the king in check reversed and bold.
func (s *Styles) monochrome() {
	plain := lipgloss.NewStyle()
	bold := plain.Bold(true)
	bgAttr := [numBg]lipgloss.Style{
		bgPlate:   plain,
		bgBand:    plain,
		bgLast:    plain.Underline(true),
		bgPicked:  plain.Underline(true).Bold(true),
		bgTarget:  plain.Underline(true),
		bgCapture: plain.Underline(true),
		bgChecker: plain.Underline(true),
		bgCheck:   plain.Reverse(true).Bold(true),
		bgCursor:  plain.Reverse(true),
	}
	for b := range numBg {
		for f := range numFg {
			st := bgAttr[b]
			if f == fgBlack || f == fgDot || f == fgCursor || f == fgHoshi {
				st = st.Bold(true)
			}
			s.cell[b][f][0] = newWrap(st)
			s.cell[b][f][1] = newWrap(st.Reverse(true))
		}
	}
	s.plain = s.cell[bgPlate]
	s.title = newWrap(bold)
	s.key = newWrap(bold)
	s.accent = newWrap(bold)
	s.bold = newWrap(bold)
	s.err = newWrap(bold)
	s.listLast = newWrap(plain.Underline(true))
	s.listCur = newWrap(plain.Reverse(true))
	s.lastText = newWrap(plain.Underline(true))
	s.picked = newWrap(plain.Underline(true).Bold(true))
	s.targetText = newWrap(plain.Underline(true))
	s.captureText = newWrap(plain.Underline(true))
	s.check = newWrap(plain.Reverse(true).Bold(true))
	s.turnBadge = newWrap(plain.Reverse(true).Bold(true))
	s.askBadge = newWrap(plain.Reverse(true).Bold(true))
	s.endBadge = newWrap(plain.Reverse(true).Bold(true))
	s.checkBadge = s.check
	s.urgent = newWrap(plain.Reverse(true).Bold(true).Underline(true))
	s.graphCur = newWrap(plain.Reverse(true))
}
