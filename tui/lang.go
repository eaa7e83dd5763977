package tui

import (
	"fmt"
	"strconv"
	"strings"

	"shogi/game"
)

// Lang is the language of the app's own words. Move notation and piece
// style are separate settings: an English screen may show kanji pieces
// and KI2 moves, and a Japanese one Western notation.
type Lang int

const (
	English Lang = iota
	Japanese
)

func (l Lang) String() string {
	if l == Japanese {
		return "ja"
	}
	return "en"
}

// ParseLang reads "en" or "ja" (or "english", "japanese", "日本語").
func ParseLang(s string) (Lang, error) {
	switch strings.ToLower(s) {
	case "en", "english":
		return English, nil
	case "ja", "japanese", "日本語":
		return Japanese, nil
	}
	return English, fmt.Errorf("unknown language %q (want en or ja)", s)
}

// words is every phrase the app says, in one language. Each screen takes
// all its words from one words value, so no screen mixes languages.
// Formats take their arguments in the same order in both languages.
type words struct {
	lang Lang
	appWords

	black, white         string // the sides: 先手/後手, Black/White
	human                string // a person, as a player's name
	versus               string
	inHand, none, toMove string
	moveN                string // %d: the move about to be played
	reviewing            string // %d: the ply shown
	thinking             string // %s: the bot
	toMoveBadge          string // %s: the side
	check, mate          string

	// Endings, and the result line: %[1]s moves (words.count), %[2]s winner, %[3]s reason.
	endings       map[game.Ending]string
	wins, drawBy  string
	points        string // %s %d, %s %d: both sides' points after an impasse
	handicapName  func(game.Handicap) string
	furigoma      string // %s faces, %d 歩, %d と, %s after how many tosses, %s who plays Black
	furigomaAfter string // %d tosses
	playerN       string // %d, %s: "player 1 (human)"

	// The panel.
	lastMove, picked, movesTo, captures, dropsOn, comment, toss string

	// The prompt line.
	hint, hintPicked, hintTray, hintDeclare, hintReview string
	toMenu, toStudy                                     string
	typeHint                                            string
	readsAs                                             string // %s, %s: a move that leaves promotion open
	partial                                             string

	// Questions: the badge, then the keys.
	askPromote, keysPromote         string
	askResign, askImpasse, keysEnd  string // askImpasse: %d, %d points
	sureResign                      string
	askDeclare, keysYesNo           string
	askLeave, askLeaveStudy         string
	keysLeave, keysLeaveStudy       string
	askPasteGame                    string
	savePrompt, saveHint, overwrite string

	// Status messages.
	pickOwn, noLegal, notYourTurn, gameOver, inReview, noHuman string
	noUndo, undone, handEmpty, cannotDeclare, keptPlaying      string
	listStyle, autoFlip, on, off, saved, saving, autosaveFail  string
	needName, badExt, copiedKIF, copiedSFEN, notAMove          string
	ambiguous, illegal, incomplete                             string
	rules                                                      map[game.Rule]string
	pastedNotMove                                              string
	noKing, resumeStops, botFailed, botIllegal                 string
	autosaveBad, saveNoFolder, saveNotFolder, saveFailed       string

	// The move list and the help.
	moves, helpTitle, helpClose string
	tooSmall                    string // %d×%d needed, %d×%d present
}

var englishWords = words{
	lang:  English,
	black: "Black", white: "White",
	human:  "human",
	versus: "vs",
	inHand: "in hand", none: "none", toMove: "to move",
	moveN:       "move %d",
	reviewing:   "reviewing after move %d",
	thinking:    "%s thinking",
	toMoveBadge: "%s to move",
	check:       "Check", mate: "Checkmate",
	endings: map[game.Ending]string{
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
	wins:          "%[2]s wins by %[3]s after %[1]s",
	drawBy:        "Draw by %[3]s after %[1]s",
	points:        "%s %d points, %s %d",
	handicapName:  func(h game.Handicap) string { return h.Name + " handicap" },
	furigoma:      "Toss %s (%d pawns, %d tokin)%s: %s plays Black",
	furigomaAfter: " after %d tosses",
	playerN:       "player %d (%s)",

	lastMove: "Last move", picked: "Picked", movesTo: "Moves to", captures: "Takes",
	dropsOn: "Drops on", comment: "Comment", toss: "Toss",

	hint:        "type a move, or pick a piece with the cursor",
	hintPicked:  "enter on a marked square moves it, esc puts it back",
	hintTray:    "hand: left/right choose, enter picks, tab or esc leaves",
	hintDeclare: "d declares a win (entering king)",
	hintReview:  "reviewing move %d: [ ] step, esc returns",
	toMenu:      "menu",
	toStudy:     "back to the study",
	typeHint:    "type a move in any notation; enter plays it, esc cancels",
	readsAs:     "= %s or %s: enter asks which",
	partial:     "...",

	askPromote: "Promote?", keysPromote: "y promote  n don't  esc cancel",
	askResign: "Resign?", askImpasse: "Impasse? (Black %d, White %d points)",
	keysEnd:    "y then enter ends the game; any other key plays on",
	sureResign: "press enter to confirm; any other key plays on",
	askDeclare: "Declare a win by entering king?", keysYesNo: "y yes  n no",
	askLeave: "Leave the game?", askLeaveStudy: "Back to the study?",
	keysLeave:      "it is kept and the menu resumes it  y/n",
	keysLeaveStudy: "the moves become a branch of the record  y/n",
	askPasteGame:   "New game from the pasted position?",
	savePrompt:     "Save as: ", saveHint: "  (enter saves, esc cancels)",
	overwrite: "%s exists: enter again overwrites it, esc cancels",

	pickOwn:       "pick one of %s's pieces",
	noLegal:       "the piece on %s has no legal move",
	notYourTurn:   "it is %s's turn",
	gameOver:      "the game is over",
	inReview:      "reviewing: esc returns to the game",
	noHuman:       "no human plays in this game",
	noUndo:        "no move to undo",
	undone:        "undone: back to move %d",
	handEmpty:     "nothing in hand",
	cannotDeclare: "cannot declare: %s",
	keptPlaying:   "kept playing",
	listStyle:     "move list: %s",
	autoFlip:      "flip every turn in hot-seat games: %s",
	on:            "on", off: "off",
	saved:         "saved %s",
	saving:        "saving %s ...",
	autosaveFail:  "autosave failed: %v",
	needName:      "give a file name",
	badExt:        "%s: unknown extension (use .kif .kifu .ki2 .csa .jkf .usi .sfen .psn)",
	copiedKIF:     "copied the position as a KIF diagram",
	copiedSFEN:    "copied the position as SFEN: %s",
	notAMove:      "not a move in any notation",
	ambiguous:     "%q is ambiguous: %s",
	illegal:       "%s is illegal: %s",
	incomplete:    "%q is not a whole move yet",
	pastedNotMove: "the pasted text is neither a move nor a position",
	noKing:        "note: %s has no king",
	resumeStops:   "the resumed game stops at move %d: %v",
	botFailed:     "the bot failed: %v",
	botIllegal:    "the bot played %s: %v",
	autosaveBad:   "the autosave of an older version cannot be read (it is left as it is): %v",
	saveNoFolder:  "cannot save %s: the folder %s does not exist",
	saveNotFolder: "cannot save %s: %s is not a folder",
	saveFailed:    "cannot save %s: %v",
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

	moves: "Moves", helpTitle: "Keys", helpClose: "? or esc closes, up/down scroll",
	tooSmall: "terminal too small (need %dx%d, have %dx%d)",
}

var japaneseWords = words{
	lang:  Japanese,
	black: "先手", white: "後手",
	human:  "人間",
	versus: "対",
	inHand: "持駒", none: "なし", toMove: "手番",
	moveN:       "%d手目",
	reviewing:   "%d手目の局面 (検討中)",
	thinking:    "%s 思考中",
	toMoveBadge: "%sの番",
	check:       "王手", mate: "詰み",
	endings: map[game.Ending]string{
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
	wins:          "まで%[1]s手で%[2]sの勝ち (%[3]s)",
	drawBy:        "まで%[1]s手で%[3]s (引き分け)",
	points:        "%s%d点、%s%d点",
	handicapName:  func(h game.Handicap) string { return h.Japanese },
	furigoma:      "振り駒 %s (歩%d と%d)%s: %sが先手",
	furigomaAfter: " (%d回目)",
	playerN:       "対局者%d (%s)",

	lastMove: "前の手", picked: "選択中", movesTo: "行ける所", captures: "取れる駒",
	dropsOn: "打てる所", comment: "コメント", toss: "振り駒",

	hint:        "指し手を入力するか、カーソルで駒を選ぶ",
	hintPicked:  "印のマスで enter: 移動  esc: 戻す",
	hintTray:    "持駒: ←/→ 選ぶ  enter 取る  tab/esc 戻る",
	hintDeclare: "d 入玉宣言",
	hintReview:  "%d手目を検討中  [ ] 前後  esc 対局に戻る",
	toMenu:      "メニュー",
	toStudy:     "検討に戻る",
	typeHint:    "どの表記でも入力できます  enter 指す  esc やめる",
	readsAs:     "= %s か %s: enter で成るか選ぶ",
	partial:     "...",

	askPromote: "成りますか?", keysPromote: "y 成る  n 成らない  esc やめる",
	askResign: "投了しますか?", askImpasse: "持将棋にしますか? (先手 %d点 後手 %d点)",
	keysEnd:    "y の後 enter で終局、他のキーで続行",
	sureResign: "enter で確定、他のキーで続行",
	askDeclare: "入玉宣言しますか?", keysYesNo: "y はい  n いいえ",
	askLeave: "対局を中断しますか?", askLeaveStudy: "検討に戻りますか?",
	keysLeave:      "メニューから再開できます  y/n",
	keysLeaveStudy: "指した手は変化として棋譜に入ります  y/n",
	askPasteGame:   "貼り付けた局面から対局しますか?",
	savePrompt:     "保存先: ", saveHint: "  (enter 保存  esc やめる)",
	overwrite: "%s は既にあります: もう一度 enter で上書き、esc でやめる",

	pickOwn:       "%sの駒を選んでください",
	noLegal:       "%sの駒は動けません",
	notYourTurn:   "%sの手番です",
	gameOver:      "対局は終わっています",
	inReview:      "検討中: esc で対局に戻る",
	noHuman:       "人間の対局者がいません",
	noUndo:        "戻す手がありません",
	undone:        "%d手目まで戻しました",
	handEmpty:     "持駒がありません",
	cannotDeclare: "入玉宣言できません: %s",
	keptPlaying:   "対局を続けます",
	listStyle:     "棋譜の表記: %s",
	autoFlip:      "毎手盤を反転 (対人): %s",
	on:            "オン", off: "オフ",
	saved:         "%s に保存しました",
	saving:        "%s に保存中 ...",
	autosaveFail:  "自動保存できません: %v",
	needName:      "ファイル名を入力してください",
	badExt:        "%s: 拡張子が分かりません (.kif .kifu .ki2 .csa .jkf .usi .sfen .psn)",
	copiedKIF:     "局面を KIF の局面図でコピーしました",
	copiedSFEN:    "局面を SFEN でコピーしました: %s",
	notAMove:      "どの表記の指し手としても読めません",
	ambiguous:     "「%s」は曖昧です: %s",
	illegal:       "%s は指せません: %s",
	incomplete:    "「%s」はまだ指し手の途中です",
	pastedNotMove: "貼り付けた文字は指し手でも局面でもありません",
	noKing:        "注意: %sの玉がありません",
	resumeStops:   "再開した対局は%d手目で止まります: %v",
	botFailed:     "ボットが指せません: %v",
	botIllegal:    "ボットの手 %s は指せません: %v",
	autosaveBad:   "以前の版の自動保存が読めません (ファイルはそのままです): %v",
	saveNoFolder:  "%s に保存できません: フォルダ %s がありません",
	saveNotFolder: "%s に保存できません: %s はフォルダではありません",
	saveFailed:    "%s に保存できません: %v",
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

	moves: "指し手", helpTitle: "キー一覧", helpClose: "? か esc で閉じる  ↑↓ スクロール",
	tooSmall: "端末が小さすぎます (%dx%d 必要、今は %dx%d)",
}

// wordsFor returns the words of a language.
func wordsFor(l Lang) *words {
	if l == Japanese {
		return &japaneseWords
	}
	return &englishWords
}

// sideName is a side's name: 先手, Black.
func (w *words) sideName(c game.Color) string {
	if c == game.White {
		return w.white
	}
	return w.black
}

// rule says why a move breaks a rule.
func (w *words) rule(r game.Rule) string {
	if s, ok := w.rules[r]; ok {
		return s
	}
	return r.String()
}

// result says who won and how, after n moves.
func (w *words) result(r game.Result, n int) string {
	why := w.endings[r.Ending]
	if c, ok := r.Winner(); ok {
		return fmt.Sprintf(w.wins, w.count(n), w.sideName(c), why)
	}
	return fmt.Sprintf(w.drawBy, w.count(n), "", why)
}

// count is a number of moves as the language's sentences take it: "1
// move", "2 moves"; in Japanese the number alone, before 手.
func (w *words) count(n int) string {
	if w.lang == Japanese {
		return strconv.Itoa(n)
	}
	return countMoves(n)
}

// countMoves is "1 move" or "N moves".
func countMoves(n int) string {
	if n == 1 {
		return "1 move"
	}
	return fmt.Sprintf("%d moves", n)
}
