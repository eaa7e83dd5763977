package book

import (
	"slices"
	"testing"

	"shogi/game"
)

// TestFlip: a position turned round twice is itself; its legal moves are
// the original's turned round, one for one.
func TestFlip(t *testing.T) {
	for _, p := range randomPositions(5, 30, 120) {
		f := Flip(&p)
		if back := Flip(&f); back.SFEN() != p.SFEN() {
			t.Fatalf("%s flipped twice: %s", p.SFEN(), back.SFEN())
		}
		var want, got []string
		for _, m := range p.LegalMoves(nil) {
			fm := FlipMove(m)
			if !f.IsLegal(fm) {
				t.Fatalf("%s: %v turned round (%v) is not legal in %s", p.SFEN(), m, fm, f.SFEN())
			}
			if back, err := f.ParseUSI(fm.USI()); err != nil || back != fm {
				t.Fatalf("%v turned round: %v, read back %v", m, fm, back)
			}
			want = append(want, fm.USI())
		}
		for _, m := range f.LegalMoves(nil) {
			got = append(got, m.USI())
		}
		slices.Sort(want)
		slices.Sort(got)
		if !slices.Equal(want, got) {
			t.Fatalf("%s: legal moves turned round differ", p.SFEN())
		}
	}
}

// TestFindFlipped: a book that has only the position after 7g7f serves
// the position after 3c3d (its mirror image) with 3c3d's answer turned.
func TestFindFlipped(t *testing.T) {
	start := game.StartPosition()
	after76 := start.Play(mustMove(t, &start, "7g7f"))
	b := New()
	m := mustMove(t, &after76, "3c3d")
	b.Put(&Entry{Key: Key(&after76), Ply: 2, Moves: []Move{{Move: m, Ponder: mustMove(t, ptr(after76.Play(m)), "2g2f"), Count: 7, HasCount: true}}})

	after34 := start.Play(mustMove(t, &start, "2g2f")) // not the mirror: not found
	if _, ok, _ := b.Find(&after34); ok {
		t.Error("found a position the book does not have")
	}
	// The mirror of "after 7g7f" is White having played 3c3d first: a
	// position with Black to move after 1 … 3c3d in a game Black began
	// from the start with White to move.
	mirror := Flip(&after76)
	e, ok, err := b.Find(&mirror)
	if !ok || err != nil || !e.Flipped || len(e.Moves) != 1 {
		t.Fatalf("mirror: %v %v %+v", ok, err, e)
	}
	if e.Moves[0].Move.USI() != "7g7f" || !mirror.IsLegal(e.Moves[0].Move) || e.Moves[0].Ponder.USI() != "8c8d" || e.Moves[0].Count != 7 {
		t.Errorf("mirror's move: %+v", e.Moves[0])
	}
	if _, ok, _ := Find(b, &mirror, false); ok {
		t.Error("found turned round when told not to")
	}
}

func ptr[T any](v T) *T { return &v }
