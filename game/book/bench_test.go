package book

import (
	"testing"
)

// BenchmarkFileLookup looks up every position of a book of some thousand
// positions on disk, in turn.
func BenchmarkFileLookup(b *testing.B) {
	bk := randomBook(3, 120, 100)
	f, err := Open(writeTemp(b, writeBook(b, bk)))
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	keys := bk.Keys()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if e, err := f.Lookup(keys[i%len(keys)]); e == nil || err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBookLookup does the same in memory.
func BenchmarkBookLookup(b *testing.B) {
	bk := randomBook(3, 120, 100)
	keys := bk.Keys()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if e, _ := bk.Lookup(keys[i%len(keys)]); e == nil {
			b.Fatal("missing")
		}
	}
}
