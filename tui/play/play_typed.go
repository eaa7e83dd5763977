package play

import (
	"errors"
	"fmt"
	"strings"

	"shogi/app/words"
	"shogi/tui/common"
	"shogi/tui/components"

	tea "charm.land/bubbletea/v2"

	"shogi/game"
	"shogi/game/notation"
)

// movePrompt starts the move line.
const movePrompt = "> "

func (m *Model) openInput(text string) {
	// A move is played in the live position: typing one ends a review, so
	// the line never reads a move against a position enter cannot play in.
	m.Review = -1
	m.Open(m.c, m.entryAt(), text)
}

func (m *Model) closeInput() { m.Close() }

// typeKey edits the move line (Entry.typeKey) and plays the move typed
// with enter.
func (m Model) typeKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	return m.chosen(m.Entry.typeKey(m.c, m.entryAt(), msg))
}

// PromotionChoice reports whether err is a move whose text left only
// promotion open: [0] promotes, [1] does not.
func PromotionChoice(err error) ([2]game.Move, bool) {
	var amb *notation.AmbiguousError
	if !errors.As(err, &amb) || len(amb.Candidates) != 2 {
		return [2]game.Move{}, false
	}
	a, b := amb.Candidates[0], amb.Candidates[1]
	if a.From() != b.From() || a.To() != b.To() || a.IsPromotion() == b.IsPromotion() {
		return [2]game.Move{}, false
	}
	if b.IsPromotion() {
		a, b = b, a
	}
	return [2]game.Move{a, b}, true
}

// explain turns a notation or rules error into one status line in the
// screen's language.
func (m *Model) explain(text string, err error) string {
	return ExplainMove(m.c.Words, text, err)
}

// ExplainMove turns a notation or rules error about a typed move into one
// status line in w's language.
func ExplainMove(w *words.Words, text string, err error) string {
	var amb *notation.AmbiguousError
	var ill *notation.IllegalError
	var rule *game.IllegalMoveError
	var syn *notation.SyntaxError
	var nop *notation.NoPieceError
	var same *notation.SameSquareError
	switch {
	case errors.As(err, &amb):
		return fmt.Sprintf(w.Ambiguous, text, strings.Join(amb.Texts, ", "))
	case errors.As(err, &ill):
		return fmt.Sprintf(w.Illegal, text, w.Rule(ill.Err.Rule))
	case errors.As(err, &rule):
		return fmt.Sprintf(w.Illegal, text, w.Rule(rule.Rule))
	case errors.As(err, &syn) && syn.Incomplete:
		return fmt.Sprintf(w.Incomplete, text)
	case errors.As(err, &syn):
		return w.NotAMove + ": " + text
	case errors.As(err, &nop) && w.Lang == words.Japanese:
		name := "駒"
		if nop.Piece != game.NoPieceType {
			name = nop.Piece.Kanji()
		}
		if nop.InHand {
			return fmt.Sprintf("%s: %sへ行ける%sの%sは盤上になく、持駒の%sは駒のあるマスには打てません", text, components.SquareName(nop.To, common.Kanji), w.SideName(nop.Color), name, name)
		}
		if nop.From.Valid() {
			return fmt.Sprintf("%s: %sの%sは%sにありません", text, w.SideName(nop.Color), name, components.SquareName(nop.From, common.Kanji))
		}
		return fmt.Sprintf("%s: %sへ行ける%sの%sはなく、持駒にもありません", text, components.SquareName(nop.To, common.Kanji), w.SideName(nop.Color), name)
	case errors.As(err, &same) && w.Lang == words.Japanese:
		if same.Prev == game.NoMove {
			return text + ": 「同」ですが直前の手がありません"
		}
		return fmt.Sprintf("%s: 「同」ですが直前の手の行き先は%sです", text, components.SquareName(same.Prev.To(), common.Kanji))
	}
	return err.Error()
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
