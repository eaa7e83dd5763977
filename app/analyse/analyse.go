// Package analyse is shogi analyse's work: a record's main line judged
// move by move by an engine (game/analysis), written back with
// ShogiHome's analysis comments (kifu/annotate), with a progress bar and
// each side's summary on standard error.
package analyse

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"shogi/game"
	"shogi/game/analysis"
	"shogi/game/match"
	"shogi/game/notation"
	"shogi/game/usi"
	"shogi/kifu"
	"shogi/kifu/annotate"
	"strings"
	"time"
)

// Options are an analysis pass's settings, read from the flags.
type Options struct {
	Path string // the record, "-" for standard input
	Spec match.Spec
	Opts analysis.Options
	Out  string // where the record goes, "" for KIF on standard output
	// OpenLog opens a USI engine's log (nil for none): the file and its
	// path, which the messages name. Run closes the file.
	OpenLog func() (*os.File, string)
}

// KeepsComments reports whether a record format has comments to hold an
// analysis.
func KeepsComments(f kifu.Format) bool {
	switch f {
	case kifu.KIF, kifu.KI2, kifu.CSA, kifu.JKF, kifu.Western:
		return true
	}
	return false
}

// Run analyses every position of the main line of the record at o.Path
// ("-" for stdin) and writes the record with ShogiHome's analysis
// comments to o.Out (KIF on stdout without one), the progress and each
// side's summary to stderr. It returns the exit status: 1 when the
// record does not read or the engine fails, 2 for a range the record
// has not, 130 when ctx ends the pass first (what is done is written).
func Run(ctx context.Context, o Options, stdin io.Reader, stdout, stderr io.Writer) int {
	data, name, err := kifu.ReadArg(o.Path, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "shogi analyse: %v\n", err)
		return 1
	}
	rec, err := kifu.Read(data, name)
	if err != nil {
		fmt.Fprintln(stderr, kifu.ErrorText(err))
		return 1
	}
	rec.Games = nil
	line := annotate.MainLine(rec)
	if _, _, err := o.Opts.Range(len(line.Moves)); err != nil {
		fmt.Fprintf(stderr, "shogi analyse: %s: %v\n", name, err)
		return 2
	}

	cfg := usi.Config{Log: log.New(io.Discard, "", 0)}
	logPath := ""
	if o.Spec.Kind == match.USIKind {
		if o.OpenLog != nil {
			if f, path := o.OpenLog(); f != nil {
				defer f.Close()
				cfg.Log = log.New(f, "", log.Ltime|log.Lmicroseconds)
				logPath = path
			}
		}
	}
	eng, err := analysis.Start(ctx, o.Spec, cfg, nil)
	if err != nil {
		fmt.Fprintf(stderr, "shogi analyse: %v\n", err)
		return 1
	}
	defer eng.Close()

	bar := newProgressBar(stderr)
	began := time.Now()
	rep, runErr := analysis.Run(ctx, eng, line.Start, line.Moves, o.Opts, bar.update)
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
		if logPath != "" {
			fmt.Fprintf(stderr, "shogi analyse: the engine's output is in %s\n", logPath)
		}
		status = 1
	case runErr != nil && ctx.Err() != nil:
		fmt.Fprintf(stderr, "shogi analyse: interrupted; %s\n", doneRange(rep))
		status = 130
	case runErr != nil:
		fmt.Fprintf(stderr, "shogi analyse: %v\n", runErr)
		status = 1
	}
	if err := writeAnalysed(rec, o.Out, stdout); err != nil {
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
