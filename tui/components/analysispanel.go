package components

import (
	"strings"

	"shogi/tui/common"
)

// engineView is what the engine panel draws: a heading (the engine, its
// depth and speed), a state (thinking, stopped, a fault), and the lines,
// each a score and its moves.
type EngineView struct {
	Head  string
	State string
	IsErr bool
	Lines []EngineViewLine
}

// engineViewLine is one line of the engine's: the score as the screen
// writes it (+158 互角, -7手詰) and the moves in the screen's notation.
type EngineViewLine struct {
	Score string
	Moves []string
}

// rows is how many lines v takes at width w without a limit.
func (v EngineView) Rows(w int, m common.Measure) int {
	n := 1
	sw := v.scoreWidth(m)
	for _, l := range v.Lines {
		n += len(WrapMoves(l.Moves, max(w-sw-1, 1), m))
	}
	return n
}

func (v EngineView) scoreWidth(m common.Measure) int {
	sw := 0
	for _, l := range v.Lines {
		sw = max(sw, m.Width(l.Score))
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
func RenderAnalysis(v EngineView, w, rows int, st *common.Styles, m common.Measure) []string {
	if rows <= 0 || w <= 0 {
		return nil
	}
	head := v.Head
	if st != nil {
		head = st.Title.Render(head)
	}
	state := v.State
	if st != nil && state != "" {
		if v.IsErr {
			state = st.Err.Render(state)
		} else {
			state = st.Dim.Render(state)
		}
	}
	out := []string{m.Fit(strings.TrimSpace(head+"  "+state), w)}
	if v.IsErr && rows > 1 {
		// A fault gets the room to say itself in full.
		for _, l := range WrapText(m, v.State, w) {
			if len(out) == rows {
				break
			}
			out = append(out, m.Fit(Paint(st, func(s *common.Styles) common.Wrap { return s.Err }, l), w))
		}
		out[0] = m.Fit(head, w)
		return out
	}
	sw := v.scoreWidth(m)
	mw := max(w-sw-1, 1)
	wrapped := make([][]string, len(v.Lines))
	for i, l := range v.Lines {
		wrapped[i] = WrapMoves(l.Moves, mw, m)
	}
	// Each line its first row, then the rest in order.
	room := rows - 1
	give := make([]int, len(v.Lines))
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
	for i, l := range v.Lines {
		for r := 0; r < give[i]; r++ {
			score := strings.Repeat(" ", sw)
			if r == 0 {
				score = padLeftW(m, l.Score, sw)
				if st != nil && i == 0 {
					score = st.Bold.Render(score)
				}
			}
			text := ""
			if r < len(wrapped[i]) {
				text = wrapped[i][r]
			}
			out = append(out, m.Fit(score+" "+text, w))
		}
	}
	return out
}

// wrapMoves puts moves on lines of w columns, a blank between two.
func WrapMoves(moves []string, w int, m common.Measure) []string {
	if len(moves) == 0 {
		return []string{""}
	}
	ts := make([]Token, len(moves))
	for i, mv := range moves {
		ts[i] = Token{Text: mv}
	}
	return wrapTokens(ts, w, m)
}

// padLeftW right-aligns s in n columns as m measures it.
func padLeftW(m common.Measure, s string, n int) string {
	if d := n - m.Width(s); d > 0 {
		return strings.Repeat(" ", d) + s
	}
	return s
}

// paint renders s in the style f picks, or plain without styles.
func Paint(st *common.Styles, f func(*common.Styles) common.Wrap, s string) string {
	if st == nil {
		return s
	}
	return f(st).Render(s)
}
