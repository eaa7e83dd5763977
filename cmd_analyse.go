package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"shogi/app/analyse"
	"shogi/game/analysis"
	"shogi/game/bot"
	"shogi/game/match"
	"shogi/kifu"
)

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
	o := analyse.Options{Path: rest[0], Out: *out}
	if o.Spec, err = match.ParseSpec(*engine); err != nil {
		return bad("--engine: %v", err)
	}
	if o.Spec.Kind == match.HumanKind {
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
	case o.Out != "" && !analyse.KeepsComments(kifu.FormatOfPath(o.Out)):
		return bad("-o %s: want a format that keeps comments: .kif .kifu .ki2 .ki2u .csa .jkf .psn", o.Out)
	}
	switch {
	case set["depth"]:
		o.Opts.Limits.Depth = *depth
	case set["nodes"]:
		o.Opts.Limits.Nodes = *nodes
	default:
		o.Opts.Limits.MoveTime = *moveTime
	}
	o.Opts.MultiPV, o.Opts.From, o.Opts.To = *multiPV, *from, *to
	o.OpenLog = func() (*os.File, string) { return engineLogIn("analyse", *logPath, s.env, stderr) }
	return analyse.Run(ctx, o, stdin, stdout, stderr)
}
