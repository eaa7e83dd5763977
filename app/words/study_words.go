package words

import "shogi/kifu"

// StudyWords are the study screen's phrases in one language.
type StudyWords struct {
	Title, Modified, Start, StartPos         string
	Event, Date, Handicap, Result            string
	Site                                     string
	NoResult, SetUp                          string
	MainLine, VariationFrom                  string // variationFrom: %d ply
	Ply                                      string // %d/%d
	Variation                                string
	AltHere, AltNext, AltSuffix, AltKeys     string
	AltShort                                 string // the heading when the long one does not fit: %d ply
	VarEnds, RecordEnds                      string // %s moves (words.count)
	Warning                                  string
	ReadUpTo, ReadRest                       string
	LeaveAsk, ChooseAsk, Overwrite           string
	JumpPrompt, JumpHint, ExportPrompt       string
	NoVariation, OnMain, WholeComment        string
	Saved, ExportCancelled, NoName, BadExt   string
	NotSaved, StillHere, PlayCancelled       string
	NoLegal, AddedEnding, AddedOne, AddedN   string
	Already, CannotOpen, Back                string
	MoreAbove, MoreBelow                     string
	HotSeat                                  string
	Resign, MateBy, Sennichite, Jishogi      string
	Entering, Interrupt, Timeout, IllegalWin string
	IllegalLoss, Forfeit, Draw               string
	// EndingNames name a record's endings in the move list (English; a
	// Japanese screen shows the record's own words).
	EndingNames map[kifu.Ending]string
}

var StudyEnglish = StudyWords{
	Title: "Study: ", Modified: " (modified)", Start: "start", StartPos: "start position",
	Event: "Event", Site: "Place", Date: "Date", Handicap: "Start", Result: "Result",
	NoResult: "(none recorded)", SetUp: "(set-up position)",
	MainLine: "main line", VariationFrom: "variation from ply %d",
	Ply: "Ply %d/%d", Variation: "[variation]",
	AltHere: "Alternatives at ply %d: ", AltNext: "Next move (ply %d) alternatives: ", AltSuffix: "",
	AltKeys: "  v/V switch, m main line", AltShort: "Ply %d: ",
	VarEnds: "the variation ends after %s", RecordEnds: "the record stops after %s without a result",
	Warning:  "warning: ",
	ReadUpTo: "read up to move %d; move %d cannot be read: %v", ReadRest: "read up to move %d; the rest cannot be read: %v",
	LeaveAsk:   "The record has moves no file has (e exports them). Leave anyway? (y/n)",
	ChooseAsk:  "Play from here as %s against: %s (any other key cancels)",
	Overwrite:  "%s exists: overwrite? (y/n)",
	JumpPrompt: "Go to move: ", JumpHint: "  (enter)", ExportPrompt: "Export to (.kif .ki2 .csa .jkf .usi .sfen .psn): ",
	NoVariation: "no variation here", OnMain: "already on the main line", WholeComment: "the whole comment is shown",
	Saved: "saved %s (%s)", ExportCancelled: "export cancelled", NoName: "no file name: nothing saved",
	BadExt:   "unknown extension: use .kif .kifu .ki2 .ki2u .csa .jkf .usi .sfen or .psn (e edits the name)",
	NotSaved: "not saved", StillHere: "still here: e exports the record", PlayCancelled: "play from here cancelled",
	NoLegal: "the side to move has no legal move here", AddedEnding: "added how the game ended",
	AddedOne: "added 1 new move at ply %d", AddedN: "added %d new moves, branching at ply %d",
	Already: "the moves played are already in the record", CannotOpen: "Cannot open %s", Back: "q, esc or enter: back",
	MoreAbove: "... %d more above (k scrolls up)", MoreBelow: "... %d more lines (j scrolls)",
	HotSeat: "hot-seat",
	Resign:  "%[1]s resigns, %[2]s wins", MateBy: "%[1]s is checkmated, %[2]s wins",
	Sennichite: "fourfold repetition, a draw", Jishogi: "impasse, a draw",
	Entering: "%[1]s wins by entering-king declaration", Interrupt: "the game was interrupted",
	Timeout: "%[1]s lost on time, %[2]s wins", IllegalWin: "%[1]s wins by %[2]s's foul",
	IllegalLoss: "%[1]s loses by a foul", Forfeit: "%[1]s forfeits", Draw: "a draw",
	EndingNames: map[kifu.Ending]string{kifu.Resign: "resign", kifu.Mate: "checkmate", kifu.Sennichite: "repetition",
		kifu.Jishogi: "impasse", kifu.EnteringKing: "entering king", kifu.Interrupt: "interrupted",
		kifu.Timeout: "time", kifu.IllegalWin: "foul win", kifu.IllegalLoss: "foul", kifu.Forfeit: "forfeit",
		kifu.Draw: "draw", kifu.OtherEnding: "interrupted"},
}

var StudyJapanese = StudyWords{
	Title: "検討: ", Modified: " (未保存の変更あり)", Start: "開始局面", StartPos: "開始局面",
	Event: "棋戦", Site: "場所", Date: "日時", Handicap: "手合", Result: "結果",
	NoResult: "(記録なし)", SetUp: "(任意局面)",
	MainLine: "本譜", VariationFrom: "変化 %d手目から",
	Ply: "手数 %d/%d", Variation: "[変化]",
	AltHere: "%d手目の変化: ", AltNext: "次の手 (%d手目) の変化: ", AltSuffix: " (変化)",
	AltKeys: "  v/V 切替  m 本譜", AltShort: "%d手目: ",
	VarEnds: "変化はここまで (%s手)", RecordEnds: "棋譜はここまで (%s手、終局の記録なし)",
	Warning:  "注意: ",
	ReadUpTo: "%[1]d手目まで読みました。%[2]d手目が読めません: %[3]v", ReadRest: "%[1]d手目まで読みました。残りは読めません: %[2]v",
	LeaveAsk:   "ファイルにない手があります (e で書き出せます)。閉じますか? (y/n)",
	ChooseAsk:  "ここから%sを持って指す相手: %s (他のキーでやめる)",
	Overwrite:  "%s は既にあります。上書きしますか? (y/n)",
	JumpPrompt: "手数: ", JumpHint: "  (enter)", ExportPrompt: "書き出し先 (.kif .ki2 .csa .jkf .usi .sfen .psn): ",
	NoVariation: "ここに変化はありません", OnMain: "もう本譜です", WholeComment: "コメントは全部表示されています",
	Saved: "%s に書き出しました (%s)", ExportCancelled: "書き出しをやめました", NoName: "ファイル名がないので書き出しません",
	BadExt:   "拡張子が分かりません: .kif .kifu .ki2 .ki2u .csa .jkf .usi .sfen .psn のどれか (e で名前を直せます)",
	NotSaved: "書き出しませんでした", StillHere: "閉じません: e で棋譜を書き出せます", PlayCancelled: "ここから指すのをやめました",
	NoLegal: "この局面では手番側に指す手がありません", AddedEnding: "終局を加えました",
	AddedOne: "%d手目に新しい手を1手加えました", AddedN: "%[1]d手を加えました (%[2]d手目から分岐)",
	Already: "指した手はもう棋譜にあります", CannotOpen: "%s を開けません", Back: "q、esc、enter で戻る",
	MoreAbove: "... 上にあと%d行 (k で上へ)", MoreBelow: "... あと%d行 (j で下へ)",
	HotSeat: "対人",
	Resign:  "%[2]sの勝ち (%[1]s投了)", MateBy: "詰み、%[2]sの勝ち",
	Sennichite: "千日手 (引き分け)", Jishogi: "持将棋 (引き分け)",
	Entering: "%[1]sの入玉宣言勝ち", Interrupt: "中断",
	Timeout: "%[1]sの時間切れ負け", IllegalWin: "%[1]sの反則勝ち",
	IllegalLoss: "%[1]sの反則負け", Forfeit: "%[1]sの不戦敗", Draw: "引き分け",
	EndingNames: map[kifu.Ending]string{kifu.Resign: "投了", kifu.Mate: "詰み", kifu.Sennichite: "千日手",
		kifu.Jishogi: "持将棋", kifu.EnteringKing: "入玉勝ち", kifu.Interrupt: "中断", kifu.Timeout: "切れ負け",
		kifu.IllegalWin: "反則勝ち", kifu.IllegalLoss: "反則負け", kifu.Forfeit: "不戦敗", kifu.Draw: "引き分け",
		kifu.OtherEnding: "中断"},
}
