package tui

// studyWords are the study screen's phrases in one language.
type studyWords struct {
	title, modified, start, startPos         string
	event, date, handicap, result            string
	noResult, setUp                          string
	mainLine, variationFrom                  string // variationFrom: %d ply
	ply                                      string // %d/%d
	variation                                string
	altHere, altNext, altSuffix, altKeys     string
	varEnds, recordEnds                      string // %s moves (words.count)
	warning                                  string
	readUpTo, readRest                       string
	leaveAsk, chooseAsk, overwrite           string
	jumpPrompt, jumpHint, exportPrompt       string
	noVariation, onMain, wholeComment        string
	saved, exportCancelled, noName, badExt   string
	notSaved, stillHere, playCancelled       string
	noLegal, addedEnding, addedOne, addedN   string
	already, cannotOpen, back                string
	moreAbove, moreBelow                     string
	hotSeat                                  string
	resign, mateBy, sennichite, jishogi      string
	entering, interrupt, timeout, illegalWin string
	illegalLoss, forfeit, draw               string
}

var studyEnglish = studyWords{
	title: "Study: ", modified: " (modified)", start: "start", startPos: "start position",
	event: "Event", date: "Date", handicap: "Start", result: "Result",
	noResult: "(none recorded)", setUp: "(set-up position)",
	mainLine: "main line", variationFrom: "variation from ply %d",
	ply: "Ply %d/%d", variation: "[variation]",
	altHere: "Alternatives at ply %d: ", altNext: "Next move (ply %d) alternatives: ", altSuffix: "",
	altKeys: "  v/V switch, m main line",
	varEnds: "the variation ends after %s", recordEnds: "the record stops after %s without a result",
	warning:  "warning: ",
	readUpTo: "read up to move %d; move %d cannot be read: %v", readRest: "read up to move %d; the rest cannot be read: %v",
	leaveAsk:   "The record has moves no file has (e exports them). Leave anyway? (y/n)",
	chooseAsk:  "Play from here as %s against: %s (any other key cancels)",
	overwrite:  "%s exists: overwrite? (y/n)",
	jumpPrompt: "Go to move: ", jumpHint: "  (enter)", exportPrompt: "Export to (.kif .ki2 .csa .jkf .usi .sfen .psn): ",
	noVariation: "no variation here", onMain: "already on the main line", wholeComment: "the whole comment is shown",
	saved: "saved %s (%s)", exportCancelled: "export cancelled", noName: "no file name: nothing saved",
	badExt:   "unknown extension: use .kif .kifu .ki2 .ki2u .csa .jkf .usi .sfen or .psn (e edits the name)",
	notSaved: "not saved", stillHere: "still here: e exports the record", playCancelled: "play from here cancelled",
	noLegal: "the side to move has no legal move here", addedEnding: "added how the game ended",
	addedOne: "added 1 new move at ply %d", addedN: "added %d new moves, branching at ply %d",
	already: "the moves played are already in the record", cannotOpen: "Cannot open %s", back: "q, esc or enter: back",
	moreAbove: "... %d more above (k scrolls up)", moreBelow: "... %d more lines (j scrolls)",
	hotSeat: "hot-seat",
	resign:  "%[1]s resigns, %[2]s wins", mateBy: "%[1]s is checkmated, %[2]s wins",
	sennichite: "fourfold repetition, a draw", jishogi: "impasse, a draw",
	entering: "%[1]s wins by entering-king declaration", interrupt: "the game was interrupted",
	timeout: "%[1]s lost on time, %[2]s wins", illegalWin: "%[1]s wins by %[2]s's foul",
	illegalLoss: "%[1]s loses by a foul", forfeit: "%[1]s forfeits", draw: "a draw",
}

var studyJapanese = studyWords{
	title: "検討: ", modified: " (未保存の変更あり)", start: "開始局面", startPos: "開始局面",
	event: "棋戦", date: "日時", handicap: "手合", result: "結果",
	noResult: "(記録なし)", setUp: "(任意局面)",
	mainLine: "本譜", variationFrom: "変化 %d手目から",
	ply: "手数 %d/%d", variation: "[変化]",
	altHere: "%d手目の変化: ", altNext: "次の手 (%d手目) の変化: ", altSuffix: " (変化)",
	altKeys: "  v/V 切替  m 本譜",
	varEnds: "変化はここまで (%s手)", recordEnds: "棋譜はここまで (%s手、終局の記録なし)",
	warning:  "注意: ",
	readUpTo: "%[1]d手目まで読みました。%[2]d手目が読めません: %[3]v", readRest: "%[1]d手目まで読みました。残りは読めません: %[2]v",
	leaveAsk:   "ファイルにない手があります (e で書き出せます)。閉じますか? (y/n)",
	chooseAsk:  "ここから%sを持って指す相手: %s (他のキーでやめる)",
	overwrite:  "%s は既にあります。上書きしますか? (y/n)",
	jumpPrompt: "手数: ", jumpHint: "  (enter)", exportPrompt: "書き出し先 (.kif .ki2 .csa .jkf .usi .sfen .psn): ",
	noVariation: "ここに変化はありません", onMain: "もう本譜です", wholeComment: "コメントは全部表示されています",
	saved: "%s に書き出しました (%s)", exportCancelled: "書き出しをやめました", noName: "ファイル名がないので書き出しません",
	badExt:   "拡張子が分かりません: .kif .kifu .ki2 .ki2u .csa .jkf .usi .sfen .psn のどれか (e で名前を直せます)",
	notSaved: "書き出しませんでした", stillHere: "閉じません: e で棋譜を書き出せます", playCancelled: "ここから指すのをやめました",
	noLegal: "この局面では手番側に指す手がありません", addedEnding: "終局を加えました",
	addedOne: "%d手目に新しい手を1手加えました", addedN: "%[1]d手を加えました (%[2]d手目から分岐)",
	already: "指した手はもう棋譜にあります", cannotOpen: "%s を開けません", back: "q、esc、enter で戻る",
	moreAbove: "... 上にあと%d行 (k で上へ)", moreBelow: "... あと%d行 (j で下へ)",
	hotSeat: "対人",
	resign:  "%[2]sの勝ち (%[1]s投了)", mateBy: "詰み、%[2]sの勝ち",
	sennichite: "千日手 (引き分け)", jishogi: "持将棋 (引き分け)",
	entering: "%[1]sの入玉宣言勝ち", interrupt: "中断",
	timeout: "%[1]sの時間切れ負け", illegalWin: "%[1]sの反則勝ち",
	illegalLoss: "%[1]sの反則負け", forfeit: "%[1]sの不戦敗", draw: "引き分け",
}
