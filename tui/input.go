package tui

import (
	"strings"

	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
)

// newInput is a focused one-line input holding value, with the cursor at
// its end; limit caps its length in runes (0: no cap) and the text shows
// in at most cols columns, scrolling to keep the cursor in view. Every
// line the app asks the user to type (a move, a file name, a move number)
// is one of these, so they all edit alike: ←/→, home/end, ctrl+a/e/u/w,
// backspace and delete.
//
// The cursor does not blink (blinking would wake the program about twice
// a second for nothing), ctrl+v is off (textinput would run an outside
// clipboard program such as xclip; a terminal paste arrives as keys
// anyway) and so are the completion keys, which would take ↑/↓ and tab.
// The styles are the app's, so NO_COLOR leaves only the reversed cursor.
func newInput(c *common, prompt, value string, limit, cols int) textinput.Model {
	st := c.styles
	in := textinput.New()
	in.Prompt = prompt
	in.CharLimit = limit
	fitInput(c, &in, cols, value)
	in.PromptStyle, in.TextStyle = lipgloss.NewStyle(), lipgloss.NewStyle()
	in.PlaceholderStyle, in.CompletionStyle = st.Dim, st.Dim
	in.Cursor.Style = st.Selected
	in.Cursor.SetMode(cursor.CursorStatic)
	km := textinput.DefaultKeyMap
	for _, b := range []*key.Binding{&km.Paste, &km.AcceptSuggestion, &km.NextSuggestion, &km.PrevSuggestion} {
		*b = key.NewBinding(key.WithDisabled())
	}
	in.KeyMap = km
	in.SetValue(value)
	in.CursorEnd()
	in.Focus()
	return in
}

// editInput passes one key to in, whose text may take cols columns on
// screen, and reports whether the text changed.
func editInput(c *common, in *textinput.Model, msg tea.KeyMsg, cols int) bool {
	if msg.Type == tea.KeySpace && len(msg.Runes) == 0 {
		msg.Runes = []rune{' '} // textinput types a key's runes
	}
	fitInput(c, in, cols, in.Value()+string(msg.Runes))
	before := in.Value()
	*in, _ = in.Update(msg) // nil: the cursor is static and paste is off
	return in.Value() != before
}

// fitInput sets the width textinput scrolls the text of in within, for
// text to take at most cols columns as the app measures it. textinput
// decides whether text fits taking East Asian ambiguous characters (▲△)
// to be one column wide; under the wide policy each takes two, so the
// field is narrowed by one column for each of them in text.
func fitInput(c *common, in *textinput.Model, cols int, text string) {
	in.Width = max(1, cols-(c.m.width(text)-narrowMeasure.width(text)))
}

// narrowMeasure measures ambiguous characters as textinput does.
var narrowMeasure = newMeasure(Narrow)

// inputView draws in, without the blank cells textinput pads its text
// field with, so what follows it on the line stays close.
func inputView(in textinput.Model) string {
	return strings.TrimRight(in.View(), " ")
}

// isEditKey reports whether msg moves within or deletes from a line
// rather than typing into it.
func isEditKey(in textinput.Model, msg tea.KeyMsg) bool {
	k := in.KeyMap
	return key.Matches(msg, k.CharacterForward, k.CharacterBackward, k.WordForward, k.WordBackward,
		k.DeleteWordBackward, k.DeleteWordForward, k.DeleteAfterCursor, k.DeleteBeforeCursor,
		k.DeleteCharacterBackward, k.DeleteCharacterForward, k.LineStart, k.LineEnd)
}
