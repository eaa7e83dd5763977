package bot

import (
	"bufio"
	"context"
	"os"
	"strconv"
	"strings"
	"testing"

	"shogi/game"
	"shogi/game/engine"
	"shogi/internal/testenv"
)

type mateCase struct {
	mate  bool
	plies int
	sfen  string
	line  int
	long  bool // run in the long tier only
}

func readMates(t *testing.T) []mateCase {
	t.Helper()
	f, err := os.Open("testdata/mates.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []mateCase
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		l := sc.Text()
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		f := strings.Split(l, "\t")
		if len(f) != 4 && (len(f) != 5 || f[4] != "long") || f[0] != "mate" && f[0] != "nomate" {
			t.Fatalf("mates.txt:%d: want KIND PLIES SFEN SOURCE [long], got %q", n, l)
		}
		c := mateCase{mate: f[0] == "mate", sfen: f[2], line: n, long: len(f) == 5}
		if c.mate {
			if c.plies, err = strconv.Atoi(f[1]); err != nil {
				t.Fatalf("mates.txt:%d: %v", n, err)
			}
		}
		out = append(out, c)
	}
	return out
}

// testMates is readMates without the lines marked long, unless the long
// tier runs.
func testMates(t *testing.T) []mateCase {
	var out []mateCase
	for _, c := range readMates(t) {
		if !c.long || testenv.Long() {
			out = append(out, c)
		}
	}
	return out
}

// checkMateLine verifies a mating line with game's rules alone: every move
// legal, every attacker's move a check, and mate at the end.
func checkMateLine(t *testing.T, p game.Position, line []game.Move) {
	t.Helper()
	for i, m := range line {
		if err := p.CheckMove(m); err != nil {
			t.Fatalf("move %d of %v: %v", i+1, line, err)
		}
		p = p.Play(m)
		if i%2 == 0 && !p.InCheck() {
			t.Fatalf("move %d of %v, %s, is not a check", i+1, line, m)
		}
	}
	if !p.IsCheckmate() {
		t.Fatalf("%v does not end in mate: %s", line, p.SFEN())
	}
}

// The solver finds the shortest mate of every mate line of mates.txt and
// proves every nomate line. The default run gives it 120,000 positions (a
// 12 MB table; every line not marked long needs less), the long tier its
// every line and 3,000,000 (a 48 MB table, made afresh for each line).
func TestMateSolver(t *testing.T) {
	t.Parallel()
	budget := 120_000
	if testenv.Long() {
		budget = 3_000_000
	}
	for _, c := range testMates(t) {
		p := mustSFEN(t, c.sfen)
		r := Mate(context.Background(), p, budget)
		if !c.mate {
			if r.Status != NoMate {
				t.Errorf("mates.txt:%d: %s, want no mate (%d positions)", c.line, r.Status, r.Nodes)
			}
			continue
		}
		if r.Status != MateFound || !r.Shortest || len(r.PV) != c.plies {
			t.Errorf("mates.txt:%d: %s shortest=%v in %d plies %v, want the shortest mate in %d (%d positions)",
				c.line, r.Status, r.Shortest, len(r.PV), r.PV, c.plies, r.Nodes)
			continue
		}
		checkMateLine(t, p, r.PV)
	}
}

// Mate in one is found by the solver and by every level, in every
// position of a sample where game's rules say a move mates. The solver
// gets 5,000 positions, a small table: a mate in one needs few, and a
// table sized for 100,000 was most of the test's time. The default run
// samples 60 random games (some 450 positions with a mate in one), the
// long tier 150.
func TestMateInOneAlwaysFound(t *testing.T) {
	t.Parallel()
	games := 60
	if testenv.Long() {
		games = 150
	}
	n := 0
	for _, p := range samplePositions(t, games, 150) {
		want := map[game.Move]bool{}
		for _, m := range p.LegalMoves(nil) {
			if q := p.Play(m); q.IsCheckmate() {
				want[m] = true
			}
		}
		if len(want) == 0 {
			continue
		}
		n++
		if m, ok := mateInOne(&p); !ok || !want[m] {
			t.Fatalf("%s: mateInOne = %s %v, want one of %v", p.SFEN(), m, ok, want)
		}
		if n%10 == 0 {
			r := Mate(context.Background(), p, 5_000)
			if r.Status != MateFound || len(r.PV) != 1 || !want[r.PV[0]] {
				t.Fatalf("%s: Mate = %s %v, want mate in one", p.SFEN(), r.Status, r.PV)
			}
			for _, l := range levels {
				e := testEngine(l, seeded(1))
				bm, err := e.Search(context.Background(), engine.Request{Start: p})
				if err != nil || !want[bm.Move] {
					t.Fatalf("%s: %s played %+v (%v), not a mate in one", p.SFEN(), l.Name, bm, err)
				}
			}
		}
	}
	if n < 50 {
		t.Fatalf("only %d positions with a mate in one in the sample", n)
	}
	t.Logf("%d positions with a mate in one", n)
}

// No level plays into a mate in one when another move avoids it.
func TestNoLevelAllowsMateInOne(t *testing.T) {
	t.Parallel()
	n := 0
	for _, p := range samplePositions(t, 80, 150) {
		moves := p.LegalMoves(nil)
		var safe, unsafe int
		for _, m := range moves {
			q := p.Play(m)
			if _, ok := mateInOne(&q); ok {
				unsafe++
			} else {
				safe++
			}
		}
		if unsafe == 0 || safe == 0 || p.InCheck() {
			continue
		}
		if n++; n > 40 {
			break
		}
		for _, l := range levels[:3] {
			e := testEngine(l, seeded(uint64(n)))
			bm, err := e.Search(context.Background(), engine.Request{Start: p})
			if err != nil {
				t.Fatal(err)
			}
			q := p.Play(bm.Move)
			if m, ok := mateInOne(&q); ok {
				t.Fatalf("%s: %s played %s, allowing mate by %s", p.SFEN(), l.Name, bm.Move, m)
			}
		}
	}
	if n < 40 {
		t.Fatalf("only %d positions where some move allows a mate in one", n)
	}
}
