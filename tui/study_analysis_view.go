package tui

import (
	"fmt"
	"strings"
	"time"

	"shogi/game"
	"shogi/game/analysis"
	"shogi/game/notation"
	"shogi/game/usi"
)

// formatMove writes a move in the screen's notation.
func (s *studyModel) formatMove(p *game.Position, m, prev game.Move) string {
	return notation.Format(p, m, s.c.notation, prev)
}

// lineTexts writes moves from p in the screen's notation, as far as they
// are legal.
func (s *studyModel) lineTexts(p game.Position, moves []game.Move, prev game.Move) []string {
	var out []string
	for _, m := range moves {
		if !p.IsLegal(m) {
			break
		}
		out = append(out, s.formatMove(&p, m, prev))
		p, prev = p.Play(m), m
	}
	return out
}

// valueText writes a value from Black's side as the screen does: +158,
// −1200, a mate as +7手詰 / +M7 (the sign says who mates).
func (s *studyModel) valueText(v analysis.Value) string {
	switch v.Kind {
	case analysis.CP:
		return fmt.Sprintf("%+d", v.CP)
	case analysis.Mate:
		sign := "+"
		if v.Winner == game.White {
			sign = "-"
		}
		switch {
		case v.Plies >= usi.MateUnknown && s.c.lang == Japanese:
			return sign + "詰"
		case v.Plies >= usi.MateUnknown:
			return sign + "M"
		case s.c.lang == Japanese:
			return fmt.Sprintf("%s%d手詰", sign, v.Plies)
		}
		return fmt.Sprintf("%sM%d", sign, v.Plies)
	}
	return "-"
}

// situationText is the word for a value from Black's side (ShogiHome's
// bounds): 互角, 先手有望 …
func (s *studyModel) situationText(v analysis.Value) string {
	aw := s.awords()
	cp := v.Clamp(1 << 30)
	bounds := []int{1500, 600, 400, 200}
	for i, b := range bounds {
		switch {
		case cp >= b:
			return aw.situation[i]
		case cp <= -b:
			return aw.situation[8-i]
		}
	}
	return aw.situation[4]
}

// engineView is the engine panel's content for the position shown, and
// whether there is anything to show.
func (s *studyModel) engineView() (engineView, bool) {
	a := s.an
	aw := s.awords()
	var v engineView
	show := false
	if p := a.pass; p != nil {
		v.head = fmt.Sprintf(aw.passRunning, progressBar(p.done, p.total, 20), p.done, p.total, clock(p.eta.Round(time.Second), false)) + aw.passKeys
		show = true
	}
	sn, ok := s.snapshot()
	live := a.on || a.starting || ok && (sn.Mode == analysis.MateSearch || len(sn.Lines) > 0) || a.err != nil
	if !live {
		return v, show
	}
	head := aw.title + " " + a.engineName()
	if ok {
		if sn.Depth > 0 {
			head += "  " + fmt.Sprintf(aw.depth, sn.Depth)
		}
		if sn.NPS > 0 {
			head += "  " + fmt.Sprintf(aw.nps, siCount(sn.NPS))
		} else if sn.Nodes > 0 {
			head += "  " + fmt.Sprintf(aw.nodes, siCount(sn.Nodes))
		}
	}
	if a.multiPV > 1 {
		head += "  " + fmt.Sprintf(aw.lines, a.multiPV)
	}
	if v.head != "" {
		// The pass's progress stays first; the live engine follows it.
		v.lines = append(v.lines, engineViewLine{score: "", moves: []string{head}})
	} else {
		v.head = head
	}
	switch {
	case a.err != nil:
		v.state, v.isErr = fmt.Sprintf(aw.engineStopped, a.err), true
	case a.starting:
		v.state = aw.starting
	case !ok:
		v.state = aw.stopped
	case sn.Over:
		v.state = aw.mated
	case sn.Mode == analysis.MateSearch:
		v.state = s.mateState(sn, &v)
	default:
		v.state = aw.stopped
		if sn.Running {
			v.state = aw.thinking
		}
		prev := s.node().Move
		for i, l := range sn.Lines {
			if l.Depth == 0 && len(l.PV) == 0 {
				continue
			}
			score := "?"
			if l.HasScore {
				score = s.valueText(l.Value)
				if i == 0 && s.c.lang == Japanese {
					score += " " + s.situationText(l.Value)
				}
			}
			v.lines = append(v.lines, engineViewLine{score: score, moves: s.lineTexts(*s.position(), l.PV, prev)})
		}
	}
	return v, true
}

// progressBar is done of total as a bar of w cells: [#####.....].
func progressBar(done, total, w int) string {
	filled := 0
	if total > 0 {
		filled = min(w, w*done/total)
	}
	return "[" + strings.Repeat("#", filled) + strings.Repeat(".", w-filled) + "]"
}

// mateState says what a mate search found; a mate's line goes into v.
func (s *studyModel) mateState(sn analysis.Snapshot, v *engineView) string {
	aw := s.awords()
	switch c := sn.Mate; {
	case sn.Running:
		return aw.mateSearch
	case c == nil:
		return aw.stopped
	case len(c.Moves) > 0:
		v.lines = append(v.lines, engineViewLine{score: s.valueText(analysis.MateBy(s.position().SideToMove(), len(c.Moves))),
			moves: s.lineTexts(*s.position(), c.Moves, s.node().Move)})
		return fmt.Sprintf(aw.mateIn, len(c.Moves))
	case c.NotImplemented:
		return aw.mateNone
	case c.Timeout:
		return aw.mateTimeout
	}
	return aw.noMate
}

// storedLines is the record's own analysis of the move shown, as notes:
// its verdict, score and line.
func (s *studyModel) storedLines(w int) []string {
	e, ok := s.storedAnalysis()
	if !ok {
		return nil
	}
	aw := s.awords()
	v := evalValue(e)
	text := aw.stored
	if e.Verdict != "" {
		if m, ok := analysis.ParseMark(e.Verdict); ok {
			text += " " + aw.markNames[m] + markSuffix(m)
		}
	}
	if v.Known() {
		text += "  " + s.valueText(v)
		if s.c.lang == Japanese {
			text += " " + s.situationText(v)
		}
	}
	if e.Depth > 0 {
		text += "  " + fmt.Sprintf(aw.depth, e.Depth)
	}
	if e.Engine != "" {
		text += "  " + e.Engine
	}
	out := []string{dimmed(s.c.styles, s.c.m.truncate(text, w))}
	if moves := s.lineTexts(*s.position(), e.PV, s.node().Move); len(moves) > 0 {
		for _, l := range wrapMoves(moves, w-2, s.c.m) {
			out = append(out, dimmed(s.c.styles, "  "+l))
		}
	}
	return out
}

// markSuffix is a mark's symbol in brackets, if it has one.
func markSuffix(m analysis.Mark) string {
	if m.Symbol() == "" {
		return ""
	}
	return " " + m.Symbol()
}

// summaryLines are each side's record in the analysis: moves judged,
// average loss, the marks, the worst moves and the engine's choice.
func (s *studyModel) summaryLines(w int) []string {
	js := s.an.judgements()
	if len(js) == 0 {
		return nil
	}
	aw := s.awords()
	st := s.c.styles
	sums := analysis.Summarize(js)
	out := []string{paint(st, func(x *Styles) wrap { return x.bold }, aw.summary)}
	for _, c := range []game.Color{game.Black, game.White} {
		sm := sums[c]
		if sm.Moves == 0 {
			continue
		}
		var counts []string
		for m := analysis.Inaccuracy; m <= analysis.Blunder; m++ {
			counts = append(counts, fmt.Sprintf("%s%s %d", aw.markNames[m], m.Symbol(), sm.Count[m]))
		}
		line := fmt.Sprintf(aw.summaryLine, s.c.side(c), sm.Moves, sm.AvgLoss, sm.ACPL, strings.Join(counts, " "))
		out = append(out, wrapText(s.c.m, line, w)...)
		for _, j := range sm.Worst {
			before := s.an.positionBefore(j.Ply)
			prev := game.NoMove
			if j.Ply > 1 {
				prev = s.an.report.Moves[j.Ply-2]
			}
			better := ""
			if j.Best != game.NoMove && before.IsLegal(j.Best) {
				better = fmt.Sprintf(aw.better, s.formatMove(&before, j.Best, prev))
			}
			out = append(out, s.c.m.truncate(fmt.Sprintf(aw.worst, j.Ply, s.formatMove(&before, j.Move, prev), j.Mark.Symbol(), j.Loss, better), w))
		}
	}
	return out
}

// positionBefore is the main line's position before move ply.
func (a *studyAnalysis) positionBefore(ply int) game.Position {
	if ply-2 >= 0 && ply-2 < len(a.line.After) {
		return a.line.After[ply-2]
	}
	return a.line.Start
}

// previewStatus is the status line while an engine line is played out.
func (s *studyModel) previewStatus() string {
	p := s.an.preview
	aw := s.awords()
	text := fmt.Sprintf(aw.preview, p.at, len(p.moves))
	if p.at > 0 {
		text += ": " + p.text[p.at-1]
		if st := s.c.styles; st != nil {
			text = st.lastText.render(text)
		}
	}
	return text + dimmed(s.c.styles, aw.previewKeys)
}
