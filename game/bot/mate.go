package bot

import (
	"context"
	"time"

	"shogi/game"
	"shogi/game/usi"
)

// The mate solver (詰将棋): the side to move attacks with checks only, the
// defender answers with any legal move, and the attacker wins when the
// defender has none. A pawn drop that would mate is not a legal move
// (uchifuzume), and repeating a position is a failure for the attacker
// (perpetual check loses), so a mate found is a mate under the rules.
//
// Existence is settled by df-pn (Nagai's depth-first proof-number search):
// each position has a proof number (how many leaves must still be shown
// mated to prove it) and a disproof number; the search always expands the
// most proving line within thresholds, and a table remembers the numbers.
// A proved root is then searched again with a bounded AND/OR search for
// the shortest mate, which also gives the line: the attacker's quickest
// mate against the defender's longest resistance.

// MateStatus is the outcome of a mate search.
type MateStatus uint8

const (
	// MateUnknown: the budget ran out before a proof either way.
	MateUnknown MateStatus = iota
	// MateFound: a forced mate exists; the result has its line.
	MateFound
	// NoMate: there is no mate by checks alone.
	NoMate
)

const (
	mateUnknown = MateUnknown
	mateFound   = MateFound
	mateNone    = NoMate
)

func (s MateStatus) String() string {
	return [...]string{"unknown", "mate", "no mate"}[s%3]
}

// MateResult is what Mate found.
type MateResult struct {
	Status MateStatus
	// PV is the mating line, attacker's move first, ending in mate. With
	// Shortest set its length is the shortest mate against the best
	// defence; otherwise the budget ran out while proving that, and PV is
	// a mate, perhaps a longer one.
	PV       []game.Move
	Shortest bool
	Nodes    int
	Time     time.Duration
}

// Checkmate is r as USI's answer to go mate: the mate, nomate, or a
// timeout when the budget ran out first.
func (r MateResult) Checkmate() usi.Checkmate {
	switch r.Status {
	case MateFound:
		return usi.Checkmate{Moves: r.PV}
	case NoMate:
		return usi.Checkmate{NoMate: true}
	}
	return usi.Checkmate{Timeout: true}
}

type mateResult struct {
	status MateStatus
	pv     []game.Move
	nodes  int
}

// Mate looks for a forced mate for the side to move in p, spending at most
// maxNodes positions (0: no node limit) and stopping when ctx ends.
func Mate(ctx context.Context, p game.Position, maxNodes int) MateResult {
	start := time.Now()
	s := newMateSolver(maxNodes)
	r := s.solve(ctx, &p, true)
	return MateResult{Status: r.status, PV: r.pv, Shortest: s.shortest, Nodes: r.nodes, Time: time.Since(start)}
}

const (
	pnInf       = uint32(1 << 30)
	maxMatePly  = 200
	mateMaxSize = 1 << 21 // table entries at most (48 MB)
)

type mateEntry struct {
	key    uint64
	pn, dn uint32
	dist   uint16 // plies to mate along the proof, once pn is 0
	used   bool
}

type mateChild struct {
	m   game.Move
	pos game.Position
	key uint64
	rep bool // repeats a position on the current path
}

type mateSolver struct {
	table    []mateEntry
	mask     uint64
	maxNodes int
	nodes    int
	ctx      context.Context
	stopped  bool
	tooDeep  bool // some line was cut at maxMatePly: a disproof is not trusted
	path     []uint64
	bufs     [][]mateChild
	shortest bool

	// The bounded search for the shortest mate: per position, the longest
	// length known too short and the shortest known enough.
	bounds map[uint64][2]int16

	// futileRule makes the bounded search count lengths by tsume rules:
	// a futile interposition (無駄合) is no defence (see mate_tsume.go).
	// Mate leaves it off and counts every interposition, as engines do.
	futileRule bool
}

func newMateSolver(maxNodes int) *mateSolver {
	n := 1 << 14
	for n < mateMaxSize && (maxNodes == 0 || n < 4*maxNodes) {
		n *= 2
	}
	return &mateSolver{table: make([]mateEntry, n), mask: uint64(n - 1), maxNodes: maxNodes}
}

// The table has buckets of mateWays entries; a position lives in the
// bucket its hash selects.
const mateWays = 4

func (s *mateSolver) bucket(key uint64) []mateEntry {
	i := (key & s.mask) &^ (mateWays - 1)
	return s.table[i : i+mateWays]
}

// reset readies the solver for another root with a budget of maxNodes,
// keeping its table.
func (s *mateSolver) reset(maxNodes int) {
	s.maxNodes, s.nodes = maxNodes, 0
	s.stopped, s.tooDeep, s.shortest = false, false, false
	s.path = s.path[:0]
}

func (s *mateSolver) lookup(key uint64) (pn, dn uint32, dist uint16) {
	for i, b := 0, s.bucket(key); i < len(b); i++ {
		if b[i].used && b[i].key == key {
			return b[i].pn, b[i].dn, b[i].dist
		}
	}
	return 1, 1, 0
}

// store always stores: a result dropped would make its parent expand the
// child again and again. It replaces the same position, else an empty
// entry, else the pending entry with the least evidence, else the first.
func (s *mateSolver) store(key uint64, pn, dn uint32, dist uint16) {
	b := s.bucket(key)
	victim := -1
	for i := range b {
		if !b[i].used || b[i].key == key {
			victim = i
			break
		}
	}
	if victim < 0 {
		for i := range b {
			if b[i].pn != 0 && b[i].dn != 0 && (victim < 0 || b[i].pn+b[i].dn < b[victim].pn+b[victim].dn) {
				victim = i
			}
		}
	}
	if victim < 0 {
		victim = int(key>>60) % mateWays
	}
	b[victim] = mateEntry{key: key, pn: pn, dn: dn, dist: dist, used: true}
}

func (s *mateSolver) tick() bool {
	s.nodes++
	if s.maxNodes > 0 && s.nodes >= s.maxNodes {
		s.stopped = true
	}
	if s.nodes&1023 == 0 {
		select {
		case <-s.ctx.Done():
			s.stopped = true
		default:
		}
	}
	return s.stopped
}

// solve runs df-pn from p; with shortest it then looks for the shortest
// mate and its line, else the line is the proof's.
func (s *mateSolver) solve(ctx context.Context, p *game.Position, shortest bool) mateResult {
	s.ctx = ctx
	key := p.Hash()
	for {
		s.mid(p, key, true, pnInf, pnInf, 0)
		pn, dn, _ := s.lookup(key)
		if pn == 0 || dn == 0 || s.stopped {
			break
		}
	}
	pn, dn, _ := s.lookup(key)
	switch {
	case pn == 0:
		pv := s.proofLine(p)
		if !shortest {
			return mateResult{status: mateFound, pv: pv, nodes: s.nodes}
		}
		if exact := s.shortestLine(p, len(pv)); exact != nil {
			pv, s.shortest = exact, true
		}
		return mateResult{status: mateFound, pv: pv, nodes: s.nodes}
	case dn == 0 && !s.tooDeep:
		return mateResult{status: mateNone, nodes: s.nodes}
	}
	return mateResult{status: mateUnknown, nodes: s.nodes}
}

// children generates a node's moves: checks for the attacker, every legal
// move for the defender.
func (s *mateSolver) children(p *game.Position, or bool, ply int) []mateChild {
	for len(s.bufs) <= ply {
		s.bufs = append(s.bufs, nil)
	}
	var buf [256]game.Move
	var moves []game.Move
	if or {
		moves = legalChecks(p, buf[:0])
	} else {
		moves = p.LegalMoves(buf[:0])
	}
	cs := s.bufs[ply][:0]
	for _, m := range moves {
		q := p.Play(m)
		k := q.Hash()
		rep := false
		for _, h := range s.path {
			if h == k {
				rep = true
				break
			}
		}
		cs = append(cs, mateChild{m: m, pos: q, key: k, rep: rep})
	}
	s.bufs[ply] = cs
	return cs
}

func (s *mateSolver) childNumbers(c *mateChild) (pn, dn uint32, dist uint16) {
	if c.rep {
		return pnInf, 0, 0
	}
	return s.lookup(c.key)
}

func addSat(a, b uint32) uint32 {
	if a+b >= pnInf {
		return pnInf
	}
	return a + b
}

// mid is df-pn's multiple iterative deepening at one node: it searches
// below until the node's proof or disproof number reaches its threshold.
func (s *mateSolver) mid(p *game.Position, key uint64, or bool, thpn, thdn uint32, ply int) {
	if s.tick() {
		return
	}
	if ply >= maxMatePly {
		s.tooDeep = true
		s.store(key, pnInf, 0, 0)
		return
	}
	cs := s.children(p, or, ply)
	if len(cs) == 0 {
		if or {
			s.store(key, pnInf, 0, 0) // no check: the attack is over
		} else {
			s.store(key, 0, pnInf, 0) // no legal move: mated
		}
		return
	}
	s.path = append(s.path, key)
	defer func() { s.path = s.path[:len(s.path)-1] }()
	for {
		pn, dn, dist, best, second := s.collect(cs, or)
		s.store(key, pn, dn, dist)
		if pn >= thpn || dn >= thdn || pn == 0 || dn == 0 || s.stopped {
			return
		}
		c := &cs[best]
		cpn, cdn, _ := s.childNumbers(c)
		var tpn, tdn uint32
		if or {
			tpn = min(thpn, epsilon(second))
			tdn = thdn - dn + cdn
			if thdn >= pnInf {
				tdn = pnInf
			}
		} else {
			tdn = min(thdn, epsilon(second))
			tpn = thpn - pn + cpn
			if thpn >= pnInf {
				tpn = pnInf
			}
		}
		s.mid(&c.pos, c.key, !or, tpn, tdn, ply+1)
		// The child's expansion reused deeper buffers only; cs is intact.
	}
}

// epsilon is the 1+ε threshold: a little beyond the second-best child, so
// the search does not switch back and forth between two close children.
func epsilon(second uint32) uint32 {
	if second >= pnInf {
		return pnInf
	}
	return addSat(second, 1+second/4)
}

// collect computes a node's numbers from its children, and the child to
// expand with the second-best number.
func (s *mateSolver) collect(cs []mateChild, or bool) (pn, dn uint32, dist uint16, best int, second uint32) {
	second = pnInf
	if or {
		pn, dn = pnInf, 0
		var bestDist uint16 = 0xffff
		for i := range cs {
			cpn, cdn, cd := s.childNumbers(&cs[i])
			dn = addSat(dn, cdn)
			if cpn == 0 && cd < bestDist {
				bestDist = cd
			}
			if cpn < pn {
				second = pn
				pn, best = cpn, i
			} else if cpn < second {
				second = cpn
			}
		}
		if pn == 0 {
			dist = bestDist + 1
		}
		return
	}
	pn, dn = 0, pnInf
	var worst uint16
	for i := range cs {
		cpn, cdn, cd := s.childNumbers(&cs[i])
		pn = addSat(pn, cpn)
		worst = max(worst, cd)
		if cdn < dn {
			second = dn
			dn, best = cdn, i
		} else if cdn < second {
			second = cdn
		}
	}
	if pn == 0 {
		dist = worst + 1
	}
	return
}

// proofLine follows the proof in the table: the attacker's proved move
// with the shortest proof, the defender's move with the longest.
func (s *mateSolver) proofLine(p *game.Position) []game.Move {
	var line []game.Move
	q := *p
	or := true
	s.path = s.path[:0]
	for ply := 0; ply < maxMatePly; ply++ {
		cs := s.children(&q, or, ply)
		if len(cs) == 0 {
			break
		}
		pick := -1
		var pd uint16
		for i := range cs {
			cpn, _, cd := s.childNumbers(&cs[i])
			if cpn != 0 {
				if or {
					continue
				}
				return line // a defence the table no longer proves
			}
			if pick < 0 || or && cd < pd || !or && cd > pd {
				pick, pd = i, cd
			}
		}
		if pick < 0 {
			break
		}
		line = append(line, cs[pick].m)
		s.path = append(s.path, q.Hash())
		q = cs[pick].pos
		or = !or
	}
	s.path = s.path[:0]
	return line
}

// shortestLine finds the shortest mate (at most limit plies) by a bounded
// AND/OR search and returns its line; nil when the budget runs out first.
func (s *mateSolver) shortestLine(p *game.Position, limit int) []game.Move {
	if s.maxNodes > 0 {
		s.maxNodes = s.nodes + max(s.maxNodes, 200_000)
	}
	s.stopped = false
	s.bounds = map[uint64][2]int16{}
	n := 1
	for ; n <= limit; n += 2 {
		if s.orWithin(p, n, 0) {
			break
		}
		if s.stopped {
			return nil
		}
	}
	if n > limit {
		return nil // the table's line was the shortest after all? it should have been found
	}
	var line []game.Move
	q := *p
	for d := n; d > 0; d-- {
		var buf [256]game.Move
		if d%2 == 1 {
			// Attacker: the check that mates soonest.
			bestLen, bestMove := -1, game.NoMove
			for _, m := range legalChecks(&q, buf[:0]) {
				r := q.Play(m)
				if l := s.exactLen(&r, false, d-1); l >= 0 && (bestLen < 0 || l < bestLen) {
					bestLen, bestMove = l, m
				}
				if s.stopped {
					return nil
				}
			}
			if bestMove == game.NoMove {
				return nil
			}
			line = append(line, bestMove)
			q = q.Play(bestMove)
			d = bestLen + 1
			continue
		}
		// Defender: the reply that lasts longest.
		moves := q.LegalMoves(buf[:0])
		if len(moves) == 0 {
			break
		}
		bestLen, bestMove := -1, game.NoMove
		for _, m := range moves {
			r := q.Play(m)
			l := s.exactLen(&r, true, d-1)
			if s.stopped {
				return nil
			}
			if l < 0 {
				return nil // cannot happen once the node is proved
			}
			if l > bestLen {
				bestLen, bestMove = l, m
			}
		}
		line = append(line, bestMove)
		q = q.Play(bestMove)
		d = bestLen + 1
	}
	return line
}

// exactLen is the shortest mate length from p within limit plies, -1 if
// none is that short.
func (s *mateSolver) exactLen(p *game.Position, or bool, limit int) int {
	start := 0
	if or {
		start = 1
	}
	for n := start; n <= limit; n += 2 {
		var ok bool
		if or {
			ok = s.orWithin(p, n, 0)
		} else {
			ok = s.andWithin(p, n, 0)
		}
		if ok {
			return n
		}
		if s.stopped {
			return -1
		}
	}
	return -1
}

func (s *mateSolver) known(key uint64, d int) (result, ok bool) {
	b, found := s.bounds[key]
	if !found {
		return false, false
	}
	if b[1] > 0 && d >= int(b[1]) {
		return true, true
	}
	if d <= int(b[0]) {
		return false, true
	}
	return false, false
}

func (s *mateSolver) remember(key uint64, d int, mated bool) {
	b, found := s.bounds[key]
	if !found {
		b = [2]int16{-1, 0}
	}
	if mated {
		if b[1] == 0 || int16(d) < b[1] {
			b[1] = int16(d)
		}
	} else if int16(d) > b[0] {
		b[0] = int16(d)
	}
	s.bounds[key] = b
}

// orWithin reports whether the attacker to move mates within d plies.
func (s *mateSolver) orWithin(p *game.Position, d, ply int) bool {
	if d < 1 || s.tick() {
		return false
	}
	key := p.Hash()
	if r, ok := s.known(key, d); ok {
		return r
	}
	var buf [256]game.Move
	checks := legalChecks(p, buf[:0])
	// Proved checks first: the df-pn table knows which checks mate.
	for i, j := 0, 0; i < len(checks); i++ {
		q := p.Play(checks[i])
		if pn, _, _ := s.lookup(q.Hash()); pn == 0 {
			checks[i], checks[j] = checks[j], checks[i]
			j++
		}
	}
	s.path = append(s.path, key)
	defer func() { s.path = s.path[:len(s.path)-1] }()
	for _, m := range checks {
		q := p.Play(m)
		if s.onPath(q.Hash()) {
			continue
		}
		if s.andWithin(&q, d-1, ply+1) {
			s.remember(key, d, true)
			return true
		}
		if s.stopped {
			return false
		}
	}
	s.remember(key, d, false)
	return false
}

// andWithin reports whether the defender to move is mated within d plies.
func (s *mateSolver) andWithin(p *game.Position, d, ply int) bool {
	if s.tick() {
		return false
	}
	var buf [256]game.Move
	moves := p.LegalMoves(buf[:0])
	if len(moves) == 0 {
		return true
	}
	if d < 2 && !s.futileRule {
		return false
	}
	key := p.Hash()
	if d < 2 {
		// Mated now under tsume rules, with only futile interpositions
		// left? A defender's mate has an even length, so 1 stands for 0
		// in the table.
		if r, ok := s.known(key, 1); ok {
			return r
		}
		r := s.onlyFutile(p, moves, d, ply)
		if !s.stopped {
			s.remember(key, 1, r)
		}
		return r
	}
	if r, ok := s.known(key, d); ok {
		return r
	}
	// Defences the table could not prove first: they refute soonest.
	for i, j := 0, 0; i < len(moves); i++ {
		q := p.Play(moves[i])
		if pn, _, _ := s.lookup(q.Hash()); pn != 0 {
			moves[i], moves[j] = moves[j], moves[i]
			j++
		}
	}
	s.path = append(s.path, key)
	defer func() { s.path = s.path[:len(s.path)-1] }()
	for _, m := range moves {
		q := p.Play(m)
		if s.onPath(q.Hash()) || !s.orWithin(&q, d-1, ply+1) {
			if s.futileRule && !s.stopped && s.isFutile(p, m, d, ply) {
				continue // no defence under tsume rules
			}
			if !s.stopped {
				s.remember(key, d, false)
			}
			return false
		}
	}
	s.remember(key, d, true)
	return true
}

func (s *mateSolver) onPath(k uint64) bool {
	for _, h := range s.path {
		if h == k {
			return true
		}
	}
	return false
}
