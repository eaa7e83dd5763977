package tsume

import (
	"bytes"
	"context"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"shogi/game"
	"shogi/game/bot"
	"shogi/internal/testenv"
)

const collectionPath = "../../assets/tsume.txt"

func TestParseCollectionErrors(t *testing.T) {
	const sfen = "6k2/9/6P2/9/9/9/9/9/9 b G 1"
	good := "a\t1\tclassic\t" + sfen + "\tG*3b"
	for _, c := range []struct {
		text string
		line int
		want string
	}{
		{"# c\n\n" + good + "\nb\t1\tclassic\t" + sfen, 4, "want 5 fields"},
		{"a b\t1\tclassic\t" + sfen + "\tG*3b", 1, "without spaces"},
		{"a\t2\tclassic\t" + sfen + "\tG*3b", 1, "odd number"},
		{"a\t1\tgreat\t" + sfen + "\tG*3b", 1, "classic or standard"},
		{"a\t1\tclassic\t6k2/9/6P2 b G 1\tG*3b", 1, "ranks"},
		{"a\t1\tclassic\t4p4/9/9/9/9/9/9/9/9 b G 1\tG*3b", 1, "no king"},
		{"a\t1\tclassic\t" + sfen + "\tG*3c", 1, "solution move 1"},
		{"a\t3\tclassic\t" + sfen + "\tG*3b", 1, "1 moves, the length says 3"},
		{good + "\n" + good, 2, "taken by line 1"},
	} {
		_, err := ParseCollection(strings.NewReader(c.text))
		var ce *CollectionError
		if !errors.As(err, &ce) || ce.Line != c.line || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want line %d: …%s…", c.text, err, c.line, c.want)
		}
	}
}

func TestFormatCollectionReadsBack(t *testing.T) {
	in := "x\t7\tclassic\t6+Pnl/6Sk1/6sp1/9/8P/9/9/9/9 b GS 1\tS*1c 2a1c G*1b 2b1b 3b2a 1b2b 3a3b\n"
	ps, err := ParseCollection(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := FormatCollection(&buf, "a header\nof two lines", ps); err != nil {
		t.Fatal(err)
	}
	want := "# a header\n# of two lines\n" +
		"x\t7\tclassic\t6+Pnl/6Sk1/6sp1/9/8P/9/9/9/9 b GS2r2b3gs3n3l15p 1\tS*1c 2a1c G*1b 2b1b 3b2a 1b2b 3a3b\n"
	if buf.String() != want {
		t.Errorf("got\n%s\nwant\n%s", buf.String(), want)
	}
}

func FuzzParseLine(f *testing.F) {
	f.Add("x\t7\tclassic\t6+Pnl/6Sk1/6sp1/9/8P/9/9/9/9 b GS 1\tS*1c 2a1c G*1b 2b1b 3b2a 1b2b 3a3b")
	f.Add("a\t1\tstandard\t6k2/9/6P2/9/9/9/9/9/9 b G 1\tG*3b")
	f.Add("a\t1\tstandard\tk7k/9/9/9/9/9/9/9/9 b G 1\tG*3b")
	f.Fuzz(func(t *testing.T, line string) {
		pr, err := ParseLine(line)
		if err != nil {
			return
		}
		var buf bytes.Buffer
		if err := FormatCollection(&buf, "", []Problem{pr}); err != nil {
			t.Fatal(err)
		}
		back, err := ParseLine(strings.TrimSuffix(buf.String(), "\n"))
		if err != nil {
			t.Fatalf("%q wrote %q, which does not read: %v", line, buf.String(), err)
		}
		if back.ID != pr.ID || back.Length != pr.Length || back.Grade != pr.Grade || !back.Start.Equal(&pr.Start) ||
			!slices.Equal(back.Solution, pr.Solution) {
			t.Fatalf("%q came back as %+v", line, back)
		}
	})
}

func FuzzParseSFEN(f *testing.F) {
	f.Add("6k2/9/6P2/9/9/9/9/9/9 b G 1")
	f.Add("k7k/9/9/9/9/9/9/9/9 b G 1")
	f.Add("sfen 4p4/9/9/9/9/9/9/9/9 w 3R 1")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseSFEN(s)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("an empty message")
			}
			return
		}
		// A problem's position: the attacker not in check, the defender
		// with one king and every other piece.
		if p.InCheck() || p.KingSquare(p.SideToMove().Other()) == game.NoSquare {
			t.Fatalf("%q: %s is no problem", s, p.SFEN())
		}
	})
}

// readCollection reads the shipped collection.
func readCollection(t *testing.T) []Problem {
	t.Helper()
	f, err := os.Open(collectionPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ps, err := ParseCollection(f)
	if err != nil {
		t.Fatalf("%s: %v", collectionPath, err)
	}
	return ps
}

// testBudget is the solver's budget a question in the collection tests:
// every question of the collection takes fewer positions, and its table
// (3 MB) is a quarter of DefaultBudget's, whose making and clearing for
// every problem was a third of the tests' time.
const testBudget = 100_000

// solvedCollection is the part of the collection the solving tests take:
// every problem in the long tier (SHOGI_LONG_TESTS=1); in the default run
// every problem of up to 5 plies and, of each longer length, the first
// problem and every twelfth after it (every length is still there, and
// the problems of 7 plies and more cost the solver 95% of its time).
func solvedCollection(t *testing.T) []Problem {
	ps := readCollection(t)
	if testenv.Long() {
		return ps
	}
	var out []Problem
	seen := map[int]int{} // problems of each length so far
	for _, pr := range ps {
		if pr.Length > 5 {
			n := seen[pr.Length]
			seen[pr.Length]++
			if n%12 != 0 {
				continue
			}
		}
		out = append(out, pr)
	}
	return out
}

// bucket counts 11 plies and more together.
func bucket(n int) int { return min(n, 11) }

// The collection read by the game's rules alone: at least 300 problems,
// a spread of lengths 1 to 11 and more, each solution legal with every
// attacking move a check, Black's hand empty at the end, and the end mate
// or only interpositions left to the defender (the solver says futile).
func TestCollectionByTheRules(t *testing.T) {
	ps := readCollection(t)
	if len(ps) < 300 {
		t.Errorf("%d problems, want at least 300", len(ps))
	}
	count := map[int]int{}
	for _, pr := range ps {
		count[bucket(pr.Length)]++
		p := pr.Start
		if p.SideToMove() != game.Black {
			t.Errorf("%s: White to move", pr.ID)
		}
		for i, m := range pr.Solution {
			q := p.Play(m)
			if i%2 == 0 && !q.InCheck() {
				t.Errorf("%s: move %d, %s, is not a check", pr.ID, i+1, m)
			}
			p = q
		}
		if handCount(&p, game.Black) != 0 {
			t.Errorf("%s: pieces left in hand", pr.ID)
		}
		if !endsInMate(&p) {
			t.Errorf("%s: the solution ends in %s, not mate", pr.ID, p.SFEN())
		}
	}
	for n := 1; n <= 11; n += 2 {
		if count[n] < 30 {
			t.Errorf("%d problems of length %d (11: and more), want at least 30", count[n], n)
		}
	}
	t.Logf("%d problems by length (11: 11 and more): %v", len(ps), count)
}

func handCount(p *game.Position, c game.Color) int {
	n := 0
	for _, t := range game.HandTypes {
		n += p.Hand(c, t)
	}
	return n
}

// endsInMate: checkmate by the game's rules, or the king in check from
// one piece with no move but an interposition.
func endsInMate(p *game.Position) bool {
	if p.IsCheckmate() {
		return true
	}
	cs := p.Checkers()
	if len(cs) != 1 {
		return false
	}
	for _, m := range p.LegalMoves(nil) {
		if m.Piece().Type() == game.King || m.To() == cs[0] {
			return false
		}
	}
	return true
}

// Every problem of the collection verified again by the solver: a mate
// in exactly its length against the longest defence, the first move
// unique, nothing left in hand, its grade, and its solution a main line
// (every defence the longest, none futile). The slow part: behind -short,
// and only part of the collection outside the long tier.
func TestCollectionVerified(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("solving every problem of the collection takes a while")
	}
	ps := solvedCollection(t)
	var times []time.Duration
	for _, pr := range ps {
		r := Check(context.Background(), pr, Options{Budget: testBudget})
		times = append(times, r.Time)
		if r.Status != bot.MateFound || r.Length != pr.Length || r.Grade != pr.Grade || len(r.FirstMoves) != 1 || len(r.Left) != 0 {
			t.Errorf("%s: %s in %d, grade %s, first moves %v, left %v, flaws %+v", pr.ID, r.Status, r.Length, r.Grade, r.FirstMoves, r.Left, r.Flaws)
		}
	}
	slices.Sort(times)
	if n := len(times); n > 0 {
		t.Logf("%d problems checked: median %v, 90th percentile %v, max %v per problem", n, times[n/2], times[n*9/10], times[n-1])
	}
}

// The defender as the tsume mode uses it, one per problem: at every turn
// of the defence along each solution it finds a defence as long as the
// solution's (the longest), and the reply times are logged.
func TestDefenderOnCollection(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("playing every solution through takes a while")
	}
	var times []time.Duration
	for _, pr := range solvedCollection(t) {
		d := NewDefender(Options{Budget: testBudget})
		p := pr.Start
		for i, m := range pr.Solution {
			p = p.Play(m)
			if i%2 == 1 {
				continue
			}
			start := time.Now()
			r := d.Reply(context.Background(), p)
			times = append(times, time.Since(start))
			left := len(pr.Solution) - i - 1
			switch {
			case left == 0 && !r.Mated:
				t.Errorf("%s: after the last move the defender plays %s", pr.ID, r.Move)
			case left > 0 && (r.Mated || r.Status != bot.MateFound || r.Plies != left-1):
				t.Errorf("%s, move %d: the defender's %s leaves %d plies (%s), the solution %d", pr.ID, i+2, r.Move, r.Plies, r.Status, left-1)
			}
		}
	}
	slices.Sort(times)
	if n := len(times); n > 0 {
		t.Logf("%d replies: median %v, 90th percentile %v, 99th %v, max %v", n, times[n/2], times[n*9/10], times[n*99/100], times[n-1])
	}
}

// BenchmarkCheckCollection checks every problem of the collection once
// per iteration, each with a new solver.
func BenchmarkCheckCollection(b *testing.B) {
	t := &testing.T{}
	ps := readCollection(t)
	nodes := 0
	for b.Loop() {
		for _, pr := range ps {
			nodes += Check(context.Background(), pr, Options{}).Nodes
		}
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "positions/s")
}

// Among equally long defences the defender takes one after which the
// attacker can finish with an empty hand. Along the collection's
// solutions, wherever the longest defences differ in that (some leave
// the attacker a piece over whatever it does, some do not, as a solver
// of its own says), the defender's reply is one that does not; the test
// fails when the collection has no such turn to try it on.
func TestDefenderAvoidsLeftover(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("asking the solver about every longest defence takes a while")
	}
	ctx := context.Background()
	tried := 0
	for _, pr := range solvedCollection(t) {
		d := NewDefender(Options{Budget: testBudget})
		judge := bot.NewTsume(pr.Attacker(), bot.TsumeOptions{Budget: testBudget})
		p := pr.Start
		for i, m := range pr.Solution {
			p = p.Play(m)
			if i%2 == 1 || i == len(pr.Solution)-1 {
				continue
			}
			want := len(pr.Solution) - i - 2 // the plies after the longest defence
			var with, without []game.Move
			for _, dm := range p.LegalMoves(nil) {
				q := p.Play(dm)
				if n, st := judge.Length(ctx, q); st != bot.MateFound || n != want || judge.Futile(ctx, p, dm) {
					continue
				}
				if left, _ := judge.Leftover(ctx, q); left {
					with = append(with, dm)
				} else {
					without = append(without, dm)
				}
			}
			if len(with) == 0 || len(without) == 0 {
				continue
			}
			tried++
			r := d.Reply(ctx, p)
			if !slices.ContainsFunc(without, r.Move.SameAs) {
				t.Errorf("%s, move %d: the defender plays %v, which leaves a piece over; %v would not", pr.ID, i+2, r.Move, without)
			}
		}
	}
	if tried == 0 {
		t.Fatal("no turn of the collection's defences where leaving a piece over is a choice")
	}
	t.Logf("%d turns where some of the longest defences leave the attacker a piece over", tried)
}
