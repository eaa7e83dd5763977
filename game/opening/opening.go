// Package opening names a game's openings (戦型) and castles (囲い) from
// its positions: which pieces stand where, the king's square, the rook's
// file, whether the bishops were exchanged. The patterns are data, a table
// in patterns.txt embedded in the program (its header says the syntax),
// not code per opening: adding an opening is adding a line.
//
// A Tagger follows a game position by position and keeps, for each side,
// the most specific opening seen in the first OpeningPlies moves and the
// most specific castle in the first CastlePlies, where "most specific" is
// "latest in the table".
package opening

import (
	"bufio"
	_ "embed"
	"fmt"
	"strconv"
	"strings"

	"shogi/game"
)

//go:embed patterns.txt
var table string

// How far into a game openings and castles are looked for: an opening is
// settled in the first moves, a castle may take longer to build, and after
// that pieces wander in the fight.
const (
	OpeningPlies = 32
	CastlePlies  = 80
)

// Kind says whether a pattern names an opening or a castle.
type Kind uint8

const (
	Opening Kind = iota // 戦型
	Castle              // 囲い
)

func (k Kind) String() string {
	if k == Castle {
		return "castle"
	}
	return "opening"
}

// Pattern is one line of the table.
type Pattern struct {
	Kind  Kind
	Name  string
	Line  int    // in patterns.txt
	Text  string // the conditions as written
	conds []cond
}

// cond is one condition of a pattern.
type cond struct {
	opponent bool // about the other side
	not      bool
	hand     bool // X*: held in hand
	maxPly   int  // ply<=N when > 0
	piece    game.PieceType
	// squares[c] are the board squares meant when the side (or, for an
	// opponent condition, the opponent) is colour c.
	squares [2][]game.Square
}

// holds reports whether c holds in p, ply moves from the start, for side.
func (c *cond) holds(p *game.Position, ply int, side game.Color) bool {
	if c.maxPly > 0 {
		return ply <= c.maxPly
	}
	who := side
	if c.opponent {
		who = side.Other()
	}
	var found bool
	if c.hand {
		found = p.Hand(who, c.piece) > 0
	} else {
		want := game.NewPiece(who, c.piece)
		for _, s := range c.squares[who] {
			if p.At(s) == want {
				found = true
				break
			}
		}
	}
	return found != c.not
}

// Matches reports whether the pattern holds for side in p, ply moves from
// the start.
func (pt *Pattern) Matches(p *game.Position, ply int, side game.Color) bool {
	for i := range pt.conds {
		if !pt.conds[i].holds(p, ply, side) {
			return false
		}
	}
	return true
}

// ParseError is a line of a pattern table that cannot be read.
type ParseError struct {
	Line int
	Msg  string
}

func (e *ParseError) Error() string { return fmt.Sprintf("patterns.txt:%d: %s", e.Line, e.Msg) }

// Parse reads a pattern table (see patterns.txt for its syntax).
func Parse(text string) ([]Pattern, error) {
	var out []Pattern
	sc := bufio.NewScanner(strings.NewReader(text))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) < 3 {
			return nil, &ParseError{n, "want KIND NAME CONDITION..."}
		}
		pt := Pattern{Name: f[1], Line: n, Text: strings.Join(f[2:], " ")}
		switch f[0] {
		case "opening":
			pt.Kind = Opening
		case "castle":
			pt.Kind = Castle
		default:
			return nil, &ParseError{n, fmt.Sprintf("kind %q is neither opening nor castle", f[0])}
		}
		for _, w := range f[2:] {
			c, err := parseCond(w)
			if err != nil {
				return nil, &ParseError{n, fmt.Sprintf("%q: %v", w, err)}
			}
			pt.conds = append(pt.conds, c)
		}
		out = append(out, pt)
	}
	return out, sc.Err()
}

var pieceLetters = map[byte]game.PieceType{'P': game.Pawn, 'L': game.Lance, 'N': game.Knight, 'S': game.Silver,
	'G': game.Gold, 'B': game.Bishop, 'R': game.Rook, 'K': game.King}

func parseCond(w string) (cond, error) {
	var c cond
	if n, ok := strings.CutPrefix(w, "ply<="); ok {
		v, err := strconv.Atoi(n)
		if err != nil || v <= 0 {
			return c, fmt.Errorf("ply<= wants a positive number")
		}
		c.maxPly = v
		return c, nil
	}
	if rest, ok := strings.CutPrefix(w, "~"); ok {
		c.opponent, w = true, rest
	}
	if rest, ok := strings.CutPrefix(w, "!"); ok {
		c.not, w = true, rest
	}
	if w == "" {
		return c, fmt.Errorf("no piece")
	}
	pt, ok := pieceLetters[w[0]]
	if !ok {
		return c, fmt.Errorf("piece %q is not one of P L N S G B R K", w[0])
	}
	c.piece = pt
	switch {
	case w[1:] == "*":
		if pt == game.King {
			return c, fmt.Errorf("a king is never in hand")
		}
		c.hand = true
		return c, nil
	case len(w) < 2 || w[1] != '@':
		return c, fmt.Errorf("want X@FR or X*")
	}
	files, rest, err := parseRange(w[2:])
	if err != nil {
		return c, err
	}
	ranks, rest, err := parseRange(rest)
	if err != nil {
		return c, err
	}
	if rest != "" {
		return c, fmt.Errorf("unexpected %q after the square", rest)
	}
	for _, f := range files {
		for _, r := range ranks {
			c.squares[game.Black] = append(c.squares[game.Black], game.NewSquare(f, r))
			c.squares[game.White] = append(c.squares[game.White], game.NewSquare(10-f, 10-r))
		}
	}
	return c, nil
}

// parseRange reads a file or rank: a digit, ? or [a-b].
func parseRange(s string) (vals []int, rest string, err error) {
	digit := func(b byte) (int, bool) { return int(b - '0'), b >= '1' && b <= '9' }
	switch {
	case s == "":
		return nil, "", fmt.Errorf("square cut short")
	case s[0] == '?':
		return []int{1, 2, 3, 4, 5, 6, 7, 8, 9}, s[1:], nil
	case s[0] == '[':
		if len(s) < 5 || s[2] != '-' || s[4] != ']' {
			return nil, "", fmt.Errorf("want [a-b]")
		}
		a, ok1 := digit(s[1])
		b, ok2 := digit(s[3])
		if !ok1 || !ok2 || a > b {
			return nil, "", fmt.Errorf("bad range %s", s[:5])
		}
		for v := a; v <= b; v++ {
			vals = append(vals, v)
		}
		return vals, s[5:], nil
	}
	v, ok := digit(s[0])
	if !ok {
		return nil, "", fmt.Errorf("%q is not 1-9, ? or [a-b]", s[0])
	}
	return []int{v}, s[1:], nil
}

var patterns = mustParse()

func mustParse() []Pattern {
	p, err := Parse(table)
	if err != nil {
		panic(err) // the embedded table is ours; its test reads it first
	}
	return p
}

// Patterns returns the embedded table's patterns in table order.
func Patterns() []Pattern { return patterns }

// Side is what one side of a game was tagged with ("" for none).
type Side struct {
	Opening, Castle string
}

// Tags are both sides' tags, indexed by game.Color.
type Tags [2]Side

// Tagger follows a game's positions and names each side's opening and
// castle. The zero Tagger tags nothing; make one with NewTagger.
type Tagger struct {
	on   bool
	best [2][2]int // [colour][kind]: index in patterns + 1, 0 for none
}

// NewTagger returns a tagger for a game starting at start: games from any
// position but the even start are not tagged (a handicap's missing pieces
// make the table's shapes mean something else).
func NewTagger(start *game.Position) *Tagger {
	even := game.StartPosition()
	return &Tagger{on: start.Equal(&even) && start.SideToMove() == game.Black}
}

// Observe looks at a position of the game (the start, then the position
// after each move); ply is the number of moves played to reach it.
func (t *Tagger) Observe(p *game.Position, ply int) {
	if !t.on || ply > CastlePlies {
		return
	}
	for i := range patterns {
		pt := &patterns[i]
		if pt.Kind == Opening && ply > OpeningPlies {
			continue
		}
		for c := game.Black; c <= game.White; c++ {
			if i+1 > t.best[c][pt.Kind] && pt.Matches(p, ply, c) {
				t.best[c][pt.Kind] = i + 1
			}
		}
	}
}

// Tags returns what the positions observed so far were tagged with.
func (t *Tagger) Tags() Tags {
	var out Tags
	for c := range 2 {
		if i := t.best[c][Opening]; i > 0 {
			out[c].Opening = patterns[i-1].Name
		}
		if i := t.best[c][Castle]; i > 0 {
			out[c].Castle = patterns[i-1].Name
		}
	}
	return out
}

// Tag names the openings and castles of the game of moves played from
// start, stopping at the first move that is not legal.
func Tag(start game.Position, moves []game.Move) Tags {
	t := NewTagger(&start)
	p := start
	t.Observe(&p, 0)
	for i, m := range moves {
		if i >= CastlePlies || !p.IsLegal(m) {
			break
		}
		p = p.Play(m)
		t.Observe(&p, i+1)
	}
	return t.Tags()
}
