package tui

import "charm.land/bubbles/v2/key"

// analysisWords are the study's words for engines and analysis, in one
// language.
type analysisWords struct {
	title                         string // the panel's heading
	starting, thinking, stopped   string
	depth, nodes, nps             string // %d, %s, %s
	mateIn, mated                 string // %d plies; a position that is mate
	mateSearch                    string
	noMate, mateTimeout, mateNone string
	engineStopped                 string // %v: the fault
	noEngineLine                  string
	preview, previewKeys          string // preview: %d of %d
	added, addedComment           string // added: %d moves at ply %d; addedComment: %s engine, %s score, %d depth
	lines                         string // %d
	engine                        string // %s
	passRunning, passKeys         string // passRunning: %s bar, %d/%d, %s ETA
	passStarted, passDone         string // passStarted: %s engine, %s time a move
	passCancelled, passFailed     string // %d moves done; passFailed: %v
	passPaused                    string // the live analysis stopped for the pass
	noMoves                       string
	stored                        string // the record's analysis of the move: heading
	summary, summaryLine, worst   string // summaryLine: %s side, %d moves, %.1f loss, %.0f cp, counts; worst: %d ply, %s move, %s mark, %.1f loss, %s better
	better                        string
	situation                     [9]string // the words for a score, Black's best first (ShogiHome's, in Japanese)
	markNames                     [5]string
	cannotAnalyse, notOnFoul      string
	leaveAsk                      string
	maxLine                       string
}

var analysisEnglish = analysisWords{
	title: "Analysis", starting: "starting the engine…", thinking: "thinking…", stopped: "stopped",
	depth: "depth %d", nodes: "%s nodes", nps: "%s nps",
	mateIn: "mate in %d", mated: "mate",
	mateSearch: "looking for a mate…",
	noMate:     "no mate", mateTimeout: "no mate found in the time", mateNone: "this engine has no mate search",
	engineStopped: "the engine stopped: %v", noEngineLine: "the engine has no line here",
	preview: "engine line %d/%d", previewKeys: "  ←/→ step  B add as a branch  esc back",
	added: "added the engine's line: %d moves from ply %d", addedComment: "%s's line (%s, depth %d)",
	lines: "%d lines", engine: "engine: %s",
	passRunning: "Record analysis %s %d/%d, about %s left", passKeys: "  (A cancels)",
	passStarted: "analysing every move with %s, %s a move; the study stays usable", passDone: "record analysis done",
	passCancelled: "record analysis cancelled: %d moves done and kept", passFailed: "record analysis stopped: %v; what was done is kept",
	passPaused: "(the live analysis stops meanwhile)", noMoves: "the main line has no moves to analyse",
	stored: "Analysis", summary: "Summary", summaryLine: "%s: %d moves, average loss %.1f%% (%.0f cp); %s",
	worst: "  %d %s%s lost %.1f%%%s", better: "; better %s",
	situation: [9]string{"Black winning", "Black much better", "Black better", "Black slightly better", "even",
		"White slightly better", "White better", "White much better", "White winning"},
	markNames:     [5]string{"", "inaccuracy", "dubious", "mistake", "blunder"},
	cannotAnalyse: "nothing to analyse: the position is over", notOnFoul: "the record has an illegal move before this one",
	maxLine:  "1 to 5 lines",
	leaveAsk: "The record's new analysis is in no file (e exports it). Leave anyway? (y/n)",
}

var analysisJapanese = analysisWords{
	title: "検討", starting: "エンジン起動中…", thinking: "思考中…", stopped: "停止中",
	depth: "深さ %d", nodes: "%s ノード", nps: "%s nps",
	mateIn: "%d手詰", mated: "詰み",
	mateSearch: "詰み探索中…",
	noMate:     "詰みなし", mateTimeout: "時間内に詰みは見つかりませんでした", mateNone: "このエンジンには詰み探索がありません",
	engineStopped: "エンジンが止まりました: %v", noEngineLine: "ここではエンジンの読み筋がありません",
	preview: "読み筋 %d/%d", previewKeys: "  ←/→ 進む戻る  B 分岐に追加  esc 戻る",
	added: "読み筋を分岐として加えました (%[2]d手目から%[1]d手)", addedComment: "%s の読み筋 (評価値 %s、深さ %d)",
	lines: "候補 %d", engine: "エンジン: %s",
	passRunning: "棋譜解析 %s %d/%d 残り約 %s", passKeys: "  (A で中止)",
	passStarted: "%s で棋譜解析を始めました (1手 %s)。検討は続けられます", passDone: "棋譜解析が終わりました",
	passCancelled: "棋譜解析を中止しました (%d手分は残します)", passFailed: "棋譜解析が止まりました: %v (済んだ分は残します)",
	passPaused: "(その間、検討は止めます)", noMoves: "本譜に解析する手がありません",
	stored: "解析", summary: "集計", summaryLine: "%s: %d手 平均損失 %.1f%% (%.0f) %s",
	worst: "  %d %s%s %.1f%% 損%s", better: " 最善 %s",
	situation:     [9]string{"先手勝勢", "先手優勢", "先手有利", "先手有望", "互角", "後手有望", "後手有利", "後手優勢", "後手勝勢"},
	markNames:     [5]string{"", "緩手", "疑問手", "悪手", "大悪手"},
	cannotAnalyse: "終局した局面なので検討できません", notOnFoul: "この手より前に反則手があります",
	maxLine:  "候補は1から5まで",
	leaveAsk: "解析結果をまだ書き出していません (e で書き出せます)。閉じますか? (y/n)",
}

// analysisKeys are the study's keys for engines.
type analysisKeys struct {
	Analyse, MoreLines, FewerLines, ShowLine, AddLine, Mate, Pass, NextEngine key.Binding
}

// newAnalysisKeys builds them with b, keys.go's binding maker.
func newAnalysisKeys(b func(help, en, jp string, keys ...string) key.Binding) analysisKeys {
	return analysisKeys{
		Analyse:    b("a", "analyse", "検討", "a"),
		MoreLines:  b("+", "more lines", "候補を増やす", "+", "="),
		FewerLines: b("-", "fewer lines", "候補を減らす", "-"),
		ShowLine:   b("b", "play the engine's line on the board", "読み筋を盤面で見る", "b"),
		AddLine:    b("B", "add the engine's line as a branch", "読み筋を分岐に追加", "B"),
		Mate:       b("M", "mate search", "詰み探索", "M"),
		Pass:       b("A", "analyse all", "棋譜解析", "A"),
		NextEngine: b("E", "next engine", "エンジン切替", "E"),
	}
}
