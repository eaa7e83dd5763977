package bot

import (
	"context"
	"slices"

	"shogi/game"
)

// Tsume problems (詰将棋) count a mate by their own rules, which differ
// from a game's in one point: a futile interposition (無駄合) is no
// defence. When a distant piece checks, the defender may put a piece
// between (a drop or a move); the interposition is futile when the
// checking piece can take it, with a check, and the attacker then mates
// without the piece taken — in that position with the piece given back
// to the defender's hand (the defender of a problem holds every piece not
// on the board or in the attacker's hand) — in no more plies than the
// position's mate has: it only adds its own two plies. So it is not
// counted, and a position whose only defences are futile is mate as it
// stands. The test is relative to the length being tried (andWithin's
// d), which makes it a bounded search like the rest, with no budget of
// its own to run out.
//
// The rule never changes whether a position is mate: after a futile
// interposition the attacker takes and mates with a piece to spare. So
// df-pn proves existence as for Mate, and only the bounded search for
// lengths (andWithin) leaves futile interpositions out.

// TsumeOptions shape a Tsume.
type TsumeOptions struct {
	// Budget is how many positions one call may search (0: no limit).
	Budget int
	// EveryInterposition counts every interposition as a defence, as
	// engines do (Mate's rule), instead of leaving out futile ones.
	EveryInterposition bool
}

// Tsume answers questions about mate problems for one attacker under
// tsume rules: how long the mate is, the main line, the defender's
// longest reply, the attacker's other mates. It keeps what it learns
// between calls, so asking about the positions of one problem one after
// another is cheap. A Tsume is for one goroutine at a time.
type Tsume struct {
	s        *mateSolver
	attacker game.Color
	budget   int
	exact    map[uint64]int
	left     map[uint64]bool
}

// NewTsume returns a solver for problems in which attacker mates.
func NewTsume(attacker game.Color, o TsumeOptions) *Tsume {
	// A problem seldom needs a big table, and one sits behind every
	// problem on screen: an entry per position of the budget, 12 MB at
	// most.
	n := 1 << 12
	for n < 1<<19 && (o.Budget == 0 || n < o.Budget) {
		n *= 2
	}
	s := &mateSolver{table: make([]mateEntry, n), mask: uint64(n - 1), maxNodes: o.Budget}
	s.bounds = map[uint64][2]int16{}
	s.futileRule = !o.EveryInterposition
	return &Tsume{s: s, attacker: attacker, budget: o.Budget, exact: map[uint64]int{}, left: map[uint64]bool{}}
}

// Forget clears all the solver has learnt, as if it were new.
func (t *Tsume) Forget() {
	clear(t.s.table)
	clear(t.s.bounds)
	clear(t.exact)
	clear(t.left)
}

// Attacker is the side that mates.
func (t *Tsume) Attacker() game.Color { return t.attacker }

// begin starts a call: a fresh budget and ctx.
func (t *Tsume) begin(ctx context.Context) {
	t.s.reset(t.budget)
	t.s.ctx = ctx
}

// Nodes is how many positions the last call searched.
func (t *Tsume) Nodes() int { return t.s.nodes }

// Status says whether the attacker mates in p, either side to move: the
// attacker by checks alone, the defender (in check) whatever it plays.
func (t *Tsume) Status(ctx context.Context, p game.Position) MateStatus {
	t.begin(ctx)
	return t.s.prove(&p, p.SideToMove() == t.attacker)
}

// Length is the mate's length from p in plies under tsume rules: the
// attacker's quickest against the defender's longest. With the defender
// to move 0 means p is mate already. It is -1 unless the status is
// MateFound.
func (t *Tsume) Length(ctx context.Context, p game.Position) (int, MateStatus) {
	t.begin(ctx)
	return t.length(&p)
}

func (t *Tsume) length(p *game.Position) (int, MateStatus) {
	key := p.Hash()
	if n, ok := t.exact[key]; ok {
		return n, MateFound
	}
	or := p.SideToMove() == t.attacker
	n := 0
	if or {
		n = 1
	}
	// Short mates by the bounded search alone: df-pn would prove every
	// interposition against a distant check, each piece on each square,
	// where the bounded search sees at once that they are futile.
	for ; n <= 3; n += 2 {
		if t.within(p, n) {
			t.exact[key] = n
			return n, MateFound
		}
		if t.s.stopped {
			return -1, MateUnknown
		}
	}
	if st := t.s.prove(p, or); st != MateFound {
		return -1, st
	}
	for ; n <= maxMatePly; n += 2 {
		if t.within(p, n) {
			t.exact[key] = n
			return n, MateFound
		}
		if t.s.stopped {
			break
		}
	}
	return -1, MateUnknown
}

// within reports whether the attacker mates from p within n plies.
func (t *Tsume) within(p *game.Position, n int) bool {
	t.s.path = t.s.path[:0]
	if p.SideToMove() == t.attacker {
		return t.s.orWithin(p, n, 0)
	}
	return t.s.andWithin(p, n, 0)
}

// exactly reports whether the mate from p takes exactly n plies, given
// that it takes at least n−2 more than... no: given it takes at most n.
func (t *Tsume) exactly(p *game.Position, n int) bool {
	return n < 2 || !t.within(p, n-2)
}

// Futile reports whether the defender's move m in p is a futile
// interposition (無駄合) against the mate p has under tsume rules.
func (t *Tsume) Futile(ctx context.Context, p game.Position, m game.Move) bool {
	t.begin(ctx)
	n, st := t.length(&p)
	return st == MateFound && t.s.futileRule && t.s.isFutile(&p, m, n, 0)
}

// best returns the moves from p (whose mate takes n plies) that keep to
// it: the attacker's checks that mate in n−1 more, the defender's
// defences, futile ones left out, that last n−1 more.
func (t *Tsume) best(p *game.Position, n int) []game.Move {
	var buf [256]game.Move
	var out []game.Move
	if p.SideToMove() == t.attacker {
		for _, m := range legalChecks(p, buf[:0]) {
			q := p.Play(m)
			if t.within(&q, n-1) {
				out = append(out, m)
			}
			if t.s.stopped {
				return nil
			}
		}
		return out
	}
	if n == 0 {
		return nil
	}
	for _, m := range p.LegalMoves(buf[:0]) {
		q := p.Play(m)
		// Every defence but a futile one is mated within n−1.
		if t.within(&q, n-1) && t.exactly(&q, n-1) && !(t.s.futileRule && t.s.isFutile(p, m, n, 0)) {
			out = append(out, m)
		}
		if t.s.stopped {
			return nil
		}
	}
	return out
}

// leftover reports whether every line of the mate from p (n plies) ends
// with pieces in the attacker's hand: the attacker's shortest mates, the
// defender's longest defences. A line without leaves none, so the main
// line takes it.
func (t *Tsume) leftover(p *game.Position, n int) bool {
	held := handCount(p, t.attacker)
	if n == 0 || held > (n+1)/2 {
		// The attacker drops at most one piece a move.
		return held > 0
	}
	key := p.Hash()
	if v, ok := t.left[key]; ok {
		return v
	}
	v := true
	for _, m := range t.best(p, n) {
		q := p.Play(m)
		if !t.leftover(&q, n-1) {
			v = false
			break
		}
	}
	if !t.s.stopped {
		t.left[key] = v
	}
	return v
}

func handCount(p *game.Position, c game.Color) int {
	n := 0
	for _, k := range game.HandTypes {
		n += p.Hand(c, k)
	}
	return n
}

// pick chooses among moves that keep to the mate (best's): one whose
// line can end with the attacker's hand empty, then the natural one.
func (t *Tsume) pick(p *game.Position, n int, moves []game.Move) game.Move {
	sortNatural(moves)
	if len(moves) == 1 {
		return moves[0]
	}
	for _, m := range moves {
		q := p.Play(m)
		if !t.leftover(&q, n-1) {
			return m
		}
	}
	return moves[0]
}

// sortNatural orders moves the way a person would look at them: king
// moves, captures (of the bigger piece first), other board moves, then
// drops of the cheapest piece first. Each equal choice then comes out the
// same way every time.
func sortNatural(ms []game.Move) {
	rank := func(m game.Move) int {
		switch {
		case m.Piece().Type() == game.King:
			return 0
		case m.Captured() != game.NoPiece:
			return 1 + (20 - int(m.Captured().Type()))
		case !m.IsDrop():
			return 30
		}
		return 40 + int(m.Piece().Type())
	}
	slices.SortStableFunc(ms, func(a, b game.Move) int { return rank(a) - rank(b) })
}

// Line is the main line from p under tsume rules: the attacker's
// quickest mate against the defender's longest defence, preferring at
// every choice a line that leaves the attacker no piece in hand. The
// status is MateFound when the line is complete.
func (t *Tsume) Line(ctx context.Context, p game.Position) ([]game.Move, MateStatus) {
	t.begin(ctx)
	n, st := t.length(&p)
	if st != MateFound {
		return nil, st
	}
	var line []game.Move
	for ; n > 0; n-- {
		ms := t.best(&p, n)
		if t.s.stopped {
			return line, MateUnknown
		}
		if len(ms) == 0 {
			break // the defender has only futile interpositions: mate
		}
		m := t.pick(&p, n, ms)
		line = append(line, m)
		p = p.Play(m)
	}
	return line, MateFound
}

// Leftover reports whether the mate from p must leave pieces in the
// attacker's hand (駒余り): true when every main line ends with some.
func (t *Tsume) Leftover(ctx context.Context, p game.Position) (bool, MateStatus) {
	t.begin(ctx)
	n, st := t.length(&p)
	if st != MateFound {
		return false, st
	}
	v := t.leftover(&p, n)
	if t.s.stopped {
		return false, MateUnknown
	}
	return v, MateFound
}

// Mates lists the attacker's checks in p that mate within n plies, the
// check itself counted: the moves that keep to a mate of n, or show
// another way (余詰). complete is false when the budget ran out first.
func (t *Tsume) Mates(ctx context.Context, p game.Position, n int) (moves []game.Move, complete bool) {
	t.begin(ctx)
	var buf [256]game.Move
	for _, m := range legalChecks(&p, buf[:0]) {
		q := p.Play(m)
		if t.within(&q, n-1) {
			moves = append(moves, m)
		}
		if t.s.stopped {
			return moves, false
		}
	}
	return moves, true
}

// Defences lists the defender's replies in p that keep to its longest
// defence (mate in n plies from p): futile interpositions left out.
func (t *Tsume) Defences(ctx context.Context, p game.Position, n int) (moves []game.Move, complete bool) {
	t.begin(ctx)
	moves = t.best(&p, n)
	return moves, !t.s.stopped
}

// Reply is the defender's answer to a check.
type Reply struct {
	// Move is the defence; NoMove when the position is mate.
	Move game.Move
	// Mated says the position is mate under tsume rules: no legal move,
	// or only futile interpositions (Futile then).
	Mated, Futile bool
	// Status is the attacker's prospect after Move: MateFound (in Plies
	// more), NoMate when the king has escaped, MateUnknown when the
	// budget ran out before either was shown.
	Status MateStatus
	Plies  int
}

// Defend answers the check in p (the defender to move) as a problem's
// defender does: with the longest defence, futile interpositions left
// out, preferring among equally long ones a line that leaves the attacker
// no piece in hand. When the attacker has no mate, it plays a move after
// which it can show there is none (an escape).
func (t *Tsume) Defend(ctx context.Context, p game.Position) Reply {
	t.begin(ctx)
	var buf [256]game.Move
	moves := p.LegalMoves(buf[:0])
	if len(moves) == 0 {
		return Reply{Mated: true, Status: MateFound}
	}
	n, st := t.length(&p)
	switch {
	case st == MateFound && n == 0:
		return Reply{Mated: true, Futile: true, Status: MateFound}
	case st == MateFound:
		ms := t.best(&p, n)
		if len(ms) > 0 {
			return Reply{Move: t.pick(&p, n, ms), Status: MateFound, Plies: n - 1}
		}
	}
	// No mate (or none shown): an escape the search can show.
	ms := slices.Clone(moves)
	sortNatural(ms)
	bestMove, bestPN := ms[0], uint32(0)
	for _, m := range ms {
		q := p.Play(m)
		switch t.s.prove(&q, true) {
		case NoMate:
			return Reply{Move: m, Status: NoMate}
		case MateUnknown:
			if pn, _, _ := t.s.lookup(q.Hash()); pn > bestPN {
				bestMove, bestPN = m, pn
			}
		}
		if t.s.stopped {
			break
		}
	}
	return Reply{Move: bestMove, Status: MateUnknown}
}

// ---- the futile-interposition rule ----

// interposition reports whether the defender's legal move m in p (in
// check) puts a piece between the king and the checker, and says where
// the checker stands. Any move but the king's that does not take the
// single checker does so; against two checkers only the king moves.
func interposition(p *game.Position, m game.Move) (game.Square, bool) {
	if m.Piece().Type() == game.King {
		return game.NoSquare, false
	}
	c := p.SideToMove()
	a := p.Attackers(p.KingSquare(c), c.Other())
	if a.Count() != 1 || a.Has(m.To()) {
		return game.NoSquare, false
	}
	return a.Lowest(), true
}

// isFutile reports whether the defender's move m in p is a futile
// interposition when p is to be mated within d plies: the checker takes
// the piece with a check, and with that piece back in the defender's hand
// the attacker still mates within d. (The taking piece stands nearer the
// king, so the test, which may meet interpositions of its own, ends.)
func (s *mateSolver) isFutile(p *game.Position, m game.Move, d, ply int) bool {
	checker, ok := interposition(p, m)
	if !ok {
		return false
	}
	q := p.Play(m)
	att := q.SideToMove()
	t := m.PieceAfter().Type().Unpromote()
	for _, promote := range [2]bool{false, true} {
		r := q.NewMove(checker, m.To(), promote)
		if !q.IsLegal(r) || !q.GivesCheck(r) {
			continue
		}
		x := q.Play(r)
		x.SetHand(att, t, x.Hand(att, t)-1)
		x.SetHand(att.Other(), t, x.Hand(att.Other(), t)+1)
		if s.andWithin(&x, d, ply+2) {
			return true
		}
		if s.stopped {
			return false
		}
	}
	return false
}

// onlyFutile reports whether every one of moves (the defender's, in p) is
// a futile interposition against a mate within d: p is then mated.
func (s *mateSolver) onlyFutile(p *game.Position, moves []game.Move, d, ply int) bool {
	for _, m := range moves {
		if _, ok := interposition(p, m); !ok {
			return false
		}
	}
	for _, m := range moves {
		if !s.isFutile(p, m, d, ply) {
			return false
		}
	}
	return true
}

// prove runs df-pn from p until it is proved, disproved or the budget
// ends; or says the side to move attacks.
func (s *mateSolver) prove(p *game.Position, or bool) MateStatus {
	key := p.Hash()
	for {
		pn, dn, _ := s.lookup(key)
		switch {
		case pn == 0:
			return MateFound
		case dn == 0 && !s.tooDeep:
			return NoMate
		case dn == 0 || s.stopped:
			return MateUnknown
		}
		s.mid(p, key, or, pnInf, pnInf, 0)
	}
}
