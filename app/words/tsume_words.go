package words

import (
	"fmt"
	"strings"
	"time"

	"shogi/game"
	"shogi/game/analysis"
	"shogi/game/progress"
	"shogi/game/tsume"
)

// TsumeWords are the training screens' phrases (mate problems and
// next-move quizzes) in one language. The refusals, verdicts, results,
// faults and flaws of game/tsume are made into words from their kinds
// and figures by the methods below.
type TsumeWords struct {
	Lang Lang

	// The menu's entries and the length chooser.
	MenuTsume, MenuQuizzes string
	Title                  string // %s: the collection's or the file's name
	Problems               string // %d problems
	LengthAll, LengthLong  string // every length; %d plies or more
	LengthN                string // %d: mate in N
	SolvedOf               string // %d solved of %d
	ChooserKeys            string
	// A list's own help (the collection's lengths, the quizzes).
	ListChoose, ListStart, ListTry, ListBack string
	Collection                               string // the collection's name

	// The problem screen's title.
	Problem      string // %s: the problem's id
	OwnProblem   string // a position brought to the screen
	MateInN      string // %d plies
	LengthWork   string // the length being worked out
	LengthNone   string // no mate found
	LengthNoMate string // no mate proved
	GradeNames   [3]string
	Elapsed      string // %s: the time taken so far
	NofM         string // %d of %d, the problem's place in the set
	DefenderName string // the side that defends, as the thinking line names it

	// The prompt line and the panel.
	Attack, AttackOver, AttackEscaped   string
	AttackOverOne                       string // solved, when there is no other problem to go to
	Thinking                            string
	ReplyLabel, ReplyTime               string // replyTime: %s the reply, %s how long it took
	VerdictLabel, ResultLabel, HintWord string
	MateBadge, EscapedBadge             string
	StatsLabel, ThisLabel               string
	SolutionLabel, SolutionStep         string // solutionStep: %d of %d
	SolutionStart                       string
	FaultTitle                          string

	// Refusals and verdicts: %s is the move.
	NotCheck, OverAlready                  string
	Escaped, Unclear, Perpetual, Cancelled string
	Defended                               string // %s: the reply

	// Results.
	Mated, MatedLonger, MatedFutile string // %d plies, %d the problem's length
	NoneLeft, Left                  string // left: %s the pieces
	Took, Hints, Retries            string // %s; %d; %d
	OneHint, OneRetry               string // as Hints and Retries for one
	AfterSolution                   string

	// Hints, the solution, taking back.
	HintNone, HintBudget, Retried, NoRetry string // retried: %s the moves
	SolutionNone, SolutionKeys             string
	HintNoMate, SolutionNoMate             string
	Again, NextUnsolved, NoMore            string

	// Progress: the whole store, and one problem.
	Stats     [4]string // %d cleared of %d tried; %d solved, %d failed; %d streak (%d best); %s time
	ItemNew   string
	ItemStats string // %d solved, %d failed
	ItemBest  string // %s: the quickest solve
	SavedNot  string // %v: why progress was not kept

	// The composer's check (C).
	Checking, CheckDone string
	CheckGrade          [3]string // by tsume.Grade: unsound, standard, classic

	// Faults of a position: %s sides, pieces, squares.
	faultEmpty, faultNoKing, faultTwoKings, faultDefCheck string
	faultAttCheck, faultTooMany, faultDead, faultNifu     string

	// Flaws of a problem.
	flawNotMate, flawUndecided, flawFirst, flawAlt, flawLeft, flawLength string
	flawIllegal, flawNotCheck, flawEscape, flawSlow, flawWeak            string
	flawFutile, flawNoMate                                               string

	// Keys' help (the key itself is the screen's).
	KeyHint, KeySolution, KeyRetry, KeyRestart, KeyNext, KeyPrev string
	KeyCheck, KeyLeave, KeyStep, KeyBack, KeyChoose, KeyFilter   string
	KeyStepOn, KeyStepBack                                       string // the solution's two steps, apart in the help
	InSolution                                                   string // heads the help's keys of the solution view
	KeyNextQuiz, KeyPrevQuiz                                     string

	// Quizzes.
	QuizTitle, QuizFolder, QuizRecord        string // quizFolder: %s the folder; quizRecord: %s the record
	QuizNone, QuizReading, QuizEngine        string // quizEngine: %s the engine
	QuizPrompt                               string // %s the move played, %s the mark, %.0f points lost
	QuizPlayed, QuizMove                     string // quizMove: %d the move's number, %s the side
	QuizRight, QuizWrong, QuizBest           string // %s the answer, %.0f points; best: %s the engine's move
	QuizPlayedAgain, QuizJudging, QuizFailed string
	QuizListKeys, QuizKeys, QuizDone         string
	QuizStatus                               [3]string          // not tried, solved, failed
	QuizBadge                                [2]string          // the title's verdict on the first answer: solved, failed
	QuizErrs                                 func(n int) string // n files not read
}

var tsumeEnglish = TsumeWords{
	Lang:      English,
	MenuTsume: "Tsume (mate problems)", MenuQuizzes: "Next-move quizzes",
	Title: "Tsume: %s", Problems: "%d problems", LengthAll: "every length", LengthLong: "mate in %d or more",
	LengthN: "mate in %d", SolvedOf: "%d solved of %d",
	ChooserKeys: "up/down choose, enter start, q back, ? help",
	ListChoose:  "choose", ListStart: "start the length", ListTry: "try the quiz", ListBack: "back",
	Collection: "the collection",

	Problem: "Tsume %s", OwnProblem: "Tsume: your position",
	MateInN: "mate in %d", LengthWork: "working out the length ...", LengthNone: "no mate found", LengthNoMate: "no mate",
	GradeNames: [3]string{"", "standard", "classic"},
	Elapsed:    "%s", NofM: "%d of %d", DefenderName: "the defender",

	Attack:        "every move must check; any mate counts",
	AttackOver:    "solved: ] next problem, [ previous, a the solution",
	AttackOverOne: "solved: a the solution, U again, q back",
	AttackEscaped: "no mate now: u takes your check back, a shows the solution",
	Thinking:      "the defender is thinking",
	ReplyLabel:    "Reply", ReplyTime: "%s  (%s)",
	VerdictLabel: "Verdict", ResultLabel: "Result", HintWord: "Hint", MateBadge: "Mate!", EscapedBadge: "no mate now",
	StatsLabel: "Progress", ThisLabel: "This one",
	SolutionLabel: "Solution", SolutionStep: "move %d of %d", SolutionStart: "the start",
	FaultTitle: "Not a mate problem",

	NotCheck:    "%s is not a check: every attacking move must check",
	OverAlready: "the problem is over",
	Defended:    "%s",
	Escaped:     "%s escapes: no mate now",
	Unclear:     "%s: the solver cannot tell whether a mate is left",
	Perpetual:   "perpetual check (連続王手の千日手): the checks repeated the position, which loses for the attacker",
	Cancelled:   "the defender was stopped",

	Mated: "Mate in %d (the problem's: %d)", MatedLonger: "Mate in %d, longer than the problem's %d",
	MatedFutile: "only futile interpositions (無駄合) were left, which count as mate",
	NoneLeft:    "nothing left in hand", Left: "left in hand: %s",
	Took: "in %s", Hints: "%d hints", Retries: "%d take-backs", AfterSolution: "after seeing the solution",
	OneHint: "1 hint", OneRetry: "1 take-back",

	HintNone:       "no mate from here: u takes your check back",
	HintBudget:     "the solver found no mate within its budget",
	HintNoMate:     "no mate: no sequence of checks mates from here",
	Retried:        "took back %s",
	NoRetry:        "nothing to take back",
	SolutionNone:   "the solver found no solution within its budget",
	SolutionNoMate: "no solution: the position is no mate (no sequence of checks mates)",
	SolutionKeys:   "left/right step, home/end, esc back to your attempt",
	Again:          "from the start again",
	NextUnsolved:   "problem %s",
	NoMore:         "no more problems that way",

	Stats:     [4]string{"solved %d of %d tried", "%d right, %d wrong", "streak %d (best %d)", "time %s"},
	ItemNew:   "not tried before",
	ItemStats: "solved %d, failed %d",
	ItemBest:  "best %s",
	SavedNot:  "progress not kept: %v",

	Checking: "checking the problem (length, uniqueness, 余詰) ...", CheckDone: "Check",
	CheckGrade: [3]string{"unsound", "standard (余詰 after the first move)", "classic (every move unique)"},

	faultEmpty:    "%s has no pieces on the board at all: there is no king to mate",
	faultNoKing:   "%s has no king to mate",
	faultTwoKings: "%s has %d kings: a problem has one king to mate",
	faultDefCheck: "%s's king is already in check, with %s to move",
	faultAttCheck: "%s, to move and mate, is in check",
	faultTooMany:  "%d of %s, but a set has %d",
	faultDead:     "%s on %s can never move",
	faultNifu:     "%s has two pawns on file %d (nifu)",

	flawNotMate: "no mate", flawUndecided: "undecided within the solver's budget",
	flawFirst: "the first move is not unique: %s", flawAlt: "another mate at move %d (余詰): %s",
	flawLeft: "pieces left in hand at the end (駒余り): %s", flawLength: "said to be a mate in %d; it is %d",
	flawIllegal: "the solution's move %d (%s) is illegal: %s", flawNotCheck: "the solution's move %d (%s) is not a check",
	flawEscape: "after the solution's move %d (%s) there is no mate",
	flawSlow:   "the solution's move %d (%s) mates in %d where %d would do",
	flawWeak:   "the solution's defence %d (%s) gives in after %d; the longest holds %d",
	flawFutile: "the solution's move %d (%s) is a futile interposition (無駄合)",
	flawNoMate: "the solution stops after move %d without mate",

	KeyHint: "hint", KeySolution: "solution", KeyRetry: "take back", KeyRestart: "restart", KeyNext: "next problem",
	KeyPrev: "previous problem", KeyCheck: "check the problem", KeyLeave: "leave", KeyStep: "step", KeyBack: "back to your attempt",
	KeyStepOn: "step on", KeyStepBack: "step back", InSolution: "solution: ",
	KeyChoose: "choose", KeyFilter: "lengths", KeyNextQuiz: "next quiz", KeyPrevQuiz: "previous quiz",

	QuizTitle: "Next-move quizzes", QuizFolder: "from the games in %s", QuizRecord: "from %s",
	QuizNone:    "no quizzes: analyse a game first (the study's A, or shogi analyse) — each move marked %s or worse becomes one",
	QuizReading: "reading the games ...", QuizEngine: "asking %s ...",
	QuizPrompt: "%s was played here (%s, %.0f points of winning chance lost): find a better move",
	QuizPlayed: "played", QuizMove: "move %d, %s to play",
	QuizRight:       "%s counts: within %.0f points of the best",
	QuizWrong:       "%s does not count: %.0f points lost",
	QuizBest:        "the engine's choice: %s",
	QuizPlayedAgain: "%s is the move the game had",
	QuizJudging:     "judging %s ...",
	QuizFailed:      "could not judge the answer: %v",
	QuizListKeys:    "up/down choose, enter try, q back, ? help",
	QuizKeys:        "] next quiz, [ previous, esc the list",
	QuizDone:        "answered",
	QuizStatus:      [3]string{"new", "solved", "missed"},
	QuizBadge:       [2]string{"solved", "missed"},
	QuizErrs:        func(n int) string { return Plural(n, "file", "files") + " could not be read" },
}

var tsumeJapanese = TsumeWords{
	Lang:      Japanese,
	MenuTsume: "詰将棋", MenuQuizzes: "次の一手",
	Title: "詰将棋: %s", Problems: "%d題", LengthAll: "全手数", LengthLong: "%d手以上",
	LengthN: "%d手詰", SolvedOf: "%d/%d 正解",
	ChooserKeys: "↑↓ 選ぶ  enter 始める  q 戻る  ? ヘルプ",
	ListChoose:  "選ぶ", ListStart: "その手数を始める", ListTry: "解く", ListBack: "戻る",
	Collection: "収録問題",

	Problem: "詰将棋 第%s番", OwnProblem: "詰将棋 (持ち込み局面)",
	MateInN: "%d手詰", LengthWork: "手数を計算中 ...", LengthNone: "詰みが見つかりません", LengthNoMate: "不詰",
	GradeNames: [3]string{"", "初手唯一", "手順唯一"},
	Elapsed:    "%s", NofM: "%d/%d", DefenderName: "玉方",

	Attack:        "王手の連続で詰ませてください (どの詰みも正解)",
	AttackOver:    "正解: ] 次の問題  [ 前の問題  a 正解手順",
	AttackOverOne: "正解: a 正解手順  U 最初から  q 戻る",
	AttackEscaped: "逃れ: u で王手を戻す  a で正解手順",
	Thinking:      "玉方が考えています",
	ReplyLabel:    "応手", ReplyTime: "%s  (%s)",
	VerdictLabel: "判定", ResultLabel: "結果", HintWord: "ヒント", MateBadge: "詰み", EscapedBadge: "逃れ",
	StatsLabel: "成績", ThisLabel: "この問題",
	SolutionLabel: "正解手順", SolutionStep: "%d/%d手目", SolutionStart: "初形",
	FaultTitle: "詰将棋になりません",

	NotCheck:    "%s は王手ではありません (攻方の手はすべて王手)",
	OverAlready: "この問題は終わっています",
	Defended:    "%s",
	Escaped:     "%s で逃れ: 詰みがなくなりました",
	Unclear:     "%s: 詰みが残っているか判定できません",
	Perpetual:   "連続王手の千日手: 攻方の負けです",
	Cancelled:   "玉方の思考を止めました",

	Mated: "%d手で詰み (作意 %d手)", MatedLonger: "%d手で詰み (作意 %d手より長い)",
	MatedFutile: "残る応手は無駄合だけなので詰みです",
	NoneLeft:    "駒余りなし", Left: "駒余り: %s",
	Took: "%s", Hints: "ヒント %d回", Retries: "戻し %d回", AfterSolution: "正解手順を見た後",
	OneHint: "ヒント 1回", OneRetry: "戻し 1回",

	HintNone:       "ここからは詰みません: u で王手を戻す",
	HintBudget:     "探索の上限内に詰みが見つかりません",
	HintNoMate:     "不詰: ここから王手の連続で詰む手順はありません",
	Retried:        "%s を戻しました",
	NoRetry:        "戻す手がありません",
	SolutionNone:   "探索の上限内に正解手順が見つかりません",
	SolutionNoMate: "正解手順はありません: この局面は不詰です (王手の連続で詰みません)",
	SolutionKeys:   "←/→ 一手ずつ  home/end  esc 解答に戻る",
	Again:          "初形からやり直し",
	NextUnsolved:   "第%s番",
	NoMore:         "この先に問題はありません",

	Stats:     [4]string{"正解 %d題 (挑戦 %d題)", "○%d ×%d", "連続 %d (最高 %d)", "計 %s"},
	ItemNew:   "未挑戦",
	ItemStats: "○%d ×%d",
	ItemBest:  "最速 %s",
	SavedNot:  "成績を保存できません: %v",

	Checking: "作品を検討中 (手数・唯一性・余詰) ...", CheckDone: "検討",
	CheckGrade: [3]string{"不完全", "初手唯一 (以降に余詰)", "手順唯一"},

	faultEmpty:    "%sの駒が盤上に一枚もありません: 詰ます玉がありません",
	faultNoKing:   "%sの玉がありません: 詰ます玉がありません",
	faultTwoKings: "%sの玉が%d枚あります: 詰ます玉は一枚です",
	faultDefCheck: "%s玉にすでに王手がかかっています (%sの手番)",
	faultAttCheck: "詰ます側の%sに王手がかかっています",
	faultTooMany:  "%[2]sが%[1]d枚あります (一組に%[3]d枚)",
	faultDead:     "%[2]sの%[1]sは動けない場所にあります",
	faultNifu:     "%sの歩が%d筋に二枚あります (二歩)",

	flawNotMate: "不詰", flawUndecided: "探索の上限内で判定できません",
	flawFirst: "初手が唯一ではありません: %s", flawAlt: "%d手目に余詰: %s",
	flawLeft: "駒余り: %s", flawLength: "%d手詰とありますが%d手です",
	flawIllegal: "手順の%d手目 (%s) は指せません: %s", flawNotCheck: "手順の%d手目 (%s) は王手ではありません",
	flawEscape: "手順の%d手目 (%s) の後は詰みません",
	flawSlow:   "手順の%d手目 (%s) からは%d手かかります (最短%d手)",
	flawWeak:   "手順の%d手目 (%s) は%d手で詰み、最長の応手なら%d手",
	flawFutile: "手順の%d手目 (%s) は無駄合です",
	flawNoMate: "手順が%d手目で終わり、詰んでいません",

	KeyHint: "ヒント", KeySolution: "正解手順", KeyRetry: "王手を戻す", KeyRestart: "初形から", KeyNext: "次の問題",
	KeyPrev: "前の問題", KeyCheck: "作品検討", KeyLeave: "戻る", KeyStep: "一手ずつ", KeyBack: "自分の手順に戻る",
	KeyStepOn: "一手進む", KeyStepBack: "一手戻る", InSolution: "解答: ",
	KeyChoose: "選ぶ", KeyFilter: "手数", KeyNextQuiz: "次の問題", KeyPrevQuiz: "前の問題",

	QuizTitle: "次の一手", QuizFolder: "%s の対局から", QuizRecord: "%s から",
	QuizNone:    "問題がありません: 先に棋譜解析をしてください (検討の A か shogi analyse)。%s以上の手が問題になります",
	QuizReading: "棋譜を読んでいます ...", QuizEngine: "%s に聞いています ...",
	QuizPrompt: "実戦は %s (%s、勝率 %.0f ポイント損): もっと良い手を探してください",
	QuizPlayed: "実戦", QuizMove: "%d手目  %sの手番",
	QuizRight:       "%s は正解: 最善との差 %.0f ポイント以内",
	QuizWrong:       "%s は不正解: %.0f ポイント損",
	QuizBest:        "エンジンの手: %s",
	QuizPlayedAgain: "%s は実戦の手です",
	QuizJudging:     "%s を判定中 ...",
	QuizFailed:      "判定できません: %v",
	QuizListKeys:    "↑↓ 選ぶ  enter 解く  q 戻る  ? ヘルプ",
	QuizKeys:        "] 次の問題  [ 前の問題  esc 一覧",
	QuizDone:        "解答済み",
	QuizStatus:      [3]string{"未", "○", "×"},
	QuizBadge:       [2]string{"○ 正解", "× 不正解"},
	QuizErrs:        func(n int) string { return fmt.Sprintf("%d個のファイルを読めませんでした", n) },
}

// TsumeWordsFor is the training screens' words in language l.
func TsumeWordsFor(l Lang) *TsumeWords {
	if l == Japanese {
		return &tsumeJapanese
	}
	return &tsumeEnglish
}

// Fault says why a position is no mate problem.
func (t *TsumeWords) Fault(w *Words, e *tsume.PositionError) string {
	side := w.SideName(e.Side)
	switch e.Kind {
	case tsume.EmptyDefender:
		return fmt.Sprintf(t.faultEmpty, side)
	case tsume.NoKing:
		return fmt.Sprintf(t.faultNoKing, side)
	case tsume.TwoKings:
		return fmt.Sprintf(t.faultTwoKings, side, e.Count)
	case tsume.DefenderInCheck:
		return fmt.Sprintf(t.faultDefCheck, side, w.SideName(e.Side.Other()))
	case tsume.AttackerInCheck:
		return fmt.Sprintf(t.faultAttCheck, side)
	case tsume.TooMany:
		return fmt.Sprintf(t.faultTooMany, e.Count, t.plural(w, e.Piece), e.Max)
	case tsume.DeadPiece:
		return fmt.Sprintf(t.faultDead, t.pieceOf(w, e.Side, e.Piece), t.square(e.Square))
	case tsume.DoublePawn:
		return fmt.Sprintf(t.faultNifu, side, e.File)
	}
	return t.FaultTitle
}

// plural names a kind of piece as a count takes it: pawns, 歩.
func (t *TsumeWords) plural(w *Words, p game.PieceType) string {
	name := w.PieceName(p)
	if t.Lang == Japanese {
		return name
	}
	return strings.ToLower(name) + "s"
}

// pieceOf names a side's piece: White's lance, 後手の香.
func (t *TsumeWords) pieceOf(w *Words, c game.Color, p game.PieceType) string {
	if t.Lang == Japanese {
		return w.SideName(c) + "の" + w.PieceName(p)
	}
	return w.SideName(c) + "'s " + strings.ToLower(w.PieceName(p))
}

// square names a square: 1a, １一.
func (t *TsumeWords) square(sq game.Square) string {
	if t.Lang == Japanese {
		return string([]rune("１２３４５６７８９")[sq.File()-1]) + string([]rune("一二三四五六七八九")[sq.Rank()-1])
	}
	return sq.String()
}

// Flaw says what is wrong with a problem; moves writes moves (in the
// screen's notation, from the position where they are played), pieces
// writes what is left in hand.
func (t *TsumeWords) Flaw(w *Words, f tsume.Flaw, moves func(ply int, ms []game.Move) string, pieces func([]game.PieceType) string) string {
	one := func() string { return moves(f.Ply, []game.Move{f.Move}) }
	switch f.Kind {
	case tsume.NotMate:
		return t.flawNotMate
	case tsume.Undecided:
		return t.flawUndecided
	case tsume.FirstNotUnique:
		return fmt.Sprintf(t.flawFirst, moves(1, f.Moves))
	case tsume.Alternative:
		return fmt.Sprintf(t.flawAlt, f.Ply, moves(f.Ply, f.Moves))
	case tsume.PiecesLeft:
		return fmt.Sprintf(t.flawLeft, pieces(f.Left))
	case tsume.WrongLength:
		return fmt.Sprintf(t.flawLength, f.Want, f.Got)
	case tsume.ClaimIllegal:
		return fmt.Sprintf(t.flawIllegal, f.Ply, f.Move.USI(), w.Rule(f.Rule))
	case tsume.ClaimNotCheck:
		return fmt.Sprintf(t.flawNotCheck, f.Ply, one())
	case tsume.ClaimEscape:
		return fmt.Sprintf(t.flawEscape, f.Ply, one())
	case tsume.ClaimSlow:
		return fmt.Sprintf(t.flawSlow, f.Ply, one(), f.Got, f.Want)
	case tsume.ClaimWeakDefence:
		return fmt.Sprintf(t.flawWeak, f.Ply, one(), f.Got, f.Want)
	case tsume.ClaimFutile:
		return fmt.Sprintf(t.flawFutile, f.Ply, one())
	case tsume.ClaimNoMate:
		return fmt.Sprintf(t.flawNoMate, f.Ply)
	}
	return ""
}

// Refusal says why an attacking move was not played; move is the move
// as the screen writes it.
func (t *TsumeWords) Refusal(w *Words, out tsume.Outcome, move string) string {
	switch out.Refusal {
	case tsume.NotCheck:
		return fmt.Sprintf(t.NotCheck, move)
	case tsume.Illegal:
		return fmt.Sprintf(w.Illegal, move, w.Rule(out.Rule))
	}
	return t.OverAlready
}

// Verdict says what became of a played attack; reply is the defender's
// answer as the screen writes it.
func (t *TsumeWords) Verdict(out tsume.Outcome, reply string) string {
	switch out.Verdict {
	case tsume.Defended:
		return fmt.Sprintf(t.Defended, reply)
	case tsume.Escaped:
		return fmt.Sprintf(t.Escaped, reply)
	case tsume.Unclear:
		return fmt.Sprintf(t.Unclear, reply)
	case tsume.Perpetual:
		return t.Perpetual
	}
	return ""
}

// Result says how a mate went: in how many plies against the problem's
// length, what was left in hand (pieces writes it), the time and the
// help taken.
func (t *TsumeWords) Result(r *tsume.Result, pieces func([]game.PieceType) string) []string {
	var out []string
	switch {
	case r.Length > 0 && r.Plies > r.Length:
		out = append(out, fmt.Sprintf(t.MatedLonger, r.Plies, r.Length))
	case r.Length > 0:
		out = append(out, fmt.Sprintf(t.Mated, r.Plies, r.Length))
	default:
		out = append(out, fmt.Sprintf(t.MateInN, r.Plies))
	}
	if len(r.Left) == 0 {
		out = append(out, t.NoneLeft)
	} else {
		out = append(out, fmt.Sprintf(t.Left, pieces(r.Left)))
	}
	out = append(out, fmt.Sprintf(t.Took, Clock(r.Took)))
	switch {
	case r.Hints == 1:
		out = append(out, t.OneHint)
	case r.Hints > 1:
		out = append(out, fmt.Sprintf(t.Hints, r.Hints))
	}
	switch {
	case r.Retries == 1:
		out = append(out, t.OneRetry)
	case r.Retries > 1:
		out = append(out, fmt.Sprintf(t.Retries, r.Retries))
	}
	if r.Shown {
		out = append(out, t.AfterSolution)
	}
	if r.Futile {
		out = append(out, t.MatedFutile)
	}
	return out
}

// StatsParts sum a progress store up, in parts a screen lays out on
// one line or several.
func (t *TsumeWords) StatsParts(s progress.Stats) []string {
	return []string{fmt.Sprintf(t.Stats[0], s.Cleared, s.Items), fmt.Sprintf(t.Stats[1], s.Solved, s.Failed),
		fmt.Sprintf(t.Stats[2], s.Streak, s.Best), fmt.Sprintf(t.Stats[3], Clock(s.Spent))}
}

// ItemText is one problem's or quiz's record.
func (t *TsumeWords) ItemText(it progress.Item, ok bool) string {
	if !ok {
		return t.ItemNew
	}
	s := fmt.Sprintf(t.ItemStats, it.Solved, it.Failed)
	if it.Solved > 0 {
		s += "  " + fmt.Sprintf(t.ItemBest, Clock(it.Best))
	}
	return s
}

// MarkName names an analysis mark (悪手, mistake) as the study does.
func (t *TsumeWords) MarkName(m analysis.Mark) string {
	if t.Lang == Japanese {
		return AnalysisJapanese.MarkNames[m%5]
	}
	return AnalysisEnglish.MarkNames[m%5]
}

// Clock writes a time taken as a clock does: 0:41, 1:02:03.
func Clock(d time.Duration) string {
	s := int64(max(d, 0) / time.Second)
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}
