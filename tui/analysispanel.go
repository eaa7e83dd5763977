package tui

import "strings"

// engineView is what the engine panel draws: a heading (the engine, its
// depth and speed), a state (thinking, stopped, a fault), and the lines,
// each a score and its moves.
type engineView struct {
	head  string
	state string
	isErr bool
	lines []engineViewLine
}

// engineViewLine is one line of the engine's: the score as the screen
// writes it (+158 互角, -7手詰) and the moves in the screen's notation.
type engineViewLine struct {
	score string
	moves []string
}

// rows is how many lines v takes at width w without a limit.
func (v engineView) rows(w int, m measure) int {
	n := 1
	sw := v.scoreWidth(m)
	for _, l := range v.lines {
		n += len(wrapMoves(l.moves, max(w-sw-1, 1), m))
	}
	return n
}

func (v engineView) scoreWidth(m measure) int {
	sw := 0
	for _, l := range v.lines {
		sw = max(sw, m.width(l.score))
	}
	return sw
}

// renderAnalysis draws v in at most rows lines of w columns: the heading
// with the state, then each line with its score in a column and its
// moves wrapped under themselves. When rows are short every line keeps
// its first row and the best line gets the rest first:
//
//	検討 Fairy-Stockfish 11.1  深さ 18  1.2M nps  思考中…
//	+158 互角 ▲２六歩 △８四歩 ▲２五歩 △８五歩 ▲７八金 △３二金
//	          ▲２四歩 △同　歩 ▲同　飛
//	 +96      ▲７六歩 △３四歩 ▲２六歩
func renderAnalysis(v engineView, w, rows int, st *Styles, m measure) []string {
	if rows <= 0 || w <= 0 {
		return nil
	}
	head := v.head
	if st != nil {
		head = st.title.render(head)
	}
	state := v.state
	if st != nil && state != "" {
		if v.isErr {
			state = st.err.render(state)
		} else {
			state = st.dim.render(state)
		}
	}
	out := []string{m.fit(strings.TrimSpace(head+"  "+state), w)}
	if v.isErr && rows > 1 {
		// A fault gets the room to say itself in full.
		for _, l := range wrapText(m, v.state, w) {
			if len(out) == rows {
				break
			}
			out = append(out, m.fit(paint(st, func(s *Styles) wrap { return s.err }, l), w))
		}
		out[0] = m.fit(head, w)
		return out
	}
	sw := v.scoreWidth(m)
	mw := max(w-sw-1, 1)
	wrapped := make([][]string, len(v.lines))
	for i, l := range v.lines {
		wrapped[i] = wrapMoves(l.moves, mw, m)
	}
	// Each line its first row, then the rest in order.
	room := rows - 1
	give := make([]int, len(v.lines))
	for i := range give {
		if room > 0 {
			give[i], room = 1, room-1
		}
	}
	for i := range give {
		extra := min(room, len(wrapped[i])-give[i])
		if give[i] > 0 && extra > 0 {
			give[i] += extra
			room -= extra
		}
	}
	for i, l := range v.lines {
		for r := 0; r < give[i]; r++ {
			score := strings.Repeat(" ", sw)
			if r == 0 {
				score = padLeftW(m, l.score, sw)
				if st != nil && i == 0 {
					score = st.bold.render(score)
				}
			}
			text := ""
			if r < len(wrapped[i]) {
				text = wrapped[i][r]
			}
			out = append(out, m.fit(score+" "+text, w))
		}
	}
	return out
}

// wrapMoves puts moves on lines of w columns, a blank between two.
func wrapMoves(moves []string, w int, m measure) []string {
	if len(moves) == 0 {
		return []string{""}
	}
	ts := make([]token, len(moves))
	for i, mv := range moves {
		ts[i] = token{text: mv}
	}
	return wrapTokens(ts, w, m)
}

// padLeftW right-aligns s in n columns as m measures it.
func padLeftW(m measure, s string, n int) string {
	if d := n - m.width(s); d > 0 {
		return strings.Repeat(" ", d) + s
	}
	return s
}

// paint renders s in the style f picks, or plain without styles.
func paint(st *Styles, f func(*Styles) wrap, s string) string {
	if st == nil {
		return s
	}
	return f(st).render(s)
}
