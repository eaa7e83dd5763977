package kifu

import (
	"maps"
	"slices"
	"strings"
)

// LossKind names a part of a record a format cannot hold.
type LossKind int

const (
	LostBranches     LossKind = iota + 1 // Count variations (CSA, USI and SFEN write the main line only)
	LostMoves                            // Count moves (SFEN writes the final position only)
	LostComments                         // Count comments (USI, SFEN; Western changes braces and spaces at the ends)
	LostEvaluations                      // Count engines' verdicts on moves (USI, SFEN, Western)
	LostBookmarks                        // Count bookmarks (all but KIF and KI2)
	LostTimes                            // Count moves' times (KI2, USI, SFEN, Western)
	LostHeaders                          // Keys: headers the format has no place for
	LostEnding                           // Count endings of kind Ending the format writes as another or not at all
	LostHandicapName                     // the start's own name (CSA, Western, USI, SFEN)
	LostGames                            // Count further games of the file (all but KIF and CSA)
)

// Loss is one part of a record that writing it in a format would lose.
type Loss struct {
	Kind   LossKind
	Count  int
	Keys   []string // LostHeaders: the keys, as the record has them
	Ending Ending   // LostEnding
}

// formatHolds says what each format writes.
var formatHolds = map[Format]struct {
	branches, comments, evals, bookmarks, times, handicap, games bool
	headers                                                      headerStyle // -1: none
}{
	KIF:     {branches: true, comments: true, evals: true, bookmarks: true, times: true, handicap: true, games: true, headers: jpHeaders},
	KI2:     {branches: true, comments: true, evals: true, bookmarks: true, handicap: true, headers: jpHeaders},
	CSA:     {comments: true, evals: true, times: true, games: true, headers: csaHeaders},
	JKF:     {branches: true, comments: true, evals: true, times: true, handicap: true, headers: jpHeaders},
	Western: {branches: true, comments: true, headers: westernHeaders},
	USI:     {headers: -1},
	SFEN:    {headers: -1},
}

// Losses lists, before writing, what r would lose in format f: what the
// format has no place for, counted, and the endings it writes as another.
// None means the record reads back as it is (the start, every move,
// comment, bookmark, time, header and ending). Further games count only
// for the formats that write them.
func Losses(r *Record, f Format) []Loss {
	holds, ok := formatHolds[f]
	if !ok {
		return nil
	}
	counts := map[LossKind]int{}
	endings := map[Ending]int{}
	var keys []string
	games := []*Record{r}
	if holds.games {
		games = append(games, r.Games...)
	} else if len(r.Games) > 0 {
		counts[LostGames] = len(r.Games)
	}
	for _, g := range games {
		if holds.headers < 0 {
			for _, h := range g.Headers {
				keys = append(keys, h.Key)
			}
		} else {
			for _, h := range g.Headers {
				if !holdsHeader(h.Key, holds.headers, f) {
					keys = append(keys, h.Key)
				}
			}
		}
		if !holds.handicap && customHandicap(g) != "" {
			counts[LostHandicapName]++
		}
		g.walkTree(func(n *Node, main bool) bool {
			if !holds.branches && !main {
				counts[LostBranches] += variationsFrom(n)
				return false
			}
			if f == SFEN && n.IsMove() {
				counts[LostMoves]++
			}
			if n.Comment() != "" && (!holds.comments || f == Western && westernComment(n.Comment()) != n.Comment()) {
				counts[LostComments]++
			}
			if n.Eval() != nil && !holds.evals {
				counts[LostEvaluations]++
			}
			if n.Bookmark() != "" && !holds.bookmarks {
				counts[LostBookmarks]++
			}
			if n.HasTime && !holds.times {
				counts[LostTimes]++
			}
			if n.Ending != NoEnding {
				if back := endingIn(n, f); back != n.Ending {
					endings[n.Ending]++
				}
			}
			return true
		})
	}
	var out []Loss
	for k := LostBranches; k <= LostGames; k++ {
		switch {
		case k == LostHeaders && len(keys) > 0:
			out = append(out, Loss{Kind: k, Count: len(keys), Keys: keys})
		case k == LostEnding:
			for _, e := range slices.Sorted(maps.Keys(endings)) {
				out = append(out, Loss{Kind: k, Count: endings[e], Ending: e})
			}
		case counts[k] > 0:
			out = append(out, Loss{Kind: k, Count: counts[k]})
		}
	}
	return out
}

// variationsFrom counts the variations lost with the one starting at n:
// itself and every variation branching inside it, however deep.
func variationsFrom(n *Node) int {
	count := 1
	stack := []*Node{n}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for c := range x.Children() {
			if c != x.first {
				count++
			}
			stack = append(stack, c)
		}
	}
	return count
}

// holdsHeader reports whether a header of key survives format f, which
// writes headers in style s.
func holdsHeader(key string, s headerStyle, f Format) bool {
	k, ok := translate(key, s)
	switch {
	case !ok:
		return false
	case f == JKF:
		return k != "手合割" // JSON holds any key; the reader takes 手合割 for the start
	case s == jpHeaders:
		return safeJPKey(k)
	}
	return true
}

// endingIn returns the ending n reads back as after writing in f
// (NoEnding when f writes none).
func endingIn(n *Node, f Format) Ending {
	switch f {
	case USI, SFEN:
		return NoEnding
	case CSA:
		if n.Ending == Forfeit || n.Ending == OtherEnding && !isCSAWord(strings.TrimPrefix(n.Word(), "%")) {
			return Interrupt
		}
	}
	return n.Ending
}

// westernComment is what a comment reads back as from Western text:
// braces written as parentheses, spaces at the ends gone.
func westernComment(c string) string { return strings.TrimSpace(commentText(c)) }
