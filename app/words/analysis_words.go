package words

// AnalysisWords are the study's words for engines and analysis, in one
// language.
type AnalysisWords struct {
	Title                         string // the panel's heading
	Starting, Thinking, Stopped   string
	Depth, Nodes, Nps             string // %d, %s, %s
	MateIn, Mated                 string // %d plies; a position that is mate
	MateSearch                    string
	NoMate, MateTimeout, MateNone string
	EngineStopped                 string // %v: the fault
	NoEngineLine                  string
	Preview, PreviewKeys          string // preview: %d of %d
	Added, AddedComment           string // added: %s moves (Words.Count) at ply %d; addedComment: %s engine, %s score, %d depth
	Lines                         string // %d
	Engine                        string // %s
	PassRunning, PassKeys         string // passRunning: %s bar, %d/%d, %s ETA
	PassStarted, PassDone         string // passStarted: %s engine, %s time a move
	PassCancelled, PassFailed     string // %s moves done (Words.Count); passFailed: %v
	PassPaused                    string // the live analysis stopped for the pass
	NoMoves                       string
	Stored, StoredPlayed          string // the record's analysis of the move, or its player's evaluation: heading
	Summary, SummaryLine, Worst   string // summaryLine: %s side, %s moves (Words.Count), %.1f loss, %.0f cp, counts; worst: %d ply, %s move, %s mark, %.1f loss, %s better
	Better                        string
	MarkNames                     [5]string
	CannotAnalyse, NotOnFoul      string
	LeaveAsk                      string
	MaxLine                       string
}

var AnalysisEnglish = AnalysisWords{
	Title: "Analysis", Starting: "starting the engine…", Thinking: "thinking…", Stopped: "stopped",
	Depth: "depth %d", Nodes: "%s nodes", Nps: "%s nps",
	MateIn: "mate in %d", Mated: "mate",
	MateSearch: "looking for a mate…",
	NoMate:     "no mate", MateTimeout: "no mate found in the time", MateNone: "this engine has no mate search",
	EngineStopped: "the engine stopped: %v", NoEngineLine: "the engine has no line here",
	Preview: "engine line %d/%d", PreviewKeys: "  ←/→ step  B add as a branch  esc back",
	Added: "added the engine's line: %[1]s from ply %[2]d", AddedComment: "%s's line (%s, depth %d)",
	Lines: "%d lines", Engine: "engine: %s",
	PassRunning: "Record analysis %s %d/%d, about %s left", PassKeys: "  (A cancels)",
	PassStarted: "analysing every move with %s, %s a move; the study stays usable", PassDone: "record analysis done",
	PassCancelled: "record analysis cancelled: %s done and kept", PassFailed: "record analysis stopped: %v; what was done is kept",
	PassPaused: "(the live analysis stops meanwhile)", NoMoves: "the main line has no moves to analyse",
	Stored: "Analysis", StoredPlayed: "In the game", Summary: "Summary", SummaryLine: "%s: %s, average loss %.1f%% (%.0f cp); %s",
	Worst: "  %d %s%s lost %.1f%%%s", Better: "; better %s",
	MarkNames:     [5]string{"", "inaccuracy", "dubious", "mistake", "blunder"},
	CannotAnalyse: "nothing to analyse: the position is over", NotOnFoul: "the record has an illegal move before this one",
	MaxLine:  "1 to 5 lines",
	LeaveAsk: "The record's new analysis is in no file (e exports it). Leave anyway? (y/n)",
}

var AnalysisJapanese = AnalysisWords{
	Title: "検討", Starting: "エンジン起動中…", Thinking: "思考中…", Stopped: "停止中",
	Depth: "深さ %d", Nodes: "%s ノード", Nps: "%s nps",
	MateIn: "%d手詰", Mated: "詰み",
	MateSearch: "詰み探索中…",
	NoMate:     "詰みなし", MateTimeout: "時間内に詰みは見つかりませんでした", MateNone: "このエンジンには詰み探索がありません",
	EngineStopped: "エンジンが止まりました: %v", NoEngineLine: "ここではエンジンの読み筋がありません",
	Preview: "読み筋 %d/%d", PreviewKeys: "  ←/→ 進む戻る  B 分岐に追加  esc 戻る",
	Added: "読み筋を分岐として加えました (%[2]d手目から%[1]s手)", AddedComment: "%s の読み筋 (評価値 %s、深さ %d)",
	Lines: "候補 %d", Engine: "エンジン: %s",
	PassRunning: "棋譜解析 %s %d/%d 残り約 %s", PassKeys: "  (A で中止)",
	PassStarted: "%s で棋譜解析を始めました (1手 %s)。検討は続けられます", PassDone: "棋譜解析が終わりました",
	PassCancelled: "棋譜解析を中止しました (%s手分は残します)", PassFailed: "棋譜解析が止まりました: %v (済んだ分は残します)",
	PassPaused: "(その間、検討は止めます)", NoMoves: "本譜に解析する手がありません",
	Stored: "解析", StoredPlayed: "対局時", Summary: "集計", SummaryLine: "%s: %s手 平均損失 %.1f%% (%.0f) %s",
	Worst: "  %d %s%s %.1f%% 損%s", Better: " 最善 %s",
	MarkNames:     [5]string{"", "緩手", "疑問手", "悪手", "大悪手"},
	CannotAnalyse: "終局した局面なので検討できません", NotOnFoul: "この手より前に反則手があります",
	MaxLine:  "候補は1から5まで",
	LeaveAsk: "解析結果をまだ書き出していません (e で書き出せます)。閉じますか? (y/n)",
}
