package components

import (
	"strconv"
	"strings"

	"shogi/tui/common"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"
)

// helpView is the ? screen: every key of the screen it was opened from
// (the same bindings that drive it), then notes, in a viewport that
// scrolls, so it fits the smallest terminal.
type helpView struct {
	groups [][]key.Binding
	notes  string
	vp     viewport.Model
	w, h   int
}

func newHelpView(groups [][]key.Binding, notes string) *helpView {
	return &helpView{groups: groups, notes: notes, vp: viewport.New()}
}

// lines lays the help out for w columns.
func (hv *helpView) lines(w int, m common.Measure, st *common.Styles) []string {
	keyW := 0
	for _, g := range hv.groups {
		for _, b := range g {
			keyW = max(keyW, m.Width(b.Help().Key))
		}
	}
	var out []string
	for i, g := range hv.groups {
		if i > 0 {
			out = append(out, "")
		}
		for _, b := range g {
			k := m.Pad(b.Help().Key, keyW)
			if st != nil {
				k = st.Key.Render(k)
			}
			for j, l := range WrapText(m, b.Help().Desc, max(w-keyW-3, 1)) {
				if j > 0 {
					k = strings.Repeat(" ", keyW)
				}
				out = append(out, m.Fit(" "+k+"  "+l, w))
			}
		}
	}
	if hv.notes != "" {
		if len(out) > 0 { // a blank line after the keys; none under the title alone
			out = append(out, "")
		}
		for _, para := range strings.Split(strings.TrimRight(hv.notes, "\n"), "\n") {
			for _, l := range WrapText(m, para, w) {
				out = append(out, m.Fit(l, w))
			}
		}
	}
	return out
}

// size fits the viewport to the screen, less the title and footer lines.
func (hv *helpView) size(w, h int, m common.Measure, st *common.Styles) {
	if w == hv.w && h == hv.h {
		return
	}
	hv.w, hv.h = w, h
	hv.vp.SetWidth(w)
	hv.vp.SetHeight(max(h-2, 1))
	hv.vp.SetContentLines(hv.lines(w, m, st))
}

// Update scrolls; done is true for the keys that close the help.
func (hv *helpView) Update(msg tea.Msg) (done bool) {
	if k, ok := msg.(tea.KeyPressMsg); ok {
		switch k.String() {
		case "?", "f1", "esc", "q", "enter":
			return true
		case "home", "g":
			hv.vp.GotoTop()
			return false
		case "end", "G":
			hv.vp.GotoBottom()
			return false
		}
	}
	hv.vp, _ = hv.vp.Update(msg)
	return false
}

// View draws the help as exactly h lines of w columns: a title, the
// scrolled lines, and how far down they are.
func (hv *helpView) View(w, h int, title, closeHint string, m common.Measure, st *common.Styles) string {
	hv.vp.MouseWheelEnabled = true
	hv.size(w, h, m, st)
	head := m.Fit(title, w)
	if st != nil {
		head = st.Title.Render(head)
	}
	lines := []string{head}
	for _, l := range strings.Split(hv.vp.View(), "\n") {
		lines = append(lines, m.Fit(l, w))
	}
	lines = lines[:min(len(lines), max(h-1, 1))]
	for len(lines) < h-1 {
		lines = append(lines, strings.Repeat(" ", w))
	}
	foot := closeHint
	if hv.vp.TotalLineCount() > hv.vp.VisibleLineCount() {
		foot += "  " + percent(hv.vp.ScrollPercent())
	}
	foot = m.Fit(foot, w)
	if st != nil {
		foot = st.Dim.Render(foot)
	}
	if h > 1 {
		lines = append(lines, foot)
	}
	return strings.Join(lines[:min(len(lines), h)], "\n")
}

func percent(f float64) string {
	n := int(f*100 + 0.5)
	return strconv.Itoa(n) + "%"
}

// HelpOverlay is the ? screen as a root model holds it: open over
// whichever screen asked for it (openHelpMsg), it takes the keys and the
// mouse until it is closed.
type HelpOverlay struct{ V *helpView }

// Take handles msg when it concerns the overlay, and reports whether it
// did: opening it, and every key and mouse event while it is open.
func (h *HelpOverlay) Take(msg tea.Msg) bool {
	switch msg := msg.(type) {
	case common.OpenHelpMsg:
		h.V = newHelpView(msg.Groups, msg.Notes)
		return true
	case tea.KeyPressMsg:
		if h.V == nil {
			return false
		}
		if msg.String() == "ctrl+c" || h.V.Update(msg) {
			h.V = nil
		}
		return true
	case tea.MouseWheelMsg:
		if h.V == nil {
			return false
		}
		h.V.Update(msg)
		return true
	case tea.MouseMsg:
		return h.V != nil
	}
	return false
}
