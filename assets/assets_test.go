package assets_test

import (
	"strings"
	"testing"

	"github.com/mattn/go-runewidth"

	"example.com/shogi/assets"
	"example.com/shogi/game"
	"example.com/shogi/kifu"
)

func TestGlyphs(t *testing.T) {
	g, err := assets.Glyphs()
	if err != nil {
		t.Fatal(err)
	}
	for pt := game.Pawn; pt <= game.Dragon; pt++ {
		row, ok := g[pt.SFEN()]
		if !ok {
			t.Errorf("no glyph row for %v (%s)", pt, pt.SFEN())
			continue
		}
		// One kanji, two columns wide in every terminal (no ambiguous width).
		for _, ea := range []bool{false, true} {
			c := runewidth.NewCondition()
			c.EastAsianWidth = ea
			if w := c.StringWidth(row.Kanji); w != 2 || len([]rune(row.Kanji)) != 1 {
				t.Errorf("%v: kanji %q is %d columns (eastAsian=%v), want one two-column kanji", pt, row.Kanji, w, ea)
			}
		}
		if row.Western != pt.SFEN() {
			t.Errorf("%v: western %q, want the Hodges letters %q", pt, row.Western, pt.SFEN())
		}
	}
	if len(g) != 14 {
		t.Errorf("%d glyph rows, want 14", len(g))
	}
}

// The help screen fits an 80×24 terminal with a line to spare.
func TestHelpFits(t *testing.T) {
	lines := strings.Split(strings.TrimRight(assets.Help, "\n"), "\n")
	if len(lines) > 23 {
		t.Errorf("help has %d lines, more than 23", len(lines))
	}
	c := runewidth.NewCondition()
	c.EastAsianWidth = true
	for _, l := range lines {
		if w := c.StringWidth(l); w > 80 {
			t.Errorf("help line %q is %d columns", l, w)
		}
	}
}

func TestSamplesRead(t *testing.T) {
	entries, err := assets.Samples.ReadDir("samples")
	if err != nil || len(entries) == 0 {
		t.Fatalf("no samples: %v", err)
	}
	for _, e := range entries {
		data, err := assets.Samples.ReadFile("samples/" + e.Name())
		if err != nil {
			t.Fatal(err)
		}
		rec, err := kifu.Read(data, e.Name())
		if err != nil {
			t.Fatalf("%s: %v", e.Name(), err)
		}
		if e.Name() != "short.kif" {
			continue
		}
		var moves []string
		for _, n := range rec.MainLine() {
			if n.Move != game.NoMove {
				moves = append(moves, n.Move.USI())
			}
		}
		// As ShogiHome's reader reads the file too.
		if got, want := strings.Join(moves, " "), "7g7f 3c3d 8h2b+ 3a2b B*4e"; got != want {
			t.Errorf("short.kif reads as %q, want %q", got, want)
		}
	}
}
