package sshd

import (
	"slices"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// screen is a small terminal emulator for the tests: it replays what a
// session wrote (cursor moves, erases, insertions, scrolling, wide
// characters) onto a grid of cells, so a test reads the screen a person
// would see, not the byte stream that draws it.
type screen struct {
	w, h      int
	cells     [][]string // a cell holds a grapheme; "" is the right half of a wide one
	x, y      int
	sx, sy    int // saved cursor
	top, bot  int // scroll region, inclusive
	title     string
	lastPrint string
}

func newScreen(w, h int) *screen {
	s := &screen{w: w, h: h}
	s.reset()
	return s
}

func (s *screen) reset() {
	s.cells = make([][]string, s.h)
	for i := range s.cells {
		s.cells[i] = blankRow(s.w)
	}
	s.x, s.y, s.top, s.bot = 0, 0, 0, s.h-1
}

func blankRow(w int) []string {
	r := make([]string, w)
	for i := range r {
		r[i] = " "
	}
	return r
}

// String is the screen's text, trailing blanks trimmed.
func (s *screen) String() string {
	var b strings.Builder
	for i, row := range s.cells {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(strings.TrimRight(strings.Join(row, ""), " "))
	}
	return b.String()
}

// feed replays data.
func (s *screen) feed(data []byte) { s.replay(data, false) }

// feedWhole replays the sequences of data that are surely whole (a later
// byte follows each, and each leaves the parser at rest) and returns the
// bytes they took; the rest may be the start of one that more bytes
// complete. So a client's screen is kept and fed what arrived since the
// last look, not replayed from the first byte at every look.
func (s *screen) feedWhole(data []byte) int { return s.replay(data, true) }

// clone is a copy of the screen that replays apart from it.
func (s *screen) clone() *screen {
	c := *s
	c.cells = make([][]string, len(s.cells))
	for i, row := range s.cells {
		c.cells[i] = slices.Clone(row)
	}
	return &c
}

// replay replays data, or with wholeOnly its whole sequences, and
// returns the bytes replayed.
func (s *screen) replay(data []byte, wholeOnly bool) (used int) {
	p := ansi.NewParser()
	var state byte
	for used < len(data) {
		seq, width, n, ns := ansi.DecodeSequence(data[used:], state, p)
		if n == 0 {
			break
		}
		if wholeOnly && (used+n == len(data) || ns != ansi.NormalState) {
			break
		}
		state = ns
		used += n
		s.apply(seq, width, p)
	}
	return used
}

// apply is one sequence's (or grapheme's) effect on the screen.
func (s *screen) apply(seq []byte, width int, p *ansi.Parser) {
	switch {
	case width > 0:
		s.print(string(seq), width)
	case len(seq) == 1 && seq[0] < 0x20:
		s.control(seq[0])
	case ansi.HasCsiPrefix(seq):
		s.csi(p)
	case ansi.HasOscPrefix(seq):
		if c := p.Command(); c == 0 || c == 2 {
			if _, t, ok := strings.Cut(string(p.Data()), ";"); ok {
				s.title = t
			}
		}
	case ansi.HasEscPrefix(seq) && len(seq) == 2:
		switch seq[1] {
		case '7':
			s.sx, s.sy = s.x, s.y
		case '8':
			s.x, s.y = s.sx, s.sy
		case 'M':
			if s.y == s.top {
				s.scrollDown(1)
			} else if s.y > 0 {
				s.y--
			}
		case 'D':
			s.index()
		case 'E':
			s.x = 0
			s.index()
		}
	}
}

func (s *screen) print(g string, width int) {
	if s.x+width > s.w {
		s.x = 0
		s.index()
	}
	s.cells[s.y][s.x] = g
	for i := 1; i < width && s.x+i < s.w; i++ {
		s.cells[s.y][s.x+i] = ""
	}
	s.lastPrint = g
	s.x += width // may stand at s.w: the next print wraps
}

func (s *screen) control(c byte) {
	switch c {
	case '\r':
		s.x = 0
	case '\n', '\v', '\f':
		s.index()
	case '\b':
		if s.x > 0 {
			s.x--
		}
	case '\t':
		s.x = min((s.x/8+1)*8, s.w-1)
	}
}

// index moves down a line, scrolling at the bottom of the region.
func (s *screen) index() {
	if s.y == s.bot {
		s.scrollUp(1)
	} else if s.y < s.h-1 {
		s.y++
	}
}

func (s *screen) scrollUp(n int) {
	for range n {
		copy(s.cells[s.top:s.bot], s.cells[s.top+1:s.bot+1])
		s.cells[s.bot] = blankRow(s.w)
	}
}

func (s *screen) scrollDown(n int) {
	for range n {
		copy(s.cells[s.top+1:s.bot+1], s.cells[s.top:s.bot])
		s.cells[s.top] = blankRow(s.w)
	}
}

func (s *screen) clamp() {
	s.x = max(0, min(s.x, s.w-1))
	s.y = max(0, min(s.y, s.h-1))
}

func (s *screen) csi(p *ansi.Parser) {
	cmd := ansi.Cmd(p.Command())
	param := func(i, def int) int {
		v, ok := p.Param(i, def)
		if !ok || v == 0 && def != 0 {
			return def
		}
		return v
	}
	if cmd.Prefix() == '?' {
		if cmd.Final() == 'h' || cmd.Final() == 'l' {
			for i := range len(p.Params()) {
				if m := param(i, 0); m == 1049 || m == 47 || m == 1047 {
					s.reset()
				}
			}
		}
		return
	}
	if cmd.Prefix() != 0 || cmd.Intermediate() != 0 {
		return
	}
	if s.x >= s.w {
		s.x = s.w - 1
	}
	switch cmd.Final() {
	case 'A':
		s.y -= param(0, 1)
	case 'B':
		s.y += param(0, 1)
	case 'C':
		s.x += param(0, 1)
	case 'D':
		s.x -= param(0, 1)
	case 'E':
		s.y += param(0, 1)
		s.x = 0
	case 'F':
		s.y -= param(0, 1)
		s.x = 0
	case 'G', '`':
		s.x = param(0, 1) - 1
	case 'd':
		s.y = param(0, 1) - 1
	case 'H', 'f':
		s.y, s.x = param(0, 1)-1, param(1, 1)-1
	case 'J':
		switch param(0, 0) {
		case 0:
			s.eraseLine(s.y, s.x, s.w)
			for y := s.y + 1; y < s.h; y++ {
				s.cells[y] = blankRow(s.w)
			}
		case 1:
			s.eraseLine(s.y, 0, s.x+1)
			for y := 0; y < s.y; y++ {
				s.cells[y] = blankRow(s.w)
			}
		default:
			for y := range s.h {
				s.cells[y] = blankRow(s.w)
			}
		}
	case 'K':
		switch param(0, 0) {
		case 0:
			s.eraseLine(s.y, s.x, s.w)
		case 1:
			s.eraseLine(s.y, 0, s.x+1)
		default:
			s.eraseLine(s.y, 0, s.w)
		}
	case 'X':
		s.eraseLine(s.y, s.x, s.x+param(0, 1))
	case '@':
		n := min(param(0, 1), s.w-s.x)
		row := s.cells[s.y]
		copy(row[s.x+n:], row[s.x:s.w-n])
		for i := s.x; i < s.x+n; i++ {
			row[i] = " "
		}
	case 'P':
		n := min(param(0, 1), s.w-s.x)
		row := s.cells[s.y]
		copy(row[s.x:], row[s.x+n:])
		for i := s.w - n; i < s.w; i++ {
			row[i] = " "
		}
	case 'L', 'M':
		if s.y < s.top || s.y > s.bot {
			return
		}
		top := s.top
		s.top = s.y
		if cmd.Final() == 'L' {
			s.scrollDown(param(0, 1))
		} else {
			s.scrollUp(param(0, 1))
		}
		s.top = top
	case 'S':
		s.scrollUp(param(0, 1))
	case 'T':
		s.scrollDown(param(0, 1))
	case 'b':
		for range param(0, 1) {
			s.print(s.lastPrint, max(ansi.StringWidth(s.lastPrint), 1))
		}
	case 'r':
		s.top, s.bot = param(0, 1)-1, param(1, s.h)-1
		if s.top < 0 || s.bot >= s.h || s.top >= s.bot {
			s.top, s.bot = 0, s.h-1
		}
		s.x, s.y = 0, 0
	case 's':
		s.sx, s.sy = s.x, s.y
	case 'u':
		s.x, s.y = s.sx, s.sy
	}
	s.clamp()
}

func (s *screen) eraseLine(y, from, to int) {
	for x := max(from, 0); x < min(to, s.w); x++ {
		s.cells[y][x] = " "
	}
}
