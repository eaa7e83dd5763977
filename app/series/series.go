// Package series runs a series of games headless, as shogi match does:
// the players and the clock of a match.SeriesConfig, each finished game
// written to a record file as it ends (one CSA file of many games, or
// KIF), a series taken up again from the games its file holds, and the
// progress and the result told as the command prints them.
package series

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"strconv"
	"strings"
	"time"

	"shogi/game"
	"shogi/game/match"
	"shogi/kifu"
	"shogi/kifu/matchrec"
)

// Options are a series' settings, read from shogi match's flags.
type Options struct {
	Games       int
	Control     match.TimeControl
	Margin      time.Duration
	MaxMoves    int
	Openings    []match.Opening
	RandomPlies int
	Concurrency int
	Out         string      // the record file, "" for none
	OutFormat   kifu.Format // CSA or KIF
	Resume      bool        // go on with the games Out holds
	SPRT        *match.SPRT
	Seed        uint64
	Specs       [2]match.Spec
	// OpenLog opens the engines' log (nil for none): the file and its
	// path, which the messages name. Run closes the file.
	OpenLog func() (*os.File, string)
}

// Run plays the series o describes, writing each finished game to o.Out
// and the progress to stderr, and prints the first player's result on
// stdout. It returns the exit status: 0, 1 when an engine could not
// start or the games could not be written, 2 for a file --resume cannot
// go on from, 130 when ctx ended the series first.
func Run(ctx context.Context, o Options, stdout, stderr io.Writer) int {
	var logFile *os.File
	var logPath string
	if o.OpenLog != nil {
		logFile, logPath = o.OpenLog()
	}
	var logger *log.Logger
	if logFile != nil {
		defer logFile.Close()
		logger = log.New(logFile, "", log.Ltime|log.Lmicroseconds)
	}
	w := &matchWriter{o: o, stderr: stderr, began: time.Now()}
	var earlier []earlierGame
	if o.Resume {
		var err error
		if earlier, w.written, err = readPlayed(o); err != nil {
			fmt.Fprintf(stderr, "shogi match: --resume: %v\n", err)
			return 2
		}
		w.resumed = len(earlier)
	}
	cfg := match.SeriesConfig{Players: o.Specs, Games: o.Games, Time: o.Control, Margin: o.Margin, MaxMoves: o.MaxMoves,
		Openings: o.Openings, RandomPlies: o.RandomPlies, Concurrency: o.Concurrency, SPRT: o.SPRT, Seed: o.Seed,
		Log: logger, Finished: w.finished}
	for _, g := range earlier {
		cfg.Played = append(cfg.Played, g.PlayedGame)
	}
	// Every engine starts before the first game; the file is created (or
	// opened to add to) and the run announced once they have.
	started := func(names [2]string) error {
		w.running = true
		w.shown = shownNames(names)
		for _, g := range earlier {
			if err := g.samePlayers(names); err != nil {
				w.resumeErr = fmt.Errorf("--resume: %v", err)
				return w.resumeErr
			}
		}
		if o.Out != "" {
			flags := os.O_WRONLY | os.O_CREATE | os.O_TRUNC
			if o.Resume {
				flags = os.O_WRONLY | os.O_CREATE | os.O_APPEND
			}
			f, err := os.OpenFile(o.Out, flags, 0o644)
			if err != nil {
				w.openErr = err
				return err
			}
			w.out = f
		}
		fmt.Fprintf(stderr, "shogi match: %s, %s vs %s, %s, seed %d", plural(o.Games, "game"), w.shown[0], w.shown[1], o.Control, o.Seed)
		if logPath != "" {
			fmt.Fprintf(stderr, ", engine log %s", logPath)
		}
		if o.Resume {
			fmt.Fprintf(stderr, ", %s already in %s", plural(len(earlier), "game"), o.Out)
		}
		fmt.Fprintln(stderr)
		return nil
	}
	res, err := match.RunSeries(ctx, cfg, started)
	if w.out != nil {
		defer w.out.Close()
	}
	switch {
	case !w.running:
		// An engine could not start: nothing was played.
		fmt.Fprintf(stderr, "shogi match: %v\n", err)
		if logPath != "" {
			fmt.Fprintf(stderr, "shogi match: the engine's output is in %s\n", logPath)
		}
		return 1
	case w.resumeErr != nil:
		// The file is not this run's: refused as a file that does not
		// fit the flags is, before a game is played.
		fmt.Fprintf(stderr, "shogi match: %v\n", w.resumeErr)
		return 2
	case w.openErr != nil:
		fmt.Fprintf(stderr, "shogi match: %v\n", w.openErr)
		return 1
	}
	status := 0
	if err != nil && !errors.Is(err, errWrite) {
		fmt.Fprintf(stderr, "shogi match: %v\n", err)
		status = 1
	}
	for _, g := range res.Faults {
		fmt.Fprintf(stderr, "shogi match: game %d: %v; %s lost the game and was restarted\n", g.Index+1, g.Result.Fault, w.name(g, g.Result.Faulty))
	}
	if w.writeErr != nil {
		fmt.Fprintf(stderr, "shogi match: %v\n", w.writeErr)
		status = 1
	}
	if ctx.Err() != nil && status == 0 {
		fmt.Fprintf(stderr, "shogi match: interrupted after %s", plural(res.Done, "game"))
		if w.out != nil {
			fmt.Fprintf(stderr, " (%d written to %s)", w.written, o.Out)
		}
		fmt.Fprintln(stderr)
		status = 130
	}
	line := fmt.Sprintf("%s vs %s: %s", w.shown[0], w.shown[1], res.Tally)
	if o.SPRT != nil {
		line += sprtText(*o.SPRT, res)
	}
	fmt.Fprintln(stdout, line)
	return status
}

// errWrite stops a series whose games cannot be written.
var errWrite = errors.New("the games cannot be written")

// matchWriter writes a series' finished games and reports progress.
type matchWriter struct {
	o         Options
	stderr    io.Writer
	began     time.Time
	running   bool // the players started
	out       *os.File
	openErr   error
	resumeErr error // the file to resume was played by other players
	written   int   // games in the file, with those it held before a resumed run
	resumed   int   // games counted from the file before this run
	writeErr  error
	shown     [2]string // the players as the lines name them (see shownNames)
}

// shownNames is how the lines name the two players: by their names, and
// when both have the same one, as two builds or settings of one engine
// do, with "#1" and "#2" after it in the order they were given, so a
// line says which of them won. The records keep the names as they are.
func shownNames(names [2]string) [2]string {
	if names[0] != names[1] {
		return names
	}
	return [2]string{names[0] + " #1", names[1] + " #2"}
}

// name is the shown name of the player who had colour c in game g.
func (w *matchWriter) name(g match.SeriesGame, c game.Color) string {
	if c == g.First {
		return w.shown[0]
	}
	return w.shown[1]
}

// finished writes a finished game (the series calls it one game at a
// time) and says how the series stands.
func (w *matchWriter) finished(g match.SeriesGame) error {
	res := g.Result
	if w.out != nil && w.writeErr == nil {
		rec := matchrec.Record(res, fmt.Sprintf("shogi match, game %d", g.Index+1))
		enc := kifu.EncodingOfPath(w.o.Out)
		data, err := kifu.Marshal(rec, w.o.OutFormat, kifu.WriteOptions{Encoding: enc})
		if err == nil && w.written > 0 {
			sep := []byte("\n")
			if w.o.OutFormat == kifu.CSA {
				sep = []byte("/\n")
			}
			_, err = w.out.Write(sep)
		}
		if err == nil {
			_, err = w.out.Write(data)
		}
		if err != nil {
			w.writeErr = fmt.Errorf("cannot write %s: %v", w.o.Out, err)
		} else {
			w.written++
		}
	}
	t := g.Tally
	elapsed := time.Since(w.began)
	eta := time.Duration(float64(elapsed) / float64(g.Done-w.resumed) * float64(w.o.Games-g.Done)).Round(time.Second)
	fmt.Fprintf(w.stderr, "game %d/%d: %s (%s) vs %s: %s, %d moves — %d-%d-%d, %.1f%%, ETA %v\n",
		g.Done, w.o.Games, w.name(g, game.Black), game.Black, w.name(g, game.White), describeResult(res), res.Game.Len(),
		t.Wins, t.Draws, t.Losses, 100*t.Score(), eta)
	if w.writeErr != nil {
		return errWrite
	}
	return nil
}

func describeResult(res match.Result) string {
	switch {
	case res.MaxMoves:
		return "draw at the move limit"
	case res.Fault != nil && res.Ending != game.TimeLoss:
		return fmt.Sprintf("%s (%s's engine failed)", res.Outcome, res.Faulty)
	}
	return res.Result.String()
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// earlierGame is a game of an earlier run read back from --out's file.
type earlierGame struct {
	match.PlayedGame
	names [2]string // Black's and White's, as the record has them
}

// samePlayers checks that the game was played by the players of this run,
// called names (the first player's first), in the colours its index gives.
func (g earlierGame) samePlayers(names [2]string) error {
	want := names
	if g.Index%2 == 1 {
		want = [2]string{names[1], names[0]}
	}
	if g.names != want {
		return fmt.Errorf("game %d was played by %s (Black) and %s (White), not %s and %s", g.Index+1, g.names[0], g.names[1], want[0], want[1])
	}
	return nil
}

// matchEvent is the start of the event header shogi match gives each game.
const matchEvent = "shogi match, game "

// readPlayed reads back the games an earlier run of the series wrote to
// o.Out: those whose record says who won, checked against this run's
// settings, and how many games the file holds. A game the file does not
// score (an engine's fault, which its record ends with 中断) is played
// again. A file that does not exist holds no games.
func readPlayed(o Options) ([]earlierGame, int, error) {
	f, err := os.Open(o.Out)
	if errors.Is(err, os.ErrNotExist) {
		return nil, 0, nil
	}
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	var out []earlierGame
	at := map[int]int{} // index → position in out
	gr := kifu.NewGameReader(f, o.Out, o.OutFormat)
	n := 0
	for ; ; n++ {
		r, err := gr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, 0, fmt.Errorf("%s, game %d of the file: %v", o.Out, n+1, err)
		}
		event, _ := r.Lookup("棋戦")
		i, err := strconv.Atoi(strings.TrimPrefix(event, matchEvent))
		if !strings.HasPrefix(event, matchEvent) || err != nil || i < 1 {
			return nil, 0, fmt.Errorf("%s, game %d of the file: not a game shogi match wrote (its event is %q)", o.Out, n+1, event)
		}
		i--
		if i >= o.Games {
			return nil, 0, fmt.Errorf("%s holds game %d, but the series has %s", o.Out, i+1, plural(o.Games, "game"))
		}
		if err := sameSeries(r, i, o); err != nil {
			return nil, 0, fmt.Errorf("%s, game %d: %v", o.Out, i+1, err)
		}
		res := r.Result()
		if !res.Over() {
			continue
		}
		black, _ := r.Lookup(kifu.KeyBlack)
		white, _ := r.Lookup(kifu.KeyWhite)
		g := earlierGame{PlayedGame: match.PlayedGame{Index: i, Result: res}, names: [2]string{black, white}}
		if k, ok := at[i]; ok {
			out[k] = g // played again after a fault: the later one counts
			continue
		}
		at[i] = len(out)
		out = append(out, g)
	}
	return out, n, nil
}

// sameSeries checks that record r, game i of a series, began as this
// run's game i begins and had its clock.
func sameSeries(r *kifu.Record, i int, o Options) error {
	if tc, _ := r.Lookup("持ち時間"); tc != "" && tc != o.Control.CSA() {
		return fmt.Errorf("its clock was %s, this run's is %s", tc, o.Control.CSA())
	}
	op := match.Opening{Start: game.StartPosition()}
	if len(o.Openings) > 0 {
		op = o.Openings[(i/2)%len(o.Openings)]
	}
	moves := r.MainMoves()
	begins := r.Start == op.Start && len(moves) >= len(op.Moves)
	for k := 0; begins && k < len(op.Moves); k++ {
		begins = moves[k] == op.Moves[k]
	}
	if !begins {
		return errors.New("it began from another position than this run's opening for it (other --openings?)")
	}
	return nil
}

// sprtText is the result line's account of the SPRT: the log-likelihood
// ratio, its bounds and the verdict. A verdict gives the ratio it stopped
// on, and the game it came at when games still in flight then (two or
// more played at once) finished and counted after it — they may have
// moved the ratio back inside the bounds.
func sprtText(p match.SPRT, res match.SeriesResult) string {
	lo, hi := p.Bounds()
	t := res.Tally
	if res.Verdict != "" {
		t = res.Decided
	}
	s := fmt.Sprintf(", SPRT [%g, %g] LLR %.2f (%.2f, %.2f)", p.Elo0, p.Elo1, p.LLR(t), lo, hi)
	switch {
	case res.Verdict == "":
		return s + ": no verdict"
	case t.Games() != res.Tally.Games():
		s += fmt.Sprintf(" at game %d", t.Games())
	}
	return s + ": " + res.Verdict
}
