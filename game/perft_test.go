package game

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"shogi/internal/testenv"
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
		if deep && !testenv.Long() {
			continue // some 600 million leaves in all: the long tier's
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

// The benchmarks below are the figures compared with the C++ libraries
// (cshogi, YaneuraOu): perft with the last ply counted in bulk, one
// LegalMoves call on a busy position, and perft with every leaf played.

// matsuriSFEN is the "matsuri" position: White to move, 207 legal moves,
// pieces in both hands.
const matsuriSFEN = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1"

func benchPerft(b *testing.B, sfen string, depth int) {
	p := mustSFEN(b, sfen)
	var nodes uint64
	for b.Loop() {
		nodes += Perft(&p, depth)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

func BenchmarkPerft(b *testing.B)         { benchPerft(b, StartSFEN, 4) }
func BenchmarkPerftStart5(b *testing.B)   { benchPerft(b, StartSFEN, 5) }
func BenchmarkPerftMatsuri3(b *testing.B) { benchPerft(b, matsuriSFEN, 3) }
func BenchmarkPerftMatsuri4(b *testing.B) { benchPerft(b, matsuriSFEN, 4) }

// perftPlayed is Perft without bulk counting: every leaf is played, as a
// search does, so making moves is measured too.
func perftPlayed(s *perftStack, ply, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	moves := s.pos[ply].LegalMoves(s.moves[ply][:0])
	var n uint64
	for _, m := range moves {
		s.pos[ply+1] = s.pos[ply]
		s.pos[ply+1].play(m)
		n += perftPlayed(s, ply+1, depth-1)
	}
	return n
}

func BenchmarkPerftPlayedStart4(b *testing.B) {
	const depth = 4
	s := perftStack{pos: make([]Position, depth+1), moves: make([][]Move, depth+1)}
	s.pos[0] = StartPosition()
	for i := range s.moves {
		s.moves[i] = make([]Move, 0, MaxMoves)
	}
	var nodes uint64
	for b.Loop() {
		nodes += perftPlayed(&s, 0, depth)
	}
	if nodes%719731 != 0 {
		b.Fatalf("perft played: %d nodes, not a multiple of 719731", nodes)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

func benchLegal(b *testing.B, sfen string, gen func(*Position, []Move) []Move) {
	p := mustSFEN(b, sfen)
	buf := make([]Move, 0, MaxMoves)
	n := 0
	for b.Loop() {
		n += len(gen(&p, buf[:0]))
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "moves/s")
}

// BenchmarkLegalMoves is one LegalMoves call on matsuri (207 moves).
func BenchmarkLegalMoves(b *testing.B) { benchLegal(b, matsuriSFEN, (*Position).LegalMoves) }
func BenchmarkLegalMovesStart(b *testing.B) {
	benchLegal(b, StartSFEN, (*Position).LegalMoves)
}

// Benchmarks of what the search uses, on matsuri.

func BenchmarkLegalCaptures(b *testing.B) { benchLegal(b, matsuriSFEN, (*Position).LegalCaptures) }
func BenchmarkLegalQuiets(b *testing.B)   { benchLegal(b, matsuriSFEN, (*Position).LegalQuiets) }
func BenchmarkLegalChecks(b *testing.B)   { benchLegal(b, matsuriSFEN, (*Position).LegalChecks) }

// BenchmarkLegalChecksByFiltering is what LegalChecks saves: every legal
// move generated, then each tested with GivesCheck.
func BenchmarkLegalChecksByFiltering(b *testing.B) {
	benchLegal(b, matsuriSFEN, func(p *Position, dst []Move) []Move {
		all := p.LegalMoves(dst)
		n := 0
		for _, m := range all {
			if p.GivesCheck(m) {
				all[n] = m
				n++
			}
		}
		return all[:n]
	})
}

// BenchmarkGivesCheck is one GivesCheck call, averaged over matsuri's moves.
func BenchmarkGivesCheck(b *testing.B) {
	p := mustSFEN(b, matsuriSFEN)
	moves := p.LegalMoves(nil)
	n := 0
	for i := 0; b.Loop(); i++ {
		if p.GivesCheck(moves[i%len(moves)]) {
			n++
		}
	}
}

// BenchmarkAttackers is one Attackers call, averaged over every square
// and both colours of matsuri.
func BenchmarkAttackers(b *testing.B) {
	p := mustSFEN(b, matsuriSFEN)
	var sink SquareSet
	for i := 0; b.Loop(); i++ {
		sink = sink.Or(p.Attackers(Square(i%NumSquares), Color(i/NumSquares%2)))
	}
}

// BenchmarkAttacksFrom is one AttacksFrom call, averaged over every kind
// of piece on every square of matsuri.
func BenchmarkAttacksFrom(b *testing.B) {
	p := mustSFEN(b, matsuriSFEN)
	occ := p.Occupied()
	var sink SquareSet
	for i := 0; b.Loop(); i++ {
		pc := NewPiece(Color(i%2), PieceType(1+i/2%(NumPieceTypes-1)))
		sink = sink.Or(AttacksFrom(pc, Square(i%NumSquares), occ))
	}
}

func BenchmarkInCheck(b *testing.B) {
	p := mustSFEN(b, matsuriSFEN)
	for b.Loop() {
		p.InCheck()
	}
}

// BenchmarkPlay is one Play (a copy of the position and the move).
func BenchmarkPlay(b *testing.B) {
	p := mustSFEN(b, matsuriSFEN)
	moves := p.LegalMoves(nil)
	var q Position
	for i := 0; b.Loop(); i++ {
		q = p.Play(moves[i%len(moves)])
	}
	_ = q
}

// BenchmarkPlayTo is one PlayTo into a position kept for many.
func BenchmarkPlayTo(b *testing.B) {
	p := mustSFEN(b, matsuriSFEN)
	moves := p.LegalMoves(nil)
	var q Position
	for i := 0; b.Loop(); i++ {
		p.PlayTo(&q, moves[i%len(moves)])
	}
}

// Perft to depth 0 is the position itself: 1, whatever the position (the
// bulk count of the last ply must not start a ply early).
func TestPerftZero(t *testing.T) {
	for _, sfen := range []string{StartSFEN, matsuriSFEN} {
		p := mustSFEN(t, sfen)
		if n := Perft(&p, 0); n != 1 {
			t.Errorf("Perft(%s, 0) = %d, want 1", sfen, n)
		}
		if n := Perft(&p, 1); n != uint64(len(p.LegalMoves(nil))) {
			t.Errorf("Perft(%s, 1) = %d, want %d", sfen, n, len(p.LegalMoves(nil)))
		}
	}
}

// BenchmarkHasLegalMoveAfterCheck is HasLegalMove in the positions after
// each of matsuri's checks: what a mate-in-one test asks of every check.
func BenchmarkHasLegalMoveAfterCheck(b *testing.B) {
	p := mustSFEN(b, matsuriSFEN)
	var after []Position
	for _, m := range p.LegalChecks(nil) {
		after = append(after, p.Play(m))
	}
	if len(after) == 0 {
		b.Fatal("matsuri has no check")
	}
	n := 0
	for i := 0; b.Loop(); i++ {
		if after[i%len(after)].HasLegalMove() {
			n++
		}
	}
	_ = n
}
