package entry

import (
	"errors"
	"fmt"
	"strings"

	"shogi/app/words"
	"shogi/game"
	"shogi/game/notation"
	"shogi/tui/common"
	"shogi/tui/components"
)

// movePrompt starts the move line.
const movePrompt = "> "

// StartsMove reports whether a typed text opens the move line by itself:
// a digit (ASCII or full width), a capital letter a notation starts a move
// with (P L N S G B R K, D of Dou), one of p n s g b r (the piece letters
// that are not cursor keys), + - ▲ △ ☗ ☖, or a Japanese character.
func StartsMove(text string) bool { return StartsMoveWith(text, "PLNSGBRKDpnsgbr+-▲△☗☖") }

// StartsMoveWith is StartsMove for a screen whose other keys take some of
// those letters: a digit, one of signs, or a Japanese character.
func StartsMoveWith(text, signs string) bool {
	if text == "" {
		return false
	}
	r := []rune(text)[0]
	switch {
	case r >= '0' && r <= '9', r >= '０' && r <= '９':
		return true
	case strings.ContainsRune(signs, r):
		return true
	case r >= 0x3000 && r <= 0x9fff: // CJK punctuation, kana, kanji (同 〃 歩 …)
		return true
	}
	return false
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
