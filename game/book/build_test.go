package book

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"shogi/game"
)

// TestPackRoundTrip: a packed position unpacks to itself: positions of
// random games (captures, drops, promotions), every handicap, and set-ups
// without kings or with everything in hand.
func TestPackRoundTrip(t *testing.T) {
	var ps []game.Position
	ps = append(ps, randomPositions(31, 40, 200)...)
	for _, h := range game.Handicaps() {
		ps = append(ps, h.Position())
	}
	for _, s := range []string{
		"9/9/9/9/9/9/9/9/9 b - 1",
		"4k4/9/9/9/9/9/9/9/9 w 2R2B4G4S4N4L18P 1",
		"8k/9/9/9/9/9/9/9/K8 b RBGSNLPrbgsnl17p 1",
		"+l+n+sgkg+s+n+l/1+r5+b1/+p+p+p+p+p+p+p+p+p/9/9/9/+P+P+P+P+P+P+P+P+P/1+B5+R1/+L+N+SGKG+S+N+L w - 1",
	} {
		ps = append(ps, mustSFEN(t, s))
	}
	for _, p := range ps {
		k, ok := pack(&p)
		if !ok {
			t.Fatalf("%s does not pack", p.SFEN())
		}
		back, err := unpack(&k)
		if err != nil || Key(&back) != Key(&p) {
			t.Fatalf("%s came back %s (%v)", p.SFEN(), back.SFEN(), err)
		}
	}
	// Two different positions never share a key.
	seen := map[packed]string{}
	for _, p := range ps {
		k, _ := pack(&p)
		if other, dup := seen[k]; dup && other != Key(&p) {
			t.Fatalf("%s and %s share a key", other, Key(&p))
		}
		seen[k] = Key(&p)
	}
}

// FuzzPack: any position packs to a key that unpacks to it, or does not
// pack (more pieces than a set has).
func FuzzPack(f *testing.F) {
	f.Add(startSFEN)
	f.Add("4k4/9/9/9/9/9/9/9/9 w 2R2B4G4S4N4L18P 1")
	f.Add("kkkkkkkkk/9/9/9/9/9/9/9/9 b 20P 1")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := game.ParseSFEN(s)
		if err != nil {
			return
		}
		k, ok := pack(&p)
		if !ok {
			return
		}
		back, err := unpack(&k)
		if err != nil || Key(&back) != Key(&p) {
			t.Fatalf("%s came back %s (%v)", p.SFEN(), back.SFEN(), err)
		}
	})
}

// randomGames plays games of random legal moves, some ending in
// resignation for one side, some unfinished.
func randomGames(seed uint64, games, plies int) (starts []game.Position, moves [][]game.Move, results []game.Result) {
	rng := rand.New(rand.NewPCG(seed, 3))
	var buf []game.Move
	for g := 0; g < games; g++ {
		start := game.StartPosition()
		if g%7 == 6 {
			start = game.Handicaps()[1+g%5].Position()
		}
		p := start
		var ms []game.Move
		for i := 0; i < plies; i++ {
			buf = p.LegalMoves(buf[:0])
			if len(buf) == 0 {
				break
			}
			// Few choices early, so games share their openings.
			k := len(buf)
			if i < 12 {
				k = min(k, 3)
			}
			m := buf[rng.IntN(k)]
			ms = append(ms, m)
			p = p.Play(m)
		}
		var r game.Result
		switch g % 4 {
		case 0:
			r = game.Result{Outcome: game.BlackWins, Ending: game.Resignation}
		case 1:
			r = game.Result{Outcome: game.WhiteWins, Ending: game.Resignation}
		case 2:
			r = game.Result{Outcome: game.Draw, Ending: game.Repetition}
		}
		starts, moves, results = append(starts, start), append(moves, ms), append(results, r)
	}
	return
}

// naiveCount counts the same thing another way: positions by their SFEN
// text, moves by their USI, results from the mover's side by hand.
type naiveMove struct{ n, w, d, l int64 }

func naiveCount(starts []game.Position, moves [][]game.Move, results []game.Result, maxPly int) (map[string]map[string]*naiveMove, map[string]int) {
	count := map[string]map[string]*naiveMove{}
	ply := map[string]int{}
	for g := range starts {
		p := starts[g]
		once := map[string]bool{} // a game counts once for a move in a position
		for i, m := range moves[g] {
			if i >= maxPly {
				break
			}
			s := p.SFEN()
			key := s[:strings.LastIndex(s, " ")]
			if once[key+" "+m.USI()] {
				p = p.Play(m)
				continue
			}
			once[key+" "+m.USI()] = true
			if count[key] == nil {
				count[key] = map[string]*naiveMove{}
				ply[key] = p.MoveNumber()
			}
			ply[key] = min(ply[key], p.MoveNumber())
			nm := count[key][m.USI()]
			if nm == nil {
				nm = &naiveMove{}
				count[key][m.USI()] = nm
			}
			nm.n++
			r := results[g]
			winner := game.Black
			if r.Outcome == game.WhiteWins {
				winner = game.White
			}
			switch {
			case r.Outcome == game.Draw && r.Ending != game.Ongoing:
				nm.d++
			case r.Outcome == game.BlackWins || r.Outcome == game.WhiteWins:
				if winner == p.SideToMove() {
					nm.w++
				} else {
					nm.l++
				}
			}
			p = p.Play(m)
		}
	}
	return count, ply
}

// checkAgainstNaive compares a book with the naive count.
func checkAgainstNaive(t *testing.T, b *Book, count map[string]map[string]*naiveMove, ply map[string]int) {
	t.Helper()
	if b.Len() != len(count) {
		t.Errorf("%d positions, counted %d", b.Len(), len(count))
	}
	for key, moves := range count {
		e, _ := b.Lookup(key)
		if e == nil {
			t.Fatalf("%s missing", key)
		}
		if e.Ply != ply[key] {
			t.Errorf("%s: ply %d, want %d", key, e.Ply, ply[key])
		}
		if len(e.Moves) != len(moves) {
			t.Fatalf("%s: %d moves, counted %d", key, len(e.Moves), len(moves))
		}
		for i, m := range e.Moves {
			nm := moves[m.Move.USI()]
			res := Results{nm.w, nm.d, nm.l}
			if nm == nil || m.Count != nm.n || m.Results != res || m.HasScore != res.Known() || res.Known() && m.Score != ResultScore(res) {
				t.Fatalf("%s %v: %+v, counted %+v", key, m.Move, m, nm)
			}
			if i > 0 && e.Moves[i-1].Count < m.Count {
				t.Errorf("%s: moves not most played first", key)
			}
		}
	}
}

// TestBuilderCounts: a book built from random games has every position
// and count a naive count gives, written and read back it is the same,
// and built by four builders merged it is the same bytes.
func TestBuilderCounts(t *testing.T) {
	starts, moves, results := randomGames(41, 400, 60)
	const maxPly = 24
	count, ply := naiveCount(starts, moves, results, maxPly)

	one := NewBuilder(maxPly)
	for g := range starts {
		one.Add(starts[g], moves[g], results[g])
	}
	inMemory := one.Book(1)
	checkAgainstNaive(t, inMemory, count, ply)
	var single bytes.Buffer
	if _, err := one.Write(&single, 1); err != nil {
		t.Fatal(err)
	}
	back, err := Read(bytes.NewReader(single.Bytes()), "built")
	if err != nil {
		t.Fatal(err)
	}
	checkAgainstNaive(t, back, count, ply)
	if !bytes.Equal(writeBook(t, back), single.Bytes()) {
		t.Error("read back and written again, the book differs")
	}
	if !bytes.Equal(writeBook(t, inMemory), single.Bytes()) {
		t.Error("Builder.Write and Write(Builder.Book) differ")
	}

	var parts [4]*Builder
	var wg sync.WaitGroup
	for w := range parts {
		parts[w] = NewBuilder(maxPly)
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for g := w; g < len(starts); g += len(parts) {
				parts[w].Add(starts[g], moves[g], results[g])
			}
		}(w)
	}
	wg.Wait()
	for _, p := range parts[1:] {
		parts[0].Merge(p)
	}
	var merged bytes.Buffer
	if _, err := parts[0].Write(&merged, 1); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(merged.Bytes(), single.Bytes()) {
		t.Error("built by four builders, the book differs")
	}
	if parts[0].Games() != int64(len(starts)) || parts[0].Moves() != one.Moves() {
		t.Errorf("games %d moves %d, want %d %d", parts[0].Games(), parts[0].Moves(), len(starts), one.Moves())
	}
}

// TestBuilderMinCount: moves played fewer times than the minimum are left
// out, and positions left with no move.
func TestBuilderMinCount(t *testing.T) {
	starts, moves, results := randomGames(42, 200, 30)
	b := NewBuilder(20)
	for g := range starts {
		b.Add(starts[g], moves[g], results[g])
	}
	bk := b.Book(3)
	all := b.Book(1)
	var out bytes.Buffer
	if n, err := b.Write(&out, 3); err != nil || n != bk.Len() {
		t.Fatal(err)
	}
	if !bytes.Equal(out.Bytes(), writeBook(t, bk)) {
		t.Error("Write and Book differ")
	}
	kept := 0
	for _, k := range all.Keys() {
		e, _ := all.Lookup(k)
		f, _ := bk.Lookup(k)
		var want []string
		for _, m := range e.Moves {
			if m.Count >= 3 {
				want = append(want, m.Move.USI())
			}
		}
		var got []string
		if f != nil {
			for _, m := range f.Moves {
				got = append(got, m.Move.USI())
			}
		}
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Fatalf("%s: kept %v, want %v", k, got, want)
		}
		kept += len(got)
	}
	if kept == 0 || bk.Len() >= all.Len() {
		t.Errorf("min count kept %d moves in %d of %d positions", kept, bk.Len(), all.Len())
	}
}

// TestBuilderStopsAtIllegal: a game's moves are counted up to the first
// that is not legal, which never reaches the book.
func TestBuilderStopsAtIllegal(t *testing.T) {
	p := game.StartPosition()
	m1 := mustMove(t, &p, "7g7f")
	q := p.Play(m1)
	bad := mustMove(t, &p, "2g2f") // Black's move, played when White is to move
	b := NewBuilder(0)
	if n := b.Add(p, []game.Move{m1, bad, mustMove(t, &q, "3c3d")}, game.Result{}); n != 1 {
		t.Errorf("counted %d moves, want 1", n)
	}
	if bk := b.Book(1); bk.Len() != 1 {
		t.Errorf("%d positions, want 1", bk.Len())
	}
}

// TestBuilderSennichiteOnce: a sennichite game, back at the start four
// times, is one draw for the start's 5i4h, not three (issue 37).
func TestBuilderSennichiteOnce(t *testing.T) {
	p := game.StartPosition()
	var moves []game.Move
	for range 3 {
		for _, u := range []string{"5i4h", "5a4b", "4h5i", "4b5a"} {
			m, err := p.ParseUSI(u)
			if err != nil {
				t.Fatal(err)
			}
			moves = append(moves, m)
			p = p.Play(m)
		}
	}
	b := NewBuilder(0)
	b.Add(game.StartPosition(), moves, game.Result{Outcome: game.Draw, Ending: game.Repetition})
	start := game.StartPosition()
	e, ok, err := b.Book(1).Find(&start)
	if err != nil || !ok || len(e.Moves) != 1 {
		t.Fatalf("start: %v %v %+v", ok, err, e)
	}
	if m := e.Moves[0]; m.Count != 1 || m.Results != (Results{0, 1, 0}) {
		t.Errorf("start 5i4h: count %d, results %+v; want one game, one draw", m.Count, m.Results)
	}
	if b.Moves() != 4 {
		t.Errorf("%d moves counted, want 4 (each move of the cycle once)", b.Moves())
	}
}
