package book

import (
	"testing"

	"shogi/game"
)

// benchBook is a book of some thousand positions and the positions.
func benchBook(b *testing.B) (*Book, []game.Position) {
	bk := randomBook(3, 120, 100)
	var ps []game.Position
	for _, k := range bk.Keys() {
		e, _ := bk.Lookup(k)
		p, err := e.Position()
		if err != nil {
			b.Fatal(err)
		}
		ps = append(ps, p)
	}
	return bk, ps
}

// BenchmarkFindMemory finds positions in a book in memory: the key made
// from the position, then the look-up.
func BenchmarkFindMemory(b *testing.B) {
	bk, ps := benchBook(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, ok, _ := bk.Find(&ps[i%len(ps)]); !ok {
			b.Fatal("missing")
		}
	}
}

// BenchmarkFindDisk finds them in the same book on disk.
func BenchmarkFindDisk(b *testing.B) {
	bk, ps := benchBook(b)
	f, err := Open(writeTemp(b, writeBook(b, bk)))
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, ok, err := f.Find(&ps[i%len(ps)]); !ok || err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBuilderAdd counts games of 40 plies.
func BenchmarkBuilderAdd(b *testing.B) {
	starts, moves, results := randomGames(8, 200, 40)
	bld := NewBuilder(40)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		g := i % len(starts)
		bld.Add(starts[g], moves[g], results[g])
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}
