package game

import (
	"math/rand/v2"
	"slices"
	"testing"

	"shogi/internal/testenv"
)

// The reference below knows nothing of square sets: it walks the board
// square by square with the moves of each piece written out as (rank,
// file) steps, and decides legality by playing the move and looking for
// an attacker of the king. The bitboard generator and its helpers are
// tested against it on random positions.

type step struct{ dr, dc int }

var (
	goldSteps   = []step{{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, 0}}
	silverSteps = []step{{-1, -1}, {-1, 0}, {-1, 1}, {1, -1}, {1, 1}}
	kingSteps   = []step{{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}}
	orthSteps   = []step{{-1, 0}, {1, 0}, {0, -1}, {0, 1}}
	diagSteps   = []step{{-1, -1}, {-1, 1}, {1, -1}, {1, 1}}
)

// bruteMoves returns how a Black piece of kind t steps and slides (rows
// grow toward rank 9, so Black's forward is dr = -1).
func bruteMoves(t PieceType) (steps, slides []step) {
	switch t {
	case Pawn:
		return []step{{-1, 0}}, nil
	case Lance:
		return nil, []step{{-1, 0}}
	case Knight:
		return []step{{-2, -1}, {-2, 1}}, nil
	case Silver:
		return silverSteps, nil
	case Gold, ProPawn, ProLance, ProKnight, ProSilver:
		return goldSteps, nil
	case King:
		return kingSteps, nil
	case Bishop:
		return nil, diagSteps
	case Rook:
		return nil, orthSteps
	case Horse:
		return orthSteps, diagSteps
	case Dragon:
		return diagSteps, orthSteps
	}
	return nil, nil
}

// bruteReach lists the squares pc on from attacks, stopping sliders at
// the first square occupied(t) reports.
func bruteReach(pc Piece, from Square, occupied func(Square) bool) []Square {
	steps, slides := bruteMoves(pc.Type())
	sign := 1
	if pc.Color() == White {
		sign = -1
	}
	r, c := int(from)/9, int(from)%9
	var out []Square
	on := func(r, c int) bool { return r >= 0 && r < 9 && c >= 0 && c < 9 }
	for _, s := range steps {
		if nr, nc := r+sign*s.dr, c+sign*s.dc; on(nr, nc) {
			out = append(out, Square(nr*9+nc))
		}
	}
	for _, s := range slides {
		for nr, nc := r+sign*s.dr, c+sign*s.dc; on(nr, nc); nr, nc = nr+sign*s.dr, nc+sign*s.dc {
			t := Square(nr*9 + nc)
			out = append(out, t)
			if occupied(t) {
				break
			}
		}
	}
	return out
}

func bruteAttacks(p *Position, from, to Square) bool {
	pc := p.At(from)
	if pc == NoPiece {
		return false
	}
	return slices.Contains(bruteReach(pc, from, func(s Square) bool { return p.At(s) != NoPiece }), to)
}

// bruteAttackers lists c's pieces that attack s.
func bruteAttackers(p *Position, s Square, c Color) []Square {
	var out []Square
	for from := Square(0); from < NumSquares; from++ {
		if pc := p.At(from); pc != NoPiece && pc.Color() == c && bruteAttacks(p, from, s) {
			out = append(out, from)
		}
	}
	return out
}

func bruteKingAttacked(p *Position, c Color) bool {
	k := p.KingSquare(c)
	return k != NoSquare && len(bruteAttackers(p, k, c.Other())) > 0
}

// bruteLegal returns every legal move by trying every origin, destination,
// promotion flag and drop. Only the king the position tracks moves (as the
// generator has always done where a side has two kings).
func bruteLegal(p *Position) []Move {
	us := p.SideToMove()
	var out []Move
	try := func(m Move) bool {
		q := p.Play(m)
		return !bruteKingAttacked(&q, us)
	}
	for from := Square(0); from < NumSquares; from++ {
		pc := p.At(from)
		if pc == NoPiece || pc.Color() != us || pc.Type() == King && from != p.KingSquare(us) {
			continue
		}
		t := pc.Type()
		for _, to := range bruteReach(pc, from, func(s Square) bool { return p.At(s) != NoPiece }) {
			if cap := p.At(to); cap != NoPiece && cap.Color() == us {
				continue
			}
			if CanPromoteMove(us, t, from, to) {
				if m := p.NewMove(from, to, true); try(m) {
					out = append(out, m)
				}
			}
			if !MustPromote(us, t, to) {
				if m := p.NewMove(from, to, false); try(m) {
					out = append(out, m)
				}
			}
		}
	}
	for _, t := range HandTypes {
		if p.Hand(us, t) == 0 {
			continue
		}
		for to := Square(0); to < NumSquares; to++ {
			if p.At(to) != NoPiece || MustPromote(us, t, to) {
				continue
			}
			if t == Pawn && bruteNifu(p, us, to) {
				continue
			}
			m := NewDrop(NewPiece(us, t), to)
			if !try(m) {
				continue
			}
			if t == Pawn {
				q := p.Play(m)
				if bruteAttacks(&q, to, q.KingSquare(us.Other())) && len(bruteLegal(&q)) == 0 {
					continue // uchifuzume: the pawn checks, and there is no reply
				}
			}
			out = append(out, m)
		}
	}
	return out
}

func bruteNifu(p *Position, c Color, to Square) bool {
	for r := 1; r <= 9; r++ {
		if p.At(NewSquare(to.File(), r)) == NewPiece(c, Pawn) {
			return true
		}
	}
	return false
}

func sortedMoves(ms []Move) []Move {
	out := slices.Clone(ms)
	slices.Sort(out)
	return out
}

func sameMoves(t *testing.T, what string, p *Position, got, want []Move) {
	t.Helper()
	g, w := sortedMoves(got), sortedMoves(want)
	if slices.Equal(g, w) {
		return
	}
	gs, ws := map[Move]bool{}, map[Move]bool{}
	for _, m := range g {
		gs[m] = true
	}
	for _, m := range w {
		ws[m] = true
	}
	var extra, missing []string
	for _, m := range g {
		if !ws[m] {
			extra = append(extra, m.USI())
		}
	}
	for _, m := range w {
		if !gs[m] {
			missing = append(missing, m.USI())
		}
	}
	t.Fatalf("%s: %s: %d moves, want %d; extra %v, missing %v (duplicates if both empty)", p.SFEN(), what, len(g), len(w), extra, missing)
}

// randomPositions returns positions of several kinds: from random games
// from every handicap start, and random crowded boards with random hands,
// some with a side in check, a side without a king, or pieces that can
// never move.
func randomPositions(r *rand.Rand, n int) []Position {
	var out []Position
	for i := 0; len(out) < n; i++ {
		if i%3 == 2 {
			out = append(out, randomBoard(r))
			continue
		}
		p := handicaps[i%(len(handicaps)-1)].Position()
		for ply := r.IntN(150); ply > 0; ply-- {
			ms := p.LegalMoves(nil)
			if len(ms) == 0 {
				break
			}
			p = p.Play(ms[r.IntN(len(ms))])
		}
		out = append(out, p)
	}
	return out
}

// randomBoard scatters the pieces of a set at random: each piece lands on
// the board (possibly promoted) or in a hand. Kings are placed first.
func randomBoard(r *rand.Rand) Position {
	p := EmptyPosition()
	free := r.Perm(NumSquares)
	put := func(pc Piece) {
		s := Square(free[0])
		free = free[1:]
		p.Put(s, pc)
	}
	kings := 2
	if r.IntN(10) == 0 {
		kings = 1 // a tsume-style position
	}
	for c := range kings {
		put(NewPiece(Color(c), King))
	}
	onBoard := 0.3 + 0.6*r.Float64()
	for t := Pawn; t <= Gold; t++ {
		for range setCounts[t] {
			c := Color(r.IntN(2))
			if r.Float64() < onBoard {
				pt := t
				if t.CanPromote() && r.IntN(4) == 0 {
					pt = t.Promote()
				}
				pc := NewPiece(c, pt)
				if r.IntN(20) != 0 { // rarely keep a dead piece
					for tries := 0; tries < 10 && MustPromote(c, pt, Square(free[0])); tries++ {
						r.Shuffle(len(free), func(i, j int) { free[i], free[j] = free[j], free[i] })
					}
				}
				put(pc)
			} else {
				p.SetHand(c, t, p.Hand(c, t)+1)
			}
		}
	}
	p.SetSideToMove(Color(r.IntN(2)))
	return p
}

// LegalMoves, its parts and the check and capture predicates agree with a
// brute-force reading of the rules in random positions: 600 in the
// default run (every kind the log counts turns up), 3000 in the long tier.
func TestLegalMovesAgainstBruteForce(t *testing.T) {
	n := 600
	if testenv.Long() {
		n = 3000
	}
	r := rand.New(rand.NewPCG(5, 6))
	kinds := map[string]int{}
	for _, p := range randomPositions(r, n) {
		want := bruteLegal(&p)
		sameMoves(t, "LegalMoves", &p, p.LegalMoves(nil), want)
		if p.HasLegalMove() != (len(want) > 0) {
			t.Fatalf("%s: HasLegalMove = %v with %d legal moves", p.SFEN(), p.HasLegalMove(), len(want))
		}
		if len(want) == 0 {
			kinds["no legal move"]++
		}
		caps, quiets := p.LegalCaptures(nil), p.LegalQuiets(nil)
		for _, m := range caps {
			if m.Captured() == NoPiece {
				t.Fatalf("%s: LegalCaptures has %s, which captures nothing", p.SFEN(), m)
			}
		}
		for _, m := range quiets {
			if m.Captured() != NoPiece {
				t.Fatalf("%s: LegalQuiets has %s, which captures", p.SFEN(), m)
			}
		}
		sameMoves(t, "LegalCaptures+LegalQuiets", &p, append(caps, quiets...), want)
		var checks []Move
		for _, m := range want {
			q := p.Play(m)
			gives := bruteKingAttacked(&q, p.SideToMove().Other())
			if p.GivesCheck(m) != gives {
				t.Fatalf("%s: GivesCheck(%s) = %v, want %v", p.SFEN(), m, !gives, gives)
			}
			if gives {
				checks = append(checks, m)
			}
		}
		sameMoves(t, "LegalChecks", &p, p.LegalChecks(nil), checks)
		if p.InCheck() != bruteKingAttacked(&p, p.SideToMove()) {
			t.Fatalf("%s: InCheck = %v", p.SFEN(), p.InCheck())
		}
		switch {
		case p.InCheck():
			kinds["in check"]++
		case len(checks) > 0:
			kinds["with checks"]++
		}
		if len(caps) > 0 {
			kinds["with captures"]++
		}
		us := p.SideToMove()
		if ek := p.KingSquare(us.Other()); ek != NoSquare && p.Hand(us, Pawn) > 0 {
			if s := pawnAttacks[us.Other()][ek]; s.any() && p.At(s.Lowest()) == NoPiece && !bruteNifu(&p, us, s.Lowest()) {
				kinds["pawn drop check"]++
				if !slices.Contains(want, NewDrop(NewPiece(us, Pawn), s.Lowest())) {
					kinds["uchifuzume or self-check"]++
				}
			}
		}
	}
	t.Logf("%d positions: %v", n, kinds)
}

func TestAttackersAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, p := range randomPositions(r, 300) {
		for s := Square(0); s < NumSquares; s++ {
			for _, c := range [2]Color{Black, White} {
				var got []Square
				for a := range p.Attackers(s, c).All() {
					got = append(got, a)
				}
				if want := bruteAttackers(&p, s, c); !slices.Equal(got, want) {
					t.Fatalf("%s: Attackers(%s, %s) = %v, want %v", p.SFEN(), s, c, got, want)
				}
			}
			for to := Square(0); to < NumSquares; to++ {
				if got, want := p.Attacks(s, to), bruteAttacks(&p, s, to); got != want {
					t.Fatalf("%s: Attacks(%s, %s) = %v, want %v", p.SFEN(), s, to, got, want)
				}
			}
		}
	}
}

func TestAttacksFromAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for i := 0; i < 20000; i++ {
		var occ SquareSet
		density := r.Float64()
		for s := Square(0); s < NumSquares; s++ {
			if r.Float64() < density {
				occ = occ.With(s)
			}
		}
		s := Square(r.IntN(NumSquares))
		pc := NewPiece(Color(r.IntN(2)), PieceType(1+r.IntN(NumPieceTypes-1)))
		want := SquareSetOf(bruteReach(pc, s, occ.Has)...)
		if got := AttacksFrom(pc, s, occ); got != want {
			t.Fatalf("AttacksFrom(%s, %s) with\n%v\n= \n%v\nwant\n%v", pc, s, occ, got, want)
		}
	}
}

func TestSquareSet(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for i := 0; i < 2000; i++ {
		var a, b SquareSet
		ma, mb := map[Square]bool{}, map[Square]bool{}
		for s := Square(0); s < NumSquares; s++ {
			if r.IntN(3) == 0 {
				a, ma[s] = a.With(s), true
			}
			if r.IntN(2) == 0 {
				b, mb[s] = b.With(s), true
			}
		}
		check := func(name string, got SquareSet, in func(Square) bool) {
			t.Helper()
			n := 0
			for s := Square(0); s < NumSquares; s++ {
				if got.Has(s) != in(s) {
					t.Fatalf("%s: Has(%s) = %v", name, s, got.Has(s))
				}
				if in(s) {
					n++
				}
			}
			if got.Count() != n || got.Empty() != (n == 0) {
				t.Fatalf("%s: Count %d Empty %v, want %d", name, got.Count(), got.Empty(), n)
			}
			if got.lo>>63 != 0 || got.hi>>(NumSquares-loSquares) != 0 {
				t.Fatalf("%s: bits off the board: %x %x", name, got.lo, got.hi)
			}
		}
		check("a", a, func(s Square) bool { return ma[s] })
		check("And", a.And(b), func(s Square) bool { return ma[s] && mb[s] })
		check("Or", a.Or(b), func(s Square) bool { return ma[s] || mb[s] })
		check("AndNot", a.AndNot(b), func(s Square) bool { return ma[s] && !mb[s] })
		check("Complement", a.Complement(), func(s Square) bool { return !ma[s] })
		check("up", a.up(), func(s Square) bool { return s < 72 && ma[s+9] })
		check("down", a.down(), func(s Square) bool { return s >= 9 && ma[s-9] })
		check("files", a.files(), func(s Square) bool {
			for x := range ma {
				if x.File() == s.File() {
					return true
				}
			}
			return false
		})
		s := Square(r.IntN(NumSquares))
		check("Without", a.Without(s), func(x Square) bool { return ma[x] && x != s })
		if a.more() != (a.Count() > 1) {
			t.Fatalf("more() = %v with %d squares", a.more(), a.Count())
		}
		var all []Square
		for s := range a.All() {
			all = append(all, s)
		}
		c := a
		var popped []Square
		for low := c.Lowest(); !c.Empty(); low = c.Lowest() {
			if s := c.Pop(); s != low {
				t.Fatalf("Pop = %s, Lowest was %s", s, low)
			}
			popped = append(popped, low)
		}
		if !slices.Equal(all, popped) || !slices.IsSorted(all) || len(all) != a.Count() {
			t.Fatalf("All %v, Pop %v, Count %d", all, popped, a.Count())
		}
		if c.Pop() != NoSquare || c.Lowest() != NoSquare {
			t.Fatal("Pop or Lowest of the empty set is not NoSquare")
		}
	}
	if SquareSetOf(NoSquare).Has(NoSquare) || !SquareSetOf(NewSquare(5, 5)).Has(NewSquare(5, 5)) {
		t.Error("SquareSetOf")
	}
	for range SquareSetOf(NewSquare(1, 1), NewSquare(9, 9)).All() {
		break // stopping early must not panic
	}
}

func TestPositionSets(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	for _, p := range randomPositions(r, 500) {
		var occ SquareSet
		for s := Square(0); s < NumSquares; s++ {
			pc := p.At(s)
			if pc == NoPiece {
				continue
			}
			occ = occ.With(s)
			if !p.OccupiedBy(pc.Color()).Has(s) || p.OccupiedBy(pc.Color().Other()).Has(s) {
				t.Fatalf("%s: OccupiedBy wrong on %s", p.SFEN(), s)
			}
			for ty := Pawn; ty < NumPieceTypes; ty++ {
				for _, c := range [2]Color{Black, White} {
					if p.Pieces(c, ty).Has(s) != (pc == NewPiece(c, ty)) {
						t.Fatalf("%s: Pieces(%s, %s) wrong on %s", p.SFEN(), c, ty, s)
					}
				}
			}
		}
		if p.Occupied() != occ {
			t.Fatalf("%s: Occupied\n%v\nwant\n%v", p.SFEN(), p.Occupied(), occ)
		}
		if !p.Pieces(Black, NoPieceType).Empty() {
			t.Fatal("Pieces(NoPieceType) is not empty")
		}
	}
}

func TestSquareSetString(t *testing.T) {
	got := SquareSetOf(NewSquare(9, 1), NewSquare(1, 9)).String()
	want := "* . . . . . . . .\n" + repeatLine(7) + ". . . . . . . . *"
	if got != want {
		t.Errorf("String() =\n%s\nwant\n%s", got, want)
	}
}

func repeatLine(n int) string {
	s := ""
	for range n {
		s += ". . . . . . . . .\n"
	}
	return s
}

// FuzzLegalMoves compares the generator with the brute-force reference on
// whatever position the fuzzer writes: dead pieces, nifu, a side without a
// king or the side not to move in check included.
func FuzzLegalMoves(f *testing.F) {
	for _, s := range []string{
		StartSFEN, matsuriSFEN,
		"8R/kSS1S1K2/4B4/9/9/9/9/9/3L1L1L1 b RBGSNLP3g3n17p 1",
		"8k/9/6NG1/9/9/9/9/9/4K4 b P 1",
		"4k4/9/9/9/9/9/9/9/9 b 2r2b4g4s4n4l18p 1",
		"P3k4/9/9/9/4p4/9/9/9/4K4 w Pp 1",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, sfen string) {
		p, err := ParseSFEN(sfen)
		if err != nil {
			return
		}
		want := bruteLegal(&p)
		sameMoves(t, "LegalMoves", &p, p.LegalMoves(nil), want)
		sameMoves(t, "LegalCaptures+LegalQuiets", &p, append(p.LegalCaptures(nil), p.LegalQuiets(nil)...), want)
		var checks []Move
		for _, m := range want {
			if q := p.Play(m); bruteKingAttacked(&q, p.SideToMove().Other()) {
				checks = append(checks, m)
			}
		}
		sameMoves(t, "LegalChecks", &p, p.LegalChecks(nil), checks)
		if p.HasLegalMove() != (len(want) > 0) {
			t.Fatalf("%s: HasLegalMove = %v", sfen, !(len(want) > 0))
		}
	})
}
