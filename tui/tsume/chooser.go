package tsume

import (
	"fmt"
	"strings"

	"shogi/app/words"
	"shogi/tui/common"
	"shogi/tui/components"

	tea "charm.land/bubbletea/v2"
)

// The chooser is the collection's first page: the lengths, how many
// problems of each and how many of them are solved, and the progress so
// far. Enter opens the first problem of the length not yet solved.

func (m Model) chooserKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	ck := m.c.Keys
	n := len(Filters)
	switch {
	case common.KeyIs(msg, ck.Up):
		m.choose = common.WrapAdd(m.choose, -1, n)
	case common.KeyIs(msg, ck.Down):
		m.choose = common.WrapAdd(m.choose, 1, n)
	case common.IsEnter(msg):
		m.filter = Filters[m.choose]
		first, ok := m.firstOf(m.filter)
		if !ok {
			m.setError(m.tw().NoMore)
			return m, nil
		}
		m.chooser = false
		return m, m.open(first)
	case common.KeyIs(msg, m.keys.Leave), common.KeyIs(msg, ck.Cancel):
		return m, m.back()
	case common.KeyIs(msg, ck.Help):
		return m, m.openHelp()
	}
	return m, nil
}

// solvedBefore reports whether item i has been solved at least once.
func (m *Model) solvedBefore(i int) bool {
	if m.store == nil {
		return false
	}
	it, ok := m.store.Item(m.set.Items[i].Problem.ID)
	return ok && it.Solved > 0
}

// chooserView draws the lengths in the middle of the screen.
func (m *Model) chooserView() string {
	c := m.c
	st := c.Styles
	tw := m.tw()
	lines := []string{st.Title.Render(fmt.Sprintf(tw.Title, tw.Collection)), ""}
	rows := make([][3]string, len(Filters))
	for i, f := range Filters {
		idx := m.set.indices(f)
		solved := 0
		for _, x := range idx {
			if m.solvedBefore(x) {
				solved++
			}
		}
		rows[i] = [3]string{filterName(tw, f), fmt.Sprintf(tw.Problems, len(idx)), fmt.Sprintf(tw.SolvedOf, solved, len(idx))}
	}
	var wid [3]int
	for _, r := range rows {
		for k, s := range r {
			wid[k] = max(wid[k], c.Measure.Width(s))
		}
	}
	for i, r := range rows {
		text := c.Measure.Pad(r[0], wid[0]) + "  " + padLeft(c, r[1], wid[1]) + "   " + r[2]
		if i == m.choose {
			lines = append(lines, st.Accent.Render("> ")+st.ListCur.Render(" "+text+" "))
		} else {
			lines = append(lines, "   "+text)
		}
	}
	if m.store != nil {
		lines = append(lines, "")
		for _, l := range joinParts(c, tw.StatsParts(m.stats), min(c.Width, 76)) {
			lines = append(lines, st.Dim.Render(l))
		}
	}
	if m.status != "" {
		lines = append(lines, "")
		for _, l := range components.WrapText(c.Measure, m.status, min(c.Width, 76)) {
			if m.isErr {
				lines = append(lines, st.Err.Render(l))
			} else {
				lines = append(lines, l)
			}
		}
	}
	lines = append(lines, "", st.Dim.Render(tw.ChooserKeys))
	return centre(c, lines)
}

// filterName names a filter: mate in 3, 11手以上, every length.
func filterName(tw *words.TsumeWords, f Filter) string {
	switch {
	case f.All():
		return tw.LengthAll
	case f.Max == 0:
		return fmt.Sprintf(tw.LengthLong, f.Min)
	}
	return fmt.Sprintf(tw.LengthN, f.Min)
}

func padLeft(c *common.Common, s string, w int) string {
	return strings.Repeat(" ", max(w-c.Measure.Width(s), 0)) + s
}

// centre places lines in the middle of the screen.
func centre(c *common.Common, lines []string) string {
	if len(lines) > c.Height {
		lines = lines[:c.Height]
	}
	w := 0
	for _, l := range lines {
		w = min(max(w, c.Measure.Width(l)), c.Width)
	}
	x0 := max((c.Width-w)/2, 0)
	y0 := max((c.Height-len(lines))/2, 0)
	cv := components.NewCanvas(c.Width, c.Height)
	for i, l := range lines {
		l = c.Measure.Truncate(l, c.Width-x0)
		cv.Put(x0, y0+i, c.Measure.Width(l), l)
	}
	return cv.String(c.Measure)
}

// joinParts lays parts out on lines of at most w columns, two spaces
// between parts on a line.
func joinParts(c *common.Common, parts []string, w int) []string {
	var out []string
	line := ""
	for _, p := range parts {
		switch {
		case line == "":
			line = p
		case c.Measure.Width(line)+2+c.Measure.Width(p) <= w:
			line += "  " + p
		default:
			out = append(out, line)
			line = p
		}
	}
	if line != "" {
		out = append(out, line)
	}
	for i, l := range out {
		out[i] = c.Measure.Truncate(l, w)
	}
	return out
}
