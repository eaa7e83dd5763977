package opening

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"shogi/game"
)

// testGame is a line of testdata/games.txt.
type testGame struct {
	line  int
	want  Tags
	moves string
}

func readGames(t *testing.T) []testGame {
	t.Helper()
	f, err := os.Open("testdata/games.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []testGame
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		expect, moves, ok := strings.Cut(line, "\t")
		if !ok {
			t.Fatalf("games.txt:%d: no tab", n)
		}
		g := testGame{line: n, moves: moves}
		for _, w := range strings.Fields(expect) {
			side, tags, ok := strings.Cut(w, "=")
			op, ca, ok2 := strings.Cut(tags, "/")
			if !ok || !ok2 || (side != "b" && side != "w") {
				t.Fatalf("games.txt:%d: %q is not b=OPENING/CASTLE", n, w)
			}
			c := game.Black
			if side == "w" {
				c = game.White
			}
			if op == "-" {
				op = ""
			}
			if ca == "-" {
				ca = ""
			}
			g.want[c] = Side{op, ca}
		}
		out = append(out, g)
	}
	return out
}

func playUSI(t *testing.T, line int, text string) (game.Position, []game.Move) {
	t.Helper()
	start := game.StartPosition()
	p := start
	var moves []game.Move
	for i, w := range strings.Fields(text) {
		m, err := p.ParseUSI(w)
		if err != nil || !p.IsLegal(m) {
			t.Fatalf("games.txt:%d: move %d %s is not legal in %s (%v)", line, i+1, w, p.SFEN(), err)
		}
		moves = append(moves, m)
		p = p.Play(m)
	}
	return start, moves
}

// TestGames tags each test game and checks both sides' names.
func TestGames(t *testing.T) {
	for _, g := range readGames(t) {
		start, moves := playUSI(t, g.line, g.moves)
		if got := Tag(start, moves); got != g.want {
			t.Errorf("games.txt:%d: tagged %v, want %v", g.line, got, g.want)
		}
	}
}

// TestEveryPatternHasAGame: each line of the table is what some test game
// is tagged with, so no pattern goes untested.
func TestEveryPatternHasAGame(t *testing.T) {
	seen := map[string]bool{}
	for _, g := range readGames(t) {
		for _, s := range g.want {
			seen["opening "+s.Opening] = true
			seen["castle "+s.Castle] = true
		}
	}
	for _, p := range Patterns() {
		if !seen[p.Kind.String()+" "+p.Name] {
			t.Errorf("patterns.txt:%d: %s %s has no test game in testdata/games.txt", p.Line, p.Kind, p.Name)
		}
	}
	if len(Patterns()) < 30 {
		t.Errorf("only %d patterns", len(Patterns()))
	}
}

// TestPatternPositions: the game that tests a pattern reaches a position
// where that pattern itself holds (not only a later one that overrides it).
func TestPatternPositions(t *testing.T) {
	games := readGames(t)
	for _, pt := range Patterns() {
		found := false
		for _, g := range games {
			start, moves := playUSI(t, g.line, g.moves)
			p := start
			for i := 0; i <= len(moves) && !found; i++ {
				for c := game.Black; c <= game.White; c++ {
					if pt.Matches(&p, i, c) {
						found = true
					}
				}
				if i < len(moves) {
					p = p.Play(moves[i])
				}
			}
		}
		if !found {
			t.Errorf("patterns.txt:%d: %s holds in no position of the test games", pt.Line, pt.Name)
		}
	}
}

// TestStartNotTagged: the start position is 居飛車 for both and no castle;
// a handicap game is not tagged at all.
func TestStartNotTagged(t *testing.T) {
	got := Tag(game.StartPosition(), nil)
	want := Tags{{Opening: "居飛車"}, {Opening: "居飛車"}}
	if got != want {
		t.Errorf("start: %v, want %v", got, want)
	}
	p, err := game.ParseSFEN("lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1")
	if err != nil {
		t.Fatal(err)
	}
	if got := Tag(p, nil); got != (Tags{}) {
		t.Errorf("角落ち: %v, want nothing", got)
	}
}

func TestParseErrors(t *testing.T) {
	for _, bad := range []string{
		"opening X",
		"tactic X R@28",
		"opening X Q@28",
		"opening X R@2",
		"opening X R@[5-3]8",
		"opening X R@0?",
		"opening X K*",
		"opening X ply<=x",
		"opening X R@288",
	} {
		_, err := Parse(bad)
		pe, ok := err.(*ParseError)
		if !ok || pe.Line != 1 {
			t.Errorf("%q: got %v, want a ParseError on line 1", bad, err)
		}
	}
}

func FuzzParse(f *testing.F) {
	f.Add(table)
	f.Add("castle X K@[1-2]? ~!P@55 B* ply<=3")
	f.Fuzz(func(t *testing.T, s string) {
		ps, err := Parse(s)
		if err != nil {
			return
		}
		p := game.StartPosition()
		for i := range ps {
			ps[i].Matches(&p, 0, game.Black)
		}
	})
}
