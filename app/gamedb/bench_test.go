package gamedb

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"shogi/game"
	"shogi/kifu"
)

// benchGames is how many generated games the benchmarks import
// (SHOGI_DB_BENCH_GAMES, default 5,000).
func benchGames() int {
	if n, err := strconv.Atoi(os.Getenv("SHOGI_DB_BENCH_GAMES")); err == nil && n > 0 {
		return n
	}
	return 5000
}

// benchSource is the folder of games a benchmark imports: SHOGI_DB_BENCH_SRC
// when set (generated there once, kept for the next run), else generated
// in a temporary folder.
func benchSource(b *testing.B, seed uint64) string {
	src := os.Getenv("SHOGI_DB_BENCH_SRC")
	if src == "" {
		src = b.TempDir()
	} else if m, _ := filepath.Glob(filepath.Join(src, "*.csa")); len(m) > 0 {
		return src
	}
	genGames(b, src, benchGames(), seed)
	return src
}

// BenchmarkImport imports generated CSA games (files of 1,000) into a new
// database and reports games a second and bytes per game-position.
func BenchmarkImport(b *testing.B) {
	src := benchSource(b, 11)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		path := filepath.Join(b.TempDir(), "g.db")
		t0 := time.Now()
		rep, err := Import(context.Background(), path, []string{src}, curve(b, t0))
		if err != nil {
			b.Fatal(err)
		}
		el := time.Since(t0)
		db, _ := OpenReadOnly(path)
		s, _ := db.Stats()
		db.Close()
		fi, _ := os.Stat(path)
		b.ReportMetric(float64(rep.Games)/el.Seconds(), "games/s")
		b.ReportMetric(float64(fi.Size())/float64(s.GamePositions), "B/game-position")
		b.ReportMetric(float64(s.Positions), "positions")
	}
}

// curve logs the import's rate over each 100,000 games (the curve as the
// database grows).
func curve(b *testing.B, t0 time.Time) func(Progress) {
	last, lastT := 0, t0
	return func(p Progress) {
		if p.Games/100_000 > last/100_000 {
			now := time.Now()
			fmt.Fprintf(os.Stderr, "%d games after %.1fs: %.0f games/s over the last %d", p.Games, now.Sub(t0).Seconds(),
				float64(p.Games-last)/now.Sub(lastT).Seconds(), p.Games-last)
			fmt.Fprintln(os.Stderr)
			last, lastT = p.Games, now
		}
	}
}

// BenchmarkLookups opens a database of generated games from disk and
// times explore and the first page of games (GameList, what `shogi db
// games` prints) at positions of the first 30 plies, reporting p50 and
// p99 and the time to open: warm (the file in the page cache, after the
// first look-ups) and cold (before each look-up the file's pages are
// dropped from the page cache, so that every page read comes from the
// disk). SHOGI_DB_BENCH_DB names databases already made, comma-separated,
// each a sub-benchmark of the same run (the positions are then taken from
// SHOGI_DB_BENCH_SRC's first file): an old file beside the same games
// in the new layout.
func BenchmarkLookups(b *testing.B) {
	paths := strings.Split(os.Getenv("SHOGI_DB_BENCH_DB"), ",")
	src := os.Getenv("SHOGI_DB_BENCH_SRC")
	if paths[0] == "" {
		src = benchSource(b, 13)
		paths[0] = filepath.Join(b.TempDir(), "g.db")
		if _, err := Import(context.Background(), paths[0], []string{src}, nil); err != nil {
			b.Fatal(err)
		}
	}
	files, _ := filepath.Glob(filepath.Join(src, "*.csa"))
	if len(files) == 0 {
		b.Fatal("no games in ", src)
	}
	var positions []game.Position
	r, _ := kifu.ReadFile(files[0])
	for _, rec := range append([]*kifu.Record{r}, r.Games...) {
		p := rec.Start
		for i, m := range rec.MainMoves() {
			if i >= 30 {
				break
			}
			positions = append(positions, p)
			p = p.Play(m)
		}
	}
	for _, path := range paths {
		b.Run(filepath.Base(path), func(b *testing.B) { lookups(b, path, positions) })
	}
}

func lookups(b *testing.B, path string, positions []game.Position) {
	rng := rand.New(rand.NewPCG(1, 1))
	p99 := func(d []time.Duration) float64 {
		slices.Sort(d)
		return float64(d[len(d)*99/100].Microseconds()) / 1000
	}
	p50 := func(d []time.Duration) float64 {
		slices.Sort(d)
		return float64(d[len(d)/2].Microseconds()) / 1000
	}
	for i := 0; i < b.N; i++ {
		cold := evict(path)
		t0 := time.Now()
		db, err := OpenReadOnly(path)
		if err != nil {
			b.Fatal(err)
		}
		open := time.Since(t0)
		// The first 200 look-ups after opening the file from a cold
		// cache (cold: each reads the pages no earlier one read, from the
		// disk), then 2,000 warm, then 200 each after dropping the file's
		// pages again (every page from the disk: the harshest reading).
		var ex, gs, exFirst, gsFirst, exCold, gsCold []time.Duration
		var exCPU, gsCPU time.Duration
		for j := range 2400 {
			fromDisk := j >= 2200 && cold
			if fromDisk {
				releaseMap(db.bolt)
				evict(path)
			}
			p := positions[rng.IntN(len(positions))]
			c, t := cpuTime(), time.Now()
			if _, err := db.Explore(&p, Filter{}); err != nil {
				b.Fatal(err)
			}
			el := time.Since(t)
			if j >= 200 && !fromDisk {
				exCPU += cpuTime() - c
			}
			switch {
			case fromDisk:
				exCold = append(exCold, el)
				releaseMap(db.bolt)
				evict(path)
			case j < 200:
				exFirst = append(exFirst, el)
			default:
				ex = append(ex, el)
			}
			c, t = cpuTime(), time.Now()
			if _, err := db.GameList(&p, Filter{}, 50); err != nil {
				b.Fatal(err)
			}
			if j >= 200 && !fromDisk {
				gsCPU += cpuTime() - c
			}
			switch el := time.Since(t); {
			case fromDisk:
				gsCold = append(gsCold, el)
			case j < 200:
				gsFirst = append(gsFirst, el)
			default:
				gs = append(gs, el)
			}
		}
		db.Close()
		b.ReportMetric(float64(open.Microseconds())/1000, "open-ms")
		b.ReportMetric(p50(ex), "explore-p50-ms")
		b.ReportMetric(p99(ex), "explore-p99-ms")
		b.ReportMetric(p50(gs), "games50-p50-ms")
		// CPU a warm look-up costs, on average (the wall-clock p99 on a
		// loaded machine is mostly waiting for a core).
		b.ReportMetric(float64(exCPU.Microseconds())/float64(len(ex)), "explore-cpu-us")
		b.ReportMetric(float64(gsCPU.Microseconds())/float64(len(gs)), "games50-cpu-us")
		b.ReportMetric(p99(gs), "games50-p99-ms")
		if cold {
			b.ReportMetric(p50(exFirst), "explore-first-p50-ms")
			b.ReportMetric(p99(exFirst), "explore-first-p99-ms")
			b.ReportMetric(p50(gsFirst), "games50-first-p50-ms")
			b.ReportMetric(p99(gsFirst), "games50-first-p99-ms")
			b.ReportMetric(p50(exCold), "explore-cold-p50-ms")
			b.ReportMetric(p99(exCold), "explore-cold-p99-ms")
			b.ReportMetric(p50(gsCold), "games50-cold-p50-ms")
			b.ReportMetric(p99(gsCold), "games50-cold-p99-ms")
		}
	}
}

// FuzzStoredValues: damaged index values give errors, never a panic or a
// move that is not legal.
func FuzzStoredValues(f *testing.F) {
	f.Add([]byte{1, 2, 3, 4, 5, 6, 7})
	f.Add(counts{3, 1, 1, 1}.encode())
	f.Add(encodeFacts(nil, &Game{Players: [2]Side{{Name: "羽生", Rating: 2800, Opening: "矢倉"}, {Name: "b"}}, Date: "2024-01-02", Result: BlackWon, Plies: 101}))
	f.Fuzz(func(t *testing.T, b []byte) {
		decodeCounts(b)
		decodePG(b)
		// Facts that decode encode to facts that decode the same.
		if g, err := decodeFacts(7, b); err == nil {
			again, err := decodeFacts(7, encodeFacts(nil, g))
			if err != nil || !reflect.DeepEqual(g, again) {
				t.Fatalf("%x: %+v, then %+v, %v", b, g, again, err)
			}
		}
		p := game.StartPosition()
		if len(b) >= 4 {
			if m, ok := moveFromKey(&p, b[:4]); ok && !p.IsLegal(m) {
				t.Fatalf("%x gave %s, not legal", b[:4], m.USI())
			}
		}
	})
}
