package book

import (
	"bytes"
	"context"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"shogi/game"
	"shogi/game/bot"
	"shogi/game/engine"
)

func entryOf(t *testing.T, text string) Entry {
	t.Helper()
	b, err := Read(strings.NewReader(Header+"\nsfen "+startSFEN+"\n"+text), "t")
	if err != nil {
		t.Fatal(err)
	}
	e, _ := b.Lookup(strings.TrimSuffix(startSFEN, " 1"))
	return *e
}

// TestChooseWeighted: over many draws each move comes up in proportion to
// its count (within five standard deviations).
func TestChooseWeighted(t *testing.T) {
	e := entryOf(t, "7g7f none 0 0 600\n2g2f none 0 0 300\n5g5f none 0 0 100\n1g1f none 0 0 0\n")
	r := rand.New(rand.NewPCG(1, 2))
	o := Options{Pick: Weighted, EvalDiff: -1}
	const n = 20000
	got := map[string]int{}
	for i := 0; i < n; i++ {
		m, ok := o.Choose(e, nil, r)
		if !ok {
			t.Fatal("no move")
		}
		got[m.Move.USI()]++
	}
	for usi, share := range map[string]float64{"7g7f": 0.6, "2g2f": 0.3, "5g5f": 0.1, "1g1f": 0} {
		sd := math.Sqrt(n * share * (1 - share))
		if d := math.Abs(float64(got[usi]) - n*share); d > 5*sd+0.5 {
			t.Errorf("%s chosen %d times of %d, want about %.0f", usi, got[usi], n, n*share)
		}
	}
}

// TestChooseBest: Best takes the best score, or any within EvalDiff of it;
// moves the caller forbids are never chosen; Off chooses nothing.
func TestChooseBest(t *testing.T) {
	e := entryOf(t, "7g7f none 10 0 600\n2g2f none 80 0 3\n5g5f none 75 0 1\n1g1f none none none 9\n")
	r := rand.New(rand.NewPCG(3, 4))
	seen := map[string]bool{}
	for i := 0; i < 200; i++ {
		m, _ := Options{Pick: Best, EvalDiff: 0}.Choose(e, nil, r)
		seen[m.Move.USI()] = true
	}
	if len(seen) != 1 || !seen["2g2f"] {
		t.Errorf("best: %v", seen)
	}
	seen = map[string]bool{}
	for i := 0; i < 200; i++ {
		m, _ := Options{Pick: Best, EvalDiff: 5}.Choose(e, nil, r)
		seen[m.Move.USI()] = true
	}
	if len(seen) != 2 || !seen["2g2f"] || !seen["5g5f"] {
		t.Errorf("within 5: %v", seen)
	}
	not22 := func(m game.Move) bool { return m.USI() != "2g2f" }
	if m, _ := (Options{Pick: Best, EvalDiff: 0}).Choose(e, not22, r); m.Move.USI() != "5g5f" {
		t.Errorf("with 2g2f forbidden: %v", m.Move)
	}
	if _, ok := (Options{Pick: Off}).Choose(e, nil, r); ok {
		t.Error("off chose a move")
	}
	if _, ok := (Options{Pick: Weighted}).Choose(e, func(game.Move) bool { return false }, r); ok {
		t.Error("chose a forbidden move")
	}
}

// playGame plays a game between two searchers from the start for up to
// plies moves and returns the moves.
func playGame(t *testing.T, players [2]engine.Searcher, plies int) []game.Move {
	t.Helper()
	g := game.NewGame(game.StartPosition())
	for i := 0; i < plies && !g.Result().Over(); i++ {
		p := g.Position()
		bm, err := players[p.SideToMove()].Search(context.Background(), engine.Request{Start: g.Start(), Moves: g.Moves()})
		if err != nil {
			t.Fatal(err)
		}
		if bm.Resign || bm.Win {
			break
		}
		if err := g.Play(bm.Move); err != nil {
			t.Fatalf("move %d %v: %v", i+1, bm.Move, err)
		}
	}
	return g.Moves()
}

// TestSeededGameFollowsBook: built-in levels given a book play its moves
// for the first N plies of a seeded game, every one of them a move the
// book has for the position; with the book off they play exactly the game
// they play without one.
func TestSeededGameFollowsBook(t *testing.T) {
	starts, moves, results := randomGames(51, 300, 40)
	bld := NewBuilder(30)
	for g := range starts {
		if starts[g].SFEN() == startSFEN {
			bld.Add(starts[g], moves[g], results[g])
		}
	}
	bk := bld.Book(1)
	const n = 12
	level := func(seed uint64) engine.Searcher {
		s, err := bot.NewSearcher("greedy", rand.New(rand.NewPCG(seed, 9)))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	bare := playGame(t, [2]engine.Searcher{level(1), level(2)}, 40)
	for _, pick := range []Pick{Weighted, Best} {
		opts := Options{Pick: pick, Moves: n, EvalDiff: -1}
		if pick == Best {
			opts.EvalDiff = 0
		}
		for seed := uint64(0); seed < 5; seed++ {
			rng := rand.New(rand.NewPCG(seed, 7))
			players := [2]engine.Searcher{NewSearcher(level(1), bk, opts, rng), NewSearcher(level(2), bk, opts, rng)}
			got := playGame(t, players, 40)
			p := game.StartPosition()
			for i, m := range got[:n] {
				e, ok, _ := bk.Find(&p)
				if !ok || indexOf(e.Moves, Move{Move: m}) < 0 {
					t.Fatalf("%v seed %d: move %d (%v) is not a book move", pick, seed, i+1, m)
				}
				p = p.Play(m)
			}
			// Replayed with the same seed, the game is the same.
			rng = rand.New(rand.NewPCG(seed, 7))
			players = [2]engine.Searcher{NewSearcher(level(1), bk, opts, rng), NewSearcher(level(2), bk, opts, rng)}
			if again := playGame(t, players, 40); !sameMoves(again, got) {
				t.Errorf("%v seed %d: the same seed played another game", pick, seed)
			}
		}
	}
	off := Options{Pick: Off, Moves: n}
	rng := rand.New(rand.NewPCG(1, 7))
	players := [2]engine.Searcher{NewSearcher(level(1), bk, off, rng), NewSearcher(level(2), bk, off, rng)}
	if got := playGame(t, players, 40); !sameMoves(got, bare) {
		t.Error("with the book off the game differs from the game without a book")
	}
	// The bare game leaves the book early: the book changed something.
	p := game.StartPosition()
	left := false
	for _, m := range bare[:n] {
		e, ok, _ := bk.Find(&p)
		if !ok || indexOf(e.Moves, Move{Move: m}) < 0 {
			left = true
			break
		}
		p = p.Play(m)
	}
	if !left {
		t.Error("the game without a book followed the book anyway: the test proves nothing")
	}
}

func sameMoves(a, b []game.Move) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !a[i].SameAs(b[i]) {
			return false
		}
	}
	return true
}

// TestSearcherAvoidsLosingRepetition: a book move that loses on the spot
// (repeating the position a fourth time by perpetual check) is never
// played; when it is the only book move, the book is not used.
func TestSearcherAvoidsLosingRepetition(t *testing.T) {
	// Black's rook checks from 9a and 9b in turn while White's king steps
	// between 5a and 5b.
	start := mustSFEN(t, "4k4/9/9/9/9/9/9/9/R3K4 b - 1")
	g := game.NewGame(start)
	play := func(usi string) {
		p := g.Position()
		if err := g.Play(mustMove(t, &p, usi)); err != nil {
			t.Fatal(err)
		}
	}
	play("9i9a")
	cycle := []string{"5a5b", "9a9b", "5b5a", "9b9a"}
	var losing game.Move
	for i := 0; losing == game.NoMove && i < 40; i++ {
		p := g.Position()
		m := mustMove(t, &p, cycle[i%4])
		g.Play(m)
		w, decided := g.Result().Winner()
		if decided && w != p.SideToMove() {
			losing = m
		}
		g.Undo()
		if losing == game.NoMove {
			play(cycle[i%4])
		}
	}
	if losing == game.NoMove {
		t.Fatal("the cycle never lost: the test proves nothing")
	}
	p := g.Position()
	other := game.NoMove
	for _, m := range p.LegalMoves(nil) {
		if !m.SameAs(losing) {
			other = m
			break
		}
	}
	req := engine.Request{Start: start, Moves: g.Moves()}
	b := New()
	b.Put(&Entry{Key: Key(&p), Moves: []Move{{Move: losing, Count: 1000, HasCount: true}, {Move: other, Count: 1, HasCount: true}}})
	for seed := uint64(0); seed < 30; seed++ {
		s := NewSearcher(nil, b, Options{Pick: Weighted, Moves: 1000, EvalDiff: -1}, rand.New(rand.NewPCG(seed, 1)))
		if m, ok, err := s.Probe(req); err != nil || !ok || m.Move != other {
			t.Fatalf("seed %d: %v %v %v, want %v (not the losing %v)", seed, m.Move, ok, err, other, losing)
		}
	}
	b.Put(&Entry{Key: Key(&p), Moves: []Move{{Move: losing, Count: 1000, HasCount: true}}})
	s := NewSearcher(nil, b, Options{Pick: Weighted, Moves: 1000, EvalDiff: -1}, rand.New(rand.NewPCG(1, 1)))
	if m, ok, _ := s.Probe(req); ok {
		t.Errorf("played %v, which loses", m.Move)
	}
}

// TestServedOptions: shogi usi's book options read a book on isready,
// play from it, and say when it cannot be read.
func TestServedOptions(t *testing.T) {
	dir := t.TempDir()
	start := game.StartPosition()
	b := New()
	b.Put(&Entry{Key: Key(&start), Ply: 1, Moves: []Move{{Move: mustMove(t, &start, "1g1f"), Count: 1, HasCount: true}}})
	var buf bytes.Buffer
	if err := Write(&buf, b); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "b.db"), buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	eng := bot.NewEngine(bot.Levels()[0], rand.New(rand.NewPCG(1, 1)))
	eng.SetHashMB(1) // 100 nodes a search: the 64 MB default only costs time to clear
	for _, onDisk := range []string{"false", "true"} {
		s := NewServed(eng, "", rand.New(rand.NewPCG(2, 2)))
		s.SetOption("BookDir", dir)
		s.SetOption("BookFile", "b.db")
		s.SetOption("BookOnTheFly", onDisk)
		s.Prepare()
		bm, err := s.Search(context.Background(), engine.Request{Start: start, Limits: engine.Limits{Nodes: 100}})
		if err != nil || bm.Move.USI() != "1g1f" {
			t.Errorf("on disk %s: %v %v, want the book's 1g1f", onDisk, bm.Move, err)
		}
		s.SetOption("USI_OwnBook", "false")
		bm, _ = s.Search(context.Background(), engine.Request{Start: start, Limits: engine.Limits{Nodes: 100}})
		if bm.Move.USI() == "1g1f" {
			t.Errorf("on disk %s: played the book with USI_OwnBook off", onDisk)
		}
	}
	s := NewServed(eng, filepath.Join(dir, "missing.db"), rand.New(rand.NewPCG(2, 2)))
	s.Prepare()
	var said []string
	bm, err := s.Search(context.Background(), engine.Request{Start: start, Limits: engine.Limits{Nodes: 100},
		Info: func(in engine.Info) {
			if in.String != "" {
				said = append(said, in.String)
			}
		}})
	if err != nil || bm.Move == game.NoMove || len(said) != 1 || !strings.Contains(said[0], "missing.db") {
		t.Errorf("missing book: %v %v, said %q", bm, err, said)
	}
	var names []string
	for _, o := range s.Options() {
		names = append(names, o.Name)
	}
	for _, want := range []string{"BookFile", "BookMoves", "BookIgnoreRate", "FlippedBook", "BookOnTheFly", "USI_OwnBook", "Level"} {
		if !strings.Contains(" "+strings.Join(names, " ")+" ", " "+want+" ") {
			t.Errorf("options %v lack %s", names, want)
		}
	}
}

// askedSearcher is a level that notes the move number of each position it
// is asked to search.
type askedSearcher struct {
	engine.Searcher
	asked *[]int
}

func (a askedSearcher) Search(ctx context.Context, req engine.Request) (engine.BestMove, error) {
	g := game.NewGame(req.Start)
	for _, m := range req.Moves {
		g.Play(m)
	}
	p := g.Position()
	*a.asked = append(*a.asked, p.MoveNumber())
	return a.Searcher.Search(ctx, req)
}

// TestBookMovesBoundary: with a book that has every position of the game
// (built from the game itself), the level is never asked while the move
// number is at most N and asked for every move after; with the book off
// it is asked for every move.
func TestBookMovesBoundary(t *testing.T) {
	level := func(seed uint64, asked *[]int) engine.Searcher {
		s, err := bot.NewSearcher("greedy", rand.New(rand.NewPCG(seed, 9)))
		if err != nil {
			t.Fatal(err)
		}
		return askedSearcher{s, asked}
	}
	var none []int
	bare := playGame(t, [2]engine.Searcher{level(1, &none), level(2, &none)}, 30)
	bld := NewBuilder(30)
	bld.Add(game.StartPosition(), bare, game.Result{})
	bk := bld.Book(1)
	for _, n := range []int{1, 8, 16} {
		for _, pick := range []Pick{Weighted, Best, Off} {
			opts := Options{Pick: pick, Moves: n, EvalDiff: -1}
			var asked []int
			rng := rand.New(rand.NewPCG(3, 4))
			got := playGame(t, [2]engine.Searcher{NewSearcher(level(1, &asked), bk, opts, rng), NewSearcher(level(2, &asked), bk, opts, rng)}, 30)
			first := n + 1
			if pick == Off {
				first = 1
			}
			if len(asked) != len(got)-(first-1) {
				t.Fatalf("n %d %v: the level was asked %d times in %d moves: %v", n, pick, len(asked), len(got), asked)
			}
			for i, mn := range asked {
				if mn != first+i {
					t.Fatalf("n %d %v: the level was asked at move numbers %v, want %d on", n, pick, asked, first)
				}
			}
			// The book has one move a position: the game up to N is the
			// book's.
			if pick != Off && !sameMoves(got[:n], bare[:n]) {
				t.Errorf("n %d %v: the first %d moves are not the book's", n, pick, n)
			}
		}
	}
}
