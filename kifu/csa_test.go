package kifu

import (
	"slices"
	"strings"
	"testing"

	"shogi/game"
)

// The games of a CSA file share one block of nodes as they are read; a
// move added to one game afterwards must not take a node of the next.
func TestCSAGamesShareNoNodes(t *testing.T) {
	var parts []string
	var want [][]game.Move
	for i := range 3 {
		g := randomGame(20+i, int64(i))
		want = append(want, g.MainMoves())
		data, err := Marshal(g, CSA, WriteOptions{})
		if err != nil {
			t.Fatal(err)
		}
		parts = append(parts, string(data))
	}
	r, err := ReadFormat([]byte(strings.Join(parts, "/\n")), "games.csa", CSA)
	if err != nil || len(r.Games) != 2 {
		t.Fatalf("%d further games, %v", len(r.Games), err)
	}
	games := append([]*Record{r}, r.Games...)
	// A branch at every ply of every game, each played where its game's
	// line already has a move (any move will do: AddMove does not check).
	for _, g := range games {
		for _, n := range g.MainLine() {
			if n.IsMove() {
				g.AddMove(n.Parent, game.NewDrop(game.NewPiece(game.Black, game.Gold), game.NewSquare(5, 5)))
			}
		}
	}
	for i, g := range games {
		if got := g.MainMoves(); !slices.Equal(got, want[i]) {
			t.Errorf("game %d: %d moves after the edits, want %d", i+1, len(got), len(want[i]))
		}
		if err := g.Verify(); err != nil {
			t.Errorf("game %d: %v", i+1, err)
		}
	}
}
