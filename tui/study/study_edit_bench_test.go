package study

import (
	"fmt"
	"math/rand/v2"
	"testing"

	tea "charm.land/bubbletea/v2"

	"shogi/game"
	"shogi/kifu"
	"shogi/kifu/edit"
)

// bigRecord is a record of 20,000 moves with 500 variations of 10 to 40
// moves at random plies, and a comment every twenty moves: the study's
// worst case for editing.
func bigRecord(b *testing.B) *kifu.Record {
	b.Helper()
	rec, moves := randomRecord(b, 20000, 7)
	rnd := rand.New(rand.NewPCG(20000, 500))
	main := []*kifu.Node{rec.Root}
	pos := []game.Position{rec.Start}
	for n := rec.Root; n.FirstChild() != nil; {
		n = n.FirstChild()
		if n.Ply%20 == 0 {
			n.SetComment("コメント")
		}
		main = append(main, n)
		pos = append(pos, pos[len(pos)-1].Play(moves[n.Ply-1]))
	}
	var buf []game.Move
	for range 500 {
		i := rnd.IntN(len(main) - 1)
		n, p := main[i], pos[i]
		for range 10 + rnd.IntN(31) {
			buf = p.LegalMoves(buf[:0])
			var m game.Move
			for _, c := range buf {
				if next := p.Play(c); next.HasLegalMove() {
					m = c
					if rnd.IntN(3) == 0 {
						break
					}
				}
			}
			if m == game.NoMove {
				break
			}
			n = rec.AddMove(n, m)
			p = p.Play(m)
		}
	}
	return rec
}

// bigStudy opens the big record at w×h with edits kept, at ply 10,000.
func bigStudy(b *testing.B, w, h int) *studyModel {
	b.Helper()
	c := studyCommon(w, h)
	c.StateDir = b.TempDir()
	s := newStudy(c, bigRecord(b), "big.kif", nil)
	s.goTo(10000)
	return s
}

// moveUndo makes a move that is no move of the record at the ply shown
// (a new variation) and undoes it, each with its redraw, b.N times.
func moveUndo(b *testing.B, s *studyModel) {
	at := s.cur
	var mv game.Move
	for _, m := range s.Position().LegalMoves(nil) {
		if s.node().FirstChild() == nil || !m.SameAs(s.node().FirstChild().Move) {
			mv = m
			break
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		// The move as the board makes it (enter on the target), then u:
		// two keys, each with its redraw.
		s.playMove(mv)
		benchView, _ = s.View()
		s.Update(keyMsg("u"))
		benchView, _ = s.View()
		if s.cur != at {
			b.Fatalf("undo went to ply %d", s.cur)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(2*b.N), "ns/key")
}

// The time from a key to the redrawn screen (Update and View) in a study
// of the 20,000-move record with 500 variations: a step, the board
// cursor, a move made on the board as a new variation at ply 10,000 (its
// kept copy written) and its undo, a character typed into a comment.
func BenchmarkEditStudyKey(b *testing.B) {
	for _, size := range [][2]int{{80, 24}, {120, 40}} {
		name := fmt.Sprintf("%dx%d", size[0], size[1])
		b.Run("step/"+name, func(b *testing.B) {
			s := bigStudy(b, size[0], size[1])
			keys := []tea.Msg{keyMsg("right"), keyMsg("left")}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				s.Update(keys[i%2])
				benchView, _ = s.View()
			}
		})
		b.Run("cursor/"+name, func(b *testing.B) {
			s := bigStudy(b, size[0], size[1])
			s.Update(keyMsg("enter"))
			keys := []tea.Msg{keyMsg("up"), keyMsg("down")}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				s.Update(keys[i%2])
				benchView, _ = s.View()
			}
		})
		b.Run("move+undo/"+name, func(b *testing.B) {
			moveUndo(b, bigStudy(b, size[0], size[1]))
		})
		b.Run("move+undo-unkept/"+name, func(b *testing.B) {
			// The same with no state directory: the screen's part alone.
			s := bigStudy(b, size[0], size[1])
			s.ed = edit.New(s.rec, edit.Options{})
			moveUndo(b, s)
		})
		b.Run("comment-char/"+name, func(b *testing.B) {
			s := bigStudy(b, size[0], size[1])
			s.Update(keyMsg("n"))
			keys := []tea.Msg{keyMsg("あ"), keyMsg("backspace")}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				s.Update(keys[i%2])
				benchView, _ = s.View()
			}
		})
	}
}

// BenchmarkKeptWrite is the kept copy written after an edit of the big
// record: a comment set and set back, each an edit whose copy is written
// (encoded and put on disk atomically).
func BenchmarkKeptWrite(b *testing.B) {
	s := bigStudy(b, 120, 40)
	n := s.node()
	texts := []string{"a", "b"}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := s.ed.SetComment(n, texts[i%2]); err != nil {
			b.Fatal(err)
		}
	}
	if s.ed.KeepError() != nil {
		b.Fatal(s.ed.KeepError())
	}
}
