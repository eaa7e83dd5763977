package match

import (
	"context"
	"fmt"
	"io"
	"log"
	"math/rand/v2"
	"sync"
	"time"

	"shogi/game"
	"shogi/game/usi"
)

// Opening is where a series' game begins: a start position and moves
// played from it before the players take over.
type Opening struct {
	Start game.Position
	Moves []game.Move
}

// RandomOpening plays k random legal moves from o, avoiding any that end
// the game.
func RandomOpening(o Opening, k int, r *rand.Rand) Opening {
	for try := 0; try < 100; try++ {
		g := game.NewGame(o.Start)
		for _, m := range o.Moves {
			g.Play(m)
		}
		for i := 0; i < k && !g.Result().Over(); i++ {
			p := g.Position()
			legal := p.LegalMoves(nil)
			g.Play(legal[r.IntN(len(legal))])
		}
		if !g.Result().Over() {
			return Opening{o.Start, append([]game.Move(nil), g.Moves()...)}
		}
	}
	return o
}

// SeriesConfig sets up a series of games between two players, colours
// alternating: game i is the first player's as Black when i is even, and
// each opening is played once from each side.
type SeriesConfig struct {
	Players     [2]Spec
	Games       int
	Time        TimeControl
	Margin      time.Duration
	MaxMoves    int
	Openings    []Opening // taken in turn, a pair of games each; none is the start position
	RandomPlies int       // random moves after the opening, the same for both games of a pair
	Concurrency int       // games played at once, each with its own players
	SPRT        *SPRT     // stop once it decides
	Seed        uint64    // the bots' choices and the random plies
	// Played holds games an earlier run of the same series finished: they
	// count in the tally from the start, are not played again and are not
	// told to Finished.
	Played []PlayedGame
	Log    *log.Logger
	// Finished is told of each game as it ends (one at a time, in the
	// order they end) with the tally so far; an error stops the series
	// (the game in progress elsewhere finishes uncounted).
	Finished func(SeriesGame) error
}

// SeriesGame is one finished game of a series.
type SeriesGame struct {
	Index  int        // from 0, in the order the games were begun
	First  game.Color // the first player's colour
	Result Result
	Done   int   // games finished so far, this one included
	Tally  Tally // from the first player's side, this game included
	// Restarted is set when an engine's fault lost the game and the
	// engine was started afresh for the next.
	Restarted bool
}

// PlayedGame is a game of a series finished before this run began.
type PlayedGame struct {
	Index  int         // as SeriesGame.Index
	Result game.Result // who won, from the record of the game
}

// SeriesResult is how a series went.
type SeriesResult struct {
	Names   [2]string // the players as the series called them
	Tally   Tally
	Done    int
	Verdict string // the SPRT's, when it decided
	// Decided is the tally the verdict was reached on: with games played
	// at once, those still in flight then finish and count in Tally too.
	Decided Tally
	Faults  []SeriesGame
}

// seriesSeat is one of the two players as a worker runs it.
type seriesSeat struct {
	spec   Spec
	engine *usi.Engine // for an engine, started once and restarted after a fault
}

type series struct {
	cfg SeriesConfig

	mu      sync.Mutex
	res     SeriesResult
	stopErr error
	stopped chan struct{} // closed when no further game should start
	once    sync.Once
}

// RunSeries plays the series. Every engine of every worker starts before
// the first game: one that cannot start ends the run at once with its
// error. Started, when not nil, is told the players' names once they run;
// an error from it ends the series before its first game.
// An engine fault ends only its game (lost by that engine) and the engine
// is restarted; one that cannot be restarted ends the series with an
// error. Cancelling ctx interrupts the games in progress, which are not
// counted.
func RunSeries(ctx context.Context, cfg SeriesConfig, started func(names [2]string) error) (SeriesResult, error) {
	s := &series{cfg: cfg, stopped: make(chan struct{})}
	if s.cfg.Concurrency < 1 {
		s.cfg.Concurrency = 1
	}
	played := make(map[int]bool, len(cfg.Played))
	for _, g := range cfg.Played {
		if g.Index < 0 || g.Index >= cfg.Games {
			return s.res, fmt.Errorf("game %d was played before, but the series has %d", g.Index+1, cfg.Games)
		}
		if played[g.Index] {
			return s.res, fmt.Errorf("game %d was played before more than once", g.Index+1)
		}
		played[g.Index] = true
		s.count(g.Result, firstOf(g.Index))
	}
	s.decide()
	workers := make([][2]*seriesSeat, s.cfg.Concurrency)
	defer func() {
		for _, w := range workers {
			for _, st := range w {
				if st != nil && st.engine != nil {
					st.engine.Close()
				}
			}
		}
	}()
	for i := range workers {
		for k := range workers[i] {
			st := &seriesSeat{spec: cfg.Players[k]}
			workers[i][k] = st
			if err := s.startEngine(ctx, st); err != nil {
				return s.res, err
			}
			if st.engine != nil {
				s.res.Names[k] = st.engine.Name()
			} else {
				s.res.Names[k] = st.spec.Name
			}
		}
	}
	if started != nil {
		if err := started(s.res.Names); err != nil {
			return s.res, err
		}
	}
	jobs := make(chan int)
	fed := make(chan struct{}) // the feeder has returned
	go func() {
		defer close(fed)
		defer close(jobs)
		for i := 0; i < cfg.Games; i++ {
			if played[i] {
				continue
			}
			select {
			case jobs <- i:
			case <-s.stopped:
				return
			case <-ctx.Done():
				return
			}
		}
	}()
	var wg sync.WaitGroup
	var fatalMu sync.Mutex
	var fatal error
	for _, w := range workers {
		wg.Add(1)
		go func(w [2]*seriesSeat) {
			defer wg.Done()
			for i := range jobs {
				if err := s.playGame(ctx, w, i); err != nil {
					fatalMu.Lock()
					if fatal == nil {
						fatal = err
					}
					fatalMu.Unlock()
					s.stop()
					return
				}
			}
		}(w)
	}
	wg.Wait()
	<-fed // it returns once the jobs are all taken or the series stopped
	if fatal == nil {
		fatal = s.stopErr
	}
	return s.res, fatal
}

func (s *series) stop() { s.once.Do(func() { close(s.stopped) }) }

// startEngine starts a seat's engine (nothing for a bot).
func (s *series) startEngine(ctx context.Context, st *seriesSeat) error {
	if st.spec.Kind != USIKind {
		return nil
	}
	cfg := usi.Config{Log: s.cfg.Log}
	if cfg.Log == nil {
		cfg.Log = log.New(io.Discard, "", 0)
	}
	p, err := st.spec.NewPlayer(ctx, nil, cfg)
	if err != nil {
		return err
	}
	st.engine = p.(Engine).E
	return nil
}

// player returns the seat's player for game i: the engine, or a fresh bot
// whose choices depend on the seed and the game.
func (s *series) player(ctx context.Context, st *seriesSeat, i, k int) (Player, error) {
	if st.engine != nil {
		return Engine{E: st.engine}, nil
	}
	return st.spec.NewPlayer(ctx, rand.New(rand.NewPCG(s.cfg.Seed, uint64(2*i+k))), usi.Config{})
}

// playGame plays game i with a worker's seats; an error means the series
// cannot go on (an engine that crashed cannot be restarted).
func (s *series) playGame(ctx context.Context, w [2]*seriesSeat, i int) error {
	op := Opening{Start: game.StartPosition()}
	pair := i / 2
	if len(s.cfg.Openings) > 0 {
		op = s.cfg.Openings[pair%len(s.cfg.Openings)]
	}
	if s.cfg.RandomPlies > 0 {
		op = RandomOpening(op, s.cfg.RandomPlies, rand.New(rand.NewPCG(s.cfg.Seed, 1<<32+uint64(pair))))
	}
	first := firstOf(i)
	var players [2]Player
	for k, c := range [2]game.Color{first, first.Other()} {
		p, err := s.player(ctx, w[k], i, k)
		if err != nil {
			return err
		}
		players[c] = p
	}
	m, err := New(Config{Start: op.Start, Moves: op.Moves, Players: players,
		Time: [2]TimeControl{s.cfg.Time, s.cfg.Time}, Margin: s.cfg.Margin, MaxMoves: s.cfg.MaxMoves})
	if err != nil {
		return err
	}
	res := m.Run(ctx)
	if res.Aborted {
		return nil // interrupted: not counted
	}
	restarted := false
	for k, st := range w {
		if st.engine == nil {
			continue
		}
		side := first
		if k == 1 {
			side = first.Other()
		}
		if !Healthy(Engine{E: st.engine}, &res, side) {
			restarted = restarted || res.Fault != nil && res.Faulty == side
			st.engine.Close()
			st.engine = nil // started afresh below, once the game is counted
		}
	}
	s.finish(i, first, res, restarted)
	for _, st := range w {
		if st.engine == nil && st.spec.Kind == USIKind {
			if err := s.startEngine(ctx, st); err != nil {
				if ctx.Err() != nil {
					return nil
				}
				return fmt.Errorf("after game %d, %v", i+1, err)
			}
		}
	}
	return nil
}

// finish counts a finished game and tells the caller.
func (s *series) finish(i int, first game.Color, res Result, restarted bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.count(res.Result, first)
	g := SeriesGame{Index: i, First: first, Result: res, Done: s.res.Done, Tally: s.res.Tally, Restarted: restarted}
	if res.Fault != nil {
		s.res.Faults = append(s.res.Faults, g)
	}
	if s.cfg.Finished != nil && s.stopErr == nil {
		if err := s.cfg.Finished(g); err != nil {
			s.stopErr = err
			s.stop()
		}
	}
	s.decide()
}

// firstOf returns the first player's colour in game i.
func firstOf(i int) game.Color {
	if i%2 == 1 {
		return game.White
	}
	return game.Black
}

// count adds a finished game, in which the first player had colour first,
// to the tally.
func (s *series) count(r game.Result, first game.Color) {
	s.res.Done++
	switch w, ok := r.Winner(); {
	case !ok:
		s.res.Tally.Draws++
	case w == first:
		s.res.Tally.Wins++
	default:
		s.res.Tally.Losses++
	}
}

// decide stops the series once its SPRT, if any, has a verdict.
func (s *series) decide() {
	if s.cfg.SPRT != nil && s.res.Verdict == "" {
		if v := s.cfg.SPRT.Verdict(s.res.Tally); v != "" {
			s.res.Verdict, s.res.Decided = v, s.res.Tally
			s.stop()
		}
	}
}
