package explorer

import (
	"os"
	"path/filepath"
	"testing"

	"shogi/app/gamedb"
	"shogi/game"
)

// BenchmarkLookUp is one look-up as the panel makes it — open the
// database read-only, the moves and the first page of games of the even
// start (every game of the shared records), close — beside opening and
// closing alone, which is what a look-up pays for not holding the file.
func BenchmarkLookUp(b *testing.B) {
	if _, err := os.Stat(filepath.Join(sharedKifu, "csa")); err != nil {
		b.Skip("no shared records")
	}
	db := filepath.Join(b.TempDir(), "games.db")
	if _, err := gamedb.Import(b.Context(), db, []string{sharedKifu}, nil); err != nil {
		b.Fatal(err)
	}
	start := game.StartPosition()
	b.Run("lookup", func(b *testing.B) {
		for b.Loop() {
			if a := lookUp(db, &start, gamedb.Filter{}); a.err != nil || len(a.moves) == 0 {
				b.Fatalf("%v %d", a.err, len(a.moves))
			}
		}
	})
	b.Run("open-close", func(b *testing.B) {
		for b.Loop() {
			d, err := gamedb.OpenReadOnly(db)
			if err != nil {
				b.Fatal(err)
			}
			d.Close()
		}
	})
}
