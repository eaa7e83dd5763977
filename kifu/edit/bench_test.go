package edit

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"shogi/game"
	"shogi/kifu"
)

// bigRecord is a record of 20,000 moves with 500 variations of 10 to 40
// moves at random plies and a comment every twenty moves: the study's
// worst case for editing.
var bigRecord = sync.OnceValue(func() *kifu.Record {
	rnd := rand.New(rand.NewPCG(20000, 500))
	r := kifu.NewRecord(game.StartPosition())
	main := make([]*kifu.Node, 0, 20001)
	pos := make([]game.Position, 0, 20001)
	n, p := r.Root, game.StartPosition()
	main, pos = append(main, n), append(pos, p)
	for len(main) <= 20000 {
		m := quietMove(rnd, &p)
		n = r.AddMove(n, m)
		p = p.Play(m)
		if len(main)%20 == 0 {
			n.SetComment("コメント")
		}
		main, pos = append(main, n), append(pos, p)
	}
	for range 500 {
		i := rnd.IntN(len(main) - 1)
		n, p := main[i], pos[i]
		for range 10 + rnd.IntN(31) {
			m := quietMove(rnd, &p)
			n = r.AddMove(n, m)
			p = p.Play(m)
		}
	}
	return r
})

// quietMove picks a random legal move that neither captures nor checks
// when there is one, so that a long random game goes on.
func quietMove(rnd *rand.Rand, p *game.Position) game.Move {
	moves := p.LegalMoves(nil)
	rnd.Shuffle(len(moves), func(i, j int) { moves[i], moves[j] = moves[j], moves[i] })
	for _, m := range moves {
		if m.Captured() == game.NoPiece {
			if after := p.Play(m); !after.InCheck() {
				return m
			}
		}
	}
	return moves[0]
}

// deep returns the main line's node at ply.
func deep(r *kifu.Record, ply int) *kifu.Node {
	n := r.Root
	for n.Ply < ply {
		n = n.FirstChild()
	}
	return n
}

// firstBranch returns the first node below ply whose parent has more
// than one child, and the variation starting there.
func firstBranch(r *kifu.Record, ply int) *kifu.Node {
	for n := deep(r, ply); ; n = n.FirstChild() {
		if n.NumChildren() > 1 {
			return n.Child(1)
		}
	}
}

// BenchmarkEditBig times each edit, with its undo, on bigRecord, and the
// kept copy's writing and reading back.
func BenchmarkEditBig(b *testing.B) {
	r := bigRecord()
	if err := r.Verify(); err != nil {
		b.Fatal(err)
	}
	e := New(r, Options{})
	at := deep(r, 19000)
	p := r.PositionAt(at)
	var fresh game.Move
	for _, m := range p.LegalMoves(nil) {
		if at.FirstChild().Move != m {
			fresh = m
			break
		}
	}
	b.Run("play-new-variation-ply-19000", func(b *testing.B) {
		for b.Loop() {
			if _, err := e.Play(at, fresh); err != nil {
				b.Fatal(err)
			}
			e.Undo()
		}
	})
	b.Run("play-from-known-position", func(b *testing.B) {
		for b.Loop() {
			if _, err := e.PlayFrom(at, &p, fresh); err != nil {
				b.Fatal(err)
			}
			e.Undo()
		}
	})
	mid := deep(r, 10000)
	b.Run("delete-ply-10000", func(b *testing.B) {
		for b.Loop() {
			if _, err := e.Delete(mid); err != nil {
				b.Fatal(err)
			}
			e.Undo()
		}
	})
	v := firstBranch(r, 15000)
	tip := v
	for tip.FirstChild() != nil {
		tip = tip.FirstChild()
	}
	b.Run("promote-variation-ply-15000", func(b *testing.B) {
		for b.Loop() {
			if err := e.PromoteToMain(tip); err != nil {
				b.Fatal(err)
			}
			e.Undo()
		}
	})
	b.Run("move-variation-up", func(b *testing.B) {
		for b.Loop() {
			if err := e.MoveUp(v); err != nil {
				b.Fatal(err)
			}
			e.Undo()
		}
	})
	b.Run("comment-ply-19000", func(b *testing.B) {
		for b.Loop() {
			e.SetComment(at, "ここで△８四歩もあった")
			e.Undo()
		}
	})
	b.Run("ending-ply-19000", func(b *testing.B) {
		for b.Loop() {
			if _, err := e.End(at, kifu.Resign); err != nil {
				b.Fatal(err)
			}
			e.Undo()
		}
	})
	b.Run("verify", func(b *testing.B) {
		for b.Loop() {
			r.Verify()
		}
	})
	b.Run("losses-csa", func(b *testing.B) {
		for b.Loop() {
			kifu.Losses(r, kifu.CSA)
		}
	})
	b.Run("keep-encode", func(b *testing.B) {
		for b.Loop() {
			if _, err := marshalKept(r, "big.kif"); err != nil {
				b.Fatal(err)
			}
		}
	})
	dir := b.TempDir()
	b.Run("keep-write", func(b *testing.B) { // encode and write atomically
		k := keeper{dir: dir}
		for b.Loop() {
			k.write(r, "big.kif")
			if k.err != nil {
				b.Fatal(k.err)
			}
		}
		st, _ := os.Stat(k.path)
		b.ReportMetric(float64(st.Size()), "bytes")
	})
	b.Run("restore", func(b *testing.B) {
		files, _ := filepath.Glob(filepath.Join(dir, "edits", "*.json"))
		for b.Loop() {
			if _, err := Restore(files[0]); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkKeepTypical times the kept copy of a record of the usual size
// (a 120-move game with a few variations and comments).
func BenchmarkKeepTypical(b *testing.B) {
	r := kifu.NewRecord(game.StartPosition())
	rnd := rand.New(rand.NewPCG(120, 3))
	n, p := r.Root, game.StartPosition()
	var line []*kifu.Node
	for range 120 {
		m := quietMove(rnd, &p)
		n = r.AddMove(n, m)
		p = p.Play(m)
		line = append(line, n)
	}
	for i := range 5 {
		q := r.PositionAt(line[20*i])
		x := line[20*i]
		for range 10 {
			m := quietMove(rnd, &q)
			x = r.AddMove(x, m)
			q = q.Play(m)
		}
		x.SetComment("変化の評価")
	}
	b.Run("encode", func(b *testing.B) {
		for b.Loop() {
			marshalKept(r, "game.kif")
		}
	})
	b.Run("write", func(b *testing.B) {
		k := keeper{dir: b.TempDir()}
		for b.Loop() {
			k.write(r, "game.kif")
		}
	})
}
