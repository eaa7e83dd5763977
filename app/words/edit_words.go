package words

import (
	"strings"

	"shogi/game"
)

// EditorWords are the position editor's phrases in one language.
type EditorWords struct {
	Title, Modified, NewRecord          string
	Palette, Erase, Hands, HandsNote    string
	Box, BoxEmpty                       string // box: %s the pieces left
	ToMove                              string // %s the side
	Actions                             [8]string
	Playable, TsumeOnly, NotPlayable    string // notPlayable: %s the reasons
	NotPlayableBelow                    string // the reasons are listed below it
	Presets, PresetKeys                 string
	DoneAsk, DoneKeys                   string
	LeaveAsk, SavePrompt                string
	Saved, SavedLoss                    string // saved: %s path, %s format; savedLoss: + %s what was lost
	Overwrite                           string // %s
	NoName, BadExt, NotSaved, Cancelled string
	CannotPlay, CannotStudy             string // %s the reasons
	NoLegal                             string
	Undone, Redone, NoUndo, NoRedo      string
	Loaded, RestMoved, Cleared          string // loaded: %s preset; restMoved: %d pieces, %s side
	Flipped, Turn                       string // turn: %s side
	PasteBad, PasteFar                  string // pasteBad: %v
	HandHint, BrushHint                 string // brushHint: %s the piece
	// BoardHint says what the cursor is on (%[1]s the square, %[2]s the
	// piece or Empty) and what the key bar does not: pasting.
	BoardHint, Empty, PieceOf string // pieceOf: %[1]s the side, %[2]s the kind
	// Why the board refused a change: %[1]s the side, %[2]s the piece,
	// %[3]s the square, %[4]d how many a set has.
	SetExhausted, SecondKing, NotHeld, NoneInHand string
	CannotPromote, EmptySquare, OffBoard          string
	KingsLeftOut                                  string // %s the squares
	sep                                           string
}

var EditorEnglish = EditorWords{
	Title: "Set up a position", Modified: " (changed)", NewRecord: "new record",
	Palette: "Pieces: click one, then squares", Erase: "erase",
	Hands: "In hand: click +1, right-click -1", HandsNote: "",
	Box: "Box: %s", BoxEmpty: "Box: empty", ToMove: "%s to move",
	Actions:  [8]string{"turn", "flip", "undo", "redo", "rest to White", "clear", "presets", "done"},
	Playable: "ready: play, study or solve it", TsumeOnly: "a tsume (one king): solve it, study it, or play it against a program",
	NotPlayable:      "cannot be played: %s",
	NotPlayableBelow: "cannot be played, nor solved:",
	Presets:          "Start from", PresetKeys: "up/down choose, enter sets the board, esc back",
	DoneAsk:    "Done:",
	DoneKeys:   "p play  s study  t solve as tsume  y copy KIF  Y copy SFEN  w save  esc back",
	LeaveAsk:   "Leave the editor? The position is not saved (y/n)",
	SavePrompt: "Save as (.kif .csa .sfen .ki2 .jkf .usi): ",
	Saved:      "saved %s (%s)", SavedLoss: "; %s cannot hold %s",
	Overwrite: "%s exists: overwrite? (y/n)",
	NoName:    "no file name: nothing saved", BadExt: "unknown extension: use .kif .csa .sfen .ki2 .jkf or .usi",
	NotSaved: "not saved", Cancelled: "back to the board",
	CannotPlay: "cannot play from here: %s", CannotStudy: "cannot study this position: %s",
	NoLegal: "the side to move has no legal move",
	Undone:  "undone", Redone: "redone", NoUndo: "nothing to undo", NoRedo: "nothing to redo",
	Loaded: "set up: %s", RestMoved: "%d pieces to %s's hand", Cleared: "board and hands cleared",
	Flipped: "sides swapped", Turn: "%s to move",
	PasteBad: "the pasted text is no position: %v", PasteFar: "the pasted text is too long for a position",
	BoardHint: "%[1]s: %[2]s    paste an SFEN, a KIF diagram or a record to set it up",
	Empty:     "empty", PieceOf: "%[1]s's %[2]s",
	HandHint:      "%s's hand: left/right kind, +/up adds, -/down takes, a piece letter adds it; tab next",
	BrushHint:     "click squares to place %s; right-click empties; click it again to drop it",
	SetExhausted:  "a set has %[4]d %[2]ss, and all are in use",
	SecondKing:    "%[1]s has a king already, on %[3]s",
	KingsLeftOut:  "the position had a second king of a side: the king on %s is left out",
	NotHeld:       "a %[2]s is never held in hand",
	NoneInHand:    "%[1]s holds no %[2]s",
	CannotPromote: "the %[2]s on %[3]s does not promote",
	EmptySquare:   "no piece on %[3]s",
	OffBoard:      "no such square",
	sep:           "; ",
}

var EditorJapanese = EditorWords{
	Title: "局面編集", Modified: " (変更あり)", NewRecord: "新しい棋譜",
	Palette: "駒: 選んでから盤をクリック", Erase: "消す",
	Hands: "持駒: クリックで+1、右クリックで-1", HandsNote: "",
	Box: "駒箱: %s", BoxEmpty: "駒箱: なし", ToMove: "%sの手番",
	Actions:  [8]string{"手番", "反転", "戻す", "やり直す", "残りを後手へ", "全消去", "初期配置", "完了"},
	Playable: "対局・検討・詰将棋に使えます", TsumeOnly: "詰将棋 (玉一枚): 解く・検討のほか、ソフト相手に指すこともできます",
	NotPlayable:      "この局面は使えません: %s",
	NotPlayableBelow: "この局面は使えません:",
	Presets:          "初期配置", PresetKeys: "↑↓ 選ぶ  enter で配置  esc 戻る",
	DoneAsk:    "完了:",
	DoneKeys:   "p 対局  s 検討  t 詰将棋を解く  y KIF をコピー  Y SFEN をコピー  w 保存  esc 戻る",
	LeaveAsk:   "局面編集を終わりますか? 局面は保存されていません (y/n)",
	SavePrompt: "保存先 (.kif .csa .sfen .ki2 .jkf .usi): ",
	Saved:      "%s に保存しました (%s)", SavedLoss: "。%s には%sを書けません",
	Overwrite: "%s はすでにあります。上書きしますか? (y/n)",
	NoName:    "ファイル名がないので保存しません", BadExt: "拡張子が分かりません: .kif .csa .sfen .ki2 .jkf .usi のどれかにしてください",
	NotSaved: "保存しませんでした", Cancelled: "盤に戻りました",
	CannotPlay: "この局面からは対局できません: %s", CannotStudy: "この局面は検討できません: %s",
	NoLegal: "手番の側に指せる手がありません",
	Undone:  "戻しました", Redone: "やり直しました", NoUndo: "戻す操作がありません", NoRedo: "やり直す操作がありません",
	Loaded: "%s に並べました", RestMoved: "%[1]d枚を%[2]sの持駒にしました", Cleared: "盤と持駒を空にしました",
	Flipped: "先後を入れ替えました", Turn: "%sの手番",
	PasteBad: "貼り付けた文字列は局面ではありません: %v", PasteFar: "貼り付けた文字列が長すぎます",
	BoardHint: "%[1]s: %[2]s    SFEN・KIF の局面図・棋譜を貼り付けるとその局面になります",
	Empty:     "空き", PieceOf: "%[1]sの%[2]s",
	HandHint:      "%sの持駒: ←→ 駒を選ぶ  +/↑ 増やす  -/↓ 減らす  駒の文字で追加  tab 次へ",
	BrushHint:     "%s を置くマスをクリック (右クリックで消去、もう一度選ぶと解除)",
	SetExhausted:  "%[2]sは一組%[4]d枚で、すべて使っています",
	SecondKing:    "%[1]sの玉はもう%[3]sにあります",
	KingsLeftOut:  "同じ側の玉が二枚ありました: %sの玉は除きました",
	NotHeld:       "%[2]sは持駒にできません",
	NoneInHand:    "%[1]sの持駒に%[2]sはありません",
	CannotPromote: "%[3]sの%[2]sは成れません",
	EmptySquare:   "%[3]sに駒がありません",
	OffBoard:      "そのマスはありません",
	sep:           "、",
}

// EditorWordsFor is the position editor's words in language l.
func EditorWordsFor(l Lang) *EditorWords {
	if l == Japanese {
		return &EditorJapanese
	}
	return &EditorEnglish
}

// Warnings says every warning, joined; square names a square as the
// screen writes it.
func (ew *EditorWords) Warnings(w *Words, xs []game.Warning, square func(game.Square) string) string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = w.Warning(x, square)
	}
	return strings.Join(out, ew.sep)
}

// LossWords say what a record format cannot hold, in one language: each
// takes the count, lostHeaders the keys, lostEnding the ending's word.
type LossWords struct {
	Branches, Moves, Comments, Evaluations, Bookmarks, Times string // %d
	Headers, Ending, HandicapName, Games                     string // headers: %s keys; ending: %s word; games: %d
	Sep                                                      string
}

var lossEnglish = LossWords{
	Branches: "%d variations", Moves: "%d moves (only the last position is written)", Comments: "%d comments",
	Evaluations: "%d engine verdicts", Bookmarks: "%d bookmarks", Times: "the times of %d moves",
	Headers: "the headers %s", Ending: "the ending %s", HandicapName: "the start's name", Games: "%d further games", Sep: ", ",
}

var lossJapanese = LossWords{
	Branches: "変化%d個", Moves: "指し手%d手 (最後の局面だけ書きます)", Comments: "コメント%d個",
	Evaluations: "評価値%d個", Bookmarks: "しおり%d個", Times: "消費時間%d手分",
	Headers: "対局情報 %s", Ending: "終局 %s", HandicapName: "手合割の名前", Games: "後続の対局%d局", Sep: "、",
}

// Losses are the words for what a format cannot hold, in w's language.
func (w *Words) Losses() *LossWords {
	if w.Lang == Japanese {
		return &lossJapanese
	}
	return &lossEnglish
}
