package tui

import (
	"strings"

	"charm.land/bubbles/v2/key"
)

// The footer is the bottom of the play and study screens: the prompt line
// (a typed line, a question or a hint), the status (what the last key
// did, wrapped, cleared by the next key) and the help bar.

// helpBar draws as many bindings as fit w columns, in order, keys bold and
// descriptions dimmed; it is exactly w columns.
func helpBar(bindings []key.Binding, w int, st *Styles, m measure) string {
	var b strings.Builder
	used := 0
	for _, kb := range bindings {
		h := kb.Help()
		if !kb.Enabled() || h.Key == "" {
			continue
		}
		kw, dw := m.width(h.Key), m.width(h.Desc)
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
			b.WriteString(st.key.render(h.Key) + " " + st.dim.render(h.Desc))
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
func badge(st *Styles, pick func(*Styles) wrap, text string) string {
	if st == nil {
		return "[" + text + "]"
	}
	return pick(st).render(" " + text + " ")
}

// The badges.
var (
	turnBadge  = func(s *Styles) wrap { return s.turnBadge }
	askBadge   = func(s *Styles) wrap { return s.askBadge }
	endBadge   = func(s *Styles) wrap { return s.endBadge }
	checkBadge = func(s *Styles) wrap { return s.checkBadge }
)

// question is the prompt line of a question: the badge in the accent
// colour, then the keys that answer it.
func question(st *Styles, m measure, ask, keys string, w int) string {
	b := badge(st, askBadge, ask)
	rest := "  " + keys
	if st != nil {
		rest = "  " + st.text.render(keys)
	}
	return m.truncate(b+rest, w)
}

// statusLines wraps the status message in at most rows lines of w columns,
// in the error style when it reports a failure; what does not fit ends
// with "...".
func statusLines(text string, isErr bool, w, rows int, st *Styles, m measure) []string {
	if text == "" || rows <= 0 {
		return nil
	}
	lines := wrapText(m, text, w)
	if len(lines) > rows {
		lines = lines[:rows]
		lines[rows-1] = m.truncate(lines[rows-1], w-3) + "..."
	}
	if st != nil {
		for i, l := range lines {
			if isErr {
				lines[i] = st.err.render(l)
			} else {
				lines[i] = st.text.render(l)
			}
		}
	}
	return lines
}

func dimmed(st *Styles, s string) string {
	if st == nil {
		return s
	}
	return st.dim.render(s)
}
