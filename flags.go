package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"shogi/game"
)

// newFlagSet returns a flag set that reports errors to stderr without
// exiting, so commands are testable.
func newFlagSet(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("shogi "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs
}

// parseFlags parses args allowing flags after positional arguments
// ("perft 3 --divide"), and returns the positional arguments. "--" ends
// the flags, so a CSA move for White ("-3334FU") can follow it; a negative
// number is taken as an argument, so "perft -1" is a bad depth, not an
// unknown flag.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for len(args) > 0 {
		if isNegativeNumber(args[0]) {
			pos = append(pos, args[0])
			args = args[1:]
			continue
		}
		cut := len(args)
		for i, a := range args {
			if a == "--" {
				break
			}
			if isNegativeNumber(a) && (i == 0 || !strings.HasPrefix(args[i-1], "-") || strings.Contains(args[i-1], "=")) {
				cut = i
				break
			}
		}
		out := fs.Output()
		fs.SetOutput(hintWriter{w: out, fs: fs})
		err := fs.Parse(args[:cut])
		fs.SetOutput(out)
		if err != nil {
			return nil, err
		}
		rest := fs.Args()
		if used := cut - len(rest); used > 0 && args[used-1] == "--" {
			return append(append(pos, rest...), args[cut:]...), nil
		}
		if len(rest) > 0 {
			pos = append(pos, rest[0])
			args = append(rest[1:len(rest):len(rest)], args[cut:]...)
			continue
		}
		args = args[cut:]
	}
	return pos, nil
}

// hintWriter passes the flag package's output on, and follows its "flag
// provided but not defined" with the way out when the "flag" is a value
// that starts with a dash (White's CSA move -3334FU): "--" before it ends
// the flags. The hint comes before the usage the flag package prints next.
type hintWriter struct {
	w  io.Writer
	fs *flag.FlagSet
}

func (h hintWriter) Write(p []byte) (int, error) {
	n, err := h.w.Write(p)
	name, ok := strings.CutPrefix(strings.TrimSpace(string(p)), "flag provided but not defined: -")
	if ok && name != "" {
		name = strings.TrimPrefix(name, "-")
		if c := name[0]; c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' {
			fmt.Fprintf(h.w, "%s: -%s is not a flag; put -- before values that start with a dash: %s -- -%s\n",
				h.fs.Name(), name, h.fs.Name(), name)
		}
	}
	return n, err
}

// parseStatus is the exit status of a command whose flags did not parse:
// 0 when help was asked for (-h, --help), 2 for a mistake.
func parseStatus(err error) int {
	switch {
	case errors.Is(err, flag.ErrHelp):
		return 0
	case errors.Is(err, errFailed):
		return 1
	}
	return 2
}

func isNegativeNumber(s string) bool {
	if len(s) < 2 || s[0] != '-' {
		return false
	}
	for _, c := range s[1:] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// parsePosition reads --sfen (empty means the start) and prints what makes
// the position impossible in play as one warning line on stderr: odd
// positions are accepted, never refused.
func parsePosition(cmd, sfen string, stderr io.Writer) (game.Position, bool) {
	if sfen == "" {
		return game.StartPosition(), true
	}
	p, err := game.ParseSFEN(sfen)
	if err != nil {
		fmt.Fprintf(stderr, "shogi %s: %v\n", cmd, err)
		return p, false
	}
	if ws := p.Warnings(); len(ws) > 0 {
		texts := make([]string, len(ws))
		for i, w := range ws {
			texts[i] = w.String()
		}
		fmt.Fprintf(stderr, "shogi %s: warning: %s\n", cmd, strings.Join(texts, "; "))
	}
	return p, true
}
