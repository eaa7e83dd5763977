package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"strings"
	"time"

	"shogi/game"
	"shogi/game/analysis"
	"shogi/game/bot"
	"shogi/game/match"
	"shogi/game/notation"
	"shogi/game/usi"
	"shogi/kifu"
	"shogi/kifu/annotate"
)

// analyseOptions are the analyse command's flags, checked.
type analyseOptions struct {
	path    string
	spec    match.Spec
	opts    analysis.Options
	out     string
	logPath string
}

func analyseUsage(w io.Writer, fs *flag.FlagSet) {
	fmt.Fprintln(w, `usage: shogi analyse FILE|- [--engine usi:PATH[,NAME=VALUE...]|LEVEL] [--time D | --depth N | --nodes N]
                     [--multipv K] [--from PLY] [--to PLY] [-o OUT] [--log FILE]`)
	fs.PrintDefaults()
}

// runAnalyse analyses every position of a record's main line and writes
// the record with ShogiHome's analysis comments.
func runAnalyse(ctx context.Context, args []string, s stdio) int {
	stdin, stdout, stderr := s.in, s.out, s.err
	fs := newFlagSet("analyse", stderr)
	engine := fs.String("engine", analysis.DefaultSpec().String(), "the engine: a built-in level ("+strings.Join(bot.Names(), ", ")+") or usi:PATH[,NAME=VALUE...]")
	moveTime := fs.Duration("time", analysis.DefaultMoveTime, "time per position")
	depth := fs.Int("depth", 0, "search each position to `N` plies instead of for a time")
	nodes := fs.Uint64("nodes", 0, "search `N` nodes per position instead of for a time")
	multiPV := fs.Int("multipv", 1, fmt.Sprintf("lines per position, 1 to %d (the others are written as further 読み筋 lines)", analysis.MaxLines))
	from := fs.Int("from", 0, "the first move to judge (default: the first)")
	to := fs.Int("to", 0, "the last move to judge (default: the last)")
	out := fs.String("o", "", "write the record to `FILE`, in the format of its extension (default: KIF on standard output)")
	logPath := fs.String("log", "", "the engine's transcript and stderr go to `FILE` (default: shogi/analyse.log in the user cache directory)")
	fs.Usage = func() { analyseUsage(stderr, fs) }
	rest, err := parseFlags(fs, args)
	if err != nil {
		return parseStatus(err)
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	bad := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "shogi analyse: "+format+"\n", a...)
		fmt.Fprintln(stderr, "usage: shogi analyse FILE|- [flags] (shogi analyse -h for the flags)")
		return 2
	}
	if len(rest) != 1 {
		return bad("want one record FILE (or - for standard input), got %d", len(rest))
	}
	o := analyseOptions{path: rest[0], out: *out, logPath: *logPath}
	if o.spec, err = match.ParseSpec(*engine); err != nil {
		return bad("--engine: %v", err)
	}
	if o.spec.Kind == match.HumanKind {
		return bad("--engine: a person cannot analyse; name a built-in level or usi:PATH")
	}
	budgets := 0
	for _, f := range []string{"time", "depth", "nodes"} {
		if set[f] {
			budgets++
		}
	}
	switch {
	case budgets > 1:
		return bad("give one budget per position: --time, --depth or --nodes")
	case set["time"] && *moveTime <= 0:
		return bad("--time %v: want a positive duration", *moveTime)
	case set["depth"] && *depth <= 0:
		return bad("--depth %d: want 1 or more", *depth)
	case set["nodes"] && *nodes == 0:
		return bad("--nodes 0: want 1 or more")
	case *multiPV < 1 || *multiPV > analysis.MaxLines:
		return bad("--multipv %d: want 1 to %d", *multiPV, analysis.MaxLines)
	case set["from"] && *from < 1:
		return bad("--from %d: moves are numbered from 1", *from)
	case set["to"] && *to < 1:
		return bad("--to %d: moves are numbered from 1", *to)
	case *from > 0 && *to > 0 && *from > *to:
		return bad("--from %d is after --to %d", *from, *to)
	case o.out != "" && !keepsComments(kifu.FormatOfPath(o.out)):
		return bad("-o %s: want a format that keeps comments: .kif .kifu .ki2 .ki2u .csa .jkf .psn", o.out)
	}
	switch {
	case set["depth"]:
		o.opts.Limits.Depth = *depth
	case set["nodes"]:
		o.opts.Limits.Nodes = *nodes
	default:
		o.opts.Limits.MoveTime = *moveTime
	}
	o.opts.MultiPV, o.opts.From, o.opts.To = *multiPV, *from, *to
	return analyse(ctx, o, stdin, stdout, stderr)
}

// keepsComments reports whether a record format has comments to hold an
// analysis.
func keepsComments(f kifu.Format) bool {
	switch f {
	case kifu.KIF, kifu.KI2, kifu.CSA, kifu.JKF, kifu.Western:
		return true
	}
	return false
}

func analyse(ctx context.Context, o analyseOptions, stdin io.Reader, stdout, stderr io.Writer) int {
	data, name, err := readRecordArg(o.path, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "shogi analyse: %v\n", err)
		return 1
	}
	rec, err := kifu.Read(data, name)
	if err != nil {
		fmt.Fprintln(stderr, convertError(err))
		return 1
	}
	rec.Games = nil
	line := annotate.MainLine(rec)
	if _, _, err := o.opts.Range(len(line.Moves)); err != nil {
		fmt.Fprintf(stderr, "shogi analyse: %s: %v\n", name, err)
		return 2
	}

	cfg := usi.Config{Log: log.New(io.Discard, "", 0)}
	if o.spec.Kind == match.USIKind {
		f, path := openEngineLog("analyse", o.logPath, stderr)
		if f != nil {
			defer f.Close()
			cfg.Log = log.New(f, "", log.Ltime|log.Lmicroseconds)
			o.logPath = path
		}
	}
	eng, err := analysis.Start(ctx, o.spec, cfg, nil)
	if err != nil {
		fmt.Fprintf(stderr, "shogi analyse: %v\n", err)
		return 1
	}
	defer eng.Close()

	bar := newProgressBar(stderr)
	began := time.Now()
	rep, runErr := analysis.Run(ctx, eng, line.Start, line.Moves, o.opts, bar.update)
	bar.done()
	if rep == nil {
		fmt.Fprintf(stderr, "shogi analyse: %v\n", runErr)
		return 1
	}
	js := rep.Judge(analysis.DefaultThresholds)
	line.WriteReport(rep, js)

	status := 0
	var se *analysis.StopError
	switch {
	case errors.As(runErr, &se):
		fmt.Fprintf(stderr, "shogi analyse: %s %v; %s\n", rep.Engine, runErr, doneRange(rep))
		if o.logPath != "" {
			fmt.Fprintf(stderr, "shogi analyse: the engine's output is in %s\n", o.logPath)
		}
		status = 1
	case runErr != nil && ctx.Err() != nil:
		fmt.Fprintf(stderr, "shogi analyse: interrupted; %s\n", doneRange(rep))
		status = 130
	case runErr != nil:
		fmt.Fprintf(stderr, "shogi analyse: %v\n", runErr)
		status = 1
	}
	if err := writeAnalysed(rec, o.out, stdout); err != nil {
		fmt.Fprintf(stderr, "shogi analyse: %v\n", err)
		return 1
	}
	positions := 0
	for _, r := range rep.Results {
		if r.Done {
			positions++
		}
	}
	fmt.Fprintf(stderr, "%s: %d positions in %v by %s\n", name, positions, time.Since(began).Round(time.Millisecond), rep.Engine)
	for _, l := range summaryLines(rec, rep, js) {
		fmt.Fprintln(stderr, l)
	}
	return status
}

// doneRange says which moves an interrupted pass finished.
func doneRange(rep *analysis.Report) string {
	last := -1
	for ply := rep.From; ply <= rep.To; ply++ {
		if !rep.Results[ply].Done || !rep.Results[ply-1].Done {
			break
		}
		last = ply
	}
	if last < rep.From {
		return "no move was analysed"
	}
	return fmt.Sprintf("moves %d-%d are analysed", rep.From, last)
}

// writeAnalysed writes the record: to out in its extension's format, or
// KIF (UTF-8) on standard output.
func writeAnalysed(rec *kifu.Record, out string, stdout io.Writer) error {
	if out == "" {
		text, err := kifu.Marshal(rec, kifu.KIF, kifu.WriteOptions{Encoding: kifu.UTF8})
		if err != nil {
			return err
		}
		_, err = stdout.Write(text)
		return err
	}
	text, err := kifu.Marshal(rec, kifu.FormatOfPath(out), kifu.WriteOptions{Encoding: kifu.EncodingOfPath(out)})
	if err != nil {
		return err
	}
	return kifu.WriteFileAtomic(out, text)
}

// summaryLines are each side's summary: moves judged, average loss,
// marks, and the worst moves with the engine's better choice.
func summaryLines(rec *kifu.Record, rep *analysis.Report, js []analysis.Judgement) []string {
	var out []string
	sums := analysis.Summarize(js)
	names := [2]string{rec.Header("先手"), rec.Header("後手")}
	if names[0] == "" {
		names[0] = rec.Header("下手")
	}
	if names[1] == "" {
		names[1] = rec.Header("上手")
	}
	for _, c := range []game.Color{game.Black, game.White} {
		s := sums[c]
		who := [2]string{"Black ▲", "White △"}[c]
		if names[c] != "" {
			who += names[c]
		}
		if s.Moves == 0 {
			out = append(out, who+": no move judged")
			continue
		}
		out = append(out, fmt.Sprintf("%s: %d moves, average loss %.1f%% (%.0f cp); 緩手 %d, 疑問手?! %d, 悪手? %d, 大悪手?? %d",
			who, s.Moves, s.AvgLoss, s.ACPL, s.Count[analysis.Inaccuracy], s.Count[analysis.Dubious], s.Count[analysis.Mistake], s.Count[analysis.Blunder]))
		for _, j := range s.Worst {
			out = append(out, "  "+worstLine(rep, j))
		}
	}
	return out
}

// worstLine describes one bad move: its number and text with its mark,
// the loss, the values around it, and the engine's choice.
func worstLine(rep *analysis.Report, j analysis.Judgement) string {
	before := positionBefore(rep, j.Ply)
	prev := game.NoMove
	if j.Ply > 1 {
		prev = rep.Moves[j.Ply-2]
	}
	text := fmt.Sprintf("%d %s%s (%s): lost %.1f%%, %v → %v", j.Ply, notation.Format(&before, j.Move, notation.KI2, prev),
		j.Mark.Symbol(), j.Mark.Japanese(), j.Loss, j.Before, j.After)
	if j.Best != game.NoMove && before.IsLegal(j.Best) {
		text += "; better " + notation.Format(&before, j.Best, notation.KI2, prev)
	}
	return text
}

func positionBefore(rep *analysis.Report, ply int) game.Position {
	p := rep.Start
	for _, m := range rep.Moves[:ply-1] {
		p = p.Play(m)
	}
	return p
}

// progressBar draws a pass's progress on stderr: redrawn in place on a
// terminal, a line every tenth of the way otherwise.
type progressBar struct {
	w        io.Writer
	tty      bool
	lastTen  int
	drawn    bool
	previous int
}

func newProgressBar(w io.Writer) *progressBar {
	b := &progressBar{w: w, lastTen: -1}
	if f, ok := w.(*os.File); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
			b.tty = true
		}
	}
	return b
}

const barWidth = 30

func (b *progressBar) update(p analysis.Progress) {
	filled := barWidth * p.Done / p.Total
	text := fmt.Sprintf("[%s%s] %d/%d  move %d %v  ETA %v", strings.Repeat("#", filled), strings.Repeat(".", barWidth-filled),
		p.Done, p.Total, p.Ply, p.Result.Value, p.ETA.Round(time.Second))
	if b.tty {
		pad := max(0, b.previous-len(text))
		fmt.Fprintf(b.w, "\r%s%s", text, strings.Repeat(" ", pad))
		b.previous, b.drawn = len(text), true
		return
	}
	if ten := 10 * p.Done / p.Total; ten != b.lastTen {
		b.lastTen = ten
		fmt.Fprintln(b.w, text)
	}
}

func (b *progressBar) done() {
	if b.drawn {
		fmt.Fprintln(b.w)
	}
}
