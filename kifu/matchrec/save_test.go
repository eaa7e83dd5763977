package matchrec

import (
	"path/filepath"
	"testing"
	"time"

	"shogi/game"
	"shogi/kifu"
)

// A long engine name is cut whole: the file name has no space before the
// extension, and characters a file system refuses are replaced.
func TestSaveNames(t *testing.T) {
	dir := t.TempDir()
	rec := kifu.NewRecord(game.StartPosition())
	began := time.Date(2026, 11, 25, 18, 4, 0, 0, time.UTC)
	for _, c := range []struct {
		names [2]string
		want  string
	}{
		{[2]string{"山田", "gpsshogi (smp) vm r3033 wordsize 64 gcc 12.2.0"}, "20261125-1804 山田 vs gpsshogi (smp) vm r3033 wordsize 64 gcc.kif"},
		{[2]string{"a/b", "  "}, "20261125-1804 a-b vs -.kif"},
	} {
		path, err := Save(dir, rec, c.names, began)
		if err != nil {
			t.Fatal(err)
		}
		if got := filepath.Base(path); got != c.want {
			t.Errorf("%q: saved as %q, want %q", c.names, got, c.want)
		}
	}
}
