package gamedb

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"shogi/game"
	"shogi/game/bot"
	"shogi/game/engine"
	"shogi/kifu"
)

// botLevels are the low levels the generated games are played at, each
// held to a fixed number of nodes a move so that a game repeats whatever
// the machine's load.
var botLevels = []string{"beginner", "starter", "novice", "learner", "improver", "casual", "keen", "amateur"}

// botPlayers are one generator goroutine's two engines and their noise,
// kept from game to game: a new engine's tables (some 7 MB) cost more to
// make than its game costs to play.
type botPlayers struct {
	src     *rand.PCG
	engines [2]*bot.Engine
}

func newBotPlayers() *botPlayers {
	bp := &botPlayers{src: rand.NewPCG(0, 0)}
	r := rand.New(bp.src)
	for c := range bp.engines {
		bp.engines[c] = bot.NewEngine(bot.Levels()[0], r)
		bp.engines[c].SetHashMB(1)
	}
	return bp
}

// genNodes are the node budgets a generated game's moves get, one drawn
// per game (SHOGI_DB_GEN_NODES, a comma-separated list; default 10, 20
// and 30: the low levels search to depth 1, where more nodes change
// little but cost time).
func genNodes() []uint64 {
	out := []uint64{10, 20, 30}
	if s := os.Getenv("SHOGI_DB_GEN_NODES"); s != "" {
		out = out[:0]
		for _, f := range strings.Split(s, ",") {
			if n, err := strconv.ParseUint(strings.TrimSpace(f), 10, 64); err == nil && n > 0 {
				out = append(out, n)
			}
		}
	}
	return out
}

// genOpening is an opening line a generated game may start from, and the
// fewest and most of its plies a game takes.
type genOpening struct {
	moves    []game.Move
	min, max int
}

// genOpenings are the lines generated games are played on from: the
// human openings of game/bot/testdata/openings (cut after 4 to 24 plies)
// and, with SHOGI_DB_GEN_OPENINGS naming a folder of records (the games
// made before), each record's first 6 to 30 plies. Cut at varied plies,
// games share and transpose their openings as real collections do.
func genOpenings(tb testing.TB) []genOpening {
	var out []genOpening
	for _, name := range []string{"train.txt", "heldout.txt"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "game", "bot", "testdata", "openings", name))
		if err != nil {
			tb.Fatal(err)
		}
		for _, line := range strings.Split(string(data), "\n") {
			f := strings.Fields(line)
			if len(f) < 3 || f[0] != "startpos" || f[1] != "moves" {
				continue
			}
			p := game.StartPosition()
			var ms []game.Move
			for _, w := range f[2:] {
				m, err := p.ParseUSI(w)
				if err != nil || !p.IsLegal(m) {
					tb.Fatalf("%s: %s: %s is not legal", name, line, w)
				}
				ms = append(ms, m)
				p = p.Play(m)
			}
			out = append(out, genOpening{ms, min(4, len(ms)), min(24, len(ms))})
		}
	}
	if dir := os.Getenv("SHOGI_DB_GEN_OPENINGS"); dir != "" {
		files, _ := filepath.Glob(filepath.Join(dir, "*.csa"))
		for _, file := range files {
			r, err := kifu.ReadFile(file)
			if err != nil {
				tb.Fatal(err)
			}
			for _, rec := range append([]*kifu.Record{r}, r.Games...) {
				if ms := rec.MainMoves(); len(ms) >= 6 && rec.Start.Equal(new(game.StartPosition())) {
					out = append(out, genOpening{ms, 6, min(30, len(ms))})
				}
			}
		}
	}
	return out
}

// botGame plays game i of a generated database: an opening drawn from
// openings cut at a random ply, then two low levels of the built-in
// engine at a fixed number of nodes a move (drawn from nodes), up to 256
// plies (then left unfinished, as an interrupted game). The engines'
// tables carry over from the goroutine's earlier games, so a game repeats
// only in the same order of games.
func botGame(bp *botPlayers, seed uint64, i int, openings []genOpening, nodeChoices []uint64) *kifu.Record {
	bp.src.Seed(seed, uint64(i))
	r := rand.New(bp.src)
	g := game.NewGame(game.StartPosition())
	if len(openings) > 0 {
		o := openings[r.IntN(len(openings))]
		for _, m := range o.moves[:o.min+r.IntN(o.max-o.min+1)] {
			if err := g.Play(m); err != nil {
				panic(err)
			}
		}
	} else {
		var buf [600]game.Move
		for range r.IntN(7) {
			p := g.Position()
			ms := p.LegalMoves(buf[:0])
			// LegalMoves' order is fixed: drawing from its first few keeps
			// the openings few enough to meet.
			if err := g.Play(ms[r.IntN(min(len(ms), 6))]); err != nil {
				panic(err)
			}
		}
	}
	nodes := nodeChoices[r.IntN(len(nodeChoices))]
	players := bp.engines
	var names [2]string
	for c := range players {
		l, _ := bot.FindLevel(botLevels[r.IntN(len(botLevels))])
		players[c].SetLevel(l)
		names[c] = l.Name
	}
	rec := kifu.NewRecord(game.StartPosition())
	day := time.Date(2020, 1, 1, 10, 0, 0, 0, time.UTC).AddDate(0, 0, i%2000)
	rec.Headers = []kifu.Header{{Key: "N+", Value: names[0]}, {Key: "N-", Value: names[1]},
		{Key: "$EVENT", Value: fmt.Sprintf("botgames %d nodes", nodes)}, {Key: "$START_TIME", Value: day.Format("2006/01/02 15:04:05")}}
	ending := kifu.Interrupt
	for g.Len() < 256 && !g.Result().Over() {
		p := g.Position()
		side := p.SideToMove()
		bm, err := players[side].Search(context.Background(), engine.Request{Start: g.Start(), Moves: g.Moves(),
			Limits: engine.Limits{Nodes: nodes}})
		if err != nil {
			panic(err)
		}
		if bm.Resign {
			ending = kifu.Resign
			break
		}
		if bm.Win {
			ending = kifu.EnteringKing
			break
		}
		if err := g.Play(bm.Move); err != nil {
			panic(err)
		}
	}
	node := rec.Root
	for _, m := range g.Moves() {
		node = rec.AddMove(node, m)
	}
	if res := g.Result(); res.Over() {
		switch res.Ending {
		case game.Checkmate:
			ending = kifu.Resign // CSA writes the loser's resignation after a mate
		case game.Repetition:
			ending = kifu.Sennichite
		default:
			ending = kifu.Interrupt
		}
	}
	rec.AddEnding(node, ending, "")
	return rec
}

// BenchmarkBotGames generates games played by the built-in engine's low
// levels (botGame) into CSA files of 1,000 games, on as many goroutines
// as GOMAXPROCS. With SHOGI_DB_GEN_DIR it is the generator of the large
// database: it writes SHOGI_DB_GEN_GAMES games (default 1,000,000) there,
// going on from the files already written, so that a run cut short
// continues; SHOGI_DB_GEN_UNTIL (RFC 3339) stops it at a time after the
// file in hand. Without, it makes b.N games in a temporary folder and
// reports games a second.
func BenchmarkBotGames(b *testing.B) {
	dir := os.Getenv("SHOGI_DB_GEN_DIR")
	total := b.N
	if dir == "" {
		dir = b.TempDir()
	} else {
		total = 1_000_000
		if n, err := strconv.Atoi(os.Getenv("SHOGI_DB_GEN_GAMES")); err == nil && n > 0 {
			total = n
		}
	}
	var until time.Time
	if s := os.Getenv("SHOGI_DB_GEN_UNTIL"); s != "" {
		var err error
		if until, err = time.Parse(time.RFC3339, s); err != nil {
			b.Fatal(err)
		}
	}
	const perFile = 1000
	openings, nodeChoices := genOpenings(b), genNodes()
	files := (total + perFile - 1) / perFile
	var next atomic.Int64
	var wg sync.WaitGroup
	t0 := time.Now()
	var made atomic.Int64
	b.ResetTimer()
	for range max(1, runtime.GOMAXPROCS(0)) {
		wg.Go(func() {
			bp := newBotPlayers()
			for {
				f := int(next.Add(1) - 1)
				if f >= files || !until.IsZero() && time.Now().After(until) {
					return
				}
				name := filepath.Join(dir, fmt.Sprintf("bot%04d.csa", f))
				if _, err := os.Stat(name); err == nil {
					continue
				}
				var sb strings.Builder
				for i := f * perFile; i < min(total, (f+1)*perFile); i++ {
					data, err := kifu.Marshal(botGame(bp, 1, i, openings, nodeChoices), kifu.CSA, kifu.WriteOptions{})
					if err != nil {
						panic(err)
					}
					if sb.Len() > 0 {
						sb.WriteString("/\n")
					}
					sb.Write(data)
					made.Add(1)
				}
				// Whole files only: a run cut short leaves no half file.
				if err := os.WriteFile(name+".part", []byte(sb.String()), 0o644); err != nil {
					panic(err)
				}
				if err := os.Rename(name+".part", name); err != nil {
					panic(err)
				}
			}
		})
	}
	wg.Wait()
	b.ReportMetric(float64(made.Load())/time.Since(t0).Seconds(), "games/s")
}
