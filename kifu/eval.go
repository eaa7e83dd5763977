package kifu

import (
	"strconv"
	"strings"

	"shogi/game"
	"shogi/game/notation"
)

// Evaluation is an engine's view of the position after a move: its score
// and the line it expects next. It comes in two forms, which ShogiHome
// writes alike but for the first character of each line:
//
//   - a player's: what the engine that played the move thought of it
//     (Node.Eval), written when the record is; KIF, KI2 and JKF as
//     ShogiHome's comment lines (*評価値=…, *読み筋=▲…), CSA as floodgate's
//     ('** SCORE PV). Readers leave such lines in the comment.
//   - an analysis (検討, 棋譜解析): what an engine found afterwards, kept in
//     the comment itself as ShogiHome's analysis lines (#評価値=…,
//     #読み筋=…), put there by Node.SetAnalysis and read back by
//     Node.Analysis.
type Evaluation struct {
	// Score is in centipawns from Black's side (+ is good for Black), the
	// sign ShogiHome and floodgate both use, whoever moved.
	Score    int
	HasScore bool
	// Mate, when not 0, counts plies to mate instead: > 0 Black mates,
	// < 0 White does; ±MateUnknown when the engine did not say how soon.
	Mate int
	PV   []game.Move // the moves expected after this one
	// MorePVs are further lines (MultiPV), each written as one more
	// 読み筋 line, which ShogiHome offers as further lines to play out.
	MorePVs [][]game.Move
	Depth   int
	Nodes   uint64
	Engine  string // the engine's name
	// Verdict is an analysis's judgement of the move (緩手, 疑問手, 悪手,
	// 大悪手), written as ShogiHome does in brackets before the lines.
	Verdict string
}

// MateUnknown is the Mate of a mate whose length is not known (the same
// value as engine.MateUnknown).
const MateUnknown = 1 << 20

// Situation is how a score stands, in ShogiHome's steps: 互角 (Even),
// then 有望, 有利, 優勢, 勝勢 for the side ahead. Records write its
// Japanese word before a score; the app's screens say the same step in
// their language, so the panel and the record never disagree.
type Situation int

// The situations, from White's best to Black's best.
const (
	WhiteWinning        Situation = iota - 4 // 後手勝勢
	WhiteMuchBetter                          // 後手優勢
	WhiteBetter                              // 後手有利
	WhiteSlightlyBetter                      // 後手有望
	Even                                     // 互角
	BlackSlightlyBetter                      // 先手有望
	BlackBetter                              // 先手有利
	BlackMuchBetter                          // 先手優勢
	BlackWinning                             // 先手勝勢
)

// situationBounds are ShogiHome's bounds (getSituationText): a score at
// or above a bound takes that step for Black, at or below its negative
// the step for White; between −200 and 200 (both excluded) it is 互角.
// (ShogiHome made the bounds symmetric in March 2025; 2024's versions
// called −200 itself 互角.)
var situationBounds = [...]struct {
	bound int
	s     Situation
}{{1500, BlackWinning}, {600, BlackMuchBetter}, {400, BlackBetter}, {200, BlackSlightlyBetter}}

// SituationOf is the step of a score in centipawns from Black's side.
func SituationOf(score int) Situation {
	for _, b := range situationBounds {
		switch {
		case score >= b.bound:
			return b.s
		case score <= -b.bound:
			return -b.s
		}
	}
	return Even
}

// situationWords are the steps' words in records, White's best first.
var situationWords = [...]string{"後手勝勢", "後手優勢", "後手有利", "後手有望", "互角", "先手有望", "先手有利", "先手優勢", "先手勝勢"}

// Index is s counted from 0 (White winning) to 8 (Black winning), for
// tables of words in that order.
func (s Situation) Index() int { return max(0, min(8, int(s)+4)) }

// Japanese is the word ShogiHome writes for s: 互角, 先手有望 …
func (s Situation) Japanese() string { return situationWords[s.Index()] }

// situation is ShogiHome's word for a score (互角, 先手有望 …).
func situation(score int) string { return SituationOf(score).Japanese() }

// isSituation reports whether a comment line is one of the words.
func isSituation(line string) bool {
	for _, w := range situationWords {
		if line == w {
			return true
		}
	}
	return false
}

// The first characters of ShogiHome's search comment lines: a player's
// search, and an analysis (ShogiHome's SearchInfoSenderType PLAYER and
// RESEARCHER).
const (
	playerMark   = "*"
	analysisMark = "#"
)

// The keys of the search comment lines, in the order ShogiHome writes
// them.
const (
	keyMate   = "詰み="
	keyScore  = "評価値="
	keyPV     = "読み筋="
	keyDepth  = "深さ="
	keyNodes  = "ノード数="
	keyEngine = "エンジン="
)

// shogiHome writes the evaluation as ShogiHome writes a player's search
// in a comment; after is the position after the move, where the PV
// starts.
func (e *Evaluation) shogiHome(after game.Position) string {
	return e.searchComment(after, playerMark)
}

// searchComment writes the evaluation's lines as ShogiHome's
// buildSearchComment does, each key after mark: the mate or the situation
// word and the score, the lines, the depth, the nodes and the engine.
func (e *Evaluation) searchComment(after game.Position, mark string) string {
	var b strings.Builder
	line := func(key, value string) {
		b.WriteString(mark)
		b.WriteString(key)
		b.WriteString(value)
		b.WriteByte('\n')
	}
	switch {
	case e.Mate != 0:
		s := "先手勝ち"
		if e.Mate < 0 {
			s = "後手勝ち"
		}
		if n := abs(e.Mate); n < MateUnknown {
			s += ":" + strconv.Itoa(n) + "手"
		}
		line(keyMate, s)
	case e.HasScore:
		b.WriteString(situation(e.Score) + "\n")
		line(keyScore, strconv.Itoa(e.Score))
	}
	for i, pv := range append([][]game.Move{e.PV}, e.MorePVs...) {
		if text := formatPV(after, pv); text != "" {
			line(keyPV, text)
		} else if i == 0 {
			break // no first line: the others mean nothing
		}
	}
	if e.Depth > 0 {
		line(keyDepth, strconv.Itoa(e.Depth))
	}
	if e.Nodes > 0 {
		line(keyNodes, strconv.FormatUint(e.Nodes, 10))
	}
	if b.Len() > 0 && e.Engine != "" {
		line(keyEngine, strings.ReplaceAll(e.Engine, "\n", " "))
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// formatPV writes moves from p in KI2 with their side marks, as far as
// they are legal.
func formatPV(p game.Position, pv []game.Move) string {
	var b strings.Builder
	prev := game.NoMove
	for _, m := range pv {
		if !p.IsLegal(m) {
			break // a PV is only written as far as it holds
		}
		b.WriteString(notation.Format(&p, m, notation.KI2, prev))
		p, prev = p.Play(m), m
	}
	return b.String()
}

// floodgate writes the evaluation as a floodgate CSA record keeps an
// engine's comment: "* SCORE PV" (the file line "'** 50 +2726FU …"). A
// mate is written as YaneuraOu scores one, ±(32000 − plies); one of
// unknown length as ±30000.
func (e *Evaluation) floodgate(after game.Position) string {
	score := e.Score
	switch {
	case e.Mate != 0 && abs(e.Mate) >= MateUnknown:
		score = 30000 * sign(e.Mate)
	case e.Mate != 0:
		score = (32000 - abs(e.Mate)) * sign(e.Mate)
	case !e.HasScore:
		return "" // floodgate's form starts with the score
	}
	var b strings.Builder
	b.WriteString("* ")
	b.WriteString(strconv.Itoa(score))
	p := after
	for _, m := range e.PV {
		if !p.IsLegal(m) {
			break
		}
		b.WriteByte(' ')
		b.WriteString(csaMove(m))
		p = p.Play(m)
	}
	return b.String()
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func sign(x int) int {
	if x < 0 {
		return -1
	}
	return 1
}

// commentFor returns n's comment as format f writes it: the comment,
// then the evaluation in that format's form. after gives the position
// after n (asked for only when there is an evaluation).
func commentFor(n *Node, f Format, after func() game.Position) string {
	if n.Eval() == nil {
		return n.Comment()
	}
	var extra string
	switch f {
	case KIF, KI2, JKF:
		extra = n.Eval().shogiHome(after())
	case CSA:
		extra = n.Eval().floodgate(after())
	}
	switch {
	case extra == "":
		return n.Comment()
	case n.Comment() == "":
		return extra
	}
	return n.Comment() + "\n" + extra
}
