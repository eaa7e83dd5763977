package study

import (
	"math/rand/v2"
	"testing"

	"shogi/game"
	"shogi/kifu"
)

// randomRecord plays n random legal moves from the start, never into a
// position without a legal reply, so the record has exactly n moves.
func randomRecord(tb testing.TB, n int, seed uint64) (*kifu.Record, []game.Move) {
	tb.Helper()
	r := rand.New(rand.NewPCG(seed, seed+1))
	rec := kifu.NewRecord(game.StartPosition())
	pos := game.StartPosition()
	node := rec.Root
	var moves []game.Move
	var buf []game.Move
	for len(moves) < n {
		buf = pos.LegalMoves(buf[:0])
		r.Shuffle(len(buf), func(i, j int) { buf[i], buf[j] = buf[j], buf[i] })
		played := false
		for _, m := range buf {
			next := pos.Play(m)
			if next.HasLegalMove() {
				pos, played = next, true
				node = rec.AddMove(node, m)
				moves = append(moves, m)
				break
			}
		}
		if !played {
			tb.Fatalf("random game stuck after %d moves", len(moves))
		}
	}
	return rec, moves
}

var benchView string

// BenchmarkStudyStep is one key press and the redraw that follows, over a
// 1,000-move record, walking to the last ply and back.
func BenchmarkStudyStep(b *testing.B) {
	rec, _ := randomRecord(b, 1000, 1)
	s := newStudy(studyCommon(100, 30), rec, "bench.kif", nil)
	next := keyMsg("right")
	prev := keyMsg("left")
	forward := true
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if s.cur == s.last() {
			forward = false
		} else if s.cur == 0 {
			forward = true
		}
		if forward {
			s.Update(next)
		} else {
			s.Update(prev)
		}
		benchView, _ = s.View()
	}
}

// BenchmarkStudyWalk steps from the start of a 1,000-move record to its
// last ply and back (2,000 steps, each with a redraw).
func BenchmarkStudyWalk(b *testing.B) {
	rec, _ := randomRecord(b, 1000, 1)
	s := newStudy(studyCommon(100, 30), rec, "bench.kif", nil)
	next := keyMsg("right")
	prev := keyMsg("left")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for s.cur < s.last() {
			s.Update(next)
			benchView, _ = s.View()
		}
		for s.cur > 0 {
			s.Update(prev)
			benchView, _ = s.View()
		}
	}
}

// BenchmarkStudyOpen builds the line of a 1,000-move record: every
// position and move text, once.
func BenchmarkStudyOpen(b *testing.B) {
	rec, _ := randomRecord(b, 1000, 1)
	c := studyCommon(100, 30)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s := newStudy(c, rec, "bench.kif", nil)
		benchView, _ = s.View()
	}
}

// The walk must show the same positions as replaying the moves one by
// one: the cache may not drift.
func TestStudyCacheMatchesReplay(t *testing.T) {
	rec, moves := randomRecord(t, 1000, 1)
	s := newStudy(studyCommon(100, 30), rec, "random.kif", nil)
	if s.last() != len(moves) {
		t.Fatalf("line has %d plies, want %d", s.last(), len(moves))
	}
	pos := game.StartPosition()
	for i := 0; i <= len(moves); i++ {
		if s.cur != i {
			t.Fatalf("at step %d the study shows ply %d", i, s.cur)
		}
		if got, want := s.Position().SFEN(), pos.SFEN(); got != want {
			t.Fatalf("ply %d: study shows %s, replay gives %s", i, got, want)
		}
		if i < len(moves) {
			pos = pos.Play(moves[i])
			s.Update(keyMsg("right"))
		}
	}
}
