package tsume

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"shogi/game"
	"shogi/game/bot"
)

func mustProblem(t *testing.T, sfen string, solution string) Problem {
	t.Helper()
	p, err := ParseSFEN(sfen)
	if err != nil {
		t.Fatalf("ParseSFEN(%q): %v", sfen, err)
	}
	pr := Problem{ID: "t", Start: p}
	q := p
	for _, s := range strings.Fields(solution) {
		m, err := q.ParseUSI(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		pr.Solution = append(pr.Solution, m)
		if q.IsLegal(m) {
			q = q.Play(m)
		}
	}
	return pr
}

// matesInOne lists, by the game's rules alone, the moves that checkmate.
func matesInOne(p game.Position) []string {
	var out []string
	for _, m := range p.LegalMoves(nil) {
		if q := p.Play(m); q.IsCheckmate() {
			out = append(out, m.USI())
		}
	}
	slices.Sort(out)
	return out
}

func usis(ms []game.Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.USI()
	}
	return out
}

// Published problems from ../shared/kifu (the records' own solutions,
// as ShogiHome's library reads them) check clean, solution included.
func TestCheckPublished(t *testing.T) {
	for _, c := range []struct {
		name, sfen, solution string
		plies                int
	}{
		{"tsumemi 1te_1.kif", "6k2/9/6P2/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1", "G*3b", 1},
		{"jkf taichitsume.kif", "6+Pnl/6Sk1/6sp1/9/8P/9/9/9/9 b GS2r2b3gs3n3l15p 1", "S*1c 2a1c G*1b 2b1b 3b2a 1b2b 3a3b", 7},
		{"sugyan tsumeshogi.csa", "9/9/3pp4/+r2k1p3/2L1+p4/2+R6/B8/B8/9 b 4g4s4n3l14p 1", "7e7b+ N*8f 7f7c", 3},
	} {
		pr := mustProblem(t, c.sfen, c.solution)
		r := Check(context.Background(), pr, Options{})
		if r.Status != bot.MateFound || r.Length != c.plies {
			t.Errorf("%s: %s in %d, want mate in %d", c.name, r.Status, r.Length, c.plies)
		}
		for _, f := range r.Flaws {
			if f.Kind != Alternative {
				t.Errorf("%s: flaw %+v", c.name, f)
			}
		}
		if len(r.FirstMoves) != 1 || !r.FirstMoves[0].SameAs(pr.Solution[0]) {
			t.Errorf("%s: first moves %v, want only %s", c.name, r.FirstMoves, pr.Solution[0])
		}
	}
}

// Two golds' worth of mate: G*1b and G*2b both mate (the game's rules
// say so), so the first move is not unique; with a pawn more in hand,
// the mate leaves it over.
func TestCheckFlaws(t *testing.T) {
	ctx := context.Background()
	two := mustProblem(t, "8k/9/8G/9/9/9/9/9/9 b G 1", "")
	if got := matesInOne(two.Start); !slices.Equal(got, []string{"G*1b", "G*2b"}) {
		t.Fatalf("the game's rules find the mates %v", got)
	}
	r := Check(ctx, two, Options{})
	if r.Length != 1 || !r.Has(FirstNotUnique) || r.Grade != NoGrade {
		t.Errorf("two mates: %+v", r)
	}
	if got := usis(r.FirstMoves); !slices.Equal(sorted(got), []string{"G*1b", "G*2b"}) {
		t.Errorf("first moves %v", got)
	}

	left := mustProblem(t, "8k/9/8G/9/9/9/9/9/9 b GP 1", "")
	r = Check(ctx, left, Options{})
	if !r.Has(PiecesLeft) || !slices.Equal(r.Left, []game.PieceType{game.Pawn}) {
		t.Errorf("a pawn to spare: %+v", r)
	}

	none := mustProblem(t, "9/9/9/9/4k4/9/9/9/9 b P 1", "")
	if r = Check(ctx, none, Options{}); r.Status != bot.NoMate || !r.Has(NotMate) {
		t.Errorf("no mate: %+v", r)
	}

	wrong := mustProblem(t, "6k2/9/6P2/9/9/9/9/9/9 b G 1", "G*3b")
	wrong.Length = 3
	if r = Check(ctx, wrong, Options{}); !r.Has(WrongLength) {
		t.Errorf("a mate in 1 said to be 3: %+v", r)
	}
}

func sorted(s []string) []string { slices.Sort(s); return s }

// A composer's solution with a fault of each kind is caught at its ply.
func TestCheckClaims(t *testing.T) {
	const taichi = "6+Pnl/6Sk1/6sp1/9/8P/9/9/9/9 b GS 1"
	for _, c := range []struct {
		name, sfen, solution string
		kind                 FlawKind
		ply                  int
	}{
		{"not a check", taichi, "G*4b", ClaimNotCheck, 1},
		{"illegal", taichi, "S*1c 2a1c G*1b 2b1b 3b2a 1b2b 3a2a", ClaimIllegal, 7},
		{"escape", "8k/9/8G/9/9/9/9/9/9 b G 1", "G*2a 1a2a", ClaimEscape, 1},
		{"weak defence", taichi, "S*1c 2b1c G*1b", ClaimWeakDefence, 2},
		{"stops short", taichi, "S*1c 2a1c G*1b 2b1b", ClaimNoMate, 4},
		{"futile", "8k/9/6NG1/9/9/9/9/9/9 b R 1", "R*1h P*1g 1h1g", ClaimFutile, 2},
	} {
		pr := mustProblem(t, c.sfen, c.solution)
		r := Check(context.Background(), pr, Options{})
		i := slices.IndexFunc(r.Flaws, func(f Flaw) bool { return f.Kind >= ClaimIllegal })
		if i < 0 || r.Flaws[i].Kind != c.kind || r.Flaws[i].Ply != c.ply {
			t.Errorf("%s: flaws %+v, want kind %d at ply %d", c.name, r.Flaws, c.kind, c.ply)
		}
	}
}

func TestPrepareRefuses(t *testing.T) {
	for _, c := range []struct {
		sfen string
		kind FaultKind
	}{
		{"9/9/9/9/9/9/9/9/4K4 b G 1", EmptyDefender},
		{"4p4/9/9/9/9/9/9/9/9 b G 1", NoKing},
		{"k7k/9/9/9/9/9/9/9/9 b G 1", TwoKings},
		{"k8/1G7/9/9/9/9/9/9/9 b G 1", DefenderInCheck},
		{"k8/9/9/9/9/9/9/9/r3K4 b G 1", AttackerInCheck},
		{"k8/9/9/9/9/9/9/9/9 b 3R 1", TooMany},
		{"k3P4/9/9/9/9/9/9/9/9 b G 1", DeadPiece},
		{"k8/9/4P4/4P4/9/9/9/9/9 b G 1", DoublePawn},
	} {
		_, err := ParseSFEN(c.sfen)
		var pe *PositionError
		if !errors.As(err, &pe) || pe.Kind != c.kind {
			t.Errorf("%s: %v, want kind %d", c.sfen, err, c.kind)
			continue
		}
		if msg := err.Error(); msg == "" || strings.Contains(msg, "not a mate problem") {
			t.Errorf("%s: message %q", c.sfen, msg)
		}
		t.Logf("%s: %v", c.sfen, err)
	}
}

// Two kings of the defender in a position set up square by square (as a
// record's diagram or the editor makes one, which SFEN cannot say) are
// refused as two kings, the attacker's king there or not.
func TestPrepareTwoKings(t *testing.T) {
	for _, withBlack := range []bool{false, true} {
		p, err := game.ParseSFEN("9/9/9/9/9/9/9/9/9 b G 1")
		if err != nil {
			t.Fatal(err)
		}
		p.Put(game.NewSquare(9, 1), game.NewPiece(game.White, game.King))
		p.Put(game.NewSquare(1, 1), game.NewPiece(game.White, game.King))
		if withBlack {
			p.Put(game.NewSquare(5, 9), game.NewPiece(game.Black, game.King))
		}
		_, err = Prepare(p)
		var pe *PositionError
		if !errors.As(err, &pe) || pe.Kind != TwoKings || pe.Side != game.White || pe.Count != 2 {
			t.Errorf("%s: %v, want White's two kings", p.SFEN(), err)
		}
	}
}

// The defender holds the rest: every piece not on the board or in the
// attacker's hand, whatever the position said.
func TestPrepareGivesTheRest(t *testing.T) {
	p, err := ParseSFEN("6k2/9/6P2/9/9/9/9/9/9 b G 1")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := p.SFEN(), "6k2/9/6P2/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1"; got != want {
		t.Errorf("got %s, want %s (the record's own)", got, want)
	}
}
