package common

import (
	"shogi/app/settings"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
)

// Theme chooses the palette: the light or dark one, or whichever suits the
// background the terminal reports (a value of the settings file).
type Theme = settings.Theme

const (
	ThemeAuto  = settings.ThemeAuto
	ThemeLight = settings.ThemeLight
	ThemeDark  = settings.ThemeDark
)

// ParseTheme reads "auto", "light" or "dark".
func ParseTheme(s string) (Theme, error) { return settings.ParseTheme(s) }

// Palette is every colour of one theme, as hex. The board is drawn on a
// plate of its own (wood), so its colours hold on any terminal background;
// the text around it is drawn on the terminal's own background, which the
// palette only knows roughly (terminalBgs, for the contrast test).
type Palette struct {
	Name string

	// The plate and what is drawn on it.
	Plate, Band         string // the board and the promotion-zone ranks
	Grid, Hoshi, Coord  string
	Empty               string // the dot of an empty square
	Black, White        string // the pieces (Black's drawn bold); White's v mark is in white too
	Last, Picked        string // backgrounds: the last move's squares, the picked piece
	Target, TargetDot   string // an empty legal destination, and its dot
	Capture, Checker    string // a destination holding a piece; a piece giving check
	Check, CheckText    string // the king in check or mated
	Cursor, CursorFrame string // the keyboard cursor's square and the [ ] around it

	// Text on the terminal's background.
	Dim, Key string // secondary text (help descriptions), help keys
	Accent   string // titles, the square being typed
	Err      string // failures
	// Badges: background then text.
	TurnBg, TurnFg, AskBg, AskFg, EndBg, EndFg string

	TerminalBgs []string // the backgrounds text must read on
}

// Palettes are the light and dark themes, each in true colour and in
// the 256-colour set (whose few dark colours need their own choices: the
// renderer would otherwise round two tints to one). Their contrasts are
// tested (styles_test.go): every piece colour on every board background
// at least 4.5:1, the highlights at least ΔE 20 apart, the text at least
// 4.5:1 on the usual terminal backgrounds.
var Palettes = [2][2]Palette{
	{ // light
		{
			Name:  "light",
			Plate: "#e9c98f", Band: "#e1bf82",
			Grid: "#a8844f", Hoshi: "#5a4020", Coord: "#5a4020", Empty: "#7a5a2c",
			Black: "#1b1410", White: "#8c0d16",
			Last: "#fff08a", Picked: "#f5ad5e",
			Target: "#bfe8ad", TargetDot: "#1d6b1d",
			Capture: "#bcc9f7", Checker: "#f5b8d5",
			Check: "#c62828", CheckText: "#ffffff",
			Cursor: "#ffffff", CursorFrame: "#004f8a",

			Dim: "#5a5a5a", Key: "#1b1b1b", Accent: "#8a4f00",
			Err:    "#b00020",
			TurnBg: "#9a5b00", TurnFg: "#ffffff", AskBg: "#8a4f00", AskFg: "#ffffff", EndBg: "#1b1b1b", EndFg: "#ffffff",

			TerminalBgs: []string{"#ffffff", "#fdf6e3", "#eeeeee", "#e5e5e5"},
		},
		{
			Name:  "light-256",
			Plate: "#d7af87", Band: "#d7af87",
			Grid: "#af875f", Hoshi: "#3a3a3a", Coord: "#3a3a3a", Empty: "#5f5f00",
			Black: "#121212", White: "#870000",
			Last: "#ffff87", Picked: "#ffaf5f",
			Target: "#afd7af", TargetDot: "#005f00",
			Capture: "#afd7ff", Checker: "#ffafd7",
			Check: "#d70000", CheckText: "#ffffff",
			Cursor: "#ffffff", CursorFrame: "#00005f",

			Dim: "#585858", Key: "#121212", Accent: "#875f00",
			Err:    "#af0000",
			TurnBg: "#875f00", TurnFg: "#ffffff", AskBg: "#875f00", AskFg: "#ffffff", EndBg: "#121212", EndFg: "#ffffff",

			TerminalBgs: []string{"#ffffff", "#eeeeee", "#e4e4e4"},
		},
	},
	{ // dark
		{
			Name:  "dark",
			Plate: "#2b2218", Band: "#352a1e",
			Grid: "#6b5840", Hoshi: "#c9b08a", Coord: "#c9b08a", Empty: "#9c8663",
			Black: "#f3e7d3", White: "#ffb4a3",
			Last: "#4a420f", Picked: "#6b3a10",
			Target: "#1d4a26", TargetDot: "#8fe08f",
			Capture: "#26386e", Checker: "#5e2448",
			Check: "#c62828", CheckText: "#ffffff",
			Cursor: "#17505a", CursorFrame: "#7fe0f0",

			Dim: "#a0a0a0", Key: "#e8e8e8", Accent: "#e0a030",
			Err:    "#ff7070",
			TurnBg: "#e0a030", TurnFg: "#1c1c1c", AskBg: "#e0a030", AskFg: "#1c1c1c", EndBg: "#e8e8e8", EndFg: "#1c1c1c",

			TerminalBgs: []string{"#000000", "#1c1c1c", "#282c34", "#002b36", "#300a24"},
		},
		{
			Name:  "dark-256",
			Plate: "#262626", Band: "#303030",
			Grid: "#585858", Hoshi: "#d7af87", Coord: "#d7af87", Empty: "#8a8a8a",
			Black: "#ffffd7", White: "#ffd7d7",
			Last: "#5f5f00", Picked: "#5f5f5f",
			Target: "#005f00", TargetDot: "#87ff87",
			Capture: "#00005f", Checker: "#5f005f",
			Check: "#d70000", CheckText: "#ffffff",
			Cursor: "#005f5f", CursorFrame: "#87d7ff",

			Dim: "#a8a8a8", Key: "#eeeeee", Accent: "#ffaf00",
			Err:    "#ff8787",
			TurnBg: "#ffaf00", TurnFg: "#121212", AskBg: "#ffaf00", AskFg: "#121212", EndBg: "#eeeeee", EndFg: "#121212",

			TerminalBgs: []string{"#000000", "#1c1c1c", "#262626", "#303030"},
		},
	},
}

// PaletteFor is the palette of a theme at a colour level.
func PaletteFor(dark bool, level ColorLevel) *Palette {
	d, c := 0, 0
	if dark {
		d = 1
	}
	if level == Level256 {
		c = 1
	}
	return &Palettes[d][c]
}

// ColorLevel is what the terminal can show: the palette, or attributes
// only (bold, underline, reverse) where it has 16 colours or none.
type ColorLevel int

const (
	LevelTrue ColorLevel = iota // 24-bit colour
	Level256                    // the 256-colour set
	LevelMono                   // attributes only
)

// LevelOf maps a colour profile to a level. A 16-colour terminal gets
// attributes only: the palette's tints would be rounded to its few colours,
// some of them the background.
func LevelOf(p colorprofile.Profile) ColorLevel {
	switch p {
	case colorprofile.Unknown, colorprofile.TrueColor:
		return LevelTrue
	case colorprofile.ANSI256:
		return Level256
	}
	return LevelMono
}

// Wrap is a style reduced to the escape sequences around its text, so a
// cell is styled by two string concatenations instead of a lipgloss Render
// per cell per frame.
type Wrap struct{ Pre, Post string }

func newWrap(st lipgloss.Style) Wrap {
	out := st.Render("X")
	i := strings.Index(out, "X")
	if i < 0 {
		return Wrap{}
	}
	return Wrap{Pre: out[:i], Post: out[i+1:]}
}

func (w Wrap) Render(s string) string {
	if w.Pre == "" && w.Post == "" {
		return s
	}
	return w.Pre + s + w.Post
}

// BgKind is the background of a piece of the board drawing: the plate, or
// one of the highlights.
type BgKind uint8

const (
	BgPlate BgKind = iota
	BgBand
	BgLast
	BgPicked
	BgTarget
	BgCapture
	BgChecker
	BgCheck
	bgCursor
	numBg
)

// FgKind is what is drawn on a board background.
type FgKind uint8

const (
	FgBlack  FgKind = iota // Black's piece (bold)
	FgWhite                // White's piece and its v
	FgEmpty                // the dot of an empty square
	FgDot                  // the dot or mark of an empty target
	FgGrid                 // frame and grid lines
	FgHoshi                // the zone corners
	FgCoord                // file and rank labels
	fgCheck                // text on the check background
	FgCursor               // the [ ] around the cursor
	numFg
)

// Styles holds every style the app draws with, built once per theme and
// colour level; views never hold colours of their own.
type Styles struct {
	Level   ColorLevel
	Pal     *Palette // the board's, which the theme chooses
	TextPal *Palette // the text's, which the terminal's background chooses

	// Cell is the board drawing: [background][foreground][cursor on it].
	Cell [numBg][numFg][2]Wrap
	// Plain is the KIF style's board, drawn on the terminal's background.
	Plain [numFg][2]Wrap

	Title, Text, Dim, Key, Accent, Bold, Err  Wrap
	ListLast, ListCur                         Wrap // the last move and the shown ply in a move list
	LastText, TargetText, CaptureText, Check  Wrap // panel text with the board's tints
	Picked                                    Wrap
	TurnBadge, AskBadge, EndBadge, CheckBadge Wrap
	Urgent                                    Wrap // a clock in its last ten seconds, a fallen flag

	// The evaluation graph: Black's and White's advantage, the ply shown.
	GraphBlack, GraphWhite, GraphCur Wrap
}

// NewStyles builds the styles at one colour level: the board (and what
// is drawn on its plate or its tints) from board, the text drawn on the
// terminal's own background from text, the palette of that background.
func NewStyles(board, text *Palette, level ColorLevel) *Styles {
	s := &Styles{Level: level, Pal: board, TextPal: text}
	if level == LevelMono {
		s.monochrome()
	} else {
		s.colour(board, text)
	}
	return s
}

// colour builds the styles from the palettes' colours.
func (s *Styles) colour(p, tp *Palette) {
	col := func(h string) lipgloss.Style { return lipgloss.NewStyle().Foreground(lipgloss.Color(h)) }
	on := func(fg, bg string) lipgloss.Style {
		return lipgloss.NewStyle().Foreground(lipgloss.Color(fg)).Background(lipgloss.Color(bg))
	}
	plain := lipgloss.NewStyle()
	bold := plain.Bold(true)
	bgs := [numBg]string{p.Plate, p.Band, p.Last, p.Picked, p.Target, p.Capture, p.Checker, p.Check, p.Cursor}
	fgs := [numFg]string{p.Black, p.White, p.Empty, p.TargetDot, p.Grid, p.Hoshi, p.Coord, p.CheckText, p.CursorFrame}
	for b := range numBg {
		for f := range numFg {
			st := on(fgs[f], bgs[b])
			switch {
			case b == BgCheck:
				st = on(p.CheckText, p.Check).Bold(true) // the king in check: white bold on red
			case FgKind(f) == FgBlack || FgKind(f) == FgCursor || FgKind(f) == FgHoshi || FgKind(f) == FgDot:
				st = st.Bold(true)
			}
			s.Cell[b][f][0] = newWrap(st)
			// The cursor on a highlighted square keeps the highlight and
			// underlines it; on a plain square it takes its own colour.
			cur := st.Underline(true)
			if b == BgPlate || b == BgBand {
				cur = on(fgs[f], p.Cursor)
				if FgKind(f) == FgBlack {
					cur = cur.Bold(true)
				}
			}
			s.Cell[b][f][1] = newWrap(cur)
		}
	}
	for f := range numFg {
		st := plain
		if FgKind(f) == FgBlack || FgKind(f) == FgDot || FgKind(f) == FgCursor {
			st = bold
		}
		s.Plain[f][0] = newWrap(st)
		s.Plain[f][1] = s.Cell[BgPlate][f][1]
	}
	s.Title = newWrap(col(tp.Accent).Bold(true))
	// Plain text keeps the terminal's own colour, readable before (and
	// whatever) the terminal says about its background.
	s.Text = Wrap{}
	s.Dim = newWrap(col(tp.Dim))
	s.Key = newWrap(col(tp.Key).Bold(true))
	s.Accent = newWrap(col(tp.Accent).Bold(true))
	s.Bold = newWrap(bold)
	s.Err = newWrap(col(tp.Err).Bold(true))
	// Tinted text uses the piece colours, which are tested on every tint.
	s.ListLast = newWrap(on(p.Black, p.Last))
	s.ListCur = newWrap(on(p.Black, p.Picked).Bold(true))
	s.LastText = newWrap(on(p.Black, p.Last))
	s.Picked = newWrap(on(p.Black, p.Picked).Bold(true))
	s.TargetText = newWrap(on(p.Black, p.Target))
	s.CaptureText = newWrap(on(p.Black, p.Capture))
	s.Check = newWrap(on(p.CheckText, p.Check).Bold(true))
	// Badges and the graph sit on the terminal's background.
	s.TurnBadge = newWrap(on(tp.TurnFg, tp.TurnBg).Bold(true))
	s.AskBadge = newWrap(on(tp.AskFg, tp.AskBg).Bold(true))
	s.EndBadge = newWrap(on(tp.EndFg, tp.EndBg).Bold(true))
	s.CheckBadge = s.Check
	s.Urgent = s.Check
	s.GraphBlack = newWrap(col(tp.Black))
	s.GraphWhite = newWrap(col(tp.White))
	s.GraphCur = newWrap(on(tp.TurnFg, tp.TurnBg))
}

// monochrome builds the styles of attributes only: White's pieces carry
// their v (lower case in ASCII), Black's are bold; the cursor is
// reversed, the picked piece and the destinations underlined (an empty
// one also gets a mark), the king in check reversed and bold.
func (s *Styles) monochrome() {
	plain := lipgloss.NewStyle()
	bold := plain.Bold(true)
	bgAttr := [numBg]lipgloss.Style{
		BgPlate:   plain,
		BgBand:    plain,
		BgLast:    plain.Underline(true),
		BgPicked:  plain.Underline(true).Bold(true),
		BgTarget:  plain.Underline(true),
		BgCapture: plain.Underline(true),
		BgChecker: plain.Underline(true),
		BgCheck:   plain.Reverse(true).Bold(true),
		bgCursor:  plain.Reverse(true),
	}
	for b := range numBg {
		for f := range numFg {
			st := bgAttr[b]
			if f == FgBlack || f == FgDot || f == FgCursor || f == FgHoshi {
				st = st.Bold(true)
			}
			s.Cell[b][f][0] = newWrap(st)
			s.Cell[b][f][1] = newWrap(st.Reverse(true))
		}
	}
	s.Plain = s.Cell[BgPlate]
	s.Title = newWrap(bold)
	s.Key = newWrap(bold)
	s.Accent = newWrap(bold)
	s.Bold = newWrap(bold)
	s.Err = newWrap(bold)
	s.ListLast = newWrap(plain.Underline(true))
	s.ListCur = newWrap(plain.Reverse(true))
	s.LastText = newWrap(plain.Underline(true))
	s.Picked = newWrap(plain.Underline(true).Bold(true))
	s.TargetText = newWrap(plain.Underline(true))
	s.CaptureText = newWrap(plain.Underline(true))
	s.Check = newWrap(plain.Reverse(true).Bold(true))
	s.TurnBadge = newWrap(plain.Reverse(true).Bold(true))
	s.AskBadge = newWrap(plain.Reverse(true).Bold(true))
	s.EndBadge = newWrap(plain.Reverse(true).Bold(true))
	s.CheckBadge = s.Check
	s.Urgent = newWrap(plain.Reverse(true).Bold(true).Underline(true))
	s.GraphCur = newWrap(plain.Reverse(true))
}
