package analysis

import (
	"cmp"
	"slices"

	"shogi/game"
)

// Mark is the judgement of a move: how much of the mover's winning
// chances it gave away.
type Mark uint8

// The marks, mildest first. The symbols are the ones chess and shogi
// annotators share (lishogi shows ?!, ? and ??); 緩手 has none.
const (
	NoMark     Mark = iota
	Inaccuracy      // 緩手
	Dubious         // 疑問手 ?!
	Mistake         // 悪手 ?
	Blunder         // 大悪手 ??
)

var markNames = [...]struct{ ja, en, sym string }{
	{"", "", ""},
	{"緩手", "inaccuracy", ""},
	{"疑問手", "dubious", "?!"},
	{"悪手", "mistake", "?"},
	{"大悪手", "blunder", "??"},
}

// Japanese is the word ShogiHome writes for the mark: 緩手, 疑問手, 悪手,
// 大悪手.
func (m Mark) Japanese() string { return markNames[m%5].ja }

// String is the mark's English name.
func (m Mark) String() string { return markNames[m%5].en }

// Symbol is ?!, ? or ?? (nothing for 緩手 and no mark).
func (m Mark) Symbol() string { return markNames[m%5].sym }

// ParseMark reads a mark's Japanese word.
func ParseMark(word string) (Mark, bool) {
	for i, n := range markNames {
		if i > 0 && n.ja == word {
			return Mark(i), true
		}
	}
	return NoMark, false
}

// Thresholds decide the marks. A move is judged by how many points of
// its mover's winning rate (Value.WinRate with Sigmoid) it lost: from the
// position before it to the position after it, both as the engine
// evaluated them. These are ShogiHome's defaults: 5, 10, 20 and 50
// points for 緩手, 疑問手, 悪手 and 大悪手 with the coefficient 600.
//
// Mates follow lishogi's rule on top: a move that lets a forced mate go
// is at least 疑問手 (?!) when the mover is still more than 4000 ahead
// after it, 悪手 (?) when more than 1000 ahead, and 大悪手 (??) otherwise;
// a move that walks into a forced mate is likewise 疑問手 when the mover
// was already more than 4000 behind, 悪手 when more than 1000 behind,
// and 大悪手 otherwise. A slower mate than the best is not marked. The
// engine's own first choice is never marked, as ShogiHome does, since the
// two evaluations come from separate searches.
type Thresholds struct {
	Sigmoid                               float64
	Inaccuracy, Dubious, Mistake, Blunder float64
}

// DefaultThresholds are ShogiHome's.
var DefaultThresholds = Thresholds{Sigmoid: DefaultSigmoid, Inaccuracy: 5, Dubious: 10, Mistake: 20, Blunder: 50}

// Judge marks a move by mover from before (the position it was played
// in) to after (the position it reached), and returns the winning rate it
// lost in points (0 or more). best says the mover played the engine's own
// choice.
func (t Thresholds) Judge(before, after Value, mover game.Color, best bool) (Mark, float64) {
	if !before.Known() || !after.Known() {
		return NoMark, 0
	}
	loss := max(0, before.WinRate(mover, t.Sigmoid)-after.WinRate(mover, t.Sigmoid))
	if best {
		return NoMark, loss
	}
	m := NoMark
	switch {
	case loss >= t.Blunder:
		m = Blunder
	case loss >= t.Mistake:
		m = Mistake
	case loss >= t.Dubious:
		m = Dubious
	case loss >= t.Inaccuracy:
		m = Inaccuracy
	}
	return max(m, mateMark(before, after, mover)), loss
}

// mateMark is lishogi's judgement of a mate won or lost.
func mateMark(before, after Value, mover game.Color) Mark {
	mates := func(v Value, c game.Color) bool { return v.Kind == Mate && v.Winner == c }
	byScore := func(cp int) Mark {
		switch {
		case cp > 4000:
			return Dubious
		case cp > 1000:
			return Mistake
		}
		return Blunder
	}
	switch {
	case mates(before, mover) && !mates(after, mover):
		// A forced mate let go: judged by what is left.
		if mates(after, mover.Other()) {
			return Blunder
		}
		return byScore(after.For(mover, 1<<30))
	case !mates(before, mover.Other()) && mates(after, mover.Other()):
		// Walked into a mate: judged by how lost it was already.
		return byScore(-before.For(mover, 1<<30))
	}
	return NoMark
}

// Judgement is one move of a report, judged.
type Judgement struct {
	Ply    int // the move's number
	Move   game.Move
	Mover  game.Color
	Before Value // the position it was played in
	After  Value // the position it reached
	Mark   Mark
	Loss   float64 // winning rate lost, in points
	// CPLoss is the loss in centipawns from the mover's side, each value
	// clamped to ±GraphLimit (a mate counting as the limit).
	CPLoss int
	// Best is the engine's choice in the position the move was played in,
	// and BestLine its line from there; Played says the move was it.
	Best     game.Move
	BestLine []game.Move
	Played   bool
}

// GraphLimit is where scores are clamped for the graph and for losses in
// centipawns: ±2000, as ShogiHome's evaluation chart clamps them.
const GraphLimit = 2000

// Judge judges every move of r's range whose positions before and after
// both have a value.
func (r *Report) Judge(t Thresholds) []Judgement {
	var out []Judgement
	for ply := r.From; ply <= r.To && ply < len(r.Results); ply++ {
		before, after := &r.Results[ply-1], &r.Results[ply]
		if !before.Done || !after.Done || !before.Value.Known() || !after.Value.Known() {
			continue
		}
		m := r.Moves[ply-1]
		out = append(out, JudgeMove(t, ply, m, before.Value, after.Value, before.Best, before.PV()))
	}
	return out
}

// JudgeMove judges move m (the ply-th) from the values before and after
// it, given the engine's choice before it and that choice's line.
func JudgeMove(t Thresholds, ply int, m game.Move, before, after Value, best game.Move, line []game.Move) Judgement {
	mover := m.Color()
	played := best != game.NoMove && best.SameAs(m)
	mark, loss := t.Judge(before, after, mover, played)
	return Judgement{Ply: ply, Move: m, Mover: mover, Before: before, After: after, Mark: mark, Loss: loss,
		CPLoss: max(0, before.For(mover, GraphLimit)-after.For(mover, GraphLimit)),
		Best:   best, BestLine: line, Played: played}
}

// Summary is one side's record in a pass.
type Summary struct {
	Side    game.Color
	Moves   int     // moves judged
	AvgLoss float64 // winning rate lost per move, in points
	ACPL    float64 // centipawns lost per move (values clamped to ±GraphLimit)
	Count   [Blunder + 1]int
	Worst   []Judgement // the biggest losses marked 疑問手 or worse, worst first (at most MaxWorst)
}

// MaxWorst is how many of a side's worst moves a Summary lists.
const MaxWorst = 3

// Summarize gives each side's summary of judgements, Black's first.
func Summarize(js []Judgement) [2]Summary {
	var s [2]Summary
	var loss [2]float64
	var cp [2]int
	for _, j := range js {
		x := &s[j.Mover]
		x.Moves++
		x.Count[j.Mark]++
		loss[j.Mover] += j.Loss
		cp[j.Mover] += j.CPLoss
		if j.Mark >= Dubious {
			x.Worst = append(x.Worst, j)
		}
	}
	for c := range s {
		x := &s[c]
		x.Side = game.Color(c)
		if x.Moves > 0 {
			x.AvgLoss = loss[c] / float64(x.Moves)
			x.ACPL = float64(cp[c]) / float64(x.Moves)
		}
		slices.SortStableFunc(x.Worst, func(a, b Judgement) int { return cmp.Compare(b.Loss, a.Loss) })
		if len(x.Worst) > MaxWorst {
			x.Worst = x.Worst[:MaxWorst]
		}
	}
	return s
}
