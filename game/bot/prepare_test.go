package bot

import (
	"context"
	"testing"

	"shogi/game"
	"shogi/game/engine"
)

// isready then usinewgame (Prepare, NewGame) leaves a fresh table to the
// first search as it is: nothing to forget, so no clear inside the first
// move's time. After a search, NewGame has the next search clear.
func TestFreshTablesNotClearedAgain(t *testing.T) {
	e, err := NewSearcher("club", nil)
	if err != nil {
		t.Fatal(err)
	}
	eng := e.(*Engine)
	eng.Prepare()
	if eng.tt == nil {
		t.Fatal("Prepare made no table")
	}
	eng.NewGame()
	if eng.forget {
		t.Fatal("NewGame right after Prepare asks the first search to clear a table no search has used")
	}
	if _, err := eng.Search(context.Background(), engine.Request{Start: game.StartPosition(), Limits: engine.Limits{Nodes: 2000}}); err != nil {
		t.Fatal(err)
	}
	eng.NewGame()
	if !eng.forget {
		t.Fatal("NewGame after a search does not clear the tables for the next game")
	}
}
