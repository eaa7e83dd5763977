package gamedb

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"shogi/game"
	"shogi/internal/testenv"
	"shogi/kifu"
)

// sharedKifu holds the records other programs wrote (outside the
// repository: tests skip without them).
var sharedKifu = filepath.Join("..", "..", "..", "shared", "kifu")

// naive is an independent count: positions by their SFEN text less the
// move number, moves by USI, results worked out here; a game counted once
// per position and once per move from it, however often it comes back.
type naive struct {
	moves map[string]map[string]*[4]int // position → move → games, wins, draws, losses
	games map[string]int                // position → games that reached it
	seen  map[string]bool               // games already counted (content hash)
	// position → each game that reached it: its players, date, result,
	// length and the ply it first got there (listed's lines)
	lines map[string][]string
}

func newNaive() *naive {
	return &naive{map[string]map[string]*[4]int{}, map[string]int{}, map[string]bool{}, map[string][]string{}}
}

// listed is a game of a games list as naive.lines holds it.
func listed(g *Game, ply int) string {
	return fmt.Sprintf("%s %s %s %s %d ply %d", g.Players[0].Name, g.Players[1].Name, g.Date, g.Result, g.Plies, ply)
}

func sfenKey(p *game.Position) string {
	f := strings.Fields(p.SFEN())
	return strings.Join(f[:3], " ")
}

func (n *naive) add(start game.Position, moves []game.Move, g *Game) {
	result, hash := g.Result, g.Hash
	if n.seen[hash] {
		return
	}
	n.seen[hash] = true
	reached := map[string]bool{}
	played := map[string]bool{}
	p := start
	for i := 0; ; i++ {
		k := sfenKey(&p)
		if !reached[k] {
			reached[k] = true
			n.games[k]++
			n.lines[k] = append(n.lines[k], listed(g, i))
		}
		if i == len(moves) {
			return
		}
		u := moves[i].USI()
		if !played[k+" "+u] {
			played[k+" "+u] = true
			if n.moves[k] == nil {
				n.moves[k] = map[string]*[4]int{}
			}
			c := n.moves[k][u]
			if c == nil {
				c = &[4]int{}
				n.moves[k][u] = c
			}
			c[0]++
			mover := "1-0"
			if p.SideToMove() == game.White {
				mover = "0-1"
			}
			switch {
			case result == "1/2":
				c[2]++
			case result == mover:
				c[1]++
			case result == "1-0" || result == "0-1":
				c[3]++
			}
		}
		p = p.Play(moves[i])
	}
}

// check compares the database with the count at every position met
// (every one when all, else those of the first 12 moves and every 7th).
func (n *naive) check(t *testing.T, db *DB, positions map[string]game.Position) {
	t.Helper()
	i := 0
	for k, p := range positions {
		i++
		want := n.moves[k]
		got, err := db.Explore(&p, Filter{})
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(want) {
			t.Fatalf("%s: %d moves in the database, %d counted", k, len(got), len(want))
		}
		for _, m := range got {
			c := want[m.Move.USI()]
			if c == nil || *c != [4]int{m.Games, m.Wins, m.Draws, m.Losses} {
				t.Fatalf("%s %s: database %d %d %d %d, counted %v", k, m.Move.USI(), m.Games, m.Wins, m.Draws, m.Losses, c)
			}
		}
		if n.games[k] < 100 && i%3 == 0 || p.MoveNumber() == 1 {
			gs, err := db.GameList(&p, Filter{}, 0)
			if err != nil {
				t.Fatal(err)
			}
			if len(gs) != n.games[k] {
				t.Fatalf("%s: %d games in the database, %d counted", k, len(gs), n.games[k])
			}
			// Which games, with their facts and where each got there.
			var got []string
			for _, g := range gs {
				got = append(got, listed(g.Game, g.Ply))
			}
			slices.Sort(got)
			want := slices.Sorted(slices.Values(n.lines[k]))
			if !slices.Equal(got, want) {
				for i := range got {
					if got[i] != want[i] {
						t.Fatalf("%s: the games list has %q where the count has %q", k, got[i], want[i])
					}
				}
			}
		}
	}
}

// genGames writes count random games from the even start into files of
// 1,000 CSA games each: the first 8 moves chosen among a few so that
// games share and transpose their openings, then any legal move; some
// games shuffle their kings back and forth (a sennichite's repetition).
func genGames(t testing.TB, dir string, count int, seed uint64) {
	r := rand.New(rand.NewPCG(seed, 7))
	var buf [600]game.Move
	var file strings.Builder
	n := 0
	for g := 0; g < count; g++ {
		rec := kifu.NewRecord(game.StartPosition())
		rec.Headers = []kifu.Header{{Key: "N+", Value: []string{"alice", "bob", "carol"}[r.IntN(3)]}, {Key: "N-", Value: []string{"bob", "dave"}[r.IntN(2)]},
			{Key: "$START_TIME", Value: "2026/0" + string(rune('1'+r.IntN(9))) + "/15 10:00:00"}}
		p := game.StartPosition()
		node := rec.Root
		plies := 6 + r.IntN(50)
		if g%50 == 0 {
			rec.Headers[0].Value = fmt.Sprintf("s%d", g) // each a game of its own
			for _, u := range strings.Fields("5i4h 5a4b 4h5i 4b5a 5i4h 5a4b 4h5i 4b5a 5i4h 5a4b 4h5i 4b5a") {
				m, _ := p.ParseUSI(u)
				node = rec.AddMove(node, m)
				p = p.Play(m)
			}
			rec.AddEnding(node, kifu.Sennichite, "")
		} else {
			for i := 0; i < plies; i++ {
				ms := p.LegalMoves(buf[:0])
				if len(ms) == 0 {
					break
				}
				k := len(ms)
				if i < 8 {
					// LegalMoves' order is fixed: the first few are a
					// small choice that games share.
					k = min(k, 3)
				}
				m := ms[r.IntN(k)]
				node = rec.AddMove(node, m)
				p = p.Play(m)
			}
			rec.AddEnding(node, []kifu.Ending{kifu.Resign, kifu.Resign, kifu.Jishogi, kifu.Interrupt}[r.IntN(4)], "")
		}
		data, err := kifu.Marshal(rec, kifu.CSA, kifu.WriteOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if n > 0 {
			file.WriteString("/\n")
		}
		file.Write(data)
		n++
		if n == 1000 || g == count-1 {
			if err := os.WriteFile(filepath.Join(dir, "gen"+string(rune('a'+g/1000%26))+string(rune('a'+g/26000))+".csa"), []byte(file.String()), 0o644); err != nil {
				t.Fatal(err)
			}
			file.Reset()
			n = 0
		}
	}
}

// countFiles reads every game of files the way Import does not: each file
// whole through kifu.ReadFile and its Games, and counts them naively; it
// returns the positions met.
func countFiles(t *testing.T, n *naive, files []string) map[string]game.Position {
	positions := map[string]game.Position{}
	for _, f := range files {
		r, err := kifu.ReadFile(f)
		if r == nil {
			continue
		}
		recs := append([]*kifu.Record{r}, r.Games...)
		for i, rec := range recs {
			g := FromRecord(rec, f, i == 0 && err != nil)
			moves := rec.MainMoves()
			n.add(rec.Start, moves, g)
			p := rec.Start
			positions[sfenKey(&p)] = p
			for _, m := range moves {
				p = p.Play(m)
				positions[sfenKey(&p)] = p
			}
		}
	}
	return positions
}

func TestCountsGenerated(t *testing.T) {
	dir := t.TempDir()
	// 10,000 games take half a minute on a busy machine: the long run.
	count := 400
	if testenv.Long() {
		count = 10000
	}
	genGames(t, dir, count, 1)
	files, _ := filepath.Glob(filepath.Join(dir, "*.csa"))
	dbPath := filepath.Join(dir, "games.db")
	// Small batches: many runs, merged at several sizes (runs.go), so the
	// counts are checked across runs and merges.
	old := BatchSize
	BatchSize = 31
	defer func() { BatchSize = old }()
	rep, err := Import(context.Background(), dbPath, []string{dir}, nil)
	if err != nil {
		t.Fatal(err)
	}
	n := newNaive()
	positions := countFiles(t, n, files)
	if rep.Games != count || rep.Stored != len(n.seen) || rep.Broken != 0 {
		t.Fatalf("import: %+v, want %d games, %d stored", rep, count, len(n.seen))
	}
	db, err := OpenReadOnly(dbPath)
	if err != nil {
		t.Fatal(err)
	}
	n.check(t, db, positions)
	// Every game once at the start, the sennichite games (there four
	// times) too.
	start := game.StartPosition()
	before, _ := db.Stats()
	if gs, _ := db.Games(&start, Filter{}, 0); len(gs) != before.Games || before.Games != len(n.seen) {
		t.Errorf("start: %d games, %d stored, %d distinct", len(gs), before.Games, len(n.seen))
	}
	db.Close()
	// A re-import changes nothing.
	rep, err = Import(context.Background(), dbPath, []string{dir}, nil)
	if err != nil || rep.Stored != 0 || rep.Duplicates != count {
		t.Fatalf("re-import: %+v %v", rep, err)
	}
	db, _ = OpenReadOnly(dbPath)
	defer db.Close()
	after, _ := db.Stats()
	if before.Games != after.Games || before.Moves != after.Moves || before.GamePositions != after.GamePositions {
		t.Errorf("re-import changed the counts: %+v → %+v", before, after)
	}
	n.check(t, db, positions)
	t.Logf("%d games, %d positions, %d game-positions, %d bytes", after.Games, after.Positions, after.GamePositions, after.Bytes)
}

func sharedFiles(t *testing.T) []string {
	var files []string
	for _, dir := range []string{"kif", "ki2", "csa", "jkf"} {
		m, _ := filepath.Glob(filepath.Join(sharedKifu, dir, "*"))
		for _, f := range m {
			if !strings.HasSuffix(f, ".expected") {
				files = append(files, f)
			}
		}
	}
	if len(files) == 0 {
		t.Skip("no shared records at " + sharedKifu)
	}
	return files
}

func TestCountsShared(t *testing.T) {
	files := sharedFiles(t)
	dbPath := filepath.Join(t.TempDir(), "games.db")
	rep, err := Import(context.Background(), dbPath, files, nil)
	if err != nil {
		t.Fatal(err)
	}
	n := newNaive()
	positions := countFiles(t, n, files)
	if rep.Stored != len(n.seen) {
		t.Errorf("stored %d, counted %d distinct games", rep.Stored, len(n.seen))
	}
	if rep.Broken == 0 || len(rep.Problems) != rep.Broken {
		t.Errorf("broken %d, problems %q: the nifu record should be named", rep.Broken, rep.Problems)
	}
	for _, p := range rep.Problems {
		if strings.Contains(p, "nifu_unmarked") && !strings.Contains(p, ".kif:") {
			t.Errorf("problem without its line: %s", p)
		}
	}
	db, err := OpenReadOnly(dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	n.check(t, db, positions)
}
