package main

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"shogi/game"
)

const openingsDir = "../../testdata/openings"

// readOpeningFile reads a `shogi match --openings` file of startpos lines
// and returns each opening's moves.
func readOpeningFile(t *testing.T, name string) [][]string {
	t.Helper()
	f, err := os.Open(filepath.Join(openingsDir, name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out [][]string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		l := sc.Text()
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		rest, ok := strings.CutPrefix(l, "startpos moves ")
		if !ok {
			t.Fatalf("%s: line %q is not startpos moves …", name, l)
		}
		out = append(out, strings.Fields(rest))
	}
	return out
}

// play returns the positions the moves reach, failing on an illegal one.
func play(t *testing.T, moves []string) []game.Position {
	t.Helper()
	p := game.StartPosition()
	var out []game.Position
	for i, s := range moves {
		m, err := p.ParseUSI(s)
		if err != nil || !p.IsLegal(m) {
			t.Fatalf("%v: ply %d %q does not play (%v)", moves, i+1, s, err)
		}
		p = p.Play(m)
		out = append(out, p)
	}
	return out
}

// The two sets of human openings: legal, cut at 16–24 plies, no position
// twice (within or across the sets), at least 100 held out, and none of
// them a position that a self-play training game's random opening reached
// (play's openings for the seeds the shipped weights were trained with,
// which repeat exactly from their seed and the game's number).
func TestHumanOpenings(t *testing.T) {
	held := readOpeningFile(t, "heldout.txt")
	train := readOpeningFile(t, "train.txt")
	if len(held) < 100 {
		t.Errorf("%d held-out openings, want at least 100", len(held))
	}
	where := map[string]string{}
	for _, set := range []struct {
		name string
		ops  [][]string
	}{{"heldout", held}, {"train", train}} {
		for i, moves := range set.ops {
			if len(moves) < minCut || len(moves) > maxCut {
				t.Errorf("%s %d: %d plies, want %d–%d", set.name, i+1, len(moves), minCut, maxCut)
			}
			ps := play(t, moves)
			k := positionKey(ps[len(ps)-1])
			if w, dup := where[k]; dup {
				t.Errorf("%s %d reaches the position of %s", set.name, i+1, w)
			}
			where[k] = fmt.Sprintf("%s opening %d", set.name, i+1)
		}
	}

	seeds := []uint64{301, 302, 303, 304, 305, 306, 307, 308, 309, 310, 311, 501, 502, 503}
	games := 500
	if testing.Short() {
		seeds, games = seeds[:2], 100
	}
	reached := 0
	for _, seed := range seeds {
		for i := range games {
			r := rand.New(rand.NewPCG(seed, uint64(i)))
			g := game.NewGame(game.StartPosition())
			randomOpening(g, r, 6+r.IntN(10))
			p := game.StartPosition()
			for _, m := range g.Moves() {
				p = p.Play(m)
				reached++
				if w, ok := where[positionKey(p)]; ok {
					t.Errorf("%s is the position training game %d of seed %d reached", w, i, seed)
				}
			}
		}
	}
	t.Logf("%d held out, %d train; %d positions of training openings checked", len(held), len(train), reached)
}

// The committed files are what `train humans` makes from the held-out
// source and the records of ../shared/kifu: no opening was edited by hand,
// and none of the held-out ones is a position those records (whose
// openings began the matches that fed training) pass through.
func TestHumanOpeningsRegenerate(t *testing.T) {
	kifu := "../../../../../shared/kifu"
	if _, err := os.Stat(filepath.Join(kifu, "SOURCES.tsv")); err != nil {
		t.Skipf("the shared records are not here (%v)", err)
	}
	dir := t.TempDir()
	if err := runHumans([]string{"-heldout", filepath.Join(openingsDir, "heldout-source.tsv"), "-kifu", kifu,
		"-o-heldout", filepath.Join(dir, "h.txt"), "-o-train", filepath.Join(dir, "t.txt")}); err != nil {
		t.Fatal(err)
	}
	for _, c := range [][2]string{{"h.txt", "heldout.txt"}, {"t.txt", "train.txt"}} {
		got, _ := os.ReadFile(filepath.Join(dir, c[0]))
		want, _ := os.ReadFile(filepath.Join(openingsDir, c[1]))
		if string(got) != string(want) {
			t.Errorf("train humans makes a different %s: run it again and commit the result", c[1])
		}
	}
}
