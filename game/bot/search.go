package bot

import (
	"context"
	"math"
	"slices"
	"sync/atomic"
	"time"

	"shogi/game"
	"shogi/game/engine"
)

// The search: iterative deepening over a principal-variation alpha-beta
// search with a transposition table, null-move pruning outside check,
// late-move reductions and pruning, futility pruning, check extension, and
// a quiescence search on captures and promotions.

const (
	maxPly    = 120
	infinity  = 32001
	mateScore = 32000
	mateBound = mateScore - 2*maxPly // |score| ≥ mateBound: a mate is known
)

func mateIn(ply int) int  { return mateScore - ply }
func matedIn(ply int) int { return -mateScore + ply }

// frame is one ply of the current line.
type frame struct {
	pos     game.Position
	inCheck bool
	move    game.Move // the move played from this position, NoMove for a null move
	cont    *contRow  // the continuation history after move
	eval    int
	// excluded is the move left out while searching whether the hash move
	// is singular (the only good move here), NoMove otherwise.
	excluded game.Move
	killers  [2]game.Move
}

type rootMove struct {
	move      game.Move
	score     int // this iteration; -infinity when not searched fully
	prevScore int
	pv        []game.Move
	selDepth  int
}

// searcher holds one search's state. The move statistics and the
// transposition table outlive a search (they belong to the Engine); the
// rest is reset for each.
type searcher struct {
	tt      *ttable
	stats   *moveStats
	stack   [maxPly + 4]frame
	pickers [maxPly + 4]picker
	// xpickers serve the searches that exclude a move, which run inside a
	// node at the same ply while its own picker is still in use.
	xpickers [maxPly + 4]picker
	pv       [maxPly + 2][maxPly + 2]game.Move
	pvLen    [maxPly + 2]int

	// keys and checks cover every position from the game's start to the
	// current node, for repetitions; root is the index of the root.
	keys   []uint64
	checks []bool
	root   int

	rootMoves []rootMove
	pvIdx     int
	rootDepth int
	selDepth  int

	nodes     uint64
	nodeLimit uint64
	hard      time.Time // stop here whatever happens (zero: no limit)
	start     time.Time
	ctx       context.Context
	stopped   bool
	budget    timeBudget // soft counts from start, hard from clock
	clock     time.Time  // when the clock began: start, or the ponder hit

	// While pondering, ponderHit is the request's channel and hit says how
	// the clock is planned once it is closed; both are nil otherwise.
	ponderHit <-chan struct{}
	hit       func() timeBudget
	hitSeen   bool              // the ponder hit came during the search
	info      func(engine.Info) // the main searcher's reports

	cfg       searchConfig
	noiseSeed uint64

	// Lazy SMP: helpers search the same root on other goroutines, sharing
	// only the transposition table, which makes the main searcher's
	// search find more of its answers there. The main searcher reports and
	// decides when all stop (abort).
	helpers []*searcher
	abort   *atomic.Bool
	counted atomic.Uint64 // nodes, published every 256 for the main searcher's reports
}

// searchConfig is what a level changes in the search.
type searchConfig struct {
	noise          int  // ± centipawns added to each evaluation
	recaptureOnly  bool // quiescence only recaptures on the last move's square
	pruneLateMoves bool
}

var lmrTable [64][64]int8

func init() {
	for d := 1; d < 64; d++ {
		for n := 1; n < 64; n++ {
			lmrTable[d][n] = int8(0.6 + math.Log(float64(d))*math.Log(float64(n))/2.2)
		}
	}
}

func lmr(depth, n int) int { return int(lmrTable[min(depth, 63)][min(n, 63)]) }

// evaluate with the level's noise: a fixed pseudo-random offset per
// position, so the same position keeps its score within a search.
func (s *searcher) evaluate(p *game.Position) int {
	v := evaluate(p)
	if s.cfg.noise > 0 {
		x := p.Hash() ^ s.noiseSeed
		x ^= x >> 31
		x *= 0x7fb5d329728ea185
		x ^= x >> 27
		v += int(x%uint64(2*s.cfg.noise+1)) - s.cfg.noise
	}
	return v
}

// pollStop checks the clock and the context every 256 nodes (a fraction
// of a millisecond), and the node limit at every node (so node-limited
// searches repeat exactly).
func (s *searcher) pollStop() bool {
	if s.stopped {
		return true
	}
	if s.nodeLimit > 0 && s.nodes >= s.nodeLimit {
		s.stopped = true
		return true
	}
	if s.nodes&255 == 0 {
		s.counted.Store(s.nodes)
		if s.abort != nil && s.abort.Load() {
			s.stopped = true
		}
		select {
		case <-s.ctx.Done():
			s.stopped = true
		default:
		}
		if s.ponderHit != nil {
			select {
			case <-s.ponderHit:
				s.ponderHitNow()
			default:
			}
		}
		if !s.hard.IsZero() && time.Now().After(s.hard) {
			s.stopped = true
		}
	}
	return s.stopped
}

// ponderHitNow turns a ponder search into a timed one: the clock starts
// now. When the time the search would have taken is already spent (it
// pondered past its soft limit), it stops at once and answers with what
// the pondering found; otherwise it goes on up to its hard limit counted
// from now, and starts no new iteration once half of its soft limit,
// counted from the start of pondering, has passed. The totals at the hit
// are reported, so what the search did after it can be told apart.
func (s *searcher) ponderHitNow() {
	now := time.Now()
	s.ponderHit, s.hitSeen = nil, true
	s.budget, s.clock = s.hit(), now
	if s.budget.hard > 0 {
		s.hard = now.Add(s.budget.hard)
	}
	if s.info != nil {
		el := now.Sub(s.start)
		in := engine.Info{Time: el, Nodes: s.totalNodes(), HashFull: s.tt.hashfull()}
		if ms := el.Milliseconds(); ms > 0 {
			in.NPS = in.Nodes * 1000 / uint64(ms)
		}
		s.info(in)
	}
	if s.budget.soft > 0 && !s.budget.fixed() && now.Sub(s.start) > s.budget.soft {
		s.stopped = true
	}
}

// totalNodes counts the nodes of the main searcher and its helpers.
func (s *searcher) totalNodes() uint64 {
	n := s.nodes
	for _, h := range s.helpers {
		n += h.counted.Load()
	}
	return n
}

// repetition looks for the current position earlier in the game or line.
// Shogi draws on the fourth occurrence, or the side that checked on every
// move of the cycle loses; the search scores the first repetition so.
func (s *searcher) repetition(ply int) (int, bool) {
	i := s.root + ply
	k := s.keys[i]
	for j := i - 4; j >= 0 && j >= i-32; j -= 2 {
		if s.keys[j] != k {
			continue
		}
		// Positions i, i-2, … have the side to move (us) to move; our
		// being in check there means the opponent's move checked.
		theyChecked, weChecked := true, true
		for x := j + 2; x <= i; x += 2 {
			theyChecked = theyChecked && s.checks[x]
		}
		for x := j + 1; x < i; x += 2 {
			weChecked = weChecked && s.checks[x]
		}
		switch {
		case theyChecked && !weChecked:
			return mateIn(ply), true
		case weChecked && !theyChecked:
			return matedIn(ply), true
		}
		return 0, true
	}
	return 0, false
}

// setMove records m as the move played from ply (NoMove: a null move).
func (s *searcher) setMove(ply int, m game.Move) {
	f := &s.stack[ply]
	f.move = m
	if m == game.NoMove {
		f.cont = &s.stats.cont[noContRow]
	} else {
		f.cont = &s.stats.cont[contIndex(m)]
	}
}

// contRows returns the continuation histories for a move at ply: after
// the move one ply before, and two plies before.
func (s *searcher) contRows(ply int) (c1, c2 *contRow) {
	c1, c2 = &s.stats.cont[noContRow], &s.stats.cont[noContRow]
	if ply >= 1 {
		c1 = s.stack[ply-1].cont
	}
	if ply >= 2 {
		c2 = s.stack[ply-2].cont
	}
	return c1, c2
}

func (s *searcher) push(ply int, pos game.Position, inCheck bool) {
	f := &s.stack[ply]
	f.pos = pos
	f.inCheck = inCheck
	i := s.root + ply
	s.keys = append(s.keys[:i], pos.Hash())
	s.checks = append(s.checks[:i], inCheck)
}

func scoreToTT(v, ply int) int {
	switch {
	case v >= mateBound:
		return v + ply
	case v <= -mateBound:
		return v - ply
	}
	return v
}

func scoreFromTT(v, ply int) int {
	switch {
	case v >= mateBound:
		return v - ply
	case v <= -mateBound:
		return v + ply
	}
	return v
}

func (s *searcher) updatePV(ply int, m game.Move) {
	s.pv[ply][0] = m
	n := s.pvLen[ply+1]
	copy(s.pv[ply][1:], s.pv[ply+1][:n])
	s.pvLen[ply] = n + 1
}

// search is the alpha-beta search below the root.
func (s *searcher) search(ply, depth, alpha, beta int, cutNode bool) int {
	pvNode := beta-alpha > 1
	if depth <= 0 {
		return s.qsearch(ply, alpha, beta, 0)
	}
	s.pvLen[ply] = 0
	if s.pollStop() {
		return 0
	}
	s.nodes++
	s.selDepth = max(s.selDepth, ply)
	if v, ok := s.repetition(ply); ok {
		return v
	}
	alpha = max(alpha, matedIn(ply))
	beta = min(beta, mateIn(ply+1))
	if alpha >= beta {
		return alpha
	}
	f := &s.stack[ply]
	pos := &f.pos
	if ply >= maxPly {
		return s.evaluate(pos)
	}
	inCheck := f.inCheck
	excluded := f.excluded
	key := pos.Hash()
	ttMove := game.NoMove
	var te ttEntry
	hit := false
	if excluded == game.NoMove {
		te, hit = s.tt.probe(key)
	}
	ttScore := 0
	if hit {
		ttMove = te.move
		ttScore = scoreFromTT(int(te.score), ply)
		b := bound(te.flags & 3)
		if !pvNode && int(te.depth) >= depth &&
			(b == boundExact || b == boundLower && ttScore >= beta || b == boundUpper && ttScore <= alpha) {
			return ttScore
		}
	}

	eval := -infinity
	improving := false
	if !inCheck {
		switch {
		case excluded != game.NoMove:
			eval = f.eval // this node's, already known
		case hit:
			eval = int(te.eval)
		default:
			eval = s.evaluate(pos)
		}
		if ply >= 2 && !s.stack[ply-2].inCheck {
			improving = eval > s.stack[ply-2].eval
		}
	}
	f.eval = eval
	// The table's score, where its bound allows, is a better guess than
	// the static evaluation for the pruning below.
	if hit && !inCheck && excluded == game.NoMove && abs(ttScore) < mateBound {
		if b := bound(te.flags & 3); b == boundExact || b == boundLower && ttScore > eval || b == boundUpper && ttScore < eval {
			eval = ttScore
		}
	}
	s.stack[ply+1].killers = [2]game.Move{}

	if !pvNode && !inCheck && abs(beta) < mateBound && excluded == game.NoMove {
		// Razoring: so far below alpha near the leaves that only a capture
		// could help; if the quiescence search agrees, stop here.
		if depth <= 3 && eval+150+150*depth <= alpha {
			v := s.qsearch(ply, alpha-1, alpha, 0)
			if s.stopped {
				return 0
			}
			if v < alpha {
				return v
			}
		}
		// Reverse futility: far enough above beta that a quiet move will not
		// bring it back.
		if depth <= 6 && eval-100*depth+boolInt(improving)*30 >= beta {
			return eval
		}
		// Null move: pass, and if a reduced search still fails high, so
		// would a real move. Zugzwang is rare in shogi (a piece in hand can
		// always be dropped).
		if depth >= 3 && eval >= beta && ply > 0 && s.stack[ply-1].move != game.NoMove {
			r := 3 + depth/4 + min(3, (eval-beta)/200)
			null := *pos
			null.SetSideToMove(null.SideToMove().Other())
			s.setMove(ply, game.NoMove)
			s.push(ply+1, null, false)
			v := -s.search(ply+1, depth-r, -beta, -beta+1, !cutNode)
			if s.stopped {
				return 0
			}
			if v >= beta {
				if v >= mateBound {
					v = beta
				}
				return v
			}
		}
	}
	// Without a hash move this node was not searched before: search it a
	// little shallower rather than spend time on poor ordering.
	if ttMove == game.NoMove && depth >= 4 && (pvNode || cutNode) && excluded == game.NoMove {
		depth--
	}

	pk := s.newPicker(ply, ttMove, inCheck, excluded != game.NoMove)
	best, bestMove := -infinity, game.NoMove
	n := 0
	var quiets [64]game.Move
	nq := 0
	origAlpha := alpha
	for {
		m := pk.next()
		if m == game.NoMove {
			break
		}
		if m == excluded {
			continue
		}
		n++
		capture := m.Captured() != game.NoPiece
		quiet := !capture && !m.IsPromotion()
		check := givesCheck(pos, m)

		if ply > 0 && best > -mateBound && !inCheck {
			if quiet && !check {
				// Late-move and futility pruning hold for every later quiet
				// move once they hold for one (the count only grows, alpha
				// only rises), so the rest need not come in order.
				if s.cfg.pruneLateMoves && depth <= 7 && n > (3+depth*depth)/(2-boolInt(improving)) {
					pk.unsorted = true
					continue
				}
				if depth <= 6 && eval+120+110*depth <= alpha {
					pk.unsorted = true
					continue
				}
				if depth <= 5 && see(pos, m) < -25*depth*depth {
					continue
				}
			} else if capture && depth <= 6 && !seeAtLeastZeroMargin(pos, m, -110*depth) {
				continue
			}
		}

		ext := 0
		if check && (depth <= 2 || seeAtLeastZero(pos, m)) && ply < 2*s.rootDepth {
			ext = 1
		}
		// Singular extension: when every other move falls well short of
		// the hash move's score, the hash move is forced and searched a
		// ply deeper; when even the others reach beta, several moves
		// refute the opponent's last and the node is cut at once.
		if m == ttMove && depth >= 6 && ply > 0 && excluded == game.NoMove && ply < 2*s.rootDepth &&
			bound(te.flags&3) != boundUpper && int(te.depth) >= depth-3 && abs(ttScore) < mateBound {
			sBeta := ttScore - 2*depth
			f.excluded = m
			v := s.search(ply, (depth-1)/2, sBeta-1, sBeta, cutNode)
			f.excluded = game.NoMove
			if s.stopped {
				return 0
			}
			if v < sBeta {
				ext = 1
			} else if sBeta >= beta {
				return sBeta
			}
		}
		newDepth := depth - 1 + ext
		s.setMove(ply, m)
		s.push(ply+1, pos.Play(m), check)

		var v int
		if depth >= 3 && n > 1+boolInt(pvNode) && (quiet || !seeAtLeastZero(pos, m)) {
			r := lmr(depth, n)
			if pvNode {
				r--
			}
			if !improving {
				r++
			}
			if cutNode {
				r++
			}
			if m.IsDrop() && !check {
				r++
			}
			if m == pk.killers[0] || m == pk.killers[1] || m == pk.counter {
				r--
			}
			if quiet {
				c1, c2 := s.contRows(ply)
				r -= int(s.quietScore(m, c1, c2) / 16000)
			}
			r = max(0, min(r, newDepth-1))
			v = -s.search(ply+1, newDepth-r, -alpha-1, -alpha, true)
			if v > alpha && r > 0 {
				v = -s.search(ply+1, newDepth, -alpha-1, -alpha, !cutNode)
			}
		} else if !pvNode || n > 1 {
			v = -s.search(ply+1, newDepth, -alpha-1, -alpha, !cutNode)
		}
		if pvNode && (n == 1 || v > alpha && v < beta) {
			v = -s.search(ply+1, newDepth, -beta, -alpha, false)
		}
		if s.stopped {
			return 0
		}
		if v > best {
			best = v
			if v > alpha {
				bestMove = m
				if pvNode {
					s.updatePV(ply, m)
				}
				if v >= beta {
					if quiet {
						s.rewardQuiet(ply, m, quiets[:nq], depth)
					}
					break
				}
				alpha = v
			}
		}
		if quiet && nq < len(quiets) {
			quiets[nq] = m
			nq++
		}
	}
	if n == 0 {
		// No legal move loses in shogi, in check or not.
		return matedIn(ply)
	}
	if best == -infinity {
		// Every move was pruned; fail low safely.
		best = alpha
	}
	bd := boundUpper
	switch {
	case best >= beta:
		bd = boundLower
	case pvNode && best > origAlpha:
		bd = boundExact
	}
	if excluded == game.NoMove {
		s.tt.store(key, bestMove, scoreToTT(best, ply), f.eval, depth, bd)
	}
	return best
}

// rewardQuiet raises the history of the quiet move m that caused a cut and
// lowers that of the quiet moves tried before it, alone and as a reply to
// the moves one and two plies before.
func (s *searcher) rewardQuiet(ply int, m game.Move, tried []game.Move, depth int) {
	f := &s.stack[ply]
	if f.killers[0] != m {
		f.killers[1] = f.killers[0]
		f.killers[0] = m
	}
	bonus := statBonus(depth)
	c1, c2 := s.contRows(ply)
	update := func(mv game.Move, b int32) {
		gravity32(&s.stats.history[historyIndex(mv)][mv.To()], b)
		i := contIndex(mv)
		gravity16(&c1[i], b)
		gravity16(&c2[i], b)
	}
	update(m, bonus)
	for _, q := range tried {
		update(q, -bonus)
	}
	if ply > 0 {
		if prev := s.stack[ply-1].move; prev != game.NoMove {
			s.stats.counter[historyIndex(prev)][prev.To()] = m
		}
	}
}

// quietScore is what the statistics say of the quiet move m at ply.
func (s *searcher) quietScore(m game.Move, c1, c2 *contRow) int32 {
	i := contIndex(m)
	return s.stats.history[historyIndex(m)][m.To()] + 2*int32(c1[i]) + int32(c2[i])
}

// qsearch resolves captures and promotions (and every reply to a check)
// so the evaluation is read in a quiet position.
func (s *searcher) qsearch(ply, alpha, beta, qdepth int) int {
	s.pvLen[ply] = 0
	if s.pollStop() {
		return 0
	}
	s.nodes++
	s.selDepth = max(s.selDepth, ply)
	f := &s.stack[ply]
	pos := &f.pos
	if ply >= maxPly {
		return s.evaluate(pos)
	}
	if v, ok := s.repetition(ply); ok {
		return v
	}
	inCheck := f.inCheck
	key := pos.Hash()
	te, hit := s.tt.probe(key)
	ttMove := game.NoMove
	if hit {
		ttMove = te.move
		v := scoreFromTT(int(te.score), ply)
		b := bound(te.flags & 3)
		if b == boundExact || b == boundLower && v >= beta || b == boundUpper && v <= alpha {
			return v
		}
	}
	best := matedIn(ply)
	eval := -infinity
	if !inCheck {
		if hit {
			eval = int(te.eval)
		} else {
			eval = s.evaluate(pos)
		}
		if eval >= beta {
			return eval
		}
		best = eval
		alpha = max(alpha, eval)
	}
	pk := s.newQPicker(ply, ttMove)
	var lastTo game.Square = game.NoSquare
	if ply > 0 && s.stack[ply-1].move != game.NoMove {
		lastTo = s.stack[ply-1].move.To()
	}
	bestMove := game.NoMove
	n := 0
	for {
		m := pk.next()
		if m == game.NoMove {
			break
		}
		n++
		if !inCheck {
			if s.cfg.recaptureOnly && m.To() != lastTo {
				continue
			}
			gain := 0
			if c := m.Captured(); c != game.NoPiece {
				gain = captureValue(c.Type())
			}
			if m.IsPromotion() {
				gain += promoteGain(m.Piece().Type())
			}
			if eval+gain+150 <= alpha {
				continue // delta pruning: even winning it all would not reach alpha
			}
			if !seeAtLeastZero(pos, m) {
				continue
			}
		}
		s.setMove(ply, m)
		s.push(ply+1, pos.Play(m), givesCheck(pos, m))
		v := -s.qsearch(ply+1, -beta, -alpha, qdepth+1)
		if s.stopped {
			return 0
		}
		if v > best {
			best = v
			if v > alpha {
				bestMove = m
				s.updatePV(ply, m)
				if v >= beta {
					break
				}
				alpha = v
			}
		}
	}
	if inCheck && n == 0 {
		return matedIn(ply)
	}
	bd := boundUpper
	if best >= beta {
		bd = boundLower
	}
	if eval == -infinity {
		eval = 0
	}
	s.tt.store(key, bestMove, scoreToTT(best, ply), eval, 0, bd)
	return best
}

// seeAtLeastZeroMargin reports whether the static exchange of m is at
// least margin.
func seeAtLeastZeroMargin(p *game.Position, m game.Move, margin int) bool {
	if margin <= 0 && seeAtLeastZero(p, m) {
		return true
	}
	return see(p, m) >= margin
}

// searchRoot searches the root moves from pvIdx on at depth.
func (s *searcher) searchRoot(depth, alpha, beta int) int {
	s.nodes++
	s.pvLen[0] = 0
	f := &s.stack[0]
	pos := &f.pos
	best := -infinity
	for i := s.pvIdx; i < len(s.rootMoves); i++ {
		rm := &s.rootMoves[i]
		m := rm.move
		check := givesCheck(pos, m)
		ext := 0
		if check {
			ext = 1
		}
		newDepth := depth - 1 + ext
		s.setMove(0, m)
		s.push(1, pos.Play(m), check)
		s.selDepth = 0
		var v int
		n := i - s.pvIdx + 1
		if n == 1 {
			v = -s.search(1, newDepth, -beta, -alpha, false)
		} else {
			r := 0
			if depth >= 3 && n > 3 && m.Captured() == game.NoPiece && !m.IsPromotion() && !check {
				r = max(0, min(lmr(depth, n)-1, newDepth-1))
			}
			v = -s.search(1, newDepth-r, -alpha-1, -alpha, true)
			if v > alpha && r > 0 {
				v = -s.search(1, newDepth, -alpha-1, -alpha, true)
			}
			if v > alpha && v < beta {
				v = -s.search(1, newDepth, -beta, -alpha, false)
			}
		}
		if s.stopped {
			return best
		}
		if n == 1 || v > alpha {
			rm.score = v
			rm.selDepth = s.selDepth
			rm.pv = append(rm.pv[:0], m)
			rm.pv = append(rm.pv, s.pv[1][:s.pvLen[1]]...)
		} else {
			rm.score = -infinity
		}
		if v > best {
			best = v
			if v > alpha {
				if v >= beta {
					break
				}
				alpha = v
			}
		}
	}
	return best
}

// iterate runs iterative deepening up to maxDepth, reporting through info,
// and returns when done or stopped; the best line is rootMoves[0].
func (s *searcher) iterate(maxDepth, multiPV int, info func(engine.Info)) {
	multiPV = max(1, min(multiPV, len(s.rootMoves)))
	reported := game.NoMove // the best move of the last line reported
	defer func() {
		// Stopped inside a depth after a later move proved better: it is
		// the move played, so its line is the last said (a GUI keeps the
		// last line whose PV begins with the move played, and drops the
		// evaluation otherwise).
		if best := s.rootMoves[0]; s.stopped && best.move != reported && best.score != -infinity && len(best.pv) > 0 {
			s.report(info, s.rootDepth, 0, boundExact)
		}
	}()
	for depth := 1; depth <= maxDepth; depth++ {
		s.rootDepth = depth
		for i := range s.rootMoves {
			if s.rootMoves[i].score != -infinity {
				s.rootMoves[i].prevScore = s.rootMoves[i].score
			}
			s.rootMoves[i].score = -infinity
		}
		for s.pvIdx = 0; s.pvIdx < multiPV; s.pvIdx++ {
			prev := s.rootMoves[s.pvIdx].prevScore
			delta := 30
			alpha, beta := -infinity, infinity
			if depth >= 5 && abs(prev) < mateBound {
				alpha, beta = max(prev-delta, -infinity), min(prev+delta, infinity)
			}
			for {
				v := s.searchRoot(depth, alpha, beta)
				slices.SortStableFunc(s.rootMoves[s.pvIdx:], func(a, b rootMove) int { return b.score - a.score })
				if s.stopped {
					break
				}
				if v <= alpha {
					beta = (alpha + beta) / 2
					alpha = max(v-delta, -infinity)
					s.report(info, depth, s.pvIdx, boundUpper)
				} else if v >= beta {
					beta = min(v+delta, infinity)
					s.report(info, depth, s.pvIdx, boundLower)
				} else {
					break
				}
				delta += delta / 2
				if delta > 1000 {
					alpha, beta = -infinity, infinity
				}
			}
			slices.SortStableFunc(s.rootMoves[:s.pvIdx+1], func(a, b rootMove) int { return b.score - a.score })
			if s.stopped {
				break
			}
		}
		if !s.stopped {
			// Every line once the depth is done: a later line that beats an
			// earlier one moves up, so reporting each as it finishes could
			// name one move twice and miss another.
			for i := range multiPV {
				s.report(info, depth, i, boundExact)
			}
			reported = s.rootMoves[0].move
		}
		if s.stopped {
			break
		}
		best := s.rootMoves[0].score
		if best >= mateBound && mateScore-best <= depth || best <= -mateBound && mateScore+best <= depth {
			break // a mate found and proved to this depth
		}
		if b := s.budget; b.soft > 0 && !b.fixed() && time.Since(s.start) > b.soft/2 {
			break // the next iteration would not finish in time
		}
	}
}

func (s *searcher) report(info func(engine.Info), depth, idx int, b bound) {
	if info == nil {
		return
	}
	el := time.Since(s.start)
	if b != boundExact && el < time.Second {
		return // bounds are reported only for long searches
	}
	rm := &s.rootMoves[idx]
	v := rm.score
	if b != boundExact && rm.score == -infinity {
		return
	}
	in := engine.Info{
		Depth:    depth,
		SelDepth: rm.selDepth,
		Time:     el,
		Nodes:    s.totalNodes(),
		HashFull: s.tt.hashfull(),
		MultiPV:  idx + 1,
		HasScore: true,
		Score:    toUSIScore(v),
		PV:       slices.Clone(rm.pv),
	}
	switch b {
	case boundLower:
		in.Score.Bound = engine.Lower
	case boundUpper:
		in.Score.Bound = engine.Upper
	}
	if ms := el.Milliseconds(); ms > 0 {
		in.NPS = in.Nodes * 1000 / uint64(ms)
	}
	info(in)
}

// toUSIScore turns an internal score into USI's: centipawns, or plies to mate.
func toUSIScore(v int) engine.Score {
	switch {
	case v >= mateBound:
		return engine.Score{Mate: true, Value: mateScore - v}
	case v <= -mateBound:
		return engine.Score{Mate: true, Value: -(mateScore + v)}
	}
	return engine.Score{Value: v}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func abs32(x int32) int32 {
	if x < 0 {
		return -x
	}
	return x
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
