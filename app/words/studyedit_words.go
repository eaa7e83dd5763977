package words

import "fmt"

// StudyEditWords are the study's words for editing a record, in one
// language.
type StudyEditWords struct {
	LinePrompt, JumpTo, BoardHint, TrayHint    string // jumpTo: %d
	NewVariation, NewMove, Followed            string // %d ply
	DeleteAsk, Deleted, NotDeleted             string // deleteAsk: %d ply, %s move, %d after; deleted: %d ply
	DeleteAskOne, DeleteAskLast                string // as deleteAsk with one move after it, and with none
	Promoted, MovedUp, MovedDown               string
	EndingAsk, EndingAdded                     string // endingAdded: %s
	NotesTitle, NotesGame, NotesKeys, NotesSet string // notesTitle: %d ply
	NotesLong                                  string // %d runes
	MarkPrompt, MarkSet, MarkGone, MarksTitle  string // markSet: %s
	MarksKeys, NoMarks                         string
	InfoTitle, InfoKeys, InfoAdd, InfoKey      string
	InfoEditing, InfoEditKeys                  string // infoEditing: %s the row being edited
	InfoSet, InfoGone                          string // %s key
	Fields                                     [7]string
	Undone, Redone, NoUndo, NoRedo             string
	SaveLoss, SaveAs, SavedNoKeep, KeepFailed  string // saveLoss: %s format, %s what; savedNoKeep: %s what
	LeaveEdits, Discarded                      string
	PromoteAsk, PromoteKeys                    string
	// Why an edit was refused: %[1]d the ply, %[2]s the name.
	RootEdit, DetachedNode, FirstSibling, LastSibling string
	BookmarkTaken, BadHeaderKey, HandicapNamed        string
	AfterFoul, NotMated                               string
	// EndingNames name the endings x inserts, in common.StudyEndings's
	// order: resignation, interruption, repetition, impasse, mate, time,
	// a win and a loss by foul, entering king.
	EndingNames         [9]string
	PasteOpen, PasteAsk string
}

var StudyEditEnglish = StudyEditWords{
	LinePrompt: "> ", JumpTo: "enter goes to move %d; a move in any notation is played",
	BoardHint:    "arrows move the cursor, enter picks and moves, tab the hand, esc leaves the board",
	TrayHint:     "hand: left/right choose, enter picks, tab leaves",
	NewVariation: "a new variation at move %d", NewMove: "added move %d", Followed: "move %d is in the record: followed",
	DeleteAsk:    "Delete move %[1]d %[2]s and the %[3]d moves after it? (y/n)",
	DeleteAskOne: "Delete move %[1]d %[2]s and the move after it? (y/n)", DeleteAskLast: "Delete move %[1]d %[2]s? (y/n)", Deleted: "deleted from move %d (u undoes)", NotDeleted: "nothing deleted",
	Promoted: "this line is now the main line", MovedUp: "the variation moved up", MovedDown: "the variation moved down",
	EndingAsk:   "Ending after this move:",
	EndingAdded: "added the ending %s",
	NotesTitle:  "Comment on move %d", NotesGame: "The game's comment (before move 1)",
	NotesKeys: "esc keeps it, ctrl+u clears the line", NotesSet: "comment kept (u undoes)",
	NotesLong:  "the comment is cut at %d characters",
	MarkPrompt: "Bookmark (empty removes): ", MarkSet: "bookmark %s set", MarkGone: "bookmark removed",
	MarksTitle: "Bookmarks", MarksKeys: "up/down choose, enter goes there, r renames, d removes, esc back",
	NoMarks:   "no bookmarks yet: s sets one on the move shown",
	InfoTitle: "Game info", InfoKeys: "up/down choose, enter edits (empty removes), esc back",
	InfoEditing: "Game info: editing %s", InfoEditKeys: "enter sets it (empty removes)  up/down set and move  esc cancels",
	InfoAdd: "+ another header", InfoKey: "Header name: ",
	InfoSet: "%s set", InfoGone: "%s removed",
	Fields: [7]string{"Black", "White", "Event", "Date", "Place", "Time control", "Start's name"},
	Undone: "undone", Redone: "redone", NoUndo: "nothing to undo", NoRedo: "nothing to redo",
	SaveLoss: "%s cannot hold %s: save anyway? (y/n)", SaveAs: "Save as (.kif .ki2 .csa .jkf .usi .sfen .psn): ",
	SavedNoKeep: "; the edits stay kept, since the file lacks %s",
	KeepFailed:  "the edits cannot be kept: %v",
	LeaveEdits:  "The record has unsaved edits: w saves, y leaves and discards them, any other key stays",
	Discarded:   "edits discarded",
	PromoteAsk:  "Promote?", PromoteKeys: "y promote  n don't  esc cancel",
	RootEdit:      "the start of the record cannot be deleted or moved",
	DetachedNode:  "that move is no longer in the record",
	FirstSibling:  "the variation is already the first",
	LastSibling:   "the variation is already the last",
	BookmarkTaken: "move %[1]d already has the bookmark %[2]q",
	BadHeaderKey:  "%[2]q cannot be a header name",
	HandicapNamed: "the start is named %[2]s, and that name stays",
	AfterFoul:     "move %[1]d is a foul: no move can follow it",
	NotMated:      "not checkmate after move %[1]d: 詰み is not added",
	EndingNames:   [9]string{"resigns", "interrupted", "repetition", "impasse", "mate", "time", "foul win", "foul loss", "entering king"},
	PasteOpen:     "a pasted record opens in the study; this one cannot be read: %v",
	PasteAsk:      "Open the pasted record? The edits here are not saved (they stay kept) (y/n)",
}

var StudyEditJapanese = StudyEditWords{
	LinePrompt: "> ", JumpTo: "enter で%d手目へ。指し手ならどの表記でも指します",
	BoardHint:    "矢印でカーソル移動、enter で選んで指す、tab で持駒、esc で盤を離れる",
	TrayHint:     "持駒: ←→ 選ぶ  enter 決定  tab 戻る",
	NewVariation: "%d手目に新しい変化を作りました", NewMove: "%d手目を加えました", Followed: "%d手目は棋譜にある手です",
	DeleteAsk:    "%[1]d手目 %[2]s とその後の%[3]d手を削除しますか? (y/n)",
	DeleteAskOne: "%[1]d手目 %[2]s とその後の1手を削除しますか? (y/n)", DeleteAskLast: "%[1]d手目 %[2]s を削除しますか? (y/n)", Deleted: "%d手目以降を削除しました (u で戻せます)", NotDeleted: "削除しませんでした",
	Promoted: "この変化を本譜にしました", MovedUp: "変化を上へ移しました", MovedDown: "変化を下へ移しました",
	EndingAsk:   "この手の後の終局:",
	EndingAdded: "終局 %s を入れました",
	NotesTitle:  "%d手目のコメント", NotesGame: "棋譜のコメント (初手の前)",
	NotesKeys: "esc で確定、ctrl+u で行を消す", NotesSet: "コメントを書きました (u で戻せます)",
	NotesLong:  "コメントは%d文字までです",
	MarkPrompt: "しおり (空で削除): ", MarkSet: "しおり %s を付けました", MarkGone: "しおりを外しました",
	MarksTitle: "しおり", MarksKeys: "↑↓ 選ぶ  enter 移動  r 名前を変える  d 外す  esc 戻る",
	NoMarks:   "しおりはまだありません。s で表示中の手に付けられます",
	InfoTitle: "対局情報", InfoKeys: "↑↓ 選ぶ  enter 編集 (空で削除)  esc 戻る",
	InfoEditing: "対局情報: %sを編集中", InfoEditKeys: "値を入力  enter 設定 (空で削除)  ↑↓ 設定して移動  esc 取り消し",
	InfoAdd: "+ 項目を追加", InfoKey: "項目名: ",
	InfoSet: "%s を設定しました", InfoGone: "%s を削除しました",
	Fields: [7]string{"先手", "後手", "棋戦", "開始日時", "場所", "持ち時間", "手合割"},
	Undone: "元に戻しました", Redone: "やり直しました", NoUndo: "戻す編集がありません", NoRedo: "やり直す編集がありません",
	SaveLoss: "%s には%sを書けません。保存しますか? (y/n)", SaveAs: "保存先 (.kif .ki2 .csa .jkf .usi .sfen .psn): ",
	SavedNoKeep: "。ファイルに%sがないので、編集は保存したままにします",
	KeepFailed:  "編集を保存できません: %v",
	LeaveEdits:  "保存していない編集があります: w 保存  y 破棄して閉じる  他のキーで戻る",
	Discarded:   "編集を破棄しました",
	PromoteAsk:  "成りますか?", PromoteKeys: "y 成る  n 成らない  esc やめる",
	RootEdit:      "開始局面は削除・移動できません",
	DetachedNode:  "その手はもう棋譜にありません",
	FirstSibling:  "この変化はもう一番上です",
	LastSibling:   "この変化はもう一番下です",
	BookmarkTaken: "%[1]d手目にしおり「%[2]s」がもうあります",
	BadHeaderKey:  "「%[2]s」は項目名にできません",
	HandicapNamed: "開始局面は%[2]sで、名前は変えられません",
	AfterFoul:     "%[1]d手目は反則手なので、その後に手を続けられません",
	NotMated:      "%[1]d手目の局面は詰んでいないので、詰みは入れません",
	EndingNames:   [9]string{"投了", "中断", "千日手", "持将棋", "詰み", "切れ負け", "反則勝ち", "反則負け", "入玉勝ち"},
	PasteOpen:     "貼り付けた棋譜は検討で開きます。この文字列は読めません: %v",
	PasteAsk:      "貼り付けた棋譜を開きますか? ここの編集は未保存です (保存はしてあります) (y/n)",
}

// StudyEditWordsFor is the study's editing words in language l.
func StudyEditWordsFor(l Lang) *StudyEditWords {
	if l == Japanese {
		return &StudyEditJapanese
	}
	return &StudyEditEnglish
}

// EndingChoices lists the endings the insert key offers, numbered from 1:
// "1 投了  2 中断 …".
func (sw *StudyEditWords) EndingChoices() string {
	var b []byte
	for i, name := range sw.EndingNames {
		if i > 0 {
			b = append(b, "  "...)
		}
		b = fmt.Appendf(b, "%d %s", i+1, name)
	}
	return string(b) + "  esc"
}

// DeleteQuestion asks before deleting move ply (move) and the after
// moves that follow it, in the number the count takes.
func (sw *StudyEditWords) DeleteQuestion(ply int, move string, after int) string {
	f := sw.DeleteAsk
	switch after {
	case 0:
		f = sw.DeleteAskLast
	case 1:
		f = sw.DeleteAskOne
	}
	if after <= 1 {
		return fmt.Sprintf(f, ply, move)
	}
	return fmt.Sprintf(f, ply, move, after)
}
