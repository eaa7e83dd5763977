// Command gen makes the collection of original mate problems that ships
// in assets/tsume.txt, deterministically from a seed:
//
//	nice -n 10 go run ./game/tsume/internal/gen -seed 1 -o assets/tsume.txt
//
// Each candidate is a random sparse position around a king near White's
// edge (a few pieces of each side near it, one to three pieces in Black's
// hand); one that is a sound problem — a mate under tsume rules, its
// first move the only one that mates in time, no piece left in hand at
// the end — is then grown by hill climbing (pieces added, moved, changed
// or taken away, each step kept when the problem stays sound and gets no
// shorter, until it finds no longer one for a while), and cleaned of
// pieces it does not need. The problems are
// bucketed by length (1, 3, 5, 7, 9, 11 and more plies) until each
// bucket holds its quota, then checked once more in full (game/tsume's
// Check) and written with their grade.
//
// Candidate i depends on the seed and i alone, and the buckets fill in
// the order of i, so the output is the same whatever -j says.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"runtime"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"shogi/game"
	"shogi/game/bot"
	"shogi/game/tsume"
)

func main() {
	seed := flag.Uint64("seed", 1, "the seed: the same seed makes the same collection")
	out := flag.String("o", "", "write the collection to this file (default: standard output)")
	jobs := flag.Int("j", runtime.GOMAXPROCS(0), "candidates tried at once")
	want := flag.String("want", "1:50,3:60,5:60,7:55,9:45,11:45", "problems wanted per length (11 stands for 11 and more)")
	climb := flag.Int("climb", 100, "hill-climbing steps without a longer problem before a climb stops")
	budget := flag.Int("budget", 50_000, "positions per question while climbing (a tenth for a first look)")
	verbose := flag.Bool("v", false, "report progress on standard error")
	limit := flag.Int("max", 0, "stop after this many candidates even if some bucket is short (0: no limit)")
	profile := flag.String("cpuprofile", "", "write a CPU profile to this file")
	flag.Parse()
	if *profile != "" {
		f, err := os.Create(*profile)
		if err == nil {
			err = pprof.StartCPUProfile(f)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "gen:", err)
			os.Exit(1)
		}
		defer pprof.StopCPUProfile()
	}
	quota, err := parseWant(*want)
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(2)
	}
	g := &generator{seed: *seed, climb: *climb, budget: *budget, limit: *limit}
	start := time.Now()
	problems, tried := g.run(quota, *jobs, *verbose)
	took := time.Since(start)
	w := io.Writer(os.Stdout)
	if *out != "" {
		f, err := os.Create(*out)
		if err != nil {
			fmt.Fprintln(os.Stderr, "gen:", err)
			os.Exit(1)
		}
		defer f.Close()
		w = f
	}
	header := fmt.Sprintf(header, *seed, *want, *climb, *budget, len(problems), counts(problems))
	if err := tsume.FormatCollection(w, header, problems); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
	fmt.Fprintf(os.Stderr, "gen: %d problems (%s) from %d candidates in %v\n", len(problems), counts(problems), tried, took.Round(time.Second))
}

const header = `Original mate problems (詰将棋) made by game/tsume/internal/gen -seed %d
-want %s -climb %d -budget %d: %d problems (%s).
Fields, separated by tabs: ID LENGTH GRADE SFEN SOLUTION (see game/tsume's
ParseCollection). Lengths are in plies under tsume rules; every problem is a
mate in exactly its length against the longest defence, every attacking move
a check, the first move the only one that mates in time, no piece left in
hand at the end; "classic" problems have no alternative attacking move
anywhere on the main line.`

// bucket is the length a problem counts for: 11 stands for 11 and more.
func bucket(n int) int { return min(n, 11) }

func parseWant(s string) (map[int]int, error) {
	q := map[int]int{}
	for _, part := range strings.Split(s, ",") {
		l, c, ok := strings.Cut(part, ":")
		n, err1 := strconv.Atoi(l)
		k, err2 := strconv.Atoi(c)
		if !ok || err1 != nil || err2 != nil || n < 1 || n%2 == 0 || n > 11 || k < 0 {
			return nil, fmt.Errorf("-want %q: want LENGTH:COUNT pairs, odd lengths 1 to 11", part)
		}
		q[n] = k
	}
	return q, nil
}

func counts(ps []tsume.Problem) string {
	var c [12]int
	for _, p := range ps {
		c[bucket(p.Length)]++
	}
	var parts []string
	for n := 1; n <= 11; n += 2 {
		label := strconv.Itoa(n)
		if n == 11 {
			label = "11+"
		}
		parts = append(parts, fmt.Sprintf("%s: %d", label, c[n]))
	}
	return strings.Join(parts, ", ")
}

type generator struct {
	seed   uint64
	climb  int
	budget int
	limit  int
}

// found is what candidate i gave: the problems of its climb, shortest
// first, at most one per length bucket.
type found struct {
	i        int
	problems []tsume.Problem
}

// run tries candidates in batches until every bucket is full, and
// returns the problems in the order of their length, then of their
// candidate.
func (g *generator) run(quota map[int]int, jobs int, verbose bool) ([]tsume.Problem, int) {
	have := map[int][]tsume.Problem{}
	seen := map[uint64]bool{}
	full := func() bool {
		for n, q := range quota {
			if len(have[n]) < q {
				return false
			}
		}
		return true
	}
	const batch = 64
	next := 0
	for !full() && (g.limit == 0 || next < g.limit) {
		results := make([]found, batch)
		var wg sync.WaitGroup
		work := make(chan int)
		for range max(1, jobs) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for k := range work {
					results[k] = found{i: next + k, problems: g.candidate(next + k)}
				}
			}()
		}
		for k := range batch {
			work <- k
		}
		close(work)
		wg.Wait()
		for _, r := range results {
			for _, pr := range r.problems {
				b := bucket(pr.Length)
				key := canonical(pr.Start)
				if len(have[b]) >= quota[b] || seen[key] {
					continue
				}
				seen[key] = true
				have[b] = append(have[b], pr)
			}
		}
		next += batch
		if verbose {
			var parts []string
			for n := 1; n <= 11; n += 2 {
				parts = append(parts, fmt.Sprintf("%d:%d/%d", n, len(have[n]), quota[n]))
			}
			fmt.Fprintf(os.Stderr, "gen: %d candidates: %s\n", next, strings.Join(parts, " "))
		}
	}
	var out []tsume.Problem
	for n := 1; n <= 11; n += 2 {
		ps := have[n]
		slices.SortStableFunc(ps, func(a, b tsume.Problem) int { return a.Length - b.Length })
		out = append(out, ps...)
	}
	for i := range out {
		out[i].ID = fmt.Sprintf("%03d", i+1)
	}
	return out, next
}

// canonical is a position's hash or its mirror image's, whichever is
// less: a problem and its mirror count as one.
func canonical(p game.Position) uint64 {
	m := game.EmptyPosition()
	for s := game.Square(0); s < game.NumSquares; s++ {
		if pc := p.At(s); pc != game.NoPiece {
			m.Put(game.NewSquare(10-s.File(), s.Rank()), pc)
		}
	}
	for _, c := range []game.Color{game.Black, game.White} {
		for _, t := range game.HandTypes {
			m.SetHand(c, t, p.Hand(c, t))
		}
	}
	m.SetSideToMove(p.SideToMove())
	return min(p.Hash(), m.Hash())
}

// candidate makes candidate i: a random position and, when it is sound,
// the problems its climb passes through, one per length bucket (the
// last of each), shortest first.
func (g *generator) candidate(i int) []tsume.Problem {
	r := rand.New(rand.NewPCG(g.seed, uint64(i)))
	p, ok := randomPosition(r)
	if !ok {
		return nil
	}
	// One solver for the candidate, forgetting before each question: the
	// answers never depend on what another candidate left in it. Most
	// random positions are no problem at all, and those the solver cannot
	// settle quickly are seldom worth the budget: the first look is short.
	ts := bot.NewTsume(game.Black, bot.TsumeOptions{Budget: g.budget / 10})
	n, ok := g.sound(ts, p)
	if !ok {
		return nil
	}
	ts = bot.NewTsume(game.Black, bot.TsumeOptions{Budget: g.budget})
	p, n = g.clean(ts, p, n)
	byBucket := map[int]tsume.Problem{bucket(n): {Start: p, Length: n}}
	// The climb goes on while it finds longer problems: it stops after
	// g.climb steps without one, or 5·g.climb in all.
	for step, since := 0, 0; since < g.climb && step < 5*g.climb; step, since = step+1, since+1 {
		q, ok := mutate(r, p)
		if !ok {
			continue
		}
		m, ok := g.sound(ts, q)
		if !ok || m < n || m == n && r.IntN(2) == 0 {
			continue
		}
		if m > n {
			q, m = g.clean(ts, q, m)
			since = 0
		}
		p, n = q, m
		byBucket[bucket(n)] = tsume.Problem{Start: p, Length: n}
	}
	var out []tsume.Problem
	for b := 1; b <= 11; b += 2 {
		pr, ok := byBucket[b]
		if !ok {
			continue
		}
		// The full check, with a budget large enough to settle it.
		rep := tsume.Check(context.Background(), pr, tsume.Options{Budget: 20 * g.budget})
		if rep.Grade == tsume.NoGrade || rep.Length != pr.Length {
			continue
		}
		pr.Grade, pr.Solution = rep.Grade, rep.Line
		out = append(out, pr)
	}
	return out
}

// sound reports whether p is a sound problem for the climb, and its
// length: a mate under tsume rules within the budget, the first move
// the only one that mates in time, an empty hand at the end.
func (g *generator) sound(ts *bot.Tsume, p game.Position) (int, bool) {
	ctx := context.Background()
	ts.Forget()
	n, st := ts.Length(ctx, p)
	if st != bot.MateFound || n > 41 {
		return 0, false
	}
	if ms, complete := ts.Mates(ctx, p, n); !complete || len(ms) != 1 {
		return 0, false
	}
	if left, st := ts.Leftover(ctx, p); st != bot.MateFound || left {
		return 0, false
	}
	return n, true
}

// clean takes away the pieces p does not need: one by one, every piece
// whose removal (to the defender's hand, by tsume rules) leaves a sound
// problem of the same length.
func (g *generator) clean(ts *bot.Tsume, p game.Position, n int) (game.Position, int) {
	for changed := true; changed; {
		changed = false
		for s := game.Square(0); s < game.NumSquares; s++ {
			pc := p.At(s)
			if pc == game.NoPiece || pc.Type() == game.King {
				continue
			}
			q := p
			q.Put(s, game.NoPiece)
			if q, ok := prepared(q); ok {
				if m, ok := g.sound(ts, q); ok && m == n {
					p, n, changed = q, m, true
				}
			}
		}
		for _, t := range game.HandTypes {
			if p.Hand(game.Black, t) == 0 {
				continue
			}
			q := p
			q.SetHand(game.Black, t, q.Hand(game.Black, t)-1)
			if q, ok := prepared(q); ok {
				if m, ok := g.sound(ts, q); ok && m == n {
					p, n, changed = q, m, true
				}
			}
		}
	}
	return p, n
}

func prepared(p game.Position) (game.Position, bool) {
	q, err := tsume.Prepare(p)
	return q, err == nil
}

// Kinds of piece by how often they are drawn.
var (
	defenderKinds = weighted{{game.Pawn, 5}, {game.Gold, 4}, {game.Silver, 4}, {game.Knight, 3}, {game.Lance, 3},
		{game.Bishop, 1}, {game.Rook, 1}, {game.ProPawn, 1}}
	attackerKinds = weighted{{game.Pawn, 3}, {game.Lance, 2}, {game.Knight, 3}, {game.Silver, 3}, {game.Gold, 3},
		{game.Bishop, 2}, {game.Rook, 2}, {game.ProPawn, 2}, {game.Horse, 2}, {game.Dragon, 2}}
	handKinds = weighted{{game.Pawn, 2}, {game.Lance, 2}, {game.Knight, 3}, {game.Silver, 4}, {game.Gold, 4},
		{game.Bishop, 3}, {game.Rook, 3}}
)

type weighted []struct {
	t game.PieceType
	w int
}

func (ws weighted) draw(r *rand.Rand) game.PieceType {
	total := 0
	for _, x := range ws {
		total += x.w
	}
	k := r.IntN(total)
	for _, x := range ws {
		if k < x.w {
			return x.t
		}
		k -= x.w
	}
	return ws[0].t
}

// randomPosition draws a sparse position: White's king near its edge,
// zero to three White pieces and one to four Black ones around it, one to
// three pieces in Black's hand, Black to move.
func randomPosition(r *rand.Rand) (game.Position, bool) {
	p := game.EmptyPosition()
	kf := 1 + r.IntN(9)
	if r.IntN(2) == 0 {
		kf = []int{1, 2, 8, 9}[r.IntN(4)] // corners and edges are the classic ground
	}
	kr := []int{1, 1, 1, 2, 2, 3}[r.IntN(6)]
	king := game.NewSquare(kf, kr)
	p.Put(king, game.NewPiece(game.White, game.King))
	for range r.IntN(4) {
		place(r, &p, game.White, defenderKinds.draw(r), king, 2)
	}
	for range 1 + r.IntN(4) {
		t := attackerKinds.draw(r)
		reach := 2
		if t == game.Lance || t == game.Bishop || t == game.Rook || t == game.Horse || t == game.Dragon {
			reach = 5
		}
		place(r, &p, game.Black, t, king, reach)
	}
	for range []int{1, 1, 2, 2, 3}[r.IntN(5)] {
		t := handKinds.draw(r)
		p.SetHand(game.Black, t, p.Hand(game.Black, t)+1)
	}
	q, err := tsume.Prepare(p)
	if err != nil {
		return p, false
	}
	var buf [256]game.Move
	return q, len(q.LegalChecks(buf[:0])) > 0
}

// place puts a c piece of kind t on an empty square within reach of the
// king, if one of a few draws is fit for it (no piece that can never
// move, no second pawn on a file).
func place(r *rand.Rand, p *game.Position, c game.Color, t game.PieceType, king game.Square, reach int) bool {
	for range 8 {
		f := king.File() + r.IntN(2*reach+1) - reach
		rk := king.Rank() + r.IntN(2*reach+1) - reach/2
		s := game.NewSquare(f, rk)
		if s == game.NoSquare || p.At(s) != game.NoPiece || game.MustPromote(c, t, s) {
			continue
		}
		if t == game.Pawn && hasPawnOnFile(p, c, f) {
			continue
		}
		p.Put(s, game.NewPiece(c, t))
		return true
	}
	return false
}

func hasPawnOnFile(p *game.Position, c game.Color, file int) bool {
	for rk := 1; rk <= 9; rk++ {
		if pc := p.At(game.NewSquare(file, rk)); pc == game.NewPiece(c, game.Pawn) {
			return true
		}
	}
	return false
}

// mutate changes p a little: a piece added, moved, changed or taken
// away, or a piece added to or taken from Black's hand.
func mutate(r *rand.Rand, p game.Position) (game.Position, bool) {
	king := p.KingSquare(game.White)
	var pieces []game.Square
	for s := game.Square(0); s < game.NumSquares; s++ {
		if pc := p.At(s); pc != game.NoPiece && pc.Type() != game.King {
			pieces = append(pieces, s)
		}
	}
	switch k := r.IntN(10); {
	case k < 3: // add a piece
		c := game.Black
		kinds := attackerKinds
		if r.IntN(2) == 0 {
			c, kinds = game.White, defenderKinds
		}
		if !place(r, &p, c, kinds.draw(r), king, 3) {
			return p, false
		}
	case k < 6 && len(pieces) > 0: // move a piece
		s := pieces[r.IntN(len(pieces))]
		pc := p.At(s)
		p.Put(s, game.NoPiece)
		if !place(r, &p, pc.Color(), pc.Type(), king, 3) {
			return p, false
		}
	case k < 7 && len(pieces) > 0: // change a piece's kind
		s := pieces[r.IntN(len(pieces))]
		pc := p.At(s)
		kinds := attackerKinds
		if pc.Color() == game.White {
			kinds = defenderKinds
		}
		p.Put(s, game.NoPiece)
		if t := kinds.draw(r); !game.MustPromote(pc.Color(), t, s) && !(t == game.Pawn && hasPawnOnFile(&p, pc.Color(), s.File())) {
			p.Put(s, game.NewPiece(pc.Color(), t))
		} else {
			return p, false
		}
	case k < 8 && len(pieces) > 0: // take a piece away
		p.Put(pieces[r.IntN(len(pieces))], game.NoPiece)
	case k < 9: // one more piece in hand
		t := handKinds.draw(r)
		p.SetHand(game.Black, t, p.Hand(game.Black, t)+1)
	default: // one fewer
		var held []game.PieceType
		for _, t := range game.HandTypes {
			if p.Hand(game.Black, t) > 0 {
				held = append(held, t)
			}
		}
		if len(held) == 0 {
			return p, false
		}
		t := held[r.IntN(len(held))]
		p.SetHand(game.Black, t, p.Hand(game.Black, t)-1)
	}
	return prepared(p)
}
