package lobby

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"shogi/app/gamedb"
	"shogi/game"
	"shogi/game/match"
)

// A finished game goes into the games database beside the games folder
// once, at its end, with every move; a game interrupted by a shutdown
// stays in the folder only.
func TestFinishedGameInDatabase(t *testing.T) {
	l, _, dir := newTestLobby(t)
	a, b := seated(t, l, Options{Time: match.TimeControl{Main: 10 * time.Minute}})
	for i, mv := range mate7 {
		play(t, []*Seat{a, b}[i%2], mv)
	}
	end := nextOf[EndEvent](t, a.Events())
	if end.Err != nil || end.Path == "" {
		t.Fatalf("record not written: %q %v", end.Path, end.Err)
	}

	c, d := seated(t, l, Options{})
	play(t, c, "7g7f")
	play(t, d, "3c3d")
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := l.Shutdown(ctx, "the server is shutting down"); err != nil {
		t.Fatal(err)
	}
	if e := nextOf[EndEvent](t, c.Events()); !e.Result.Aborted || e.Path == "" {
		t.Fatalf("interrupted game: %+v at %q", e.Result.Result, e.Path)
	}

	db, err := gamedb.Open(gamedb.DefaultPath(filepath.Dir(dir)))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	start := game.StartPosition()
	games, err := db.Games(&start, gamedb.Filter{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 1 {
		t.Fatalf("the database holds %d games, want the finished one only", len(games))
	}
	g := games[0]
	if g.Moves != strings.Join(mate7, " ") || g.Result != gamedb.BlackWon || g.Source != end.Path {
		t.Errorf("game in the database: moves %q, result %q, source %q", g.Moves, g.Result, g.Source)
	}
	if g.Players[game.Black].Name != "alice" || g.Players[game.White].Name != "bob" {
		t.Errorf("players %+v", g.Players)
	}
}
