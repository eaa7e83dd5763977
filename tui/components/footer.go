package components

import (
	"slices"
	"strings"

	"shogi/tui/common"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// The footer is the bottom of the play and study screens: the prompt line
// (a typed line, a question or a hint), the status (what the last key
// did, wrapped, cleared by the next key) and the help bar.

// HelpBar draws as many bindings as fit w columns, in order, keys bold and
// descriptions dimmed; it is exactly w columns. When the help key (?)
// would not fit where it stands, it takes the last place of those that
// do: it is where the others are found.
func HelpBar(bindings []key.Binding, w int, st *common.Styles, m common.Measure) string {
	var shown []key.Binding
	help := -1
	for _, kb := range bindings {
		if h := kb.Help(); kb.Enabled() && h.Key != "" {
			if help < 0 && (strings.HasPrefix(h.Key, "?") || h.Key == "f1") { // f1 while a move is typed
				help = len(shown)
			}
			shown = append(shown, kb)
		}
	}
	width := func(kb key.Binding) int { return m.Width(kb.Help().Key) + 1 + m.Width(kb.Help().Desc) }
	// fitting is the longest start of list that fits room columns, two
	// between each.
	fitting := func(list []key.Binding, room int) []key.Binding {
		used := -2
		for i, kb := range list {
			if used += 2 + width(kb); used > room {
				return list[:i]
			}
		}
		return list
	}
	drawn := fitting(shown, w)
	if help >= len(drawn) && width(shown[help]) <= w {
		others := append(slices.Clone(shown[:help]), shown[help+1:]...)
		drawn = append(fitting(others, w-width(shown[help])-2), shown[help])
	}
	var b strings.Builder
	used := 0
	for i, kb := range drawn {
		h := kb.Help()
		if i > 0 {
			b.WriteString("  ")
			used += 2
		}
		if st != nil {
			b.WriteString(st.Key.Render(h.Key) + " " + st.Dim.Render(h.Desc))
		} else {
			b.WriteString(h.Key + " " + h.Desc)
		}
		used += width(kb)
	}
	b.WriteString(strings.Repeat(" ", max(w-used, 0)))
	return b.String()
}

// Badge is text set off in a badge's colours (reverse video without
// colour), with a blank on each side.
func Badge(st *common.Styles, pick func(*common.Styles) common.Wrap, text string) string {
	if st == nil {
		return "[" + text + "]"
	}
	return pick(st).Render(" " + text + " ")
}

// The badges.
var (
	TurnBadge  = func(s *common.Styles) common.Wrap { return s.TurnBadge }
	AskBadge   = func(s *common.Styles) common.Wrap { return s.AskBadge }
	EndBadge   = func(s *common.Styles) common.Wrap { return s.EndBadge }
	CheckBadge = func(s *common.Styles) common.Wrap { return s.CheckBadge }
)

// Question is the prompt line of a question: the badge in the accent
// colour, then the keys that answer it.
//
// A line too long for w gives way before the keys that answer are cut:
// first the keys' last clause (what any other key does), then the
// question's figures in brackets at its end, then the question's own end,
// with "..." (as StatusLines cuts: ASCII terminals draw it too).
func Question(st *common.Styles, m common.Measure, ask, keys string, w int) string {
	line := func(ask, keys string) string {
		rest := "  " + keys
		if st != nil {
			rest = "  " + st.Text.Render(keys)
		}
		return Badge(st, AskBadge, ask) + rest
	}
	short, shortKeys := ask, keys
	if i := strings.LastIndex(ask, " ("); i > 0 && strings.HasSuffix(ask, ")") {
		short = ask[:i]
	}
	for _, sep := range []string{"; ", "、"} {
		if i := strings.LastIndex(keys, sep); i > 0 {
			shortKeys = keys[:i]
			break
		}
	}
	for _, c := range [][2]string{{ask, keys}, {ask, shortKeys}, {short, keys}, {short, shortKeys}} {
		if l := line(c[0], c[1]); m.Width(l) <= w {
			return l
		}
	}
	// The badge's frame takes two columns (a space or a bracket each side).
	if room := w - m.Width(shortKeys) - 4 - 3; room >= 4 {
		return line(m.Truncate(short, room)+"...", shortKeys)
	}
	return m.Truncate(line(short, shortKeys), w)
}

// QuestionLines is a question that may take more than a line: the badge,
// then the text wrapped beside it, in at most rows lines of w columns.
func QuestionLines(st *common.Styles, m common.Measure, ask, text string, w, rows int) []string {
	b := Badge(st, AskBadge, ask)
	indent := m.Width(b) + 2
	lines := WrapText(m, text, max(w-indent, 1))
	if len(lines) > rows {
		lines = lines[:rows]
	}
	out := make([]string, len(lines))
	for i, l := range lines {
		if st != nil {
			l = st.Text.Render(l)
		}
		head := strings.Repeat(" ", indent)
		if i == 0 {
			head = b + "  "
		}
		out[i] = m.Truncate(head+l, w)
	}
	return out
}

// StatusLines wraps the status message in at most rows lines of w columns,
// in the error style when it reports a failure; what does not fit ends
// with "...".
func StatusLines(text string, isErr bool, w, rows int, st *common.Styles, m common.Measure) []string {
	if text == "" || rows <= 0 {
		return nil
	}
	lines := WrapText(m, text, w)
	if len(lines) > rows {
		lines = lines[:rows]
		lines[rows-1] = m.Truncate(lines[rows-1], w-3) + "..."
	}
	if st != nil {
		for i, l := range lines {
			if isErr {
				lines[i] = st.Err.Render(l)
			} else {
				lines[i] = st.Text.Render(l)
			}
		}
	}
	return lines
}

func Dimmed(st *common.Styles, s string) string {
	if st == nil {
		return s
	}
	return st.Dim.Render(s)
}

// Footer is what a game screen draws below its board: the prompt line
// (with the text cursor at column cursorX of it, -1 for none), the status
// wrapped under it, and the help bar on the last of h lines.
type Footer struct {
	Prompt  string
	CursorX int
	Status  string
	IsErr   bool
	Keys    []key.Binding
}

// DrawFooter draws f on cv from line top, in columns x to x+w, the help
// bar on line h-1; it returns where the terminal's cursor goes, if
// anywhere.
func DrawFooter(cv *Canvas, f Footer, x, w, top, h int, st *common.Styles, m common.Measure) *tea.Cursor {
	cv.Put(x, top, w, f.Prompt)
	var cursor *tea.Cursor
	if f.CursorX >= 0 {
		cursor = tea.NewCursor(x+f.CursorX, top)
	}
	y := top + 1
	for _, s := range StatusLines(f.Status, f.IsErr, w, h-1-y, st, m) {
		cv.Put(x, y, m.Width(s), s)
		y++
	}
	cv.Put(x, h-1, w, HelpBar(f.Keys, w, st, m))
	return cursor
}
