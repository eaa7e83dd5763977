package words

import (
	"fmt"
	"shogi/app/settings"
	"strconv"

	"shogi/game"
)

// Lang is the language of the app's own words (a value of the settings
// file).
type Lang = settings.Lang

const (
	English  = settings.English
	Japanese = settings.Japanese
)

// ParseLang reads "en" or "ja" (or "english", "japanese", "日本語").
func ParseLang(s string) (Lang, error) { return settings.ParseLang(s) }

// Words is every phrase the app says, in one language. Each screen takes
// all its words from one words value, so no screen mixes languages.
// Formats take their arguments in the same order in both languages.
type Words struct {
	Lang Lang
	appWords
	outcomes outcomeWords

	black, white         string // the sides: 先手/後手, Black/White
	Human                string // a person, as a player's name
	Versus               string
	InHand, None, ToMove string
	MoveN                string // %d: the move about to be played
	Reviewing            string // %d: the ply shown
	Thinking             string // %s: the bot
	ToMoveBadge          string // %s: the side
	Check, Mate          string

	// Endings, and the result line: %[1]s moves (words.count), %[2]s winner, %[3]s reason.
	Endings       map[game.Ending]string
	Wins, drawBy  string
	Points        string // %s %d, %s %d: both sides' points after an impasse
	HandicapName  func(game.Handicap) string
	Furigoma      string // %s faces, %s the counts (FurigomaCounts), %s after how many tosses, %s who plays Black
	FurigomaAfter string // %d tosses
	PlayerN       string // %d, %s: "player 1 (human)"

	// The panel.
	LastMove, Picked, MovesTo, Captures, DropsOn, comment, Toss string
	Squares                                                     string // %d squares, when too many to list

	// The prompt line.
	Hint, HintPicked, HintTray, HintDeclare, HintReview string
	ToMenu, ToStudy                                     string
	TypeHint                                            string
	ReadsAs                                             string // %s, %s: a move that leaves promotion open
	Partial                                             string

	// Questions: the badge, then the keys.
	AskPromote, KeysPromote         string
	AskResign, AskImpasse, KeysEnd  string // askImpasse: %d, %d points
	SureResign                      string
	AskDeclare, KeysYesNo           string
	AskLeave, AskLeaveStudy         string
	KeysLeave, KeysLeaveStudy       string
	AskPasteGame                    string
	SavePrompt, SaveHint, Overwrite string

	// Status messages.
	PickOwn, NoLegal, NotYourTurn, GameOver, InReview, NoHuman string
	NoUndo, Undone, HandEmpty, CannotDeclare, KeptPlaying      string
	ListStyle, AutoFlip, On, Off, Saved, Saving, autosaveFail  string
	NeedName, BadExt, CopiedKIF, CopiedSFEN, NotAMove          string
	Ambiguous, Illegal, Incomplete                             string
	rules                                                      map[game.Rule]string
	pastedNotMove                                              string
	NoKing, ResumeStops, botFailed, botIllegal                 string
	AutosaveBad, SaveNoFolder, SaveNotFolder, SaveFailed       string

	// The move list and the help.
	Moves, HelpTitle, HelpClose string
	TooSmall                    string // %d×%d needed, %d×%d present
}

var EnglishWords = Words{
	Lang:  English,
	black: "Black", white: "White",
	Human:  "human",
	Versus: "vs",
	InHand: "in hand", None: "none", ToMove: "to move",
	MoveN:       "move %d",
	Reviewing:   "reviewing after move %d",
	Thinking:    "%s thinking",
	ToMoveBadge: "%s to move",
	Check:       "Check", Mate: "Checkmate",
	Endings: map[game.Ending]string{
		game.Checkmate:      "checkmate",
		game.NoLegalMoves:   "no legal move",
		game.Resignation:    "resignation",
		game.Repetition:     "fourfold repetition",
		game.PerpetualCheck: "perpetual check",
		game.Impasse:        "impasse (24-point rule)",
		game.Declaration:    "entering-king declaration",
		game.IllegalMove:    "an illegal move",
		game.TimeLoss:       "time",
	},
	Wins:          "%[2]s wins by %[3]s after %[1]s",
	drawBy:        "Draw by %[3]s after %[1]s",
	Points:        "%s %d points, %s %d",
	HandicapName:  englishHandicap,
	Furigoma:      "%s (%s)%s: %s plays Black",
	FurigomaAfter: " after %d tosses",
	PlayerN:       "player %d (%s)",

	LastMove: "Last move", Picked: "Picked", MovesTo: "Moves to", Captures: "Takes",
	DropsOn: "Drops on", comment: "Comment", Toss: "Toss", Squares: "%d squares",

	Hint:        "type a move, or pick a piece with the cursor",
	HintPicked:  "enter on a marked square moves it, esc puts it back",
	HintTray:    "hand: left/right choose, enter picks, tab or esc leaves",
	HintDeclare: "d declares a win (entering king)",
	HintReview:  "reviewing move %d: [ ] step, esc returns",
	ToMenu:      "menu",
	ToStudy:     "back to the study",
	TypeHint:    "type a move in any notation; enter plays it, esc cancels",
	ReadsAs:     "= %s or %s: enter asks which",
	Partial:     "...",

	AskPromote: "Promote?", KeysPromote: "y promote  n don't  esc cancel",
	AskResign: "Resign?", AskImpasse: "Impasse? (Black %d, White %d points)",
	KeysEnd:    "y then enter ends the game; any other key plays on",
	SureResign: "press enter to confirm; any other key plays on",
	AskDeclare: "Declare a win by entering king?", KeysYesNo: "y yes  n no",
	AskLeave: "Leave the game?", AskLeaveStudy: "Back to the study?",
	KeysLeave:      "it is kept and the menu resumes it  y/n",
	KeysLeaveStudy: "the moves become a branch of the record  y/n",
	AskPasteGame:   "New game from the pasted position?",
	SavePrompt:     "Save as: ", SaveHint: "  (enter saves, esc cancels)",
	Overwrite: "%s exists: enter again overwrites it, esc cancels",

	PickOwn:       "pick one of %s's pieces",
	NoLegal:       "the piece on %s has no legal move",
	NotYourTurn:   "it is %s's turn",
	GameOver:      "the game is over",
	InReview:      "reviewing: esc returns to the game",
	NoHuman:       "no human plays in this game",
	NoUndo:        "no move to undo",
	Undone:        "undone: back to move %d",
	HandEmpty:     "nothing in hand",
	CannotDeclare: "cannot declare: %s",
	KeptPlaying:   "kept playing",
	ListStyle:     "move list: %s",
	AutoFlip:      "flip every turn in hot-seat games: %s",
	On:            "on", Off: "off",
	Saved:         "saved %s",
	Saving:        "saving %s ...",
	autosaveFail:  "autosave failed: %v",
	NeedName:      "give a file name",
	BadExt:        "%s: unknown extension (use .kif .kifu .ki2 .csa .jkf .usi .sfen .psn)",
	CopiedKIF:     "copied the position as a KIF diagram",
	CopiedSFEN:    "copied the position as SFEN: %s",
	NotAMove:      "not a move in any notation",
	Ambiguous:     "%q is ambiguous: %s",
	Illegal:       "%s is illegal: %s",
	Incomplete:    "%q is not a whole move yet",
	pastedNotMove: "the pasted text is neither a move nor a position",
	NoKing:        "note: %s has no king",
	ResumeStops:   "the resumed game stops at move %d: %v",
	botFailed:     "the bot failed: %v",
	botIllegal:    "the bot played %s: %v",
	AutosaveBad:   "the autosave of an older version cannot be read (it is left as it is): %v",
	SaveNoFolder:  "cannot save %s: the folder %s does not exist",
	SaveNotFolder: "cannot save %s: %s is not a folder",
	SaveFailed:    "cannot save %s: %v",
	rules: map[game.Rule]string{
		game.RuleNoPiece:       "no piece on the origin square",
		game.RuleNotYourPiece:  "that piece belongs to the opponent",
		game.RuleCannotReach:   "the piece cannot move there",
		game.RuleOwnPiece:      "the destination holds your own piece",
		game.RuleOccupied:      "a piece can only be dropped on an empty square",
		game.RuleNotInHand:     "that piece is not in hand",
		game.RuleCannotPromote: "the piece cannot promote on this move",
		game.RuleDeadPiece:     "the piece would have no further move",
		game.RuleNifu:          "two unpromoted pawns on one file (nifu)",
		game.RuleUchifuzume:    "checkmate by dropping a pawn (uchifuzume)",
		game.RuleSelfCheck:     "it leaves the king in check",
		game.RuleWrongSide:     "it is not that side's turn",
	},

	Moves: "Moves", HelpTitle: "Keys", HelpClose: "? or esc closes, up/down scroll",
	TooSmall: "terminal too small (need %dx%d, have %dx%d)",
}

var JapaneseWords = Words{
	Lang:  Japanese,
	black: "先手", white: "後手",
	Human:  "人間",
	Versus: "対",
	InHand: "持駒", None: "なし", ToMove: "手番",
	MoveN:       "%d手目",
	Reviewing:   "%d手目の局面 (検討中)",
	Thinking:    "%s 思考中",
	ToMoveBadge: "%sの番",
	Check:       "王手", Mate: "詰み",
	Endings: map[game.Ending]string{
		game.Checkmate:      "詰み",
		game.NoLegalMoves:   "指す手なし",
		game.Resignation:    "投了",
		game.Repetition:     "千日手",
		game.PerpetualCheck: "連続王手の千日手",
		game.Impasse:        "持将棋",
		game.Declaration:    "入玉宣言",
		game.IllegalMove:    "反則",
		game.TimeLoss:       "時間切れ",
	},
	Wins:          "まで%[1]s手で%[2]sの勝ち (%[3]s)",
	drawBy:        "まで%[1]s手で%[3]s (引き分け)",
	Points:        "%s%d点、%s%d点",
	HandicapName:  func(h game.Handicap) string { return h.Japanese },
	Furigoma:      "%s (%s)%s: %sが先手",
	FurigomaAfter: " (%d回目)",
	PlayerN:       "対局者%d (%s)",

	LastMove: "前の手", Picked: "選択中", MovesTo: "行ける所", Captures: "取れる駒",
	DropsOn: "打てる所", comment: "コメント", Toss: "振り駒", Squares: "%dマス",

	Hint:        "指し手を入力するか、カーソルで駒を選ぶ",
	HintPicked:  "印のマスで enter: 移動  esc: 戻す",
	HintTray:    "持駒: ←/→ 選ぶ  enter 取る  tab/esc 戻る",
	HintDeclare: "d 入玉宣言",
	HintReview:  "%d手目を検討中  [ ] 前後  esc 対局に戻る",
	ToMenu:      "メニュー",
	ToStudy:     "検討に戻る",
	TypeHint:    "どの表記でも入力できます  enter 指す  esc やめる",
	ReadsAs:     "= %s か %s: enter で成るか選ぶ",
	Partial:     "...",

	AskPromote: "成りますか?", KeysPromote: "y 成る  n 成らない  esc やめる",
	AskResign: "投了しますか?", AskImpasse: "持将棋にしますか? (先手 %d点 後手 %d点)",
	KeysEnd:    "y の後 enter で終局、他のキーで続行",
	SureResign: "enter で確定、他のキーで続行",
	AskDeclare: "入玉宣言しますか?", KeysYesNo: "y はい  n いいえ",
	AskLeave: "対局を中断しますか?", AskLeaveStudy: "検討に戻りますか?",
	KeysLeave:      "メニューから再開できます  y/n",
	KeysLeaveStudy: "指した手は変化として棋譜に入ります  y/n",
	AskPasteGame:   "貼り付けた局面から対局しますか?",
	SavePrompt:     "保存先: ", SaveHint: "  (enter 保存  esc やめる)",
	Overwrite: "%s は既にあります: もう一度 enter で上書き、esc でやめる",

	PickOwn:       "%sの駒を選んでください",
	NoLegal:       "%sの駒は動けません",
	NotYourTurn:   "%sの手番です",
	GameOver:      "対局は終わっています",
	InReview:      "検討中: esc で対局に戻る",
	NoHuman:       "人間の対局者がいません",
	NoUndo:        "戻す手がありません",
	Undone:        "%d手目まで戻しました",
	HandEmpty:     "持駒がありません",
	CannotDeclare: "入玉宣言できません: %s",
	KeptPlaying:   "対局を続けます",
	ListStyle:     "棋譜の表記: %s",
	AutoFlip:      "毎手盤を反転 (対人): %s",
	On:            "オン", Off: "オフ",
	Saved:         "%s に保存しました",
	Saving:        "%s に保存中 ...",
	autosaveFail:  "自動保存できません: %v",
	NeedName:      "ファイル名を入力してください",
	BadExt:        "%s: 拡張子が分かりません (.kif .kifu .ki2 .csa .jkf .usi .sfen .psn)",
	CopiedKIF:     "局面を KIF の局面図でコピーしました",
	CopiedSFEN:    "局面を SFEN でコピーしました: %s",
	NotAMove:      "どの表記の指し手としても読めません",
	Ambiguous:     "「%s」は曖昧です: %s",
	Illegal:       "%s は指せません: %s",
	Incomplete:    "「%s」はまだ指し手の途中です",
	pastedNotMove: "貼り付けた文字は指し手でも局面でもありません",
	NoKing:        "注意: %sの玉がありません",
	ResumeStops:   "再開した対局は%d手目で止まります: %v",
	botFailed:     "ボットが指せません: %v",
	botIllegal:    "ボットの手 %s は指せません: %v",
	AutosaveBad:   "以前の版の自動保存が読めません (ファイルはそのままです): %v",
	SaveNoFolder:  "%s に保存できません: フォルダ %s がありません",
	SaveNotFolder: "%s に保存できません: %s はフォルダではありません",
	SaveFailed:    "%s に保存できません: %v",
	rules: map[game.Rule]string{
		game.RuleNoPiece:       "移動元に駒がありません",
		game.RuleNotYourPiece:  "相手の駒です",
		game.RuleCannotReach:   "その駒はそこへ動けません",
		game.RuleOwnPiece:      "移動先に自分の駒があります",
		game.RuleOccupied:      "駒のあるマスには打てません",
		game.RuleNotInHand:     "その駒は持駒にありません",
		game.RuleCannotPromote: "この手では成れません",
		game.RuleDeadPiece:     "行き所のない駒になります",
		game.RuleNifu:          "二歩です",
		game.RuleUchifuzume:    "打ち歩詰めです",
		game.RuleSelfCheck:     "王手がかかったままです",
		game.RuleWrongSide:     "手番ではありません",
	},

	Moves: "指し手", HelpTitle: "キー一覧", HelpClose: "? か esc で閉じる  ↑↓ スクロール",
	TooSmall: "端末が小さすぎます (%dx%d 必要、今は %dx%d)",
}

// WordsFor returns the words of a language.
func WordsFor(l Lang) *Words {
	if l == Japanese {
		return &JapaneseWords
	}
	return &EnglishWords
}

// SideName is a side's name: 先手, Black.
func (w *Words) SideName(c game.Color) string {
	if c == game.White {
		return w.white
	}
	return w.black
}

// Rule says why a move breaks a rule.
func (w *Words) Rule(r game.Rule) string {
	if s, ok := w.rules[r]; ok {
		return s
	}
	return r.String()
}

// Result says who won and how, after n moves.
func (w *Words) Result(r game.Result, n int) string {
	why := w.Endings[r.Ending]
	if c, ok := r.Winner(); ok {
		return fmt.Sprintf(w.Wins, w.Count(n), w.SideName(c), why)
	}
	return fmt.Sprintf(w.drawBy, w.Count(n), "", why)
}

// Count is a number of moves as the language's sentences take it: "1
// move", "2 moves"; in Japanese the number alone, before 手.
func (w *Words) Count(n int) string {
	if w.Lang == Japanese {
		return strconv.Itoa(n)
	}
	return CountMoves(n)
}

// CountMoves is "1 move" or "N moves".
func CountMoves(n int) string { return Plural(n, "move", "moves") }

// englishHandicap names a start in English: "even game", "lance
// handicap", and the set-ups that are no handicap by their own names.
func englishHandicap(h game.Handicap) string {
	switch {
	case h.Key == "even":
		return "even game"
	case !h.Playable():
		return h.Name
	}
	return h.Name + " handicap"
}

// FurigomaCounts are a toss's pawns and tokin: "1 pawn, 4 tokin", "歩1 と4".
func (w *Words) FurigomaCounts(fu, to int) string {
	if w.Lang == Japanese {
		return fmt.Sprintf("歩%d と%d", fu, to)
	}
	return Plural(fu, "pawn", "pawns") + ", " + fmt.Sprintf("%d tokin", to)
}

// Plural is n and the English noun for it: "1 move", "2 moves".
func Plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
