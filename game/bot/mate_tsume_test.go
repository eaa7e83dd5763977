package bot

import (
	"context"
	"testing"

	"shogi/game"
	"shogi/internal/testenv"
)

// playOut plays a problem out: the attacker plays the first move of the
// solver's main line each turn, the defender Defend's reply, until the
// defender is mated. It returns the moves.
func playOut(t *testing.T, ts *Tsume, p game.Position) ([]game.Move, Reply) {
	t.Helper()
	ctx := context.Background()
	var moves []game.Move
	for len(moves) < 60 {
		line, st := ts.Line(ctx, p)
		if st != MateFound || len(line) == 0 {
			t.Fatalf("%s: no line (%s) after %v", p.SFEN(), st, moves)
		}
		if err := p.CheckMove(line[0]); err != nil || !p.GivesCheck(line[0]) {
			t.Fatalf("%s: the attack %s is not a legal check (%v)", p.SFEN(), line[0], err)
		}
		moves = append(moves, line[0])
		p = p.Play(line[0])
		r := ts.Defend(ctx, p)
		if r.Mated {
			return moves, r
		}
		if r.Status != MateFound {
			t.Fatalf("%s: the defender %s (%s) against a mate", p.SFEN(), r.Move, r.Status)
		}
		if err := p.CheckMove(r.Move); err != nil {
			t.Fatalf("%s: the defence %s: %v", p.SFEN(), r.Move, err)
		}
		moves = append(moves, r.Move)
		p = p.Play(r.Move)
	}
	t.Fatalf("no mate after %v", moves)
	return nil, Reply{}
}

// Counting every interposition, as Fairy-Stockfish and gpsusi do, the
// defender holds out exactly as long as the two engines said against the
// solver's attack: it finds the longest defence every time, and the
// attack is the quickest (a longer game would mean a weak attack, a
// shorter one a weak defence). The end is a checkmate by the game's rules.
func TestTsumeDefenderLongestAsEnginesCount(t *testing.T) {
	t.Parallel()
	for _, c := range testMates(t) {
		if !c.mate {
			continue
		}
		p := mustSFEN(t, c.sfen)
		ts := NewTsume(p.SideToMove(), TsumeOptions{Budget: tsumeTestBudget(), EveryInterposition: true})
		if n, st := ts.Length(context.Background(), p); st != MateFound || n != c.plies {
			t.Errorf("mates.txt:%d: Length = %d %s, want %d", c.line, n, st, c.plies)
			continue
		}
		moves, r := playOut(t, ts, p)
		if len(moves) != c.plies || r.Futile {
			t.Errorf("mates.txt:%d: played %v (%d plies, futile end %v), want %d", c.line, moves, len(moves), r.Futile, c.plies)
		}
		for _, m := range moves {
			p = p.Play(m)
		}
		if !p.IsCheckmate() {
			t.Errorf("mates.txt:%d: %v does not end in checkmate", c.line, moves)
		}
	}
}

// tsumeTestBudget is the solver's budget in the tests that solve
// mates.txt under tsume rules: the default run's lines need under
// 120,000 positions (a 3 MB table), the long tier's 3,000,000 (12 MB).
func tsumeTestBudget() int {
	if testenv.Long() {
		return 3_000_000
	}
	return 120_000
}

// endsUnderTsumeRules reports whether p, the defender to move, is mate by
// game rules or has only interpositions left: the king in check from one
// piece, which no move takes and no king move escapes.
func endsUnderTsumeRules(p *game.Position) bool {
	if p.IsCheckmate() {
		return true
	}
	if !p.InCheck() || len(p.Checkers()) != 1 {
		return false
	}
	checker := p.Checkers()[0]
	for _, m := range p.LegalMoves(nil) {
		if m.Piece().Type() == game.King || m.To() == checker {
			return false
		}
	}
	return true
}

// Under tsume rules every mate of mates.txt is found again, no longer
// than the engines' count (leaving out futile interpositions can only
// shorten it), and played out it ends in mate or with only
// interpositions left to the defender.
func TestTsumeRulesPlayOut(t *testing.T) {
	t.Parallel()
	for _, c := range testMates(t) {
		if !c.mate {
			continue
		}
		p := mustSFEN(t, c.sfen)
		ts := NewTsume(p.SideToMove(), TsumeOptions{Budget: tsumeTestBudget()})
		n, st := ts.Length(context.Background(), p)
		if st != MateFound || n > c.plies || n%2 != 1 {
			t.Errorf("mates.txt:%d: Length = %d %s, want at most %d", c.line, n, st, c.plies)
			continue
		}
		moves, _ := playOut(t, ts, p)
		if len(moves) != n {
			t.Errorf("mates.txt:%d: played %v, %d plies, want %d", c.line, moves, len(moves), n)
		}
		for _, m := range moves {
			p = p.Play(m)
		}
		if !endsUnderTsumeRules(&p) {
			t.Errorf("mates.txt:%d: %v ends in %s, not mate", c.line, moves, p.SFEN())
		}
	}
}

// The published problem 行き詰まり (mates.txt's sugyan line, from the
// CSA record in ../shared/kifu) is a mate in 3 as published, which the
// engines count as 9 because they count futile interpositions. Under
// tsume rules the solver says 3, and the published line is one of the
// longest defences.
func TestTsumePublishedThreeMoves(t *testing.T) {
	p := mustSFEN(t, "9/9/3pp4/+r2k1p3/2L1+p4/2+R6/B8/B8/9 b 4g4s4n3l14p 1")
	ts := NewTsume(game.Black, TsumeOptions{})
	if n, st := ts.Length(context.Background(), p); st != MateFound || n != 3 {
		t.Fatalf("Length = %d %s, want 3", n, st)
	}
	published := []string{"7e7b+", "N*8f", "7f7c"}
	q := p
	for i, s := range published {
		m, err := q.ParseUSI(s)
		if err != nil {
			t.Fatal(err)
		}
		if i == 1 {
			// The published defence keeps to the longest: a mate in 1 more.
			if n, _ := ts.Length(context.Background(), q.Play(m)); n != 1 {
				t.Errorf("after %s the mate takes %d, want 1", s, n)
			}
		}
		q = q.Play(m)
	}
	if !q.IsCheckmate() {
		t.Fatalf("the published line does not mate")
	}
}

// A drop that would stretch the count and must not: after 4d4a (mates.txt
// line 18, a mate in 3 for both engines, whose line is 4d4a N*5a 4a5a),
// the knight interposed on 5a is taken by the dragon, and that capture is
// checkmate by the game's rules with or without the knight in Black's
// hand. So it is a futile interposition: under tsume rules 4d4a is mate
// in one, and the defender does not interpose.
func TestTsumeFutileDropNotCounted(t *testing.T) {
	p := mustSFEN(t, "lngk4+P/2s1L1g2/p1pp+N4/1p2p+R3/5n3/2P1P3P/PP1P1PP2/2KSGS3/L2G3+rL b B4Pbsn 61")
	ctx := context.Background()
	every := NewTsume(game.Black, TsumeOptions{EveryInterposition: true})
	if n, _ := every.Length(ctx, p); n != 3 {
		t.Fatalf("counting every interposition: %d, want the engines' 3", n)
	}
	// The engines' line, checked by the game's rules alone.
	q := p
	for _, s := range []string{"4d4a", "N*5a", "4a5a"} {
		m, err := q.ParseUSI(s)
		if err != nil {
			t.Fatal(err)
		}
		q = q.Play(m)
	}
	if !q.IsCheckmate() {
		t.Fatal("4d4a N*5a 4a5a is not checkmate")
	}
	ts := NewTsume(game.Black, TsumeOptions{})
	if n, st := ts.Length(ctx, p); st != MateFound || n != 1 {
		t.Fatalf("under tsume rules: %d %s, want 1", n, st)
	}
	m, _ := p.ParseUSI("4d4a")
	after := p.Play(m)
	r := ts.Defend(ctx, after)
	if !r.Mated || !r.Futile {
		t.Fatalf("after 4d4a the defender plays %s (mated %v, futile %v), want mate with only futile interpositions", r.Move, r.Mated, r.Futile)
	}
	drop, _ := after.ParseUSI("N*5a")
	if !ts.Futile(ctx, after, drop) {
		t.Error("N*5a is not futile")
	}
	king := after.LegalMoves(nil)
	for _, k := range king {
		if k.Piece().Type() == game.King {
			t.Errorf("the king has a move, %s", k)
		}
	}
}

// No defence of a main line is a futile interposition: the defender
// never plays one.
func TestTsumeDefenderNeverFutile(t *testing.T) {
	ctx := context.Background()
	for _, c := range testMates(t) {
		if !c.mate || c.plies > 9 {
			continue
		}
		p := mustSFEN(t, c.sfen)
		ts := NewTsume(p.SideToMove(), TsumeOptions{Budget: tsumeTestBudget()})
		line, st := ts.Line(ctx, p)
		if st != MateFound {
			t.Fatalf("mates.txt:%d: %s", c.line, st)
		}
		for i, m := range line {
			if i%2 == 1 && ts.Futile(ctx, p, m) {
				t.Errorf("mates.txt:%d: the main line's defence %s (move %d) is futile", c.line, m, i+1)
			}
			p = p.Play(m)
		}
	}
}

func BenchmarkTsumeLine(b *testing.B) {
	t := &testing.T{}
	cases := readMates(t)
	for b.Loop() {
		for _, c := range cases {
			if !c.mate {
				continue
			}
			p := mustSFEN(t, c.sfen)
			ts := NewTsume(p.SideToMove(), TsumeOptions{})
			ts.Line(context.Background(), p)
		}
	}
}
