// Package annotate joins an engine's analysis (game/analysis) to a
// record (kifu): it finds the line to analyse, writes each position's
// result into the record as ShogiHome writes its analysis comments, and
// reads such comments back, so the study and `shogi analyse` share one
// mapping. It lives apart from both because a record library has no
// business with engines, and the engine code none with records.
package annotate

import (
	"shogi/game"
	"shogi/game/analysis"
	"shogi/kifu"
)

// Line is a record's main line as analysis walks it.
type Line struct {
	Start game.Position
	Moves []game.Move
	Nodes []*kifu.Node    // Nodes[i] is the node of Moves[i]
	After []game.Position // After[i] is the position after Moves[i]
}

// MainLine returns rec's main line up to its first illegal move (a foul
// the record kept) or its ending.
func MainLine(rec *kifu.Record) Line {
	l := Line{Start: rec.Start}
	p := rec.Start
	for _, n := range rec.MainLine() {
		if !n.IsMove() || !p.IsLegal(n.Move) {
			break
		}
		p = p.Play(n.Move)
		l.Moves = append(l.Moves, n.Move)
		l.Nodes = append(l.Nodes, n)
		l.After = append(l.After, p)
	}
	return l
}

// Evaluation is a position's result in the record's form: the score from
// Black's side, its lines, the engine and the verdict on the move that
// reached it. A position that is mate already has none (ShogiHome writes
// nothing there either).
func Evaluation(r *analysis.Result, engine string, mark analysis.Mark) *kifu.Evaluation {
	if !r.Done {
		return nil
	}
	e := &kifu.Evaluation{Depth: r.Depth, Nodes: r.Nodes, Engine: engine}
	switch v := r.Value; v.Kind {
	case analysis.CP:
		e.Score, e.HasScore = v.CP, true
	case analysis.Mate:
		if v.Plies == 0 {
			return nil
		}
		e.Mate = min(v.Plies, kifu.MateUnknown)
		if v.Winner == game.White {
			e.Mate = -e.Mate
		}
	}
	for i, l := range r.Lines {
		if i == 0 {
			e.PV = l.PV
		} else if len(l.PV) > 0 {
			e.MorePVs = append(e.MorePVs, l.PV)
		}
	}
	if mark != analysis.NoMark {
		e.Verdict = mark.Japanese()
	}
	if !e.HasScore && e.Mate == 0 && len(e.PV) == 0 {
		return nil
	}
	return e
}

// Write puts the result of the position after move ply (1-based) into
// that move's comment, replacing any analysis it had; j is the move's
// judgement (nil: none).
func (l *Line) Write(ply int, r *analysis.Result, engine string, j *analysis.Judgement) {
	if ply < 1 || ply > len(l.Nodes) {
		return
	}
	mark := analysis.NoMark
	if j != nil {
		mark = j.Mark
	}
	l.Nodes[ply-1].SetAnalysis(Evaluation(r, engine, mark), l.After[ply-1])
}

// WriteReport writes every judged move of rep into the record: each move
// of rep's range whose position was analysed, with its verdict.
func (l *Line) WriteReport(rep *analysis.Report, js []analysis.Judgement) {
	byPly := map[int]*analysis.Judgement{}
	for i := range js {
		byPly[js[i].Ply] = &js[i]
	}
	for ply := rep.From; ply <= rep.To && ply < len(rep.Results); ply++ {
		if r := &rep.Results[ply]; r.Done {
			l.Write(ply, r, rep.Engine, byPly[ply])
		}
	}
}

// Read reads the evaluations the line's comments hold back as a report:
// an analysis's where there is one, else the one the engine that played
// the move wrote during the game, in any of the forms kifu reads (the
// start position is never in a record's comments, so Results[0] is not
// done); and the verdicts the analyses give, by ply (marks[0] unused).
func (l *Line) Read() (*analysis.Report, []analysis.Mark) {
	rep := &analysis.Report{Start: l.Start, Moves: l.Moves, Results: make([]analysis.Result, len(l.Moves)+1), From: 1, To: len(l.Moves)}
	marks := make([]analysis.Mark, len(l.Moves)+1)
	for i, n := range l.Nodes {
		ply := i + 1
		if !l.After[i].HasLegalMove() {
			// The record's mate: the mover won, whatever the comment says.
			rep.Results[ply] = analysis.Result{Ply: ply, Done: true, Value: analysis.MateBy(n.Move.Color(), 0)}
			continue
		}
		e, src, ok := n.Stored(l.After[i])
		if !ok {
			continue
		}
		r := analysis.Result{Ply: ply, Done: true, Depth: e.Depth, Nodes: e.Nodes}
		switch {
		case e.Mate != 0:
			w, plies := game.Black, e.Mate
			if plies < 0 {
				w, plies = game.White, -plies
			}
			r.Value = analysis.MateBy(w, plies)
		case e.HasScore:
			r.Value = analysis.Centipawns(e.Score)
		}
		if len(e.PV) > 0 {
			r.Lines = append(r.Lines, analysis.Line{MultiPV: 1, PV: e.PV, Value: r.Value, Depth: e.Depth})
			r.Best = e.PV[0]
		}
		for k, pv := range e.MorePVs {
			r.Lines = append(r.Lines, analysis.Line{MultiPV: k + 2, PV: pv})
		}
		if rep.Engine == "" && src == kifu.Analysed {
			rep.Engine = e.Engine
		}
		rep.Results[ply] = r
		if m, ok := analysis.ParseMark(e.Verdict); ok && src == kifu.Analysed {
			marks[ply] = m
		}
	}
	return rep, marks
}
