package words

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
	FlagFell      string // 切れ負け
	ByoyomiLeft   string // %d seconds of byōyomi left
	ByoyomiEach   string // %d: byōyomi seconds per move
	IncrementEach string // %s: the increment
	noClock       string
	ClockKinds    [4]string // none, sudden death, byōyomi, Fischer

	// The thinking panel.
	ThinkingWord, Score, Pv string
	Depth                   string
	Nps, Nodes              string // %s
	// Situation are the words for how a score stands, in ShogiHome's
	// steps (kifu.Situation's Index: White winning first, Black winning
	// last), the same steps records write as 後手勝勢 … 先手勝勢.
	Situation             [9]string
	MateIn                string // %d plies, %s the side that mates
	MateUnknown, MatedNow string // %s: the side

	// The play screen on a match.
	EngineFault, EngineFailed, KeepFailed, GameSaved string
	LeftTable                                        string // the winner's reason when the loser left a table and did not come back (%s the loser, %v the grace)
	CannotStart, Starting, PausedNow, waitTurn       string
	StepPaused, CannotImpasse                        string
	HintFailed, HintResign, hintDeclare              string
	HintThinking, HintLabel, HintWatch               string
	StartingWord, PausedWord, StartingPlayers        string
	// A game a server runs and judges (match.ErrRefereed): what it
	// refuses, the question before leaving (%s: the server), the line of
	// a game a fault interrupted (%s: the moves).
	ServerNoUndo, ServerNoPause, ServerNoDraw string
	ServerNoHint, AskLeaveServer, Interrupted string
	LeaveServerKey                            string
	QuitServerKey                             string // ctrl+c in a server's game: it resigns too
	QuitNothingKept                           string // ctrl+c in a game against the computer over SSH
	KeysLeaveUnkept                           string // leaving that game: nothing is kept
	// A move sent to the server and not yet confirmed (%s: the move).
	MoveSent, MoveOnItsWay string

	// The menu: kept games, the new-game form, settings, engines.
	ResumeN, ResumeTitle, ResumeKeys, ResumeEmpty     string
	ResumeServerKeys                                  string // the keys on a server's game, which enter studies
	ResumeMoves, ResumeLeft, ResumeBroken, ResumeAsk  string // resumeMoves: %s (Count)
	ResumeDeleted, SetUpStart, ResumeServer           string
	EditsN, EditsTitle, EditsKeys, EditsEmpty         string
	EditsAsk, EditsNew, EditsKept, EditsNone          string
	ClockField, MainField, ByoyomiField, IncField     string
	PerSideField, WhiteMain, WhiteByoyomi, WhiteInc   string
	PerSide                                           [2]string
	MoveDelay, KeepGames, Name1, Name2, HintFrom      string
	Ponder, PonderNote                                string
	StudyFrom                                         string
	EnginesItem, EnginesTitle, EnginesKeys, AddEngine string
	FoundEngine, NoEngines, EnginePath, Probing       string
	ProbeFailed, RemoveAsk, Removed, Added            string
	EditKeys, AddConfirm, OptDefault, NameField       string
	SettingsBroken, SettingsNotSaved, SettingsFailed  string
	TypeHintName, TypeHintValue, Unset, EditHint      string
}

var appEnglish = appWords{
	FlagFell: "time up", ByoyomiLeft: "byōyomi %d", ByoyomiEach: "+%ds", IncrementEach: "+%s/move",
	noClock:    "no clock",
	ClockKinds: [4]string{"none", "sudden death", "byōyomi", "Fischer"},

	ThinkingWord: "thinking", Score: "Score", Pv: "Line",
	Depth: "Depth", Nps: "%s nodes/s", Nodes: "%s nodes",
	Situation: [9]string{"White winning", "White much better", "White better", "White slightly better", "even",
		"Black slightly better", "Black better", "Black much better", "Black winning"},
	MateIn: "mate in %d for %s", MateUnknown: "mate for %s", MatedNow: "mated: %s wins",

	EngineFault:     "the game ended on an engine's failure (the game is kept): %[2]v",
	EngineFailed:    "%s's failure",
	LeftTable:       "%s leaving, not back within %v",
	KeepFailed:      "cannot keep the game: %v",
	GameSaved:       "the game is saved as %s",
	CannotStart:     "cannot start %s: %v",
	Starting:        "the players are starting",
	PausedNow:       "paused: space resumes",
	waitTurn:        "wait for your turn",
	StepPaused:      "pause with space first; then . plays one move",
	CannotImpasse:   "cannot claim impasse against a program: %s (both kings must be in their promotion zones)",
	HintFailed:      "no hint from %s: %v",
	HintResign:      "%s would resign here",
	hintDeclare:     "%s would declare an entering-king win",
	HintThinking:    "%s is thinking ...",
	HintLabel:       "Hint",
	HintWatch:       "space pauses/resumes, . plays one move while paused, q leaves",
	StartingWord:    "starting",
	PausedWord:      "paused",
	StartingPlayers: "starting %s and %s ...",
	ServerNoUndo:    "the server keeps this game: moves cannot be taken back",
	ServerNoPause:   "the server keeps this game's clock: it cannot be paused",
	ServerNoDraw:    "the server rules on this game: no draw offers or impasse agreements (a declaration, d, goes to it)",
	ServerNoHint:    "no hints in a game on a server",
	MoveSent:        "%s sent: waiting for the server to confirm it",
	MoveOnItsWay:    "your move is on its way: the server has not confirmed it yet",
	AskLeaveServer:  "Leave the game? You resign it on %s.",
	LeaveServerKey:  "leave (resigns)",
	QuitServerKey:   "quit (resigns)",
	QuitNothingKept: "quit (nothing is kept)",
	KeysLeaveUnkept: "nothing is kept  y/n",
	Interrupted:     "interrupted after %s",

	ResumeN: "Resume a game (%d kept)", ResumeTitle: "Kept games, newest first",
	ResumeKeys:       "up/down choose, enter resume, d delete, esc back, ? help",
	ResumeServerKeys: "up/down choose, enter study, d delete, esc back, ? help",
	ResumeEmpty:      "no kept games", ResumeMoves: "%s", ResumeLeft: "time left %s",
	ResumeBroken: "%s cannot be read: %v", ResumeAsk: "Delete this game? y/n",
	ResumeDeleted: "deleted", SetUpStart: "set-up position",
	ResumeServer: "played on %s: a server's game is studied, not resumed",
	EditsN:       "Resume editing (%d kept)", EditsTitle: "Kept edits, newest first",
	EditsKeys:  "up/down choose, enter resume, d discard, esc back, ? help",
	EditsEmpty: "no kept edits", EditsAsk: "Discard these edits? y/n", EditsNew: "a new record",
	EditsKept: "the study's edits are kept: the menu's Resume editing opens them", EditsNone: "the kept edits cannot be read: %v",
	ClockField: "Clock", MainField: "Main time", ByoyomiField: "Byōyomi", IncField: "Increment",
	PerSideField: "White's clock", WhiteMain: "White's main time", WhiteByoyomi: "White's byōyomi", WhiteInc: "White's increment",
	PerSide:   [2]string{"same as Black's", "its own"},
	MoveDelay: "Move delay (watching)", KeepGames: "Keep finished games",
	Ponder: "Pondering", PonderNote: "programs think on the opponent's time", Name1: "Player 1's name", Name2: "Player 2's name",
	HintFrom: "Hint from", StudyFrom: "Study engine (a)", EnginesItem: "Engines ...", EnginesTitle: "USI engines",
	EnginesKeys: "up/down choose, enter edit, a add, d remove, esc back", AddEngine: "+ add an engine by its path",
	FoundEngine: "+ add %s (installed)", NoEngines: "no engines yet", EnginePath: "Engine program: ",
	Probing: "starting %s to read its name and options ...", ProbeFailed: "%s does not work as a USI engine: %v",
	RemoveAsk: "Remove %s from the list? y/n", Removed: "removed %s", Added: "added %s",
	EditKeys:   "up/down option, left/right change, enter edit or toggle, r default, esc back",
	AddConfirm: "[ add to the list ]", OptDefault: "(default)", NameField: "Name",
	SettingsBroken:   "%v: the settings file is not read; the defaults are used and the file is left as it is",
	SettingsNotSaved: "settings are not saved while the file has an error",
	SettingsFailed:   "cannot save the settings: %v",
	TypeHintName:     "enter keeps, esc cancels", TypeHintValue: "enter sets, esc cancels", Unset: "(none)",
	EditHint: "enter edits",
}

var appJapanese = appWords{
	FlagFell: "切れ負け", ByoyomiLeft: "秒読み %d", ByoyomiEach: "秒読み%d秒", IncrementEach: "1手%s加算",
	noClock:    "時計なし",
	ClockKinds: [4]string{"なし", "切れ負け", "秒読み", "フィッシャー"},

	ThinkingWord: "思考中", Score: "評価値", Pv: "読み筋",
	Depth: "深さ", Nps: "%s局面/秒", Nodes: "%s局面",
	Situation: [9]string{"後手勝勢", "後手優勢", "後手有利", "後手有望", "互角", "先手有望", "先手有利", "先手優勢", "先手勝勢"},
	MateIn:    "詰み %d手 (%s)", MateUnknown: "%sの詰みあり", MatedNow: "詰み: %sの勝ち",

	EngineFault:     "エンジンの障害で対局が終わりました (対局は保存されています): %[2]v",
	EngineFailed:    "%sの障害",
	LeftTable:       "%sが退席し%v以内に戻らず",
	KeepFailed:      "対局を保存できません: %v",
	GameSaved:       "棋譜を %s に保存しました",
	CannotStart:     "%s を起動できません: %v",
	Starting:        "対局者を起動中です",
	PausedNow:       "一時停止中: space で再開",
	waitTurn:        "手番を待ってください",
	StepPaused:      "先に space で一時停止すると . で一手ずつ進められます",
	CannotImpasse:   "持将棋を宣言できません: %s (プログラム相手では両方の玉が入玉していることが必要です)",
	HintFailed:      "%s からヒントを得られません: %v",
	HintResign:      "%s はここで投了します",
	hintDeclare:     "%s は入玉宣言します",
	HintThinking:    "%s が考えています ...",
	HintLabel:       "ヒント",
	HintWatch:       "space 一時停止/再開  . 一時停止中に一手進める  q 戻る",
	StartingWord:    "起動中",
	PausedWord:      "一時停止",
	StartingPlayers: "%s と %s を起動中 ...",
	ServerNoUndo:    "サーバーの対局なので待ったはできません",
	ServerNoPause:   "サーバーの対局なので一時停止はできません",
	ServerNoDraw:    "サーバーの対局なので引き分けの申し出や持将棋の合意はできません (入玉宣言 d はサーバーに送ります)",
	ServerNoHint:    "サーバーの対局ではヒントは使えません",
	MoveSent:        "%s を送りました: サーバーの確認を待っています",
	MoveOnItsWay:    "指し手を送信済みです: サーバーの確認がまだありません",
	AskLeaveServer:  "対局をやめますか? %s では投了になります。",
	LeaveServerKey:  "退出 (投了)",
	QuitServerKey:   "終了 (投了)",
	QuitNothingKept: "終了 (保存なし)",
	KeysLeaveUnkept: "保存されません  y/n",
	Interrupted:     "%s手で中断",

	ResumeN: "対局を再開 (%d局保存)", ResumeTitle: "保存された対局 (新しい順)",
	ResumeKeys:       "↑↓ 選ぶ  enter 再開  d 削除  esc 戻る  ? ヘルプ",
	ResumeServerKeys: "↑↓ 選ぶ  enter 検討  d 削除  esc 戻る  ? ヘルプ",
	ResumeEmpty:      "保存された対局はありません", ResumeMoves: "%s手", ResumeLeft: "残り %s",
	ResumeBroken: "%s が読めません: %v", ResumeAsk: "この対局を削除しますか? y/n",
	ResumeDeleted: "削除しました", SetUpStart: "任意局面",
	ResumeServer: "%s での対局: サーバーの対局は再開せず検討します",
	EditsN:       "棋譜の編集を再開 (%d件保存)", EditsTitle: "保存された編集 (新しい順)",
	EditsKeys:  "↑↓ 選ぶ  enter 再開  d 破棄  esc 戻る  ? ヘルプ",
	EditsEmpty: "保存された編集はありません", EditsAsk: "この編集を破棄しますか? y/n", EditsNew: "新しい棋譜",
	EditsKept: "検討中の棋譜の編集は保存してあります (メニューの「棋譜の編集を再開」で開けます)", EditsNone: "保存された編集が読めません: %v",
	ClockField: "時計", MainField: "持ち時間", ByoyomiField: "秒読み", IncField: "加算",
	PerSideField: "後手の時間", WhiteMain: "後手の持ち時間", WhiteByoyomi: "後手の秒読み", WhiteInc: "後手の加算",
	PerSide:   [2]string{"先手と同じ", "別に決める"},
	MoveDelay: "観戦時の待ち時間", KeepGames: "終局した対局を保存",
	Ponder: "相手番の思考", PonderNote: "プログラムが相手の手番にも考える", Name1: "対局者1の名前", Name2: "対局者2の名前",
	HintFrom: "ヒントを聞く相手", StudyFrom: "検討のエンジン (a)", EnginesItem: "エンジン ...", EnginesTitle: "USI エンジン",
	EnginesKeys: "↑↓ 選ぶ  enter 編集  a 追加  d 削除  esc 戻る", AddEngine: "+ パスを指定して追加",
	FoundEngine: "+ %s を追加 (インストール済み)", NoEngines: "エンジンはまだありません", EnginePath: "エンジンのプログラム: ",
	Probing: "%s を起動して名前とオプションを読んでいます ...", ProbeFailed: "%s は USI エンジンとして動きません: %v",
	RemoveAsk: "%s を一覧から削除しますか? y/n", Removed: "%s を削除しました", Added: "%s を追加しました",
	EditKeys:   "↑↓ 項目  ←→ 変更  enter 編集/切替  r 既定値  esc 戻る",
	AddConfirm: "[ 一覧に追加 ]", OptDefault: "(既定値)", NameField: "名前",
	SettingsBroken:   "%v: 設定ファイルを読めないので既定値を使います (ファイルはそのままです)",
	SettingsNotSaved: "設定ファイルに誤りがあるため、設定は保存されません",
	SettingsFailed:   "設定を保存できません: %v",
	TypeHintName:     "enter で決定、esc でやめる", TypeHintValue: "enter で設定、esc でやめる", Unset: "(なし)",
	EditHint: "enter で編集",
}

func init() {
	EnglishWords.appWords = appEnglish
	JapaneseWords.appWords = appJapanese
}

// BotName is a built-in level's name in the screen's language: the
// Japanese screen has names for the levels it knows, and shows any other
// (a new level of game/bot) as game/bot spells it.
func (w *Words) BotName(name string) string {
	if w.Lang == Japanese {
		if n, ok := BotNamesJapanese[name]; ok {
			return n
		}
	}
	return name
}

// BotNamesJapanese are display names, not a list of levels: a level
// missing here is shown by its own name.
var BotNamesJapanese = map[string]string{"random": "ランダム", "greedy": "駒得",
	"beginner": "入門", "starter": "初級1", "novice": "初級2", "learner": "初級3", "improver": "中級1", "casual": "中級2",
	"keen": "中級3", "amateur": "上級1", "club": "上級2", "skilled": "上級3", "advanced": "有段1", "expert": "有段2",
	"master": "有段3", "elite": "高段1", "champion": "高段2", "grandmaster": "高段3", "sage": "高段4", "legend": "高段5",
	"strong": "最強"}

// TimeControl describes one side's allowance: "10m + 30s byōyomi",
// "持ち時間10分 秒読み30秒".
func (w *Words) TimeControl(tc match.TimeControl) string {
	if tc.IsZero() {
		return w.noClock
	}
	if w.Lang != Japanese {
		return tc.String()
	}
	s := ""
	if tc.Main > 0 || tc.Byoyomi == 0 && tc.Increment == 0 {
		s = "持ち時間" + JaDuration(tc.Main)
	}
	if tc.Byoyomi > 0 {
		s += " 秒読み" + JaDuration(tc.Byoyomi)
	}
	if tc.Increment > 0 {
		s += " 1手" + JaDuration(tc.Increment) + "加算"
	}
	return trimSpace(s)
}

// JaDuration writes 10分, 1時間30分, 30秒, 1分30秒, 0.5秒.
func JaDuration(d time.Duration) string {
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
