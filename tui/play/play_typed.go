package play

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"shogi/game"
	"shogi/tui/components/entry"
)

func (m *Model) openInput(text string) {
	// A move is played in the live position: typing one ends a review, so
	// the line never reads a move against a position enter cannot play in.
	m.Review = -1
	m.Open(m.c, m.entryAt(), text)
}

func (m *Model) closeInput() { m.Close() }

// typeKey edits the move line (Entry.TypeKey) and plays the move typed
// with enter.
func (m Model) typeKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	return m.chosen(m.Entry.TypeKey(m.c, m.entryAt(), msg))
}

// explain turns a notation or rules error into one status line in the
// screen's language.
func (m *Model) explain(text string, err error) string {
	return entry.ExplainMove(m.c.Words, text, err)
}

// paste takes a pasted move or position (a terminal's bracketed paste):
// a move goes into the move line, to be checked and played with enter; a
// position (an SFEN, with or without "sfen" or "position sfen" before it)
// asks whether to start a new game from it.
func (m Model) paste(text string) (Model, tea.Cmd) {
	m.Status, m.StatusErr = "", false
	text = strings.TrimSpace(text)
	if m.State == StateSave {
		m.Save.Edit(tea.PasteMsg{Content: text})
		return m, nil
	}
	if m.State != StateMove || text == "" {
		return m, nil
	}
	if p, ok := ParsePastedSFEN(text); ok {
		m.pasted = p
		m.State, m.confirm = StateConfirm, confirmPaste
		return m, nil
	}
	if m.Over() {
		m.SetError(m.c.Words.GameOver)
		return m, nil
	}
	if !m.Typing {
		m.openInput("")
	}
	m.Paste(m.c, m.entryAt(), text)
	return m, nil
}

// ParsePastedSFEN reads a position as players paste one: a bare SFEN,
// "sfen …" or "position sfen …" (any moves after it are played).
func ParsePastedSFEN(text string) (game.Position, bool) {
	f := strings.Fields(text)
	if len(f) >= 2 && f[0] == "position" && f[1] == "sfen" {
		f = f[2:]
	} else if len(f) >= 1 && f[0] == "sfen" {
		f = f[1:]
	}
	if len(f) < 3 || !strings.Contains(f[0], "/") {
		return game.Position{}, false
	}
	n := 4
	if len(f) < 4 {
		n = len(f)
	}
	p, err := game.ParseSFEN(strings.Join(f[:n], " "))
	if err != nil {
		return game.Position{}, false
	}
	rest := f[n:]
	if len(rest) > 0 && rest[0] == "moves" {
		for _, u := range rest[1:] {
			mv, err := p.ParseUSI(u)
			if err != nil || p.CheckMove(mv) != nil {
				return game.Position{}, false
			}
			p = p.Play(mv)
		}
	}
	if p.CheckStart() != nil {
		return game.Position{}, false
	}
	return p, true
}
