package edit

import (
	"testing"

	"shogi/game"
	"shogi/kifu"
)

// FuzzEdits runs the fuzzer's bytes as a run of edits (each byte pair a
// choice: which node, which edit, which move …) on a base record the
// first bytes choose, checking after every edit what the tracker checks:
// a sound tree, undo and redo exact, refusals changing nothing, the kept
// copy equal to the record. At the end every edit is undone and redone.
func FuzzEdits(f *testing.F) {
	for seed := range 16 {
		pk := randFor(uint64(seed))
		b := make([]byte, 300)
		for i := range b {
			b[i] = byte(pk.IntN(256))
		}
		f.Add(b)
	}
	f.Add([]byte{})
	f.Add([]byte{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 50, 0, 0, 0, 60})
	f.Fuzz(func(t *testing.T, data []byte) {
		pk := &bytePicker{data: data}
		e := New(baseRecord(pk), Options{StateDir: "memory"})
		tr := newTracker(e)
		tr.keepInMemory()
		tr.run(t, pk, 150, pk.empty)
		furthest := tr.views[len(tr.views)-1]
		for e.CanUndo() {
			e.Undo()
		}
		if view(e.Record(), kifu.Unknown) != tr.views[0] {
			t.Fatal("undoing every edit does not give the record back")
		}
		for e.CanRedo() {
			e.Redo()
		}
		if view(e.Record(), kifu.Unknown) != furthest {
			t.Fatal("redoing every edit does not give the edited record")
		}
	})
}

// FuzzBoard runs the fuzzer's bytes as changes to a position being set up
// (place any piece anywhere, clear, promote, hands, rest to a hand, side,
// flip, presets, undo, redo): nothing panics, the set is never exceeded
// by an edit, each side keeps at most one king, and undo gives back every
// position in turn.
func FuzzBoard(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte("PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPP"))
	f.Add([]byte{9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17})
	presets := Presets()
	f.Fuzz(func(t *testing.T, data []byte) {
		pk := &bytePicker{data: data}
		b := NewBoard(presets[pk.IntN(len(presets))].Position())
		history := []string{b.SFEN()}
		for steps := 0; !pk.empty() && steps < maxBoardHistory-10; steps++ {
			before := b.Position()
			overBefore := tooMany(&before)
			undoable := true
			switch pk.IntN(11) {
			case 0, 1, 2:
				s := game.Square(pk.IntN(83)) // two beyond the board
				pc := game.NewPiece(game.Color(pk.IntN(2)), game.PieceType(1+pk.IntN(int(game.NumPieceTypes)-1)))
				b.Place(s, pc)
			case 3:
				b.Clear(game.Square(pk.IntN(81)))
			case 4:
				b.Promote(game.Square(pk.IntN(81)))
			case 5:
				b.AddToHand(game.Color(pk.IntN(2)), game.PieceType(1+pk.IntN(9)))
			case 6:
				b.TakeFromHand(game.Color(pk.IntN(2)), game.PieceType(1+pk.IntN(9)))
			case 7:
				b.RestToHand(game.Color(pk.IntN(2)))
			case 8:
				if pk.IntN(2) == 0 {
					b.Flip()
				} else {
					b.SetSideToMove(game.Color(pk.IntN(2)))
				}
			case 9:
				b.Load(presets[pk.IntN(len(presets))].Position())
				overBefore = 0
			default:
				undoable = false
				if pk.IntN(2) == 0 && b.Undo() {
					history = history[:len(history)-1]
				} else if b.Redo() {
					history = append(history, b.SFEN())
				}
			}
			p := b.Position()
			if undoable && b.SFEN() != history[len(history)-1] {
				history = append(history, b.SFEN())
			}
			if history[len(history)-1] != b.SFEN() {
				t.Fatalf("history out of step: %s, want %s", b.SFEN(), history[len(history)-1])
			}
			if over := tooMany(&p); over > overBefore {
				t.Fatalf("an edit exceeded the set: %s", b.SFEN())
			}
			for _, w := range p.Warnings() {
				_ = w.String()
			}
			_, _, _ = b.Diagram(), b.CSA(), b.TsumeWarnings()
		}
		for i := len(history) - 2; i >= 0; i-- {
			if !b.Undo() || b.SFEN() != history[i] {
				t.Fatalf("undo %d: %s, want %s", i, b.SFEN(), history[i])
			}
		}
	})
}

// tooMany counts the pieces beyond the set's.
func tooMany(p *game.Position) int {
	n := 0
	for _, w := range p.Warnings() {
		if w.Kind == game.TooMany {
			n += w.Count - w.Limit
		}
	}
	return n
}
