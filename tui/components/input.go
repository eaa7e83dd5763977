package components

import (
	"strings"

	"shogi/tui/common"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
)

// lineInput is a one-line text field: a bubbles textinput keeps the text
// and does the editing (←/→, home/end, ctrl+a/e/u/w, backspace, delete,
// a paste), and the app draws it with its own measure, so kanji and the
// ambiguous ▲△ line up, and puts the terminal's own cursor on it. Every
// line the app asks the user to type (a move, a file name, a move number)
// is one.
type LineInput struct {
	prompt string
	In     textinput.Model
}

// newInput is a focused field holding value, the cursor at its end;
// limit caps its length in runes (0: no cap). ctrl+v is off (textinput
// would run an outside clipboard program; a terminal paste arrives as a
// paste anyway) and so are the completion keys, which would take ↑/↓/tab.
func NewInput(prompt, value string, limit int) LineInput {
	in := textinput.New()
	in.Prompt = ""
	in.CharLimit = limit
	in.SetVirtualCursor(false)
	km := textinput.DefaultKeyMap()
	for _, b := range []*key.Binding{&km.Paste, &km.AcceptSuggestion, &km.NextSuggestion, &km.PrevSuggestion} {
		*b = key.NewBinding(key.WithDisabled())
	}
	in.KeyMap = km
	in.SetValue(value)
	in.CursorEnd()
	in.Focus()
	return LineInput{prompt: prompt, In: in}
}

func (l *LineInput) Value() string { return l.In.Value() }

// edit passes a key or a paste to the field and reports whether the text
// changed.
func (l *LineInput) Edit(msg tea.Msg) bool {
	before := l.In.Value()
	l.In, _ = l.In.Update(msg) // no command: the cursor does not blink, paste is off
	return l.In.Value() != before
}

// isEditKey reports whether msg moves within or deletes from the line
// rather than typing into it.
func (l *LineInput) IsEditKey(msg tea.KeyPressMsg) bool {
	k := l.In.KeyMap
	return key.Matches(msg, k.CharacterForward, k.CharacterBackward, k.WordForward, k.WordBackward,
		k.DeleteWordBackward, k.DeleteWordForward, k.DeleteAfterCursor, k.DeleteBeforeCursor,
		k.DeleteCharacterBackward, k.DeleteCharacterForward, k.LineStart, k.LineEnd)
}

// render draws the prompt and as much of the text as fits cols columns,
// scrolled to keep the cursor in view; it returns the line, its width
// and the cursor's column in it.
func (l *LineInput) Render(cols int, m common.Measure) (text string, width, cursor int) {
	runes := []rune(l.In.Value())
	pos := min(l.In.Position(), len(runes))
	pw := m.Width(l.prompt)
	room := max(cols-pw-1, 1) // one cell for the cursor after the text
	start := 0
	for start < pos && m.Width(string(runes[start:pos])) > room {
		start++
	}
	end := pos
	for end < len(runes) && m.Width(string(runes[start:end+1])) <= room {
		end++
	}
	shown := string(runes[start:end])
	return l.prompt + shown, pw + m.Width(shown), pw + m.Width(string(runes[start:pos]))
}

// trimmed is the field's text without surrounding blanks.
func (l *LineInput) Trimmed() string { return strings.TrimSpace(l.In.Value()) }

// narrowMeasure measures as the libraries do: ambiguous characters narrow.
var narrowMeasure = common.NewMeasure(common.Narrow)
