package bot

import (
	"context"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"shogi/game"
	"shogi/game/engine"
)

// Level is a named strength of the built-in engine. The lower levels are
// held back by a shallow depth, a node budget and noise in the evaluation,
// so they miss tactics the way a beginner does; none of them plays into a
// mate in one when another move avoids it, and all take a mate in one.
type Level struct {
	Name  string
	Depth int    // deepest iteration; 0: no limit
	Nodes uint64 // nodes per move; 0: no limit
	// Noise is the most a position's evaluation is moved up or down at
	// random (the same position keeps its offset within a move).
	Noise int
	// RecaptureOnly limits the quiescence search to recaptures on the
	// square of the last move, so a piece left hanging elsewhere is missed.
	RecaptureOnly bool
	// MateNodes is the budget of the mate solver run before the search
	// (0: none beyond the mate-in-one check).
	MateNodes int
	// MoveTime is the thinking time when the request has no clock.
	MoveTime time.Duration
}

// levels is the ladder, weakest first, in steps of about 200 Elo, each
// level scoring 65–85% against the one before it (docs/builtin-engine.md has the match
// results). The lowest look one move ahead, with noise that makes them
// misjudge, the first four also missing any capture but a recapture; from
// the middle of the ladder up, the levels search a number of nodes that
// doubles from one to the next — a little less than doubles above elite,
// where a doubling was worth more (110,000 nodes beat 45,000 by 89.5%) —
// and the top one thinks for the clock's time.
var levels = []Level{
	{Name: "beginner", Depth: 1, Noise: 950, RecaptureOnly: true},
	{Name: "starter", Depth: 1, Noise: 600, RecaptureOnly: true},
	{Name: "novice", Depth: 1, Noise: 330, RecaptureOnly: true},
	{Name: "learner", Depth: 1, Noise: 100, RecaptureOnly: true},
	{Name: "improver", Depth: 1, Noise: 500},
	{Name: "casual", Depth: 1, Noise: 300},
	{Name: "keen", Depth: 1, Noise: 150},
	{Name: "amateur", Nodes: 700},
	{Name: "club", Nodes: 1_400},
	{Name: "skilled", Nodes: 2_800, MateNodes: 560},
	{Name: "advanced", Nodes: 5_600, MateNodes: 1_100},
	{Name: "expert", Nodes: 11_000, MateNodes: 2_200},
	{Name: "master", Nodes: 22_000, MateNodes: 4_400},
	{Name: "elite", Nodes: 45_000, MateNodes: 9_000},
	{Name: "champion", Nodes: 85_000, MateNodes: 17_000},
	{Name: "grandmaster", Nodes: 160_000, MateNodes: 32_000},
	{Name: "sage", Nodes: 290_000, MateNodes: 50_000},
	{Name: "legend", Nodes: 520_000, MateNodes: 50_000},
	{Name: "strong", MateNodes: 50_000, MoveTime: time.Second},
}

// Levels returns the ladder, weakest first (a copy).
func Levels() []Level { return slices.Clone(levels) }

// FindLevel returns the level called name.
func FindLevel(name string) (Level, bool) {
	for _, l := range levels {
		if l.Name == name {
			return l, true
		}
	}
	return Level{}, false
}

// DefaultHashMB is the transposition table size of a level without a
// node or depth budget (strong, analysis) and the most any level gets.
const DefaultHashMB = 64

// Sizing the table to a budgeted level: a long game is some 128 moves a
// side, and the table holds four times the nodes of them, so the entries
// of the current move and the ones before it are seldom pushed out (a
// slot is 16 bytes). A depth-one level searches a few hundred nodes.
const (
	hashGameMoves = 128
	hashHeadroom  = 4
	hashSlotBytes = 16
	depthOneNodes = 400
)

// HashMB is the transposition table a new Engine at the level makes
// unless told otherwise (USI_Hash, SetHashMB): a level held to a node
// budget or a shallow depth fills only a few megabytes in a whole game, so
// 64 MB would only cost memory (a server holds one table a game) and the
// time to fault its pages in.
func (l Level) HashMB() int {
	nodes := l.Nodes
	if nodes == 0 && l.Depth > 0 && l.Depth <= 2 {
		nodes = depthOneNodes
	}
	if nodes == 0 {
		return DefaultHashMB
	}
	bytes := nodes * hashGameMoves * hashHeadroom * hashSlotBytes
	mb := 1
	for uint64(mb)<<20 < bytes && mb < DefaultHashMB {
		mb *= 2
	}
	return mb
}

// Engine is the built-in engine at one Level. It keeps its transposition
// table and move-ordering history between moves of a game; it is not safe
// for concurrent use (a match gives each player its own).
type Engine struct {
	level Level
	r     *rand.Rand
	// hashMB is the table size set by SetHashMB (0: the level's HashMB).
	hashMB int
	// nodesLimit caps every search's nodes (0: no cap), as the NodesLimit
	// option asks: matches at a fixed number of nodes a move repeat
	// whatever the machine's load.
	nodesLimit uint64
	tt         *ttable
	stats      *moveStats
	// threads is how many goroutines search (Lazy SMP); helperStats are
	// the move statistics of the threads beyond the first.
	threads     int
	helperStats []*moveStats
	mate        *mateSolver // kept between moves: what it proved stays true
	spare       *searcher   // the last search's state, cleared for the next
	// forget is set by NewGame: the next search clears the tables first,
	// inside its own time (cleared at usinewgame, the hash table held up
	// the reading of the go that follows by some 20 ms, past a fixed time).
	forget bool
	// used says a search has written to the tables since they were made:
	// a NewGame before any search (isready, usinewgame, go) has nothing to
	// forget. Clearing a fresh 64 MB table in the first search's time, a
	// page fault a 4 KB page, held that search up for 2 s at load 20 —
	// and a stop with it — where a fresh table's pages come as it probes.
	used bool
	// margin is kept back from every clock-based budget (NetworkDelay).
	margin time.Duration
	// late is how far past its limit a recent search returned because the
	// machine kept it waiting: kept back besides the margin, fading by an
	// eighth each search, so a loaded machine costs time only while it is
	// loaded.
	late time.Duration
}

// NewEngine returns an Engine at level l drawing its noise from r.
func NewEngine(l Level, r *rand.Rand) *Engine {
	return &Engine{level: l, r: r, threads: 1, margin: DefaultMargin}
}

// SetThreads sets how many goroutines search together (Lazy SMP: they
// share the transposition table). One keeps a search repeatable at a
// fixed number of nodes; more make analysis deeper on a machine with the
// cores to spare. With more than one, a node limit counts the first
// thread's nodes.
func (e *Engine) SetThreads(n int) { e.threads = max(1, n) }

// noteLate takes how far past its hard limit a search returned (negative:
// before it) into late.
func (e *Engine) noteLate(over time.Duration) {
	e.late -= e.late / 8
	if over > e.late {
		e.late = min(over, time.Second)
	}
}

// SetMargin sets how much of a clock-based budget the engine keeps back
// (DefaultMargin unless set): the answer must reach a referee that allows
// no lateness in time, on a machine that may wake the search late.
func (e *Engine) SetMargin(d time.Duration) { e.margin = max(0, d) }

// Name returns the level's name.
func (e *Engine) Name() string { return e.level.Name }

// Level returns the engine's level.
func (e *Engine) Level() Level { return e.level }

// SetLevel changes the level; the tables are kept, unless the table was
// sized to the old level and the new one wants another size (made afresh
// at the next search).
func (e *Engine) SetLevel(l Level) {
	if e.hashMB == 0 && e.tt != nil && l.HashMB() != e.level.HashMB() {
		e.tt = nil
	}
	e.level = l
}

// tableMB is the size of the table the engine makes.
func (e *Engine) tableMB() int {
	if e.hashMB > 0 {
		return e.hashMB
	}
	return e.level.HashMB()
}

// SetHashMB sets the transposition table size in megabytes; the table is
// made afresh at the next search.
func (e *Engine) SetHashMB(mb int) {
	e.hashMB = max(1, mb)
	e.tt = nil
}

// NewGame forgets what earlier games taught the tables.
func (e *Engine) NewGame() {
	// Tables not made yet, or made and never searched with, have nothing
	// to forget: a fresh one is not cleared again.
	e.forget = e.used
	e.mate = nil
}

// Move returns the engine's move in p with the level's own budget (Bot).
func (e *Engine) Move(p game.Position) (game.Move, error) {
	// Bot's Move has no context: the level's own budget bounds it.
	bm, err := e.Search(context.Background(), engine.Request{Start: p})
	if err != nil {
		return game.NoMove, err
	}
	if bm.Move == game.NoMove {
		// A declaration or resignation; Bot's callers only take moves.
		moves := p.LegalMoves(nil)
		if len(moves) == 0 {
			return game.NoMove, ErrNoMove
		}
		return moves[0], nil
	}
	return bm.Move, nil
}

// Search answers a go: it declares when the entering-king rule holds,
// resigns with no legal move, plays a mate in one at once, and otherwise
// searches within the request's limits and the level's. When ctx is
// cancelled it returns at once with the best move found so far. With
// Infinite set it returns only once ctx is cancelled, as USI asks of go
// infinite; with Ponder, once ctx is cancelled or, after req.PonderHit is
// closed, when the clock says, as of go ponder and ponderhit.
func (e *Engine) Search(ctx context.Context, req engine.Request) (engine.BestMove, error) {
	bm, err := e.search(ctx, req)
	switch {
	case req.Limits.Infinite:
		<-ctx.Done()
	case req.Limits.Ponder:
		// A search that ended before the hit (a depth, a node limit or a
		// mate reached) keeps its answer until the hit or the stop.
		select {
		case <-ctx.Done():
		case <-req.PonderHit:
		}
	}
	return bm, err
}

func (e *Engine) search(ctx context.Context, req engine.Request) (engine.BestMove, error) {
	start := time.Now()
	p := req.Position()
	if p.CanDeclare() == nil {
		return engine.BestMove{Win: true}, nil
	}
	legal := p.LegalMoves(nil)
	if len(legal) == 0 {
		return engine.BestMove{Resign: true}, nil
	}
	if m, ok := mateInOne(&p); ok {
		if req.Info != nil {
			req.Info(engine.Info{Depth: 1, HasScore: true, Score: engine.Score{Mate: true, Value: 1}, PV: []game.Move{m}, MultiPV: 1})
		}
		return engine.BestMove{Move: m}, nil
	}
	e.Prepare()
	if e.forget {
		e.tt.clear()
		*e.stats = moveStats{}
		for _, st := range e.helperStats {
			*st = moveStats{}
		}
		e.forget = false
	}
	e.used = true
	e.tt.newSearch()

	l := req.Limits
	if l == (engine.Limits{}) && e.level.MoveTime > 0 {
		l.MoveTime = e.level.MoveTime
	}
	budget := planTime(l, p.SideToMove(), p.MoveNumber(), e.margin+e.late)

	// The last search's state, cleared: as a new one it is some 120 KB,
	// allocated and zeroed from fresh pages every move (7.7% of the CPU
	// of games at a few nodes a move), where clearing it in place is a
	// memclr of memory in cache. Cleared, it is what new made.
	s := e.spare
	if s == nil {
		s = new(searcher)
		e.spare = s
	} else {
		*s = searcher{}
	}
	s.tt, s.stats = e.tt, e.stats
	s.ctx, s.start, s.clock, s.budget, s.info = ctx, start, start, budget, req.Info
	s.cfg = searchConfig{noise: e.level.Noise, recaptureOnly: e.level.RecaptureOnly, pruneLateMoves: true}
	if l.Ponder && req.PonderHit != nil {
		s.ponderHit = req.PonderHit
		s.hit = func() timeBudget {
			timed := l
			timed.Ponder = false
			return planTime(timed, p.SideToMove(), p.MoveNumber(), e.margin+e.late)
		}
	}
	if e.level.Noise > 0 {
		s.noiseSeed = e.r.Uint64()
	}
	if budget.hard > 0 {
		s.hard = start.Add(budget.hard)
	}
	for _, n := range []uint64{e.level.Nodes, l.Nodes, e.nodesLimit} {
		if n > 0 && (s.nodeLimit == 0 || n < s.nodeLimit) {
			s.nodeLimit = n
		}
	}
	maxDepth := maxPly - 10
	if e.level.Depth > 0 {
		maxDepth = e.level.Depth
	}
	if l.Depth > 0 {
		maxDepth = min(maxDepth, l.Depth)
	}

	// The game so far, for repetitions.
	q := req.Start
	for _, m := range req.Moves {
		s.keys = append(s.keys, q.Hash())
		s.checks = append(s.checks, q.InCheck())
		q = q.Play(m)
	}
	s.root = len(s.keys)
	s.push(0, p, p.InCheck())

	if mateNodes := e.level.MateNodes; mateNodes > 0 {
		// A tenth of the time at most goes to the mate solver, and with a
		// node limit a quarter of the nodes at most.
		if s.nodeLimit > 0 {
			mateNodes = max(1, min(mateNodes, int(s.nodeLimit/4)))
		}
		mctx, cancel := ctx, context.CancelFunc(func() {})
		if budget.hard > 0 {
			mctx, cancel = context.WithTimeout(ctx, budget.hard/10)
		}
		if e.mate == nil {
			e.mate = newMateSolver(e.level.MateNodes)
		}
		e.mate.reset(mateNodes)
		r := e.mate.solve(mctx, &p, false)
		cancel()
		if r.status == mateFound && len(r.pv) > 0 {
			if req.Info != nil {
				req.Info(engine.Info{Depth: len(r.pv), HasScore: true, Score: engine.Score{Mate: true, Value: len(r.pv)},
					PV: r.pv, MultiPV: 1, Nodes: uint64(r.nodes), Time: time.Since(start)})
			}
			return engine.BestMove{Move: r.pv[0], Ponder: ponderOf(r.pv)}, nil
		}
	}

	s.rootMoves = orderRoot(&p, legal)
	if len(s.rootMoves) == 1 && !l.Infinite && !l.Ponder {
		maxDepth = 1
	}
	var wg sync.WaitGroup
	if e.threads > 1 && maxDepth > 1 {
		s.abort = new(atomic.Bool)
		for i := 1; i < e.threads; i++ {
			h := e.helper(s, i)
			s.helpers = append(s.helpers, h)
			wg.Add(1)
			go func() {
				defer wg.Done()
				h.iterate(maxDepth, 1, nil)
			}()
		}
	}
	s.iterate(maxDepth, req.MultiPV, req.Info)
	if s.abort != nil {
		s.abort.Store(true)
		wg.Wait()
	}
	if s.budget.hard > 0 {
		e.noteLate(time.Since(s.clock) - s.budget.hard)
	}
	best := s.rootMoves[0]
	if req.Info != nil && (s.stopped || s.hitSeen) {
		// The totals of the search, as a GUI shows them with the move
		// (after a ponder hit always: the totals at the hit came before).
		el := time.Since(start)
		in := engine.Info{Time: el, Nodes: s.totalNodes(), HashFull: s.tt.hashfull()}
		if ms := el.Milliseconds(); ms > 0 {
			in.NPS = in.Nodes * 1000 / uint64(ms)
		}
		req.Info(in)
	}
	return engine.BestMove{Move: best.move, Ponder: ponderOf(best.pv)}, nil
}

// helper returns the i-th helper thread's searcher for the main searcher
// s: the same root, game and limits, its own move statistics, no clock
// (s stops it).
func (e *Engine) helper(s *searcher, i int) *searcher {
	for len(e.helperStats) < i {
		e.helperStats = append(e.helperStats, new(moveStats))
	}
	h := &searcher{tt: s.tt, stats: e.helperStats[i-1], ctx: s.ctx, start: s.start, cfg: s.cfg,
		noiseSeed: s.noiseSeed, abort: s.abort, root: s.root}
	h.keys = slices.Clone(s.keys[:s.root])
	h.checks = slices.Clone(s.checks[:s.root])
	h.push(0, s.stack[0].pos, s.stack[0].inCheck)
	h.rootMoves = make([]rootMove, len(s.rootMoves))
	for j, rm := range s.rootMoves {
		h.rootMoves[j] = rootMove{move: rm.move, score: -infinity, prevScore: -infinity}
	}
	return h
}

func ponderOf(pv []game.Move) game.Move {
	if len(pv) > 1 {
		return pv[1]
	}
	return game.NoMove
}

// orderRoot lists the root moves, leaving out those that let the opponent
// mate in one when some move does not.
func orderRoot(p *game.Position, legal []game.Move) []rootMove {
	// Room for every move at once: grown move by move, the list was 4.5%
	// of the CPU of games at a few nodes a move.
	safe := make([]rootMove, 0, len(legal))
	var unsafe []rootMove
	// One position for every move's: a position declared in the loop
	// went to the heap once a move (mateInOne takes its address).
	var q, scratch game.Position
	for _, m := range legal {
		p.PlayTo(&q, m)
		rm := rootMove{move: m, score: -infinity, prevScore: -infinity}
		if _, mated := mateInOneWith(&q, &scratch); mated {
			unsafe = append(unsafe, rm)
		} else {
			safe = append(safe, rm)
		}
	}
	if len(safe) == 0 {
		return unsafe
	}
	return safe
}

// mateInOne returns a move that mates at once, if the side to move has one.
func mateInOne(p *game.Position) (game.Move, bool) {
	var q game.Position
	return mateInOneWith(p, &q)
}

// mateInOneWith is mateInOne playing each check into q, a position the
// caller keeps for many calls (one made per call went to the heap).
func mateInOneWith(p, q *game.Position) (game.Move, bool) {
	var buf [128]game.Move
	for _, m := range legalChecks(p, buf[:0]) {
		p.PlayTo(q, m)
		if !q.HasLegalMove() {
			return m, true
		}
	}
	return game.NoMove, false
}
