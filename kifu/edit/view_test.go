package edit

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"shogi/game"
	"shogi/kifu"
)

// view writes out a record as format f can carry it — everything, less
// what kifu.Losses says f loses — one item a line, so that a record and
// the record read back from f's writing compare as text. f Unknown keeps
// everything (the kept copy must equal the record exactly).
func view(r *kifu.Record, f kifu.Format) string {
	var b strings.Builder
	writeView(&b, r, f)
	if f == kifu.Unknown || f == kifu.KIF || f == kifu.CSA {
		for i, g := range r.Games {
			fmt.Fprintf(&b, "game %d\n", i+2)
			writeView(&b, g, f)
		}
	}
	return b.String()
}

func writeView(b *strings.Builder, r *kifu.Record, f kifu.Format) {
	lost := map[kifu.LossKind]bool{}
	dropped := map[string]bool{}
	endingLost := map[kifu.Ending]bool{}
	if f != kifu.Unknown {
		for _, l := range kifu.Losses(r, f) {
			lost[l.Kind] = true
			for _, k := range l.Keys {
				dropped[k] = true
			}
			if l.Kind == kifu.LostEnding {
				endingLost[l.Ending] = true
			}
		}
	}
	start := r.Start
	if f == kifu.SFEN {
		start = r.PositionAt(lastMain(r))
	}
	name := r.Handicap
	if lost[kifu.LostHandicapName] || f == kifu.SFEN {
		name = ""
		if h, ok := game.HandicapBySFEN(&start); ok {
			name = h.Japanese
		}
	}
	fmt.Fprintf(b, "start %s %q\n", start.SFEN(), name)
	for _, h := range r.Headers {
		if !dropped[h.Key] {
			key := h.Key
			if f != kifu.Unknown {
				key = kifu.CanonicalKey(key)
			}
			fmt.Fprintf(b, "header %s=%q\n", key, h.Value)
		}
	}
	if f == kifu.SFEN {
		return // a position, no moves (what it loses, Losses counts)
	}
	index := map[*kifu.Node]int{}
	for _, n := range nodes(r) {
		if n.Parent != nil && lost[kifu.LostBranches] && !onMain(n) {
			continue
		}
		if n.Ending != kifu.NoEnding && (f == kifu.USI || f == kifu.SFEN) {
			continue
		}
		index[n] = len(index)
		parent := -1
		if n.Parent != nil {
			parent = index[n.Parent]
		}
		what := "root"
		switch {
		case n.Ending != kifu.NoEnding && endingLost[n.Ending] && f == kifu.CSA:
			what = kifu.Interrupt.String()
		case n.Ending != kifu.NoEnding:
			what = n.Ending.String() + " " + strconv.Quote(n.Word())
		case n.Parent != nil:
			what = n.Move.USI()
		}
		fmt.Fprintf(b, "node %d %d %s", index[n], parent, what)
		if c := n.Comment(); c != "" && (!lost[kifu.LostComments] || f == kifu.Western) {
			if f == kifu.Western { // braces become parentheses, spaces at the ends go (Losses counts such comments)
				c = strings.TrimSpace(strings.NewReplacer("{", "(", "}", ")").Replace(c))
			}
			fmt.Fprintf(b, " comment=%q", c)
		}
		if n.Bookmark() != "" && !lost[kifu.LostBookmarks] {
			fmt.Fprintf(b, " bookmark=%q", n.Bookmark())
		}
		if n.HasTime && !lost[kifu.LostTimes] {
			fmt.Fprintf(b, " time=%v", n.Elapsed.Round(time.Second))
			if f != kifu.CSA { // CSA writes each move's time; its totals are sums again
				fmt.Fprintf(b, "/%v", n.Total.Round(time.Second))
			}
		}
		if n.Eval() != nil && f == kifu.Unknown {
			fmt.Fprintf(b, " eval=%+v", *n.Eval())
		}
		b.WriteByte('\n')
	}
}

// onMain reports whether n is on the main line.
func onMain(n *kifu.Node) bool {
	for ; n.Parent != nil; n = n.Parent {
		if n.Parent.FirstChild() != n {
			return false
		}
	}
	return true
}

// lastMain returns the last move of the main line (the root if none).
func lastMain(r *kifu.Record) *kifu.Node {
	n := r.Root
	for n.FirstChild() != nil && n.FirstChild().Ending == kifu.NoEnding {
		n = n.FirstChild()
	}
	return n
}
