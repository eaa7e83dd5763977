package bot

import (
	"context"
	"errors"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"shogi/game"
	"shogi/game/engine"
	"shogi/internal/testenv"
)

func mustSFEN(t *testing.T, s string) game.Position {
	t.Helper()
	p, err := game.ParseSFEN(s)
	if err != nil {
		t.Fatalf("ParseSFEN(%q): %v", s, err)
	}
	return p
}

func seeded(n uint64) *rand.Rand { return rand.New(rand.NewPCG(n, 2*n+1)) }

// testHashMB is the transposition table the tests' engines get. The
// default (DefaultHashMB) is sized for games at long time controls; a
// test searches at most some tens of thousands of nodes a move, which a
// 2 MB table holds, and making and clearing 64 MB for every engine was
// most of this package's test time.
const testHashMB = 2

// testEngine is NewEngine with the tests' table size.
func testEngine(l Level, r *rand.Rand) *Engine {
	e := NewEngine(l, r)
	e.SetHashMB(testHashMB)
	return e
}

// testSearcher is NewSearcher with the tests' table size for the levels
// (random and greedy have no table).
func testSearcher(t testing.TB, name string, r *rand.Rand) engine.Searcher {
	t.Helper()
	s, err := NewSearcher(name, r)
	if err != nil {
		t.Fatal(err)
	}
	if e, ok := s.(*Engine); ok {
		e.SetHashMB(testHashMB)
	}
	return s
}

func TestGreedyTakesMateInOne(t *testing.T) {
	// Gote's king on 5a, a sente pawn on 5c guarding 5b: the gold drop on 5b
	// is the only mate (a gold on 4b or 6b leaves an escape on the far side).
	p := mustSFEN(t, "4k4/9/4P4/9/9/9/9/9/4K4 b G 1")
	for seed := uint64(1); seed <= 20; seed++ {
		m, err := NewGreedy(seeded(seed)).Move(p)
		if err != nil {
			t.Fatal(err)
		}
		if m.USI() != "G*5b" {
			t.Fatalf("seed %d: greedy played %s, want the mate G*5b", seed, m.USI())
		}
	}
}

func TestGreedyTakesFreeRook(t *testing.T) {
	// The bishop on 9i can take the undefended rook on 5e.
	p := mustSFEN(t, "8k/9/9/9/4r4/9/9/9/B4K3 b - 1")
	for seed := uint64(1); seed <= 20; seed++ {
		m, _ := NewGreedy(seeded(seed)).Move(p)
		if m.USI() != "9i5e" {
			t.Fatalf("seed %d: greedy played %s, want 9i5e", seed, m.USI())
		}
	}
}

func TestGreedyScoresExchanges(t *testing.T) {
	cases := []struct {
		sfen, move string
		want       int
	}{
		// Rook takes a pawn the gold on 5b defends: +1, then loses the rook.
		{"8k/4g4/4p4/9/9/9/9/4R4/K8 b - 1", "5h5c", 1 - 10},
		// Promoting adds 2 (飛→龍) but the dragon is lost instead.
		{"8k/4g4/4p4/9/9/9/9/4R4/K8 b - 1", "5h5c+", 1 + 2 - 12},
		// A quiet rook move to a safe square.
		{"8k/4g4/4p4/9/9/9/9/4R4/K8 b - 1", "5h6h", 0},
		// Pawn takes a silver defended by a gold: +5, then the pawn is lost.
		{"8k/4g4/4s4/4P4/9/9/9/9/K8 b - 1", "5d5c", 5 - 1},
		// Promoting first: +5 +5 (歩→と), then the tokin is lost.
		{"8k/4g4/4s4/4P4/9/9/9/9/K8 b - 1", "5d5c+", 5 + 5 - 6},
		// Dropping a gold where the king takes it for nothing.
		{"9/9/9/9/9/9/9/4k4/K8 b G 1", "G*5g", -6},
		// The same drop guarded by the silver on 6f: the king may not take it.
		{"9/9/9/9/9/3S5/9/4k4/K8 b G 1", "G*5g", 0},
	}
	for _, c := range cases {
		p := mustSFEN(t, c.sfen)
		m, err := p.ParseUSI(c.move)
		if err != nil || !p.IsLegal(m) {
			t.Fatalf("%s in %s: not legal (%v)", c.move, c.sfen, err)
		}
		if got := Score(&p, m); got != c.want {
			t.Errorf("Score(%s, %s) = %d, want %d", c.sfen, c.move, got, c.want)
		}
	}
}

func TestGreedyAvoidsLosingCapture(t *testing.T) {
	p := mustSFEN(t, "8k/4g4/4p4/9/9/9/9/4R4/K8 b - 1")
	for seed := uint64(1); seed <= 50; seed++ {
		m, _ := NewGreedy(seeded(seed)).Move(p)
		if m.Captured() != game.NoPiece {
			t.Fatalf("seed %d: greedy played the losing capture %s", seed, m.USI())
		}
		if s := Score(&p, m); s != 0 {
			t.Fatalf("seed %d: greedy played %s scoring %d, want a move losing nothing", seed, m.USI(), s)
		}
	}
}

func TestRandomIsUniform(t *testing.T) {
	p := game.StartPosition()
	n := len(p.LegalMoves(nil))
	if n != 30 {
		t.Fatalf("start position has %d legal moves, want 30", n)
	}
	b := NewRandom(seeded(7))
	counts := map[game.Move]int{}
	const draws = 30000
	for i := 0; i < draws; i++ {
		m, err := b.Move(p)
		if err != nil {
			t.Fatal(err)
		}
		counts[m]++
	}
	if len(counts) != n {
		t.Fatalf("random chose %d distinct moves, want all %d", len(counts), n)
	}
	for m, c := range counts {
		// Expected 1000 each; binomial σ ≈ 31, so ±200 is beyond 6σ.
		if c < 800 || c > 1200 {
			t.Errorf("move %s chosen %d times of %d, want about %d", m.USI(), c, draws, draws/n)
		}
	}
}

func TestBotsPlayLegalGames(t *testing.T) {
	for seed := uint64(1); seed <= 4; seed++ {
		bots := [2]Bot{NewRandom(seeded(seed)), NewGreedy(seeded(seed + 100))}
		g := game.NewGame(game.StartPosition())
		for ply := 0; ply < 150 && !g.Result().Over(); ply++ {
			p := g.Position()
			m, err := bots[ply%2].Move(p)
			if err != nil {
				t.Fatalf("seed %d ply %d: %v", seed, ply, err)
			}
			if err := g.Play(m); err != nil {
				t.Fatalf("seed %d ply %d: %s bot played %s: %v", seed, ply, bots[ply%2].Name(), m.USI(), err)
			}
		}
	}
}

func TestNoMove(t *testing.T) {
	// Sente is mated by the gold on 5h, guarded by the pawn on 5g.
	p := mustSFEN(t, "4k4/9/9/9/9/9/4p4/4g4/4K4 b - 1")
	if !p.IsCheckmate() {
		t.Fatal("test position is not mate")
	}
	for _, name := range names {
		b, err := New(name, seeded(1))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := b.Move(p); !errors.Is(err, ErrNoMove) {
			t.Errorf("%s: err = %v, want ErrNoMove", name, err)
		}
	}
	if _, err := New("deep", seeded(1)); err == nil {
		t.Error(`New("deep") succeeded`)
	}
}

func BenchmarkGreedyMidgame(b *testing.B) {
	p, err := game.ParseSFEN("ln1g3nl/1r1sg1k2/p1pppsbpp/1p3pp2/7P1/2P1P4/PPBP1PP1P/2GS1S1R1/LN2KG1NL b - 21")
	if err != nil {
		b.Fatal(err)
	}
	g := NewGreedy(seeded(1))
	for b.Loop() {
		if _, err := g.Move(p); err != nil {
			b.Fatal(err)
		}
	}
}

// MultiPV K: every finished depth reports K lines numbered 1..K, each
// starting with a different move, best first. (A line that beat an
// earlier one once made the search name one move twice.)
func TestMultiPVLinesAreDistinct(t *testing.T) {
	for _, sfen := range []string{
		"lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3",
		"ln1g3nl/1r3kg2/p2pppsp1/2ps2p1p/1p7/2PP1PPP1/PPS1PSN1P/2G2K1R1/LN3G2L b Bb 35",
	} {
		p, err := game.ParseSFEN(sfen)
		if err != nil {
			t.Fatal(err)
		}
		s := testSearcher(t, "strong", rand.New(rand.NewPCG(1, 2)))
		byDepth := map[int][]engine.Info{}
		_, err = s.Search(context.Background(), engine.Request{Start: p, Limits: engine.Limits{Depth: 6}, MultiPV: 3,
			Info: func(in engine.Info) {
				if in.HasScore && in.Score.Bound == engine.Exact {
					byDepth[in.Depth] = append(byDepth[in.Depth], in)
				}
			}})
		if err != nil {
			t.Fatal(err)
		}
		for d := 2; d <= 6; d++ {
			lines := byDepth[d]
			if len(lines) != 3 {
				t.Errorf("%s depth %d: %d lines, want 3", sfen, d, len(lines))
				continue
			}
			seen := map[game.Move]bool{}
			for i, in := range lines {
				if in.MultiPV != i+1 || len(in.PV) == 0 || seen[in.PV[0]] {
					t.Errorf("%s depth %d: line %d is multipv %d %v (lines %+v)", sfen, d, i+1, in.MultiPV, in.PV, lines)
				}
				if len(in.PV) > 0 {
					seen[in.PV[0]] = true
				}
				if i > 0 && !in.Score.Mate && !lines[i-1].Score.Mate && in.Score.Value > lines[i-1].Score.Value {
					t.Errorf("%s depth %d: line %d scores %d above line %d's %d", sfen, d, i+1, in.Score.Value, i, lines[i-1].Score.Value)
				}
			}
		}
	}
}

// Every bot declares the entering-king win when the 27-point rule holds
// for the side to move (Black needs 28 points, White 27), and none does
// when it falls a point short.
func TestEveryBotDeclares(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		sfen string
		win  bool
	}{
		// Black: king on 5a, ten pieces in the camp, 28 points with the hand.
		{"+R+BG+PK+P+P+P1/G+P+P+P+P+P+P2/9/9/9/9/9/9/4k4 b RB2g4s4n4l8p 1", true},
		// The same with White to move and mirrored: White's king in Black's camp.
		{"4K4/9/9/9/9/9/9/2+p+p+p+p+p+pg/1+p+p+pk+pg+b+r w 2G4S4N4L8Prb 1", true},
		// Black one point short: a rook fewer in hand.
		{"+R+BG+PK+P+P+P1/G+P+P+P+P+P+P2/9/9/9/9/9/9/4k4 b B2g4s4n4l8pr 1", false},
	} {
		p := mustSFEN(t, c.sfen)
		if got := p.CanDeclare() == nil; got != c.win {
			t.Fatalf("%s: CanDeclare %v, want %v (the test's position is wrong)", c.sfen, got, c.win)
		}
		for _, name := range Names() {
			s := testSearcher(t, name, seeded(3))
			bm, err := s.Search(context.Background(), engine.Request{Start: p, Limits: engine.Limits{Depth: 2}})
			if err != nil || bm.Win != c.win {
				t.Errorf("%s in %s: %+v, %v; want win %v", name, c.sfen, bm, err, c.win)
			}
		}
	}
}

// The search keeps its limits: a depth limit is the deepest iteration
// reported, a node limit is never passed (the count is checked at every
// node), and a cancelled go infinite answers with a legal move as soon as
// it is told, however deep it was going.
func TestSearchLimits(t *testing.T) {
	p := mustSFEN(t, "ln1g3nl/1r1sg1k2/p1pppsbpp/1p3pp2/7P1/2P1P4/PPBP1PP1P/2GS1S1R1/LN2KG1NL b - 21")
	top := levels[len(levels)-1]
	top.MateNodes = 0

	deepest := 0
	e := testEngine(top, seeded(1))
	bm, err := e.Search(context.Background(), engine.Request{Start: p, Limits: engine.Limits{Depth: 5},
		Info: func(in engine.Info) { deepest = max(deepest, in.Depth) }})
	if err != nil || !p.IsLegal(bm.Move) || deepest != 5 {
		t.Errorf("depth 5: %+v, %v, deepest %d", bm, err, deepest)
	}

	var nodes uint64
	e = testEngine(top, seeded(1))
	bm, err = e.Search(context.Background(), engine.Request{Start: p, Limits: engine.Limits{Nodes: 20_000},
		Info: func(in engine.Info) { nodes = max(nodes, in.Nodes) }})
	if err != nil || !p.IsLegal(bm.Move) || nodes == 0 || nodes > 20_000 {
		t.Errorf("20,000 nodes: %+v, %v, searched %d", bm, err, nodes)
	}

	// Stopped once it has reported depth 4, so it was well under way.
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan engine.BestMove)
	going := make(chan struct{})
	var once sync.Once
	go func() {
		bm, _ := testEngine(top, seeded(1)).Search(ctx, engine.Request{Start: p, Limits: engine.Limits{Infinite: true},
			Info: func(in engine.Info) {
				if in.Depth >= 4 {
					once.Do(func() { close(going) })
				}
			}})
		done <- bm
	}()
	select {
	case <-done:
		t.Fatal("go infinite answered before it was stopped")
	case <-going:
	}
	cancel()
	select {
	case bm := <-done:
		if !p.IsLegal(bm.Move) {
			t.Errorf("stopped: %+v", bm)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the search did not stop when cancelled")
	}
}

// However a search is cut short (here by node limits that stop it in
// every part of its iterations), the last line it reported begins with
// the move it plays: a GUI keeps an engine's evaluation only when it does
// (ShogiHome drops it otherwise, and so do our records). The default run
// tries node limits up to 12,000 (they cut iterations of depth 3 to 8
// short); the long tier up to 30,000 (to depth 9).
func TestLastLineBeginsWithTheMove(t *testing.T) {
	t.Parallel()
	most := uint64(12_000)
	if testenv.Long() {
		most = 30_000
	}
	top := levels[len(levels)-1]
	top.MateNodes = 0
	for _, sfen := range []string{
		"ln1g3nl/1r1sg1k2/p1pppsbpp/1p3pp2/7P1/2P1P4/PPBP1PP1P/2GS1S1R1/LN2KG1NL b - 21",
		"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
	} {
		p := mustSFEN(t, sfen)
		for nodes := uint64(500); nodes <= most; nodes += 1_931 {
			var last engine.Info
			bm, err := testEngine(top, seeded(1)).Search(context.Background(), engine.Request{Start: p, Limits: engine.Limits{Nodes: nodes},
				Info: func(in engine.Info) {
					if in.HasScore && in.MultiPV <= 1 {
						last = in
					}
				}})
			if err != nil {
				t.Fatal(err)
			}
			if len(last.PV) == 0 || last.PV[0] != bm.Move {
				t.Errorf("%s, %d nodes: plays %s, last line %v", sfen, nodes, bm.Move, last.PV)
			}
		}
	}
}

// Lazy SMP: with several threads the search still keeps its depth limit
// and answers a legal move, and a go infinite stops every thread when
// cancelled. (go test -race checks
// that the threads share only what they may.)
func TestThreads(t *testing.T) {
	p := mustSFEN(t, busySFEN)
	top := levels[len(levels)-1]
	top.MateNodes = 0
	e := testEngine(top, seeded(1))
	e.SetThreads(3)
	deepest := 0
	bm, err := e.Search(context.Background(), engine.Request{Start: p, Limits: engine.Limits{Depth: 9}, MultiPV: 2,
		Info: func(in engine.Info) { deepest = max(deepest, in.Depth) }})
	if err != nil || !p.IsLegal(bm.Move) || deepest != 9 {
		t.Fatalf("3 threads, depth 9: %+v, %v, deepest %d", bm, err, deepest)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan engine.BestMove)
	going := make(chan struct{})
	var once sync.Once
	go func() {
		bm, _ := e.Search(ctx, engine.Request{Start: p, Limits: engine.Limits{Infinite: true},
			Info: func(in engine.Info) {
				if in.Depth >= 4 {
					once.Do(func() { close(going) })
				}
			}})
		done <- bm
	}()
	select {
	case <-done:
		t.Fatal("go infinite answered before it was stopped")
	case <-going:
	}
	cancel()
	select {
	case bm := <-done:
		if !p.IsLegal(bm.Move) {
			t.Errorf("stopped: %+v", bm)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("three threads did not stop when cancelled")
	}
}
