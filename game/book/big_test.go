package book

import (
	"bufio"
	"math/rand/v2"
	"os"
	"slices"
	"syscall"
	"testing"
	"time"
)

// TestBigBook measures a search on disk over the book at $SHOGI_BIG_BOOK
// (a gigabyte or more, made by shogi book build and merge): the time to
// open it, the time of look-ups of positions in it and of positions not
// in it (median and 99th percentile), and the process's peak memory. It
// also checks that each position sampled from the file is found with its
// own entry.
func TestBigBook(t *testing.T) {
	path := os.Getenv("SHOGI_BIG_BOOK")
	if path == "" {
		t.Skip("SHOGI_BIG_BOOK not set")
	}
	began := time.Now()
	f, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	opened := time.Since(began)
	defer f.Close()
	t.Logf("%s: %.2f GB, opened in %v", path, float64(f.Size())/1e9, opened)

	// Positions in the book: the sfen line after random offsets.
	rng := rand.New(rand.NewPCG(1, 2))
	lr := &lineReader{f: f, br: bufio.NewReaderSize(nil, 4096)}
	var keys []string
	for len(keys) < 5000 {
		off, line, _, err := lr.nextSFEN(rng.Int64N(f.Size()), f.Size())
		if err != nil {
			t.Fatal(err)
		}
		if off >= 0 {
			k, _ := lineKey(line)
			keys = append(keys, k)
		}
	}
	var absent []string
	for i, p := range randomPositions(77, 100, 50) {
		if i%50 >= 10 { // past the opening, random games of another kind: almost surely not in the book
			absent = append(absent, Key(&p))
		}
	}
	measure := func(name string, keys []string, present bool) {
		var times []time.Duration
		found := 0
		var ru0, ru1 syscall.Rusage
		syscall.Getrusage(syscall.RUSAGE_SELF, &ru0)
		for _, k := range keys {
			t0 := time.Now()
			e, err := f.Lookup(k)
			times = append(times, time.Since(t0))
			if err != nil {
				t.Fatalf("%s: %v", k, err)
			}
			if present && (e == nil || e.Key != k || len(e.Moves) == 0) {
				t.Fatalf("%s: not found (%+v)", k, e)
			}
			if e != nil {
				found++
			}
		}
		syscall.Getrusage(syscall.RUSAGE_SELF, &ru1)
		cpu := time.Duration(ru1.Utime.Nano()+ru1.Stime.Nano()-ru0.Utime.Nano()-ru0.Stime.Nano()) / time.Duration(len(keys))
		slices.Sort(times)
		t.Logf("%s: %d look-ups (%d found), median %v, p99 %v, max %v, CPU %v each",
			name, len(keys), found, times[len(times)/2], times[len(times)*99/100], times[len(times)-1], cpu)
	}
	measure("in the book", keys, true)
	measure("other positions", absent, false)
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	t.Logf("peak memory (max RSS) %.1f MB", float64(ru.Maxrss)/1024)
}
