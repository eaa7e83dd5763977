package components

import (
	"strings"

	"shogi/tui/common"

	"charm.land/bubbles/v2/key"
)

// The footer is the bottom of the play and study screens: the prompt line
// (a typed line, a question or a hint), the status (what the last key
// did, wrapped, cleared by the next key) and the help bar.

// helpBar draws as many bindings as fit w columns, in order, keys bold and
// descriptions dimmed; it is exactly w columns.
func HelpBar(bindings []key.Binding, w int, st *common.Styles, m common.Measure) string {
	var b strings.Builder
	used := 0
	for _, kb := range bindings {
		h := kb.Help()
		if !kb.Enabled() || h.Key == "" {
			continue
		}
		kw, dw := m.Width(h.Key), m.Width(h.Desc)
		need := kw + 1 + dw
		if used > 0 {
			need += 2
		}
		if used+need > w {
			break
		}
		if used > 0 {
			b.WriteString("  ")
		}
		if st != nil {
			b.WriteString(st.Key.Render(h.Key) + " " + st.Dim.Render(h.Desc))
		} else {
			b.WriteString(h.Key + " " + h.Desc)
		}
		used += need
	}
	b.WriteString(strings.Repeat(" ", max(w-used, 0)))
	return b.String()
}

// badge is text set off in a badge's colours (reverse video without
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

// question is the prompt line of a question: the badge in the accent
// colour, then the keys that answer it.
func Question(st *common.Styles, m common.Measure, ask, keys string, w int) string {
	b := Badge(st, AskBadge, ask)
	rest := "  " + keys
	if st != nil {
		rest = "  " + st.Text.Render(keys)
	}
	return m.Truncate(b+rest, w)
}

// statusLines wraps the status message in at most rows lines of w columns,
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
