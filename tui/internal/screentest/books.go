package screentest

import (
	"os"
	"path/filepath"
	"shogi/game"
	"shogi/game/book"
	"shogi/game/notation"
	"strings"
	"testing"
)

// panelBookText is a book whose figures are worked out by hand below: the
// even start (60 games) and the position after 7g7f (26 games). The lines
// are out of order; testBook writes them sorted, so the panel searches the
// file on disk.
const panelBookText = book.Header + `
sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2
3c3d none 0 none 17 w4 d0 l8
8c8d none 0 none 9 w6 d0 l0
sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1
7g7f none 0 none 30 w9 d0 l11
2g2f none 0 none 28 w5 d1 l6
5g5f none none none 2
`

// PanelBook writes panelBookText sorted, as shogi book build writes, and
// returns its path.
func PanelBook(t testing.TB) string {
	t.Helper()
	b, err := book.Read(strings.NewReader(panelBookText), "panel.db")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "panel.db")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := book.Write(f, b); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	if bf, err := book.Open(path); err != nil {
		t.Fatalf("the test book is not searchable on disk: %v", err)
	} else {
		bf.Close()
	}
	return path
}

// LineBook is a book of one line of moves a level would hardly choose,
// one move a position, 1 game each.
func LineBook(t testing.TB, moves ...string) string {
	t.Helper()
	g := game.NewGame(game.StartPosition())
	var text strings.Builder
	text.WriteString(book.Header + "\n")
	for _, u := range moves {
		p := g.Position()
		m, err := notation.Parse(&p, u, notation.USI, game.NoMove)
		if err != nil {
			t.Fatal(err)
		}
		text.WriteString("sfen " + p.SFEN() + "\n" + u + " none none none 1\n")
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(t.TempDir(), "line.db")
	if err := os.WriteFile(path, []byte(text.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}
