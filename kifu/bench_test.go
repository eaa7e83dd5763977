package kifu

import (
	"bytes"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/text/encoding/japanese"

	"shogi/game"
)

// randomGame plays up to plies random legal moves from the start, with a
// fixed seed and a time for each move, taking a capture when one comes up
// at random so the game has 同 moves, promotions and drops without ending
// too soon.
func randomGame(plies int, seed int64) *Record {
	rng := rand.New(rand.NewSource(seed))
	r := NewRecord(game.StartPosition())
	r.nameStart()
	p := r.Start
	n := r.Root
	var buf []game.Move
	for i := 0; i < plies; i++ {
		buf = p.LegalMoves(buf[:0])
		if len(buf) == 0 {
			break
		}
		m := buf[rng.Intn(len(buf))]
		if c := buf[rng.Intn(len(buf))]; c.Captured() != game.NoPiece {
			m = c
		}
		n = r.AddMove(n, m)
		n.Elapsed, n.HasTime = time.Duration(rng.Intn(600))*time.Second, true
		n.Total = n.Elapsed
		if n.Ply > 2 {
			n.Total += n.Parent.Parent.Total
		}
		p = p.Play(m)
	}
	r.AddEnding(n, Resign, "")
	return r
}

// mainLen counts the moves of r's main line without allocating, so the
// read benchmarks time the reader.
func mainLen(r *Record) int {
	n := 0
	for x := r.Root; x.FirstChild() != nil; x = x.FirstChild() {
		if x.FirstChild().IsMove() {
			n++
		}
	}
	return n
}

func benchRead(b *testing.B, f Format) { benchReadEnc(b, f, ShiftJIS) }

func benchReadEnc(b *testing.B, f Format, enc Encoding) {
	r := randomGame(400, 1)
	data, err := Marshal(r, f, WriteOptions{Encoding: enc})
	if err != nil {
		b.Fatal(err)
	}
	moves := len(r.MainMoves())
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		got, err := ReadFormat(data, "", f)
		if err != nil || mainLen(got) != moves {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(moves)*float64(b.N)/b.Elapsed().Seconds(), "moves/s")
}

// BenchmarkReadKIF reads a long game (400 moves with times) in Shift_JIS
// KIF.
func BenchmarkReadKIF(b *testing.B) { benchRead(b, KIF) }

// BenchmarkReadKIFUTF8 reads the same game in UTF-8 KIF.
func BenchmarkReadKIFUTF8(b *testing.B) { benchReadEnc(b, KIF, UTF8) }

// BenchmarkReadKI2 reads it in KI2 (each move is found from its notation).
func BenchmarkReadKI2(b *testing.B) { benchRead(b, KI2) }

// BenchmarkReadCSA reads it in CSA.
func BenchmarkReadCSA(b *testing.B) { benchRead(b, CSA) }

// BenchmarkReadCSA1000Games reads one CSA file of 1,000 games of 100
// moves, separated by /.
func BenchmarkReadCSA1000Games(b *testing.B) {
	data := csa1000(b)
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r, err := ReadFormat(data, "", CSA)
		if err != nil || len(r.Games) != 999 {
			b.Fatal(err)
		}
	}
}

// csa1000 is one CSA file of 1,000 random games of up to 100 moves, made
// once for the tests and benchmarks that read it (none writes to it).
func csa1000(tb testing.TB) []byte {
	data, err := csa1000Once()
	if err != nil {
		tb.Fatal(err)
	}
	return data
}

var csa1000Once = sync.OnceValues(func() ([]byte, error) {
	var parts []string
	for i := 0; i < 1000; i++ {
		data, err := Marshal(randomGame(100, int64(i)), CSA, WriteOptions{})
		if err != nil {
			return nil, err
		}
		parts = append(parts, string(data))
	}
	return []byte(strings.Join(parts, "/\n")), nil
})

// BenchmarkWriteKIF writes the 300-move game as KIF.
func BenchmarkWriteKIF(b *testing.B) {
	r := randomGame(300, 1)
	for i := 0; i < b.N; i++ {
		if _, err := Marshal(r, KIF, WriteOptions{Encoding: ShiftJIS}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWriteKIFUTF8 writes it as UTF-8 text, what tsshogi's exportKIF
// returns (ShogiHome encodes Shift_JIS apart, on saving).
func BenchmarkWriteKIFUTF8(b *testing.B) {
	r := randomGame(300, 1)
	for i := 0; i < b.N; i++ {
		if _, err := Marshal(r, KIF, WriteOptions{Encoding: UTF8}); err != nil {
			b.Fatal(err)
		}
	}
}

func TestRandomGameIsLong(t *testing.T) {
	if n := len(randomGame(400, 1).MainMoves()); n < 300 {
		t.Errorf("the benchmark game has %d moves, want a long one", n)
	}
}

// TestDumpBenchInputs writes the benchmarks' inputs to $KIFU_BENCH_DUMP
// (when set), so another library can read the same bytes side by side:
// see testdata/bench/tsshogi.mjs.
func TestDumpBenchInputs(t *testing.T) {
	dir := os.Getenv("KIFU_BENCH_DUMP")
	if dir == "" {
		t.Skip("KIFU_BENCH_DUMP not set")
	}
	write := func(name string, r *Record, f Format, enc Encoding) {
		data, err := Marshal(r, f, WriteOptions{Encoding: enc})
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	long := randomGame(400, 1)
	write("long.kif", long, KIF, ShiftJIS)
	write("long.kifu", long, KIF, UTF8)
	write("long.ki2", long, KI2, ShiftJIS)
	write("long.csa", long, CSA, UTF8)
	write("write300.kif", randomGame(300, 1), KIF, ShiftJIS)
	if err := os.WriteFile(filepath.Join(dir, "games1000.csa"), csa1000(t), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestSJISEncoderAgrees: the table encoder writes every character the
// decoder knows as x/text does, and leaves the rest to it.
func TestSJISEncoderAgrees(t *testing.T) {
	sjisEncOnce.Do(buildSJISEncoder)
	n := 0
	for r := rune(0); r < 0x10000; r++ {
		s := string(r)
		fast, ok := encodeSJIS(s)
		want, err := japanese.ShiftJIS.NewEncoder().Bytes([]byte(s))
		if ok {
			n++
			if err != nil || !bytes.Equal(fast, want) {
				t.Fatalf("%U: table % x, x/text % x %v", r, fast, want, err)
			}
		}
	}
	if n < 7000 {
		t.Errorf("the table knows only %d characters", n)
	}
}

// TestWriteNumberLikeFmt: the padded numbers of KIF times read as fmt
// writes them.
func TestWriteNumberLikeFmt(t *testing.T) {
	for n := -1200; n < 100000; n += 7 {
		for _, w := range []int{2, 4} {
			a, b := appendNumber(nil, n, w, ' '), appendNumber(nil, n, w, '0')
			if string(a) != fmt.Sprintf("%*d", w, n) || string(b) != fmt.Sprintf("%0*d", w, n) {
				t.Fatalf("%d width %d: %q %q", n, w, a, b)
			}
		}
	}
}
