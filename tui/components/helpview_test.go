package components

import (
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"

	"shogi/tui/common"
)

// A help of notes only (the menu's, the picker's) starts its notes right
// under the title; a help with keys keeps a blank line between the two.
func TestHelpViewNotesOnly(t *testing.T) {
	m := common.NewMeasure(common.WidthPolicy(0))
	lines := strings.Split(newHelpView(nil, "first note\nsecond").View(40, 6, "Keys", "esc", m, nil), "\n")
	if strings.TrimSpace(lines[1]) != "first note" {
		t.Errorf("notes only: line 2 is %q, want the first note", lines[1])
	}
	b := key.NewBinding(key.WithKeys("x"), key.WithHelp("x", "does x"))
	lines = strings.Split(newHelpView([][]key.Binding{{b}}, "a note").View(40, 6, "Keys", "esc", m, nil), "\n")
	if !strings.Contains(lines[1], "does x") || strings.TrimSpace(lines[2]) != "" || strings.TrimSpace(lines[3]) != "a note" {
		t.Errorf("keys and notes: %q", lines)
	}
}
