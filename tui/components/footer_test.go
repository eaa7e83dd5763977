package components

import (
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"

	"shogi/tui/common"
)

// The help bar keeps ? when the bar is too narrow for every key: it takes
// the last place of those that fit (the study at 80 columns lost it
// behind w save); where it fits in its place, the order is the caller's;
// and the bar is always exactly its width.
func TestHelpBarKeepsHelp(t *testing.T) {
	m := common.NewMeasure(common.Narrow)
	b := func(k, d string) key.Binding { return key.NewBinding(key.WithKeys(k), key.WithHelp(k, d)) }
	late := []key.Binding{b("a", "one"), b("b", "two"), b("c", "three"), b("d", "four"), b("?", "help")}
	early := []key.Binding{b("a", "one"), b("?", "help"), b("b", "two"), b("c", "three"), b("d", "four")}
	for _, c := range []struct {
		name string
		keys []key.Binding
		w    int
		want string
	}{
		{"all fit", late, 60, "a one  b two  c three  d four  ? help"},
		{"? last", late, 30, "a one  b two  c three  ? help"},
		{"? in place", early, 30, "a one  ? help  b two  c three"},
		{"only ?", late, 8, "? help"},
	} {
		got := HelpBar(c.keys, c.w, nil, m)
		if m.Width(got) != c.w || strings.TrimRight(got, " ") != c.want {
			t.Errorf("%s at %d: %q, want %q", c.name, c.w, got, c.want)
		}
	}
}
