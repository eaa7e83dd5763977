package common

import (
	"errors"
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"

	"shogi/app/words"
	"shogi/game"
	"shogi/kifu"
	"shogi/kifu/edit"
)

// The editing screens' keys, and their refusals and losses made into
// words from their kinds and figures (the phrases are in package words).

// EditorKeys are the position editor's keys. The piece letters are a
// contract and are no binding here: with the cursor on a square, an
// upper-case SFEN letter puts Black's piece there, a lower-case one
// White's.
type EditorKeys struct {
	Move, Place, Promote, Clear, Hands           key.Binding
	Turn, Flip, Rest, Empty, Presets, Undo, Redo key.Binding
	Copy, CopySFEN, Save, Done, Help, Leave      key.Binding
	HandAdd, HandTake, HandKind                  key.Binding
	DonePlay, DoneStudy, DoneTsume               key.Binding
	// Short are the help bar's entries: the same keys in a word each, so
	// that the bar holds the everyday keys at 80 columns.
	Short []key.Binding
}

// NewEditorKeys builds them with b, keys.go's binding maker.
func NewEditorKeys(b func(help, en, jp string, keys ...string) key.Binding) EditorKeys {
	k := EditorKeys{
		Move:      b("↑/↓/←/→", "move the cursor", "カーソル移動", "up", "down", "left", "right"),
		Place:     b("P…K p…k", "put Black's / White's piece", "先手 / 後手の駒を置く", "P", "p"),
		Promote:   b("+", "promote / unpromote", "成る / 成らず", "+"),
		Clear:     b("space", "empty the square", "消す", "space", "delete", "backspace"),
		Hands:     b("tab", "the hands", "持駒", "tab", "shift+tab"),
		HandKind:  b("←/→", "choose a kind (in a hand)", "駒を選ぶ (持駒で)", "left", "right"),
		HandAdd:   b("+/↑", "one more (in a hand)", "1枚増やす (持駒で)", "+", "=", "up"),
		HandTake:  b("-/↓", "one fewer (in a hand)", "1枚減らす (持駒で)", "-", "down", "space", "delete", "backspace"),
		Turn:      b("t", "side to move", "手番を替える", "t"),
		Flip:      b("f", "swap the sides", "先後反転", "f"),
		Rest:      b("h", "all the rest to White's hand", "残りの駒を後手の持駒へ", "h"),
		Empty:     b("c", "clear board and hands", "全消去", "c"),
		Presets:   b("m", "start from a preset", "初期配置から", "m"),
		Undo:      b("u", "undo", "戻す", "u"),
		Redo:      b("ctrl+r", "redo", "やり直す", "ctrl+r", "U"),
		Copy:      b("y", "copy as a KIF diagram", "KIF 図でコピー", "y"),
		CopySFEN:  b("Y", "copy as SFEN", "SFEN でコピー", "Y"),
		Save:      b("w", "save", "保存", "w"),
		Done:      b("enter", "done: play, study, solve, copy, save", "完了: 対局・検討・詰将棋・コピー・保存", "enter"),
		DonePlay:  b("p", "play from it", "対局する", "p"),
		DoneStudy: b("s", "study it (a new record)", "検討する (新しい棋譜)", "s"),
		DoneTsume: b("t", "solve it as a tsume", "詰将棋として解く", "t"),
		Help:      b("?", "help", "ヘルプ", "?"),
		Leave:     b("q", "leave", "終わる", "q", "esc"),
	}
	// In the order they give way when the bar is narrow: the last first.
	k.Short = []key.Binding{
		b("P…K p…k", "piece", "駒を置く", "P", "p"),
		b("space", "empty", "消す", "space"),
		b("tab", "hands", "持駒", "tab"),
		b("enter", "done", "完了", "enter"),
		b("?", "help", "ヘルプ", "?"),
		b("q", "leave", "終わる", "q"),
		b("+", "promote", "成・不成", "+"),
		b("t", "turn", "手番", "t"),
		b("m", "presets", "初期配置", "m"),
		b("u", "undo", "戻す", "u"),
	}
	return k
}

// ShortHelp is the editor's help bar.
func (k EditorKeys) ShortHelp() []key.Binding { return k.Short }

// FullHelp is the editor's ? screen. The done menu's letters (p play,
// s study, t solve) are not in it: on the board those letters put a
// White pawn or silver or turn the side, and the menu names its own keys
// when it is open.
func (k EditorKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Move, k.Place, k.Promote, k.Clear},
		{k.Hands, k.HandKind, k.HandAdd, k.HandTake},
		{k.Turn, k.Flip, k.Rest, k.Empty, k.Presets, k.Undo, k.Redo},
		{k.Done, k.Copy, k.CopySFEN, k.Save, k.Help, k.Leave},
	}
}

// StudyEditKeys are the study's keys for editing the record. None of
// them starts a typed move (digits, kanji, P L N S R K D open the move
// line).
type StudyEditKeys struct {
	Board, Type, Delete, Promote, Up, Down, Ending key.Binding
	Comment, Info, Mark, Marks, Undo, Redo, Save   key.Binding
	EditPosition                                   key.Binding
}

// NewStudyEditKeys builds them with b, keys.go's binding maker.
func NewStudyEditKeys(b func(help, en, jp string, keys ...string) key.Binding) StudyEditKeys {
	return StudyEditKeys{
		Board:        b("enter", "move on the board", "盤で指す", "enter"),
		Type:         b(":", "type a move (any notation) or a move number", "指し手・手数を入力", ":"),
		Delete:       b("d/del", "delete this move and what follows", "この手以降を削除", "d", "delete"),
		Promote:      b("{", "make this variation the main line", "この変化を本譜に", "{"),
		Up:           b("[", "move the variation up", "変化を上へ", "["),
		Down:         b("]", "move the variation down", "変化を下へ", "]"),
		Ending:       b("x", "insert an ending (投了, 中断 …)", "終局を入れる (投了・中断など)", "x"),
		Comment:      b("n", "comment", "コメント", "n"),
		Info:         b("i", "game info (headers)", "対局情報", "i"),
		Mark:         b("s", "bookmark the move", "しおりを付ける", "s"),
		Marks:        b("'", "bookmarks", "しおり一覧", "'"),
		Undo:         b("u", "undo", "元に戻す", "u"),
		Redo:         b("ctrl+r", "redo", "やり直す", "ctrl+r", "U"),
		Save:         b("w", "save", "保存", "w"),
		EditPosition: b("z", "set up this position (a new record)", "この局面を編集 (新しい棋譜)", "z"),
	}
}

// BoardRefusal says why the position editor's board refused a change;
// square names a square as the screen writes it.
func BoardRefusal(w *words.Words, ew *words.EditorWords, e *edit.BoardError, square func(game.Square) string) string {
	var f string
	switch e.Refusal {
	case edit.SetExhausted:
		f = ew.SetExhausted
	case edit.SecondKing:
		f = ew.SecondKing
	case edit.NotHeld:
		f = ew.NotHeld
	case edit.NoneInHand:
		f = ew.NoneInHand
	case edit.CannotPromote:
		f = ew.CannotPromote
	case edit.EmptySquare:
		f = ew.EmptySquare
	case edit.OffBoard:
		return ew.OffBoard
	default:
		return e.Error()
	}
	sq := ""
	if e.Square.Valid() {
		sq = square(e.Square)
	}
	return fmt.Sprintf(f, w.SideName(e.Color), w.PieceName(e.Type), sq, e.Limit)
}

// EditRefusal says why an edit of a record was refused.
func EditRefusal(w *words.Words, sw *words.StudyEditWords, e *kifu.EditError) string {
	var f string
	ply := e.Ply
	switch e.Kind {
	case kifu.IllegalEdit:
		var ill *game.IllegalMoveError
		if errors.As(e.Err, &ill) {
			return fmt.Sprintf(w.Illegal, ill.Move.USI(), w.Rule(ill.Rule))
		}
		return e.Error()
	case kifu.RootEdit:
		f = sw.RootEdit
	case kifu.DetachedNode:
		f = sw.DetachedNode
	case kifu.FirstSibling:
		f = sw.FirstSibling
	case kifu.LastSibling:
		f = sw.LastSibling
	case kifu.BookmarkTaken:
		f = sw.BookmarkTaken
		if e.Node != nil {
			ply = e.Node.Ply
		}
	case kifu.BadHeaderKey:
		f = sw.BadHeaderKey
	case kifu.HandicapNamed:
		f = sw.HandicapNamed
	case kifu.AfterFoul:
		f = sw.AfterFoul
	case kifu.NotMated:
		f = sw.NotMated
	default:
		return e.Error()
	}
	if !strings.Contains(f, "%") {
		return f
	}
	return fmt.Sprintf(f, ply, e.Name)
}

// StudyEndings are the endings the study's x inserts, numbered from 1 in
// this order (words.StudyEditWords.EndingNames names them).
var StudyEndings = [9]kifu.Ending{kifu.Resign, kifu.Interrupt, kifu.Sennichite, kifu.Jishogi, kifu.Mate,
	kifu.Timeout, kifu.IllegalWin, kifu.IllegalLoss, kifu.EnteringKing}

// LossText says what writing a record in a format would lose, in w's
// language: "2 variations, 5 comments".
func LossText(w *words.Words, ls []kifu.Loss) string {
	lw := w.Losses()
	var parts []string
	for _, l := range ls {
		switch l.Kind {
		case kifu.LostBranches:
			parts = append(parts, fmt.Sprintf(lw.Branches, l.Count))
		case kifu.LostMoves:
			parts = append(parts, fmt.Sprintf(lw.Moves, l.Count))
		case kifu.LostComments:
			parts = append(parts, fmt.Sprintf(lw.Comments, l.Count))
		case kifu.LostEvaluations:
			parts = append(parts, fmt.Sprintf(lw.Evaluations, l.Count))
		case kifu.LostBookmarks:
			parts = append(parts, fmt.Sprintf(lw.Bookmarks, l.Count))
		case kifu.LostTimes:
			parts = append(parts, fmt.Sprintf(lw.Times, l.Count))
		case kifu.LostHeaders:
			parts = append(parts, fmt.Sprintf(lw.Headers, strings.Join(l.Keys, lw.Sep)))
		case kifu.LostEnding:
			parts = append(parts, fmt.Sprintf(lw.Ending, endingWord(w, l.Ending)))
		case kifu.LostHandicapName:
			parts = append(parts, lw.HandicapName)
		case kifu.LostGames:
			parts = append(parts, fmt.Sprintf(lw.Games, l.Count))
		}
	}
	return strings.Join(parts, lw.Sep)
}

// endingWord names an ending: as KIF writes it on a Japanese screen, its
// English name otherwise.
func endingWord(w *words.Words, e kifu.Ending) string {
	if w.Lang != words.Japanese {
		return e.String()
	}
	for i, x := range StudyEndings {
		if x == e {
			return words.StudyEditJapanese.EndingNames[i]
		}
	}
	return e.String()
}
