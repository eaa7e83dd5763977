package game

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

func TestPerft(t *testing.T) {
	f, err := os.Open("testdata/perft.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		fields := strings.Split(text, "\t")
		if len(fields) != 3 {
			t.Fatalf("perft.txt:%d: want 3 tab-separated fields", line)
		}
		deep := strings.HasSuffix(fields[1], "*")
		depth, _ := strconv.Atoi(strings.TrimSuffix(fields[1], "*"))
		want, _ := strconv.ParseUint(fields[2], 10, 64)
		if deep && testing.Short() {
			continue
		}
		p := mustSFEN(t, fields[0])
		if got := Perft(&p, depth); got != want {
			t.Errorf("perft.txt:%d: perft(%d) = %d, want %d", line, depth, got, want)
		}
	}
}

func TestDivideSumsToPerft(t *testing.T) {
	p := StartPosition()
	var sum uint64
	entries := Divide(&p, 3)
	for _, e := range entries {
		sum += e.Nodes
	}
	if len(entries) != 30 || sum != 25470 {
		t.Errorf("divide(3): %d root moves summing to %d, want 30 and 25470", len(entries), sum)
	}
}

func mustSFEN(t testing.TB, s string) Position {
	t.Helper()
	p, err := ParseSFEN(s)
	if err != nil {
		t.Fatalf("ParseSFEN(%q): %v", s, err)
	}
	return p
}

func BenchmarkPerft(b *testing.B) {
	p := StartPosition()
	var nodes uint64
	for b.Loop() {
		nodes += Perft(&p, 4)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

func BenchmarkPerft5(b *testing.B) {
	p := StartPosition()
	var nodes uint64
	for b.Loop() {
		nodes += Perft(&p, 5)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

func BenchmarkLegalMoves(b *testing.B) {
	// A busy middle game with pieces in both hands (the "matsuri" position).
	p := mustSFEN(b, "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1")
	buf := make([]Move, 0, 600)
	n := 0
	for b.Loop() {
		n += len(p.LegalMoves(buf[:0]))
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "moves/s")
}
