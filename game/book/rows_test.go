package book

import (
	"math"
	"path/filepath"
	"testing"

	"shogi/game"
	"shogi/game/notation"
)

// TestRows: a position's moves as a list shows them, in a notation, with
// each move's share of the count and its win rate from the score; a
// position found turned round is written for the position asked about.
func TestRows(t *testing.T) {
	b, err := ReadFile(filepath.Join("testdata", "shogihome", "yaneuraou.db"))
	if err != nil {
		t.Fatal(err)
	}
	start := game.StartPosition()
	e, _, _ := b.Find(&start)
	rows := e.Rows(&start, notation.KI2, game.NoMove)
	if len(rows) != 5 || rows[0].Text != "▲２六歩" || rows[0].Reply != "△３四歩" || rows[1].Reply != "" {
		t.Fatalf("rows %+v", rows[:2])
	}
	if want := 935.0 / (935 + 6 + 3 + 1 + 1); !rows[0].HasShare || math.Abs(rows[0].Share-want) > 1e-12 {
		t.Errorf("share %v, want %v", rows[0].Share, want)
	}
	if want := 1 / (1 + math.Exp(-63.0/ScoreScale)); !rows[0].HasWinRate || math.Abs(rows[0].WinRate-want) > 1e-12 {
		t.Errorf("win rate %v, want %v", rows[0].WinRate, want)
	}
	// The book has the position after 7g7f (White to move); its mirror is
	// Black to move after White began with 3c3d.
	after76 := start.Play(mustMove(t, &start, "7g7f"))
	mirror := Flip(&after76)
	e, ok, _ := b.Find(&mirror)
	if !ok || !e.Flipped {
		t.Fatal("mirror not found")
	}
	rows = e.Rows(&mirror, notation.USI, game.NoMove)
	if rows[0].Text != "2g2f" || rows[1].Text != "7g7f" { // 8c8d and 3c3d turned round
		t.Errorf("turned round: %s %s", rows[0].Text, rows[1].Text)
	}
}
