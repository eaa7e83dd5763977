package kifu

import (
	"strconv"
	"strings"

	"example.com/shogi/game"
	"example.com/shogi/game/notation"
)

// Evaluation is what the engine that played a move thought of it: its
// score and the line it expected next. A record keeps it on the move's
// node, and each format writes it the way other programs read it: KIF,
// KI2 and JKF as ShogiHome's comment lines (*評価値=…, *読み筋=▲…), CSA as
// floodgate's ('** SCORE PV). Readers leave such lines in the comment.
type Evaluation struct {
	// Score is in centipawns from Black's side (+ is good for Black), the
	// sign ShogiHome and floodgate both use, whoever moved.
	Score    int
	HasScore bool
	// Mate, when not 0, counts plies to mate instead: > 0 Black mates,
	// < 0 White does; ±MateUnknown when the engine did not say how soon.
	Mate   int
	PV     []game.Move // the moves expected after this one
	Depth  int
	Nodes  uint64
	Engine string // the engine's name
}

// MateUnknown is the Mate of a mate whose length is not known (the same
// value as usi.MateUnknown).
const MateUnknown = 1 << 20

// situation is ShogiHome's word for a score (互角, 先手有望 …), which it
// writes before the score.
func situation(score int) string {
	switch {
	case score >= 1500:
		return "先手勝勢"
	case score >= 600:
		return "先手優勢"
	case score >= 400:
		return "先手有利"
	case score >= 200:
		return "先手有望"
	case score >= -200:
		return "互角"
	case score >= -400:
		return "後手有望"
	case score >= -600:
		return "後手有利"
	case score >= -1500:
		return "後手優勢"
	}
	return "後手勝勢"
}

// shogiHome writes the evaluation as ShogiHome writes a player's search
// in a comment; after is the position after the move, where the PV
// starts.
func (e *Evaluation) shogiHome(after game.Position) string {
	var b strings.Builder
	line := func(s string) {
		b.WriteString(s)
		b.WriteByte('\n')
	}
	switch {
	case e.Mate != 0:
		s := "*詰み=先手勝ち"
		if e.Mate < 0 {
			s = "*詰み=後手勝ち"
		}
		if n := abs(e.Mate); n < MateUnknown {
			s += ":" + strconv.Itoa(n) + "手"
		}
		line(s)
	case e.HasScore:
		line(situation(e.Score))
		line("*評価値=" + strconv.Itoa(e.Score))
	}
	if len(e.PV) > 0 {
		var pv strings.Builder
		p, prev := after, game.NoMove
		for _, m := range e.PV {
			if !p.IsLegal(m) {
				break // a PV is only written as far as it holds
			}
			pv.WriteString(notation.Format(&p, m, notation.KI2, prev))
			p, prev = p.Play(m), m
		}
		if pv.Len() > 0 {
			line("*読み筋=" + pv.String())
		}
	}
	if e.Depth > 0 {
		line("*深さ=" + strconv.Itoa(e.Depth))
	}
	if e.Nodes > 0 {
		line("*ノード数=" + strconv.FormatUint(e.Nodes, 10))
	}
	if b.Len() > 0 && e.Engine != "" {
		line("*エンジン=" + strings.ReplaceAll(e.Engine, "\n", " "))
	}
	return strings.TrimSuffix(b.String(), "\n")
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
	if n.Eval == nil {
		return n.Comment
	}
	var extra string
	switch f {
	case KIF, KI2, JKF:
		extra = n.Eval.shogiHome(after())
	case CSA:
		extra = n.Eval.floodgate(after())
	}
	switch {
	case extra == "":
		return n.Comment
	case n.Comment == "":
		return extra
	}
	return n.Comment + "\n" + extra
}
