package tui

import (
	"fmt"
	"time"

	"shogi/game/match"
)

// appWords are the words of the screens that run games on a match
// (clocks, programs, the kept games, the settings and the engines), in
// one language. words embeds them.
type appWords struct {
	// Clocks.
	flagFell      string // 切れ負け
	byoyomiLeft   string // %d seconds of byōyomi left
	byoyomiEach   string // %d: byōyomi seconds per move
	incrementEach string // %s: the increment
	noClock       string
	clockKinds    [4]string // none, sudden death, byōyomi, Fischer

	// The thinking panel.
	thinkingWord, score, pv, evenWord string
	depth                             string
	nps, nodes                        string // %s
	better                            string // %s: the side
	mateIn                            string // %d plies, %s the side that mates
	mateUnknown, matedNow             string // %s: the side

	// The play screen on a match.
	engineFault, engineFailed, keepFailed, gameSaved string
	cannotStart, starting, pausedNow, waitTurn       string
	stepPaused, cannotImpasse                        string
	hintFailed, hintResign, hintDeclare              string
	hintThinking, hintLabel, hintWatch               string
	startingWord, pausedWord, startingPlayers        string

	// The menu: kept games, the new-game form, settings, engines.
	resumeN, resumeTitle, resumeKeys, resumeEmpty     string
	resumeMoves, resumeLeft, resumeBroken, resumeAsk  string
	resumeDeleted, setUpStart                         string
	clockField, mainField, byoyomiField, incField     string
	perSideField, whiteMain, whiteByoyomi, whiteInc   string
	perSide                                           [2]string
	moveDelay, keepGames, name1, name2, hintFrom      string
	enginesItem, enginesTitle, enginesKeys, addEngine string
	foundEngine, noEngines, enginePath, probing       string
	probeFailed, removeAsk, removed, added            string
	editKeys, addConfirm, optDefault, nameField       string
	settingsBroken, settingsNotSaved, settingsFailed  string
	typeHintName, typeHintValue, unset, editHint      string
}

var appEnglish = appWords{
	flagFell: "time up", byoyomiLeft: "byōyomi %d", byoyomiEach: "+%ds", incrementEach: "+%s/move",
	noClock:    "no clock",
	clockKinds: [4]string{"none", "sudden death", "byōyomi", "Fischer"},

	thinkingWord: "thinking", score: "Score", pv: "Line", evenWord: "even",
	depth: "Depth", nps: "%s nodes/s", nodes: "%s nodes",
	better: "%s better", mateIn: "mate in %d for %s", mateUnknown: "mate for %s", matedNow: "mated: %s wins",

	engineFault:     "the game ended on an engine's failure (the game is kept): %[2]v",
	engineFailed:    "%s's failure",
	keepFailed:      "cannot keep the game: %v",
	gameSaved:       "the game is saved as %s",
	cannotStart:     "cannot start %s: %v",
	starting:        "the players are starting",
	pausedNow:       "paused: space resumes",
	waitTurn:        "wait for your turn",
	stepPaused:      "pause with space first; then . plays one move",
	cannotImpasse:   "cannot claim impasse against a program: %s (both kings must be in their promotion zones)",
	hintFailed:      "no hint from %s: %v",
	hintResign:      "%s would resign here",
	hintDeclare:     "%s would declare an entering-king win",
	hintThinking:    "%s is thinking ...",
	hintLabel:       "Hint",
	hintWatch:       "space pauses/resumes, . plays one move while paused, q leaves",
	startingWord:    "starting",
	pausedWord:      "paused",
	startingPlayers: "starting %s and %s ...",

	resumeN: "Resume a game (%d kept)", resumeTitle: "Kept games, newest first",
	resumeKeys:  "up/down choose, enter resume, d delete, esc back",
	resumeEmpty: "no kept games", resumeMoves: "%d moves", resumeLeft: "left %s",
	resumeBroken: "%s cannot be read: %v", resumeAsk: "Delete this game? y/n",
	resumeDeleted: "deleted", setUpStart: "set-up position",
	clockField: "Clock", mainField: "Main time", byoyomiField: "Byōyomi", incField: "Increment",
	perSideField: "White's clock", whiteMain: "White's main time", whiteByoyomi: "White's byōyomi", whiteInc: "White's increment",
	perSide:   [2]string{"same as Black's", "its own"},
	moveDelay: "Move delay (watching)", keepGames: "Keep finished games", name1: "Player 1's name", name2: "Player 2's name",
	hintFrom: "Hint from", enginesItem: "Engines ...", enginesTitle: "USI engines",
	enginesKeys: "up/down choose, enter edit, a add, d remove, esc back", addEngine: "+ add an engine by its path",
	foundEngine: "+ add %s (installed)", noEngines: "no engines yet", enginePath: "Engine program: ",
	probing: "starting %s to read its name and options ...", probeFailed: "%s does not work as a USI engine: %v",
	removeAsk: "Remove %s from the list? y/n", removed: "removed %s", added: "added %s",
	editKeys:   "up/down option, left/right change, enter edit or toggle, r default, esc back",
	addConfirm: "[ add to the list ]", optDefault: "(default)", nameField: "Name",
	settingsBroken:   "%v: the settings file is not read; the defaults are used and the file is left as it is",
	settingsNotSaved: "settings are not saved while the file has an error",
	settingsFailed:   "cannot save the settings: %v",
	typeHintName:     "enter keeps, esc cancels", typeHintValue: "enter sets, esc cancels", unset: "(none)",
	editHint: "enter edits",
}

var appJapanese = appWords{
	flagFell: "切れ負け", byoyomiLeft: "秒読み %d", byoyomiEach: "秒読み%d秒", incrementEach: "1手%s加算",
	noClock:    "時計なし",
	clockKinds: [4]string{"なし", "切れ負け", "秒読み", "フィッシャー"},

	thinkingWord: "思考中", score: "評価値", pv: "読み筋", evenWord: "互角",
	depth: "深さ", nps: "%s局面/秒", nodes: "%s局面",
	better: "%s有利", mateIn: "詰み %d手 (%s)", mateUnknown: "%sの詰みあり", matedNow: "詰み: %sの勝ち",

	engineFault:     "エンジンの障害で対局が終わりました (対局は保存されています): %[2]v",
	engineFailed:    "%sの障害",
	keepFailed:      "対局を保存できません: %v",
	gameSaved:       "棋譜を %s に保存しました",
	cannotStart:     "%s を起動できません: %v",
	starting:        "対局者を起動中です",
	pausedNow:       "一時停止中: space で再開",
	waitTurn:        "手番を待ってください",
	stepPaused:      "先に space で一時停止すると . で一手ずつ進められます",
	cannotImpasse:   "持将棋を宣言できません: %s (プログラム相手では両方の玉が入玉していることが必要です)",
	hintFailed:      "%s からヒントを得られません: %v",
	hintResign:      "%s はここで投了します",
	hintDeclare:     "%s は入玉宣言します",
	hintThinking:    "%s が考えています ...",
	hintLabel:       "ヒント",
	hintWatch:       "space 一時停止/再開  . 一時停止中に一手進める  q 戻る",
	startingWord:    "起動中",
	pausedWord:      "一時停止",
	startingPlayers: "%s と %s を起動中 ...",

	resumeN: "対局を再開 (%d局保存)", resumeTitle: "保存された対局 (新しい順)",
	resumeKeys:  "↑↓ 選ぶ  enter 再開  d 削除  esc 戻る",
	resumeEmpty: "保存された対局はありません", resumeMoves: "%d手", resumeLeft: "残り %s",
	resumeBroken: "%s が読めません: %v", resumeAsk: "この対局を削除しますか? y/n",
	resumeDeleted: "削除しました", setUpStart: "任意局面",
	clockField: "時計", mainField: "持ち時間", byoyomiField: "秒読み", incField: "加算",
	perSideField: "後手の時間", whiteMain: "後手の持ち時間", whiteByoyomi: "後手の秒読み", whiteInc: "後手の加算",
	perSide:   [2]string{"先手と同じ", "別に決める"},
	moveDelay: "観戦時の待ち時間", keepGames: "終局した対局を保存", name1: "対局者1の名前", name2: "対局者2の名前",
	hintFrom: "ヒントを聞く相手", enginesItem: "エンジン ...", enginesTitle: "USI エンジン",
	enginesKeys: "↑↓ 選ぶ  enter 編集  a 追加  d 削除  esc 戻る", addEngine: "+ パスを指定して追加",
	foundEngine: "+ %s を追加 (インストール済み)", noEngines: "エンジンはまだありません", enginePath: "エンジンのプログラム: ",
	probing: "%s を起動して名前とオプションを読んでいます ...", probeFailed: "%s は USI エンジンとして動きません: %v",
	removeAsk: "%s を一覧から削除しますか? y/n", removed: "%s を削除しました", added: "%s を追加しました",
	editKeys:   "↑↓ 項目  ←→ 変更  enter 編集/切替  r 既定値  esc 戻る",
	addConfirm: "[ 一覧に追加 ]", optDefault: "(既定値)", nameField: "名前",
	settingsBroken:   "%v: 設定ファイルを読めないので既定値を使います (ファイルはそのままです)",
	settingsNotSaved: "設定ファイルに誤りがあるため、設定は保存されません",
	settingsFailed:   "設定を保存できません: %v",
	typeHintName:     "enter で決定、esc でやめる", typeHintValue: "enter で設定、esc でやめる", unset: "(なし)",
	editHint: "enter で編集",
}

func init() {
	english.appWords = appEnglish
	japanese.appWords = appJapanese
}

// botName is a built-in level's name in the screen's language: the
// Japanese screen has names for the levels it knows, and shows any other
// (a new level of game/bot) as game/bot spells it.
func (w *words) botName(name string) string {
	if w.lang == Japanese {
		if n, ok := botNamesJapanese[name]; ok {
			return n
		}
	}
	return name
}

// botNamesJapanese are display names, not a list of levels: a level
// missing here is shown by its own name.
var botNamesJapanese = map[string]string{"random": "ランダム", "greedy": "駒得",
	"beginner": "入門", "starter": "初級1", "novice": "初級2", "learner": "初級3", "improver": "中級1", "casual": "中級2",
	"keen": "中級3", "amateur": "上級1", "club": "上級2", "skilled": "上級3", "advanced": "有段1", "expert": "有段2",
	"master": "有段3", "elite": "高段", "strong": "最強"}

// timeControl describes one side's allowance: "10m + 30s byōyomi",
// "持ち時間10分 秒読み30秒".
func (w *words) timeControl(tc match.TimeControl) string {
	if tc.IsZero() {
		return w.noClock
	}
	if w.lang != Japanese {
		return tc.String()
	}
	s := ""
	if tc.Main > 0 || tc.Byoyomi == 0 && tc.Increment == 0 {
		s = "持ち時間" + jaDuration(tc.Main)
	}
	if tc.Byoyomi > 0 {
		s += " 秒読み" + jaDuration(tc.Byoyomi)
	}
	if tc.Increment > 0 {
		s += " 1手" + jaDuration(tc.Increment) + "加算"
	}
	return trimSpace(s)
}

// jaDuration writes 10分, 1時間30分, 30秒, 1分30秒, 0.5秒.
func jaDuration(d time.Duration) string {
	if d%time.Second != 0 {
		return fmt.Sprintf("%g秒", d.Seconds())
	}
	s := int64(d / time.Second)
	out := ""
	if h := s / 3600; h > 0 {
		out += fmt.Sprintf("%d時間", h)
	}
	if m := s / 60 % 60; m > 0 {
		out += fmt.Sprintf("%d分", m)
	}
	if sec := s % 60; sec > 0 || out == "" {
		out += fmt.Sprintf("%d秒", sec)
	}
	return out
}

func trimSpace(s string) string {
	for len(s) > 0 && s[0] == ' ' {
		s = s[1:]
	}
	return s
}
