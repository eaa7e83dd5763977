package termtest

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"
)

// Attrs is what the SGR sequences in force say about a cell: bold,
// underline, reverse, and the foreground and background colour
// parameters ("" for the terminal's default).
type Attrs struct {
	Bold, Underline, Reverse bool
	FG, BG                   string // "5;160" (256 colours), "2;198;40;40" (RGB), "31" (16 colours)
}

// sgr is one "ESC [ params m" sequence.
var sgr = regexp.MustCompile("\x1b\\[([0-9;:]*)m")

// Apply changes a by one sequence's parameters, as a terminal does.
func (a *Attrs) Apply(params string) {
	ps := strings.Split(params, ";")
	for i := 0; i < len(ps); i++ {
		p := ps[i]
		switch {
		case p == "0" || p == "":
			*a = Attrs{}
		case p == "1":
			a.Bold = true
		case p == "4" || strings.HasPrefix(p, "4:"):
			a.Underline = p != "4:0"
		case p == "7":
			a.Reverse = true
		case p == "22":
			a.Bold = false
		case p == "24":
			a.Underline = false
		case p == "27":
			a.Reverse = false
		case p == "39":
			a.FG = ""
		case p == "49":
			a.BG = ""
		case strings.HasPrefix(p, "38:") || strings.HasPrefix(p, "48:"):
			// The colon form carries its arguments in the one parameter.
			val := strings.ReplaceAll(p[3:], ":", ";")
			if p[0] == '3' {
				a.FG = val
			} else {
				a.BG = val
			}
		case p == "38" || p == "48":
			n := 2 // 38;5;N
			if i+1 < len(ps) && ps[i+1] == "2" {
				n = 4 // 38;2;R;G;B
			}
			val := strings.Join(ps[i+1:min(i+1+n, len(ps))], ";")
			if p == "38" {
				a.FG = val
			} else {
				a.BG = val
			}
			i += n
		case len(p) == 2 && (p[0] == '3' || p[0] == '9'):
			a.FG = p
		case len(p) == 2 && p[0] == '4', len(p) == 3 && p[:2] == "10":
			a.BG = p
		}
	}
}

// AttrsAt returns the attributes in force at column x of line y of a
// styled screen, with width giving each character's columns.
func AttrsAt(styled string, x, y int, width func(rune) int) (Attrs, error) {
	lines := strings.Split(styled, "\n")
	if y >= len(lines) {
		return Attrs{}, fmt.Errorf("no line %d:\n%s", y, styled)
	}
	line := lines[y]
	var a Attrs
	col := 0
	for i := 0; i < len(line); {
		if loc := sgr.FindStringSubmatchIndex(line[i:]); loc != nil && loc[0] == 0 {
			a.Apply(line[i+loc[2] : i+loc[3]])
			i += loc[1]
			continue
		}
		r, size := utf8.DecodeRuneInString(line[i:])
		w := width(r)
		if x >= col && x < col+w {
			return a, nil
		}
		col += w
		i += size
	}
	return Attrs{}, fmt.Errorf("line %d is shorter than column %d: %q", y, x, line)
}

// Colours lists the SGR sequences in s that set a foreground or
// background colour.
func Colours(s string) []string {
	var found []string
	for _, m := range sgr.FindAllStringSubmatch(s, -1) {
		var a Attrs
		a.Apply(m[1])
		if a.FG != "" || a.BG != "" {
			found = append(found, m[0])
		}
	}
	return found
}
