package words

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"

	"shogi/game"
	"shogi/kifu"
	"shogi/kifu/edit"
)

// EditorWords are the position editor's phrases in one language.
type EditorWords struct {
	Title, Modified, NewRecord          string
	Palette, Erase, Hands, HandsNote    string
	Box, BoxEmpty                       string // box: %s the pieces left
	ToMove                              string // %s the side
	Actions                             [8]string
	Playable, TsumeOnly, NotPlayable    string // notPlayable: %s the reasons
	Presets, PresetKeys                 string
	DoneAsk, DoneKeys                   string
	LeaveAsk, SavePrompt                string
	Saved, SavedLoss                    string // saved: %s path, %s format; savedLoss: + %s what was lost
	Overwrite                           string // %s
	NoName, BadExt, NotSaved, Cancelled string
	CannotPlay, CannotStudy             string // %s the reasons
	NoLegal                             string
	TsumeNotYet                         string
	Undone, Redone, NoUndo, NoRedo      string
	Loaded, RestMoved, Cleared          string // loaded: %s preset; restMoved: %d pieces, %s side
	Flipped, Turn                       string // turn: %s side
	PasteBad, PasteFar                  string // pasteBad: %v
	HandHint, BoardHint, BrushHint      string // brushHint: %s the piece
	refusals                            [8]string
	sep                                 string
}

var EditorEnglish = EditorWords{
	Title: "Set up a position", Modified: " (changed)", NewRecord: "new record",
	Palette: "Pieces: click one, then squares", Erase: "erase",
	Hands: "In hand: click +1, right-click -1", HandsNote: "",
	Box: "Box: %s", BoxEmpty: "Box: empty", ToMove: "%s to move",
	Actions:  [8]string{"turn", "flip", "undo", "redo", "rest to White", "clear", "presets", "done"},
	Playable: "ready: play, study or solve it", TsumeOnly: "a tsume (one king): solve it, study it, or play it against a program",
	NotPlayable: "cannot be played: %s",
	Presets:     "Start from", PresetKeys: "up/down choose, enter sets the board, esc back",
	DoneAsk:    "Done:",
	DoneKeys:   "p play  s study  t solve as tsume  y copy KIF  Y copy SFEN  w save  esc back",
	LeaveAsk:   "Leave the editor? The position is not saved (y/n)",
	SavePrompt: "Save as (.kif .csa .sfen .ki2 .jkf .usi): ",
	Saved:      "saved %s (%s)", SavedLoss: "; %s cannot hold %s",
	Overwrite: "%s exists: overwrite? (y/n)",
	NoName:    "no file name: nothing saved", BadExt: "unknown extension: use .kif .csa .sfen .ki2 .jkf or .usi",
	NotSaved: "not saved", Cancelled: "back to the board",
	CannotPlay: "cannot play from here: %s", CannotStudy: "cannot study this position: %s",
	NoLegal:     "the side to move has no legal move",
	TsumeNotYet: "solving a tsume is not in this version yet: s studies it, p plays it",
	Undone:      "undone", Redone: "redone", NoUndo: "nothing to undo", NoRedo: "nothing to redo",
	Loaded: "set up: %s", RestMoved: "%d pieces to %s's hand", Cleared: "board and hands cleared",
	Flipped: "sides swapped", Turn: "%s to move",
	PasteBad: "the pasted text is no position: %v", PasteFar: "the pasted text is too long for a position",
	BoardHint: "P L N S G B R K: Black's piece, p l n s g b r k: White's, + promotes, space empties",
	HandHint:  "%s's hand: left/right kind, +/up adds, -/down takes, a piece letter adds it; tab next",
	BrushHint: "click squares to place %s; right-click empties; click it again to drop it",
	refusals: [8]string{
		edit.SetExhausted:  "a set has %[4]d %[2]ss, and all are in use",
		edit.SecondKing:    "%[1]s has a king already, on %[3]s",
		edit.NotHeld:       "a %[2]s is never held in hand",
		edit.NoneInHand:    "%[1]s holds no %[2]s",
		edit.CannotPromote: "the %[2]s on %[3]s does not promote",
		edit.EmptySquare:   "no piece on %[3]s",
		edit.OffBoard:      "no such square",
	},
	sep: "; ",
}

var EditorJapanese = EditorWords{
	Title: "局面編集", Modified: " (変更あり)", NewRecord: "新しい棋譜",
	Palette: "駒: 選んでから盤をクリック", Erase: "消す",
	Hands: "持駒: クリックで+1、右クリックで-1", HandsNote: "",
	Box: "駒箱: %s", BoxEmpty: "駒箱: なし", ToMove: "%sの手番",
	Actions:  [8]string{"手番", "反転", "戻す", "やり直す", "残りを後手へ", "全消去", "初期配置", "完了"},
	Playable: "対局・検討・詰将棋に使えます", TsumeOnly: "詰将棋 (玉一枚): 解く・検討のほか、ソフト相手に指すこともできます",
	NotPlayable: "この局面は使えません: %s",
	Presets:     "初期配置", PresetKeys: "↑↓ 選ぶ  enter で配置  esc 戻る",
	DoneAsk:    "完了:",
	DoneKeys:   "p 対局  s 検討  t 詰将棋を解く  y KIF をコピー  Y SFEN をコピー  w 保存  esc 戻る",
	LeaveAsk:   "局面編集を終わりますか? 局面は保存されていません (y/n)",
	SavePrompt: "保存先 (.kif .csa .sfen .ki2 .jkf .usi): ",
	Saved:      "%s に保存しました (%s)", SavedLoss: "。%s には%sを書けません",
	Overwrite: "%s はすでにあります。上書きしますか? (y/n)",
	NoName:    "ファイル名がないので保存しません", BadExt: "拡張子が分かりません: .kif .csa .sfen .ki2 .jkf .usi のどれかにしてください",
	NotSaved: "保存しませんでした", Cancelled: "盤に戻りました",
	CannotPlay: "この局面からは対局できません: %s", CannotStudy: "この局面は検討できません: %s",
	NoLegal:     "手番の側に指せる手がありません",
	TsumeNotYet: "詰将棋を解く画面はこの版にはまだありません。s で検討、p で対局できます",
	Undone:      "戻しました", Redone: "やり直しました", NoUndo: "戻す操作がありません", NoRedo: "やり直す操作がありません",
	Loaded: "%s に並べました", RestMoved: "%[1]d枚を%[2]sの持駒にしました", Cleared: "盤と持駒を空にしました",
	Flipped: "先後を入れ替えました", Turn: "%sの手番",
	PasteBad: "貼り付けた文字列は局面ではありません: %v", PasteFar: "貼り付けた文字列が長すぎます",
	BoardHint: "大文字で先手、小文字で後手の駒 (P L N S G B R K)、+ で成・不成、space で消去",
	HandHint:  "%sの持駒: ←→ 駒を選ぶ  +/↑ 増やす  -/↓ 減らす  駒の文字で追加  tab 次へ",
	BrushHint: "%s を置くマスをクリック (右クリックで消去、もう一度選ぶと解除)",
	refusals: [8]string{
		edit.SetExhausted:  "%[2]sは一組%[4]d枚で、すべて使っています",
		edit.SecondKing:    "%[1]sの玉はもう%[3]sにあります",
		edit.NotHeld:       "%[2]sは持駒にできません",
		edit.NoneInHand:    "%[1]sの持駒に%[2]sはありません",
		edit.CannotPromote: "%[3]sの%[2]sは成れません",
		edit.EmptySquare:   "%[3]sに駒がありません",
		edit.OffBoard:      "そのマスはありません",
	},
	sep: "、",
}

// EditorWordsFor is the position editor's words in language l.
func EditorWordsFor(l Lang) *EditorWords {
	if l == Japanese {
		return &EditorJapanese
	}
	return &EditorEnglish
}

// Warnings says every warning, joined.
func (ew *EditorWords) Warnings(w *Words, xs []game.Warning) string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = w.Warning(x)
	}
	return strings.Join(out, ew.sep)
}

// Refusal says why the editor's board refused a change.
func (ew *EditorWords) Refusal(w *Words, e *edit.BoardError, square func(game.Square) string) string {
	if int(e.Refusal) >= len(ew.refusals) || ew.refusals[e.Refusal] == "" {
		return e.Error()
	}
	if !strings.Contains(ew.refusals[e.Refusal], "%") {
		return ew.refusals[e.Refusal]
	}
	sq := ""
	if e.Square.Valid() {
		sq = square(e.Square)
	}
	return fmt.Sprintf(ew.refusals[e.Refusal], w.SideName(e.Color), w.PieceName(e.Type), sq, e.Limit)
}

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
}

// NewEditorKeys builds them with b, keys.go's binding maker.
func NewEditorKeys(b func(help, en, jp string, keys ...string) key.Binding) EditorKeys {
	return EditorKeys{
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
}

// EditorShortHelp is the editor's help bar.
func (k EditorKeys) ShortHelp() []key.Binding {
	return []key.Binding{k.Place, k.Promote, k.Clear, k.Hands, k.Turn, k.Rest, k.Presets, k.Undo, k.Done, k.Help, k.Leave}
}

// FullHelp is the editor's ? screen.
func (k EditorKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Move, k.Place, k.Promote, k.Clear},
		{k.Hands, k.HandKind, k.HandAdd, k.HandTake},
		{k.Turn, k.Flip, k.Rest, k.Empty, k.Presets, k.Undo, k.Redo},
		{k.Done, k.DonePlay, k.DoneStudy, k.DoneTsume, k.Copy, k.CopySFEN, k.Save, k.Help, k.Leave},
	}
}

// LossText says what writing in format f would lose, in w's language:
// "2 variations, 5 comments".
func (w *Words) LossText(ls []kifu.Loss) string {
	var parts []string
	ja := w.Lang == Japanese
	for _, l := range ls {
		var s string
		switch l.Kind {
		case kifu.LostBranches:
			s = pick(ja, fmt.Sprintf("%d variations", l.Count), fmt.Sprintf("変化%d個", l.Count))
		case kifu.LostMoves:
			s = pick(ja, fmt.Sprintf("%d moves (only the last position is written)", l.Count), fmt.Sprintf("指し手%d手 (最後の局面だけ書きます)", l.Count))
		case kifu.LostComments:
			s = pick(ja, fmt.Sprintf("%d comments", l.Count), fmt.Sprintf("コメント%d個", l.Count))
		case kifu.LostEvaluations:
			s = pick(ja, fmt.Sprintf("%d engine verdicts", l.Count), fmt.Sprintf("評価値%d個", l.Count))
		case kifu.LostBookmarks:
			s = pick(ja, fmt.Sprintf("%d bookmarks", l.Count), fmt.Sprintf("しおり%d個", l.Count))
		case kifu.LostTimes:
			s = pick(ja, fmt.Sprintf("the times of %d moves", l.Count), fmt.Sprintf("消費時間%d手分", l.Count))
		case kifu.LostHeaders:
			s = pick(ja, "the headers "+strings.Join(l.Keys, ", "), "対局情報 "+strings.Join(l.Keys, "、"))
		case kifu.LostEnding:
			s = pick(ja, fmt.Sprintf("the ending %s", l.Ending), fmt.Sprintf("終局 %s", EndingWord(l.Ending)))
		case kifu.LostHandicapName:
			s = pick(ja, "the start's name", "手合割の名前")
		case kifu.LostGames:
			s = pick(ja, fmt.Sprintf("%d further games", l.Count), fmt.Sprintf("後続の対局%d局", l.Count))
		default:
			continue
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, pick(ja, ", ", "、"))
}

func pick(ja bool, en, jp string) string {
	if ja {
		return jp
	}
	return en
}

// EndingWord is the word KIF writes for an ending: 投了, 千日手.
func EndingWord(e kifu.Ending) string {
	if s, ok := endingWords[e]; ok {
		return s
	}
	return e.String()
}

var endingWords = map[kifu.Ending]string{
	kifu.Resign: "投了", kifu.Mate: "詰み", kifu.Sennichite: "千日手", kifu.Jishogi: "持将棋",
	kifu.EnteringKing: "入玉勝ち", kifu.Interrupt: "中断", kifu.Timeout: "切れ負け",
	kifu.IllegalWin: "反則勝ち", kifu.IllegalLoss: "反則負け", kifu.Forfeit: "不戦敗", kifu.Draw: "引き分け",
}
