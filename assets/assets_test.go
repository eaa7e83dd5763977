package assets_test

import (
	"strings"
	"testing"

	"github.com/mattn/go-runewidth"

	"shogi/assets"
	"shogi/game"
	"shogi/game/tsume"
	"shogi/kifu"
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

// The help notes exist in both languages, and every line fits an 80-column
// terminal whether ambiguous characters take one column or two (the ?
// screen scrolls, so their length is free).
func TestHelpNotes(t *testing.T) {
	for name, text := range map[string]string{
		"play en": assets.HelpPlay(false), "play ja": assets.HelpPlay(true),
		"server en": assets.HelpServer(false), "server ja": assets.HelpServer(true),
		"study en": assets.HelpStudy(false), "study ja": assets.HelpStudy(true),
		"menu en": assets.HelpMenu(false), "menu ja": assets.HelpMenu(true),
		"new game en": assets.HelpNewGame(false), "new game ja": assets.HelpNewGame(true),
		"settings en": assets.HelpSettings(false), "settings ja": assets.HelpSettings(true),
		"quiz en": assets.HelpQuiz(false), "quiz ja": assets.HelpQuiz(true),
		"online en": assets.HelpOnline(false), "online ja": assets.HelpOnline(true),
		"lobby en": assets.HelpLobby(false), "lobby ja": assets.HelpLobby(true),
		"computer en": assets.HelpComputer(false), "computer ja": assets.HelpComputer(true),
	} {
		if strings.TrimSpace(text) == "" {
			t.Errorf("%s: no notes", name)
		}
		c := runewidth.NewCondition()
		c.EastAsianWidth = true
		for _, l := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
			if w := c.StringWidth(l); w > 80 {
				t.Errorf("%s: line %q is %d columns", name, l, w)
			}
		}
	}
	if assets.HelpPlay(true) == assets.HelpPlay(false) {
		t.Error("the Japanese notes are the English ones")
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

// The embedded collection of mate problems reads whole (game/tsume's
// tests solve every problem again).
func TestTsumeCollection(t *testing.T) {
	ps, err := tsume.ParseCollection(strings.NewReader(assets.Tsume))
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) < 300 {
		t.Errorf("%d problems", len(ps))
	}
}
