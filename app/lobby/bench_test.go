package lobby

import (
	"context"
	"testing"
	"time"

	"shogi/game"
	"shogi/game/match"
)

// BenchmarkTableGame plays mate7 at a table whose games are written:
// create, join, seven moves each kept, the end recorded.
func BenchmarkTableGame(b *testing.B) {
	l := New(Config{GamesDir: b.TempDir()})
	defer func() { _ = l.Shutdown(context.Background(), "bench over") }()
	for range b.N {
		a, err := l.Create(Person{Name: "alice"}, Options{Time: match.TimeControl{Main: time.Hour}})
		if err != nil {
			b.Fatal(err)
		}
		w, err := l.Join(a.Code(), Person{Name: "bob"})
		if err != nil {
			b.Fatal(err)
		}
		pos := game.StartPosition()
		for i, u := range mate7 {
			mv, err := pos.ParseUSI(u)
			if err != nil {
				b.Fatal(err)
			}
			if err := []*Seat{a, w}[i%2].Move(mv); err != nil {
				b.Fatalf("%s: %v", u, err)
			}
			pos = pos.Play(mv)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		for {
			e, err := a.Events().Next(ctx)
			if err != nil {
				b.Fatal(err)
			}
			if _, ok := e.(EndEvent); ok {
				break
			}
		}
		cancel()
		a.Leave()
		w.Leave()
	}
}
