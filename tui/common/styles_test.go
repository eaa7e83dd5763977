package common

import (
	"fmt"
	"image/color"
	"math"
	"regexp"
	"strconv"
	"testing"

	"github.com/charmbracelet/colorprofile"
)

// The WCAG 2 contrast ratio and the CIE76 colour difference, computed here
// from their definitions so the palette test depends on no colour library.

func parseHex(t *testing.T, s string) color.RGBA {
	t.Helper()
	if !regexp.MustCompile(`^#[0-9a-f]{6}$`).MatchString(s) {
		t.Fatalf("colour %q is not #rrggbb", s)
	}
	v, _ := strconv.ParseUint(s[1:], 16, 32)
	return color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 255}
}

func linear(c uint8) float64 {
	v := float64(c) / 255
	if v <= 0.03928 {
		return v / 12.92
	}
	return math.Pow((v+0.055)/1.055, 2.4)
}

func luminance(c color.RGBA) float64 {
	return 0.2126*linear(c.R) + 0.7152*linear(c.G) + 0.0722*linear(c.B)
}

func contrast(a, b color.RGBA) float64 {
	x, y := luminance(a), luminance(b)
	if x < y {
		x, y = y, x
	}
	return (x + 0.05) / (y + 0.05)
}

func labOf(c color.RGBA) [3]float64 {
	r, g, b := linear(c.R), linear(c.G), linear(c.B)
	x := (0.4124*r + 0.3576*g + 0.1805*b) / 0.95047
	y := 0.2126*r + 0.7152*g + 0.0722*b
	z := (0.0193*r + 0.1192*g + 0.9505*b) / 1.08883
	f := func(t float64) float64 {
		if t > 0.008856 {
			return math.Cbrt(t)
		}
		return 7.787*t + 16.0/116
	}
	return [3]float64{116*f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))}
}

func deltaE(a, b color.RGBA) float64 {
	p, q := labOf(a), labOf(b)
	return math.Sqrt((p[0]-q[0])*(p[0]-q[0]) + (p[1]-q[1])*(p[1]-q[1]) + (p[2]-q[2])*(p[2]-q[2]))
}

// The formulas against published values: black on white is 21:1, and
// #777777 on white the well-known 4.48:1.
func TestContrastFormula(t *testing.T) {
	w, k := parseHex(t, "#ffffff"), parseHex(t, "#000000")
	if got := contrast(w, k); math.Abs(got-21) > 0.01 {
		t.Errorf("contrast(white, black) = %.3f, want 21", got)
	}
	if got := contrast(parseHex(t, "#777777"), w); math.Abs(got-4.48) > 0.01 {
		t.Errorf("contrast(#777777, white) = %.3f, want 4.48", got)
	}
	if got := deltaE(w, k); math.Abs(got-100) > 0.5 {
		t.Errorf("ΔE(white, black) = %.2f, want 100", got)
	}
}

// Every palette keeps its pieces, marks and text readable and its
// highlights apart.
func TestPaletteContrast(t *testing.T) {
	for _, pair := range Palettes {
		for _, p := range pair {
			t.Run(p.Name, func(t *testing.T) {
				c := func(s string) color.RGBA { return parseHex(t, s) }
				need := func(what string, fg, bg string, min float64) {
					t.Helper()
					if r := contrast(c(fg), c(bg)); r < min {
						t.Errorf("%s: %s on %s is %.2f:1, want at least %.1f:1", what, fg, bg, r, min)
					}
				}
				boards := map[string]string{"plate": p.Plate, "band": p.Band, "last move": p.Last, "picked": p.Picked,
					"target": p.Target, "capture": p.Capture, "checker": p.Checker, "cursor": p.Cursor}
				for name, bg := range boards {
					need("Black's piece on "+name, p.Black, bg, 4.5)
					need("White's piece on "+name, p.White, bg, 4.5)
				}
				need("the king in check", p.CheckText, p.Check, 4.5)
				need("an empty target's dot", p.TargetDot, p.Target, 4.5)
				need("coordinates", p.Coord, p.Plate, 4.5)
				need("the cursor's brackets", p.CursorFrame, p.Plate, 4.5)
				need("hoshi", p.Hoshi, p.Plate, 3)
				need("an empty square's dot", p.Empty, p.Plate, 3)
				need("an empty square's dot in the zone", p.Empty, p.Band, 3)
				need("grid lines", p.Grid, p.Plate, 1.5)
				for _, bg := range p.TerminalBgs {
					need("help descriptions", p.Dim, bg, 4.5)
					need("help keys", p.Key, bg, 4.5)
					need("accent", p.Accent, bg, 4.5)
					need("errors", p.Err, bg, 4.5)
					// The graph's fills are graphics: 3:1 (WCAG's non-text contrast).
					need("the graph's Black side", p.Black, bg, 3)
					need("the graph's White side", p.White, bg, 3)
				}
				need("the turn badge", p.TurnFg, p.TurnBg, 4.5)
				need("the question badge", p.AskFg, p.AskBg, 4.5)
				need("the result badge", p.EndFg, p.EndBg, 4.5)

				// Each highlight its own colour, far from the plate and the others.
				hl := []struct{ name, hex string }{{"plate", p.Plate}, {"last move", p.Last}, {"picked", p.Picked},
					{"target", p.Target}, {"capture", p.Capture}, {"checker", p.Checker}, {"check", p.Check}, {"cursor", p.Cursor}}
				for i := range hl {
					for j := i + 1; j < len(hl); j++ {
						if d := deltaE(c(hl[i].hex), c(hl[j].hex)); d < 20 {
							t.Errorf("%s %s and %s %s are only ΔE %.1f apart, want 20", hl[i].name, hl[i].hex, hl[j].name, hl[j].hex, d)
						}
					}
				}
			})
		}
	}
}

// The 256-colour palettes use colours of the 256-colour set itself, so the
// renderer's rounding changes nothing and the tested contrasts are the
// ones on screen; the true-colour ones differ from theirs in the zone band
// (faintly) and nowhere by rounding two highlights to one.
func TestPalette256IsExact(t *testing.T) {
	for _, pair := range Palettes {
		p := pair[1]
		for _, h := range paletteColours(p) {
			in := parseHex(t, h)
			r, g, b, _ := colorprofile.ANSI256.Convert(in).RGBA()
			if got := fmt.Sprintf("#%02x%02x%02x", r>>8, g>>8, b>>8); got != h {
				t.Errorf("%s: %s is not in the 256-colour set (it becomes %s)", p.Name, h, got)
			}
		}
		tc := pair[0]
		if d := deltaE(parseHex(t, tc.Plate), parseHex(t, tc.Band)); d < 2 || d > 15 {
			t.Errorf("%s: the zone band is ΔE %.1f from the plate, want a faint 2–15", tc.Name, d)
		}
	}
}

func paletteColours(p Palette) []string {
	out := []string{p.Plate, p.Band, p.Grid, p.Hoshi, p.Coord, p.Empty, p.Black, p.White, p.Last, p.Picked,
		p.Target, p.TargetDot, p.Capture, p.Checker, p.Check, p.CheckText, p.Cursor, p.CursorFrame,
		p.Dim, p.Key, p.Accent, p.Err, p.TurnBg, p.TurnFg, p.AskBg, p.AskFg, p.EndBg, p.EndFg}
	return out
}
