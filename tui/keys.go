package tui

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// helpBar draws as many of bindings as fit the terminal's width on one
// line. The fitting is done here, with the app's own measure, because
// bubbles/help lets the last item overflow when even its ellipsis does not
// fit.
func helpBar(c *common, bindings []key.Binding) string {
	used, n := 0, 0
	for _, b := range bindings {
		w := c.m.width(b.Help().Key) + 1 + c.m.width(b.Help().Desc)
		if n > 0 {
			w += c.m.width(c.help.ShortSeparator)
		}
		if used+w > c.width {
			break
		}
		used += w
		n++
	}
	return c.help.ShortHelpView(bindings[:n])
}

// keyMap is every key the app answers to. The same bindings drive Update
// and the help bar, so the help cannot drift from the behaviour.
//
// The letters u f a c d i x w q and h j k l are commands only while the move
// input is empty; once a move is being typed every printable key goes to
// it. A lower-case l or k cannot begin a typed move (they move the cursor):
// type ":" first, or the capital letter.
type keyMap struct {
	Up, Down, Left, Right key.Binding
	Select, Cancel, Tray  key.Binding
	Type                  key.Binding
	Undo, Flip, AutoFlip  key.Binding
	Notation, Review      key.Binding
	Declare, Impasse      key.Binding
	Resign, Save          key.Binding
	Help, Leave, Quit     key.Binding
	Yes, No               key.Binding
}

// binding is a key binding with its help text.
func binding(help, desc string, keys ...string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
}

func newKeyMap() keyMap {
	b := binding
	return keyMap{
		Up:       b("↑/k", "up", "up", "k"),
		Down:     b("↓/j", "down", "down", "j"),
		Left:     b("←/h", "left", "left", "h"),
		Right:    b("→/l", "right", "right", "l"),
		Select:   b("enter", "pick/move", "enter"),
		Cancel:   b("esc", "cancel", "esc"),
		Tray:     b("tab", "hand", "tab"),
		Type:     b(":", "type a move", ":"),
		Undo:     b("u", "undo", "u"),
		Flip:     b("f", "flip", "f"),
		AutoFlip: b("a", "auto-flip", "a"),
		Notation: b("c", "notation", "c"),
		Review:   b("[/]", "review", "[", "]"),
		Declare:  b("d", "declare", "d"),
		Impasse:  b("i", "impasse", "i"),
		Resign:   b("x", "resign", "x"),
		Save:     b("w", "save", "w"),
		Help:     b("?", "help", "?"),
		Leave:    b("q", "leave", "q"),
		Quit:     b("ctrl+c", "quit", "ctrl+c"),
		Yes:      b("y", "yes", "y", "Y"),
		No:       b("n", "no", "n", "N"),
	}
}

// ShortHelp is the one-line help bar.
func (k keyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Select, k.Tray, k.Type, k.Undo, k.Notation, k.Help, k.Leave}
}

// FullHelp is the `?` screen, one column per group.
func (k keyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Up, k.Down, k.Left, k.Right, k.Select, k.Cancel, k.Tray, k.Type},
		{k.Undo, k.Flip, k.AutoFlip, k.Notation, k.Review},
		{k.Declare, k.Impasse, k.Resign, k.Save, k.Help, k.Leave, k.Quit},
	}
}

// runeKey is the message one rune of a burst would have been on its own,
// so bindings can be matched rune by rune.
func runeKey(r rune) tea.KeyMsg {
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}}
}
