package study

import (
	"fmt"
	"strings"
	"time"

	"shogi/app/words"
	"shogi/tui/common"
	"shogi/tui/components"

	"shogi/game"
	"shogi/game/analysis"
	"shogi/game/engine"
	"shogi/game/notation"
	"shogi/kifu"
)

// formatMove writes a move in the screen's notation.
func (s *studyModel) formatMove(p *game.Position, m, prev game.Move) string {
	return notation.Format(p, m, s.c.Notation, prev)
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
		case v.Plies >= engine.MateUnknown && s.c.Lang == words.Japanese:
			return sign + "詰"
		case v.Plies >= engine.MateUnknown:
			return sign + "M"
		case s.c.Lang == words.Japanese:
			return fmt.Sprintf("%s%d手詰", sign, v.Plies)
		}
		return fmt.Sprintf("%sM%d", sign, v.Plies)
	}
	return "-"
}

// situationText is the word for a value from Black's side, in the steps
// records write (kifu.Situation, ShogiHome's): 互角, 先手有望 …
func (s *studyModel) situationText(v analysis.Value) string {
	return s.c.Words.Situation[kifu.SituationOf(v.Clamp(1<<30)).Index()]
}

// engineView is the engine panel's content for the position shown, and
// whether there is anything to show.
func (s *studyModel) engineView() (components.EngineView, bool) {
	a := s.an
	aw := s.awords()
	var v components.EngineView
	show := false
	if p := a.pass; p != nil {
		v.Head = fmt.Sprintf(aw.PassRunning, progressBar(p.done, p.total, 20), p.done, p.total, clock(p.eta.Round(time.Second), false)) + aw.PassKeys
		show = true
	}
	sn, ok := s.snapshot()
	live := a.on || a.starting || ok && (sn.Mode == analysis.MateSearch || len(sn.Lines) > 0) || a.err != nil
	if !live {
		return v, show
	}
	head := aw.Title + " " + a.engineName()
	if ok {
		if sn.Depth > 0 {
			head += "  " + fmt.Sprintf(aw.Depth, sn.Depth)
		}
		if sn.NPS > 0 {
			head += "  " + fmt.Sprintf(aw.Nps, components.SiCount(sn.NPS))
		} else if sn.Nodes > 0 {
			head += "  " + fmt.Sprintf(aw.Nodes, components.SiCount(sn.Nodes))
		}
	}
	if a.multiPV > 1 {
		head += "  " + fmt.Sprintf(aw.Lines, a.multiPV)
	}
	if v.Head != "" {
		// The pass's progress stays first; the live engine follows it.
		v.Lines = append(v.Lines, components.EngineViewLine{Score: "", Moves: []string{head}})
	} else {
		v.Head, v.Name = head, a.engineName()
	}
	switch {
	case a.err != nil:
		v.State, v.IsErr = fmt.Sprintf(aw.EngineStopped, a.err), true
	case a.starting:
		v.State = aw.Starting
	case !ok:
		v.State = aw.Stopped
	case sn.Over:
		v.State = aw.Mated
	case sn.Mode == analysis.MateSearch:
		v.State = s.mateState(sn, &v)
	default:
		v.State = aw.Stopped
		if sn.Running {
			v.State = aw.Thinking
		}
		prev := s.node().Move
		for i, l := range sn.Lines {
			if l.Depth == 0 && len(l.PV) == 0 {
				continue
			}
			score := "?"
			if l.HasScore {
				score = s.valueText(l.Value)
				if i == 0 {
					score += " " + s.situationText(l.Value)
				}
			}
			v.Lines = append(v.Lines, components.EngineViewLine{Score: score, Moves: s.lineTexts(*s.Position(), l.PV, prev)})
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
func (s *studyModel) mateState(sn analysis.Snapshot, v *components.EngineView) string {
	aw := s.awords()
	switch c := sn.Mate; {
	case sn.Running:
		return aw.MateSearch
	case c == nil:
		return aw.Stopped
	case len(c.Moves) > 0:
		v.Lines = append(v.Lines, components.EngineViewLine{Score: s.valueText(analysis.MateBy(s.Position().SideToMove(), len(c.Moves))),
			Moves: s.lineTexts(*s.Position(), c.Moves, s.node().Move)})
		return fmt.Sprintf(aw.MateIn, len(c.Moves))
	case c.NotImplemented:
		return aw.MateNone
	case c.Timeout:
		return aw.MateTimeout
	}
	return aw.NoMate
}

// storedLines is the record's own analysis of the move shown, as notes:
// its verdict, score and line.
func (s *studyModel) storedLines(w int) []string {
	e, src, ok := s.storedAnalysis()
	if !ok {
		return nil
	}
	aw := s.awords()
	v := evalValue(e)
	text := aw.Stored
	if src == kifu.Played {
		text = aw.StoredPlayed
	}
	if e.Verdict != "" {
		if m, ok := analysis.ParseMark(e.Verdict); ok {
			text += " " + aw.MarkNames[m] + markSuffix(m)
		}
	}
	if v.Known() {
		text += "  " + s.valueText(v) + " " + s.situationText(v)
	}
	if e.Depth > 0 {
		text += "  " + fmt.Sprintf(aw.Depth, e.Depth)
	}
	if e.Engine != "" {
		text += "  " + e.Engine
	}
	out := []string{components.Dimmed(s.c.Styles, s.c.Measure.Truncate(text, w))}
	if moves := s.lineTexts(*s.Position(), e.PV, s.node().Move); len(moves) > 0 {
		for _, l := range components.WrapMoves(moves, w-2, s.c.Measure) {
			out = append(out, components.Dimmed(s.c.Styles, "  "+l))
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
	st := s.c.Styles
	sums := analysis.Summarize(js)
	out := []string{components.Paint(st, func(x *common.Styles) common.Wrap { return x.Bold }, aw.Summary)}
	for _, c := range []game.Color{game.Black, game.White} {
		sm := sums[c]
		if sm.Moves == 0 {
			continue
		}
		var counts []string
		for m := analysis.Inaccuracy; m <= analysis.Blunder; m++ {
			counts = append(counts, fmt.Sprintf("%s%s %d", aw.MarkNames[m], m.Symbol(), sm.Count[m]))
		}
		line := fmt.Sprintf(aw.SummaryLine, s.c.Side(c), s.c.Words.Count(sm.Moves), sm.AvgLoss, sm.ACPL, strings.Join(counts, " "))
		out = append(out, components.WrapText(s.c.Measure, line, w)...)
		for _, j := range sm.Worst {
			before := s.an.positionBefore(j.Ply)
			prev := game.NoMove
			if j.Ply > 1 {
				prev = s.an.report.Moves[j.Ply-2]
			}
			better := ""
			if j.Best != game.NoMove && before.IsLegal(j.Best) {
				better = fmt.Sprintf(aw.Better, s.formatMove(&before, j.Best, prev))
			}
			out = append(out, s.c.Measure.Truncate(fmt.Sprintf(aw.Worst, j.Ply, s.formatMove(&before, j.Move, prev), j.Mark.Symbol(), j.Loss, better), w))
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
	text := fmt.Sprintf(aw.Preview, p.at, len(p.moves))
	if p.at > 0 {
		text += ": " + p.text[p.at-1]
		if st := s.c.Styles; st != nil {
			text = st.LastText.Render(text)
		}
	}
	return text + components.Dimmed(s.c.Styles, aw.PreviewKeys)
}
