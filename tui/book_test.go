package tui

import (
	"testing"

	"shogi/game/book"
	"shogi/game/match"
)

// TestPlayBook: a game started with a book gives it to its built-in
// levels, not to a person or an engine.
func TestPlayBook(t *testing.T) {
	use := &book.Use{Source: book.New(), Options: book.DefaultOptions()}
	o := Options{Black: "novice", White: "human", Book: use}
	s, err := setupFromOptions(o, newCommon(o))
	if err != nil {
		t.Fatal(err)
	}
	if s.Players[0].Kind != match.BuiltinKind || s.Players[0].Book != use || s.Players[1].Book != nil {
		t.Errorf("players %+v", s.Players)
	}
}
