package tsume

import (
	"fmt"
	"strconv"
	"strings"

	"shogi/tui/common"
	"shogi/tui/components"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"shogi/game"
	"shogi/game/notation"
)

// View draws the list of quizzes, or the quiz on the board: the
// position before the move that went wrong, the mover at the bottom, the
// game's moves beside it; under the board the move played and what it
// lost, then each answer and whether it counts, and once answered the
// engine's choice.
func (q *Quizzes) View() (string, *tea.Cursor) {
	if !q.open {
		return q.listView(), nil
	}
	c := q.c
	st := c.Styles
	tw := q.tw()
	l := screenLayout(c)
	cv := components.NewCanvas(c.Width, c.Height)
	qz := q.quiz()
	fx, fw := l.Margin, c.Width-2*l.Margin

	left := tw.QuizTitle + "  " + qz.ID
	if st != nil {
		left = st.Bold.Render(left)
	}
	right := fmt.Sprintf(tw.QuizMove, qz.Ply, c.Side(qz.Mover))
	if q.judging != game.NoMove {
		right += "  " + q.spin.View()
	} else if n := len(q.answers); n > 0 {
		right += "  " + q.verdictBadge(q.answers[0].a.Correct)
	}
	cv.Put(fx, 0, fw, components.Spread(c.Measure, left, right+" ", fw))

	sc := scene{pos: qz.Position, last: q.last(), flip: q.flip, entry: &q.entry}
	if len(q.answers) > 0 && qz.Best != game.NoMove {
		sc.hint = qz.Best
	}
	drawScene(c, cv, l, sc)

	if r := l.Side; r.W > 0 && r.H > 0 {
		texts := moveTexts(c, qz.Start, qz.Moves)
		tw0 := 0
		for _, t := range texts {
			tw0 = max(tw0, c.Measure.Width(t))
		}
		ml := &components.MoveList{Title: c.Words.Moves + "  " + c.Notation.String(), N: len(texts), NumW: components.Digits(len(texts)),
			TextW: tw0, Cur: -1, Last: len(texts) - 1}
		ml.Entry = func(i int) (string, string, bool) { return strconv.Itoa(i + 1), texts[i], false }
		h := r.H
		var stats []string
		if q.store != nil {
			stats = joinParts(c, append([]string{tw.StatsLabel}, tw.StatsParts(q.store.Stats())...), r.W)
			if len(stats)+3 < h {
				h -= len(stats) + 1
			} else {
				stats = nil
			}
		}
		g := ml.Geometry(r.X, r.Y, r.W, h, ml.Focus())
		cv.Block(r.X, r.Y, r.W, ml.Render(g, r.W, h, st, c.Measure))
		for i, s := range stats {
			cv.Put(r.X, r.Y+h+1+i, c.Measure.Width(s), components.Dimmed(st, s))
		}
	}
	if l.Panel.H > 0 {
		cv.Block(l.Panel.X, l.Panel.Y, l.Panel.W, components.RenderPanel(q.panelRows(), l.Panel.W, l.Panel.H, st, c.Measure))
	}

	line, x, ok := q.entry.Prompt(c, fw)
	if !ok {
		line, x = c.Measure.Fit(q.entry.Where(c)+tw.QuizKeys, fw), -1
	}
	k, ck := q.keys, c.Keys
	bar := []key.Binding{ck.Select, ck.Tray, ck.Type, k.NextQuiz, k.PrevQuiz, k.Leave, ck.Help, ck.Flip, ck.Notation}
	f := components.Footer{Prompt: line, CursorX: x, Status: q.status, IsErr: q.isErr, Keys: bar}
	cursor := components.DrawFooter(cv, f, fx, fw, l.FooterTop, c.Height, st, c.Measure)
	return cv.String(c.Measure), cursor
}

func (q *Quizzes) verdictBadge(ok bool) string {
	tw := q.tw()
	if ok {
		return components.Badge(q.c.Styles, components.EndBadge, tw.QuizBadge[0])
	}
	return components.Badge(q.c.Styles, components.CheckBadge, tw.QuizBadge[1])
}

// panelRows: the move the game had and what it lost, each answer, and
// once one is in, the engine's choice and its line.
func (q *Quizzes) panelRows() []components.PanelRow {
	c := q.c
	st := c.Styles
	tw := q.tw()
	qz := q.quiz()
	pick := func(f func(*common.Styles) common.Wrap) *common.Wrap {
		if st == nil {
			return nil
		}
		x := f(st)
		return &x
	}
	mark := tw.MarkName(qz.Mark)
	rows := []components.PanelRow{{Label: tw.QuizPlayed, Text: fmt.Sprintf(tw.QuizPrompt, q.moveText(qz.Played), mark, qz.Loss)}}
	answer := func(a quizAnswer) components.PanelRow {
		text, style := fmt.Sprintf(tw.QuizRight, a.text, q.src.Opts.Margin), pick(func(s *common.Styles) common.Wrap { return s.TargetText })
		switch {
		case a.a.Played:
			text, style = fmt.Sprintf(tw.QuizPlayedAgain, a.text), pick(func(s *common.Styles) common.Wrap { return s.Err })
		case !a.a.Correct:
			text, style = fmt.Sprintf(tw.QuizWrong, a.text, a.a.Loss), pick(func(s *common.Styles) common.Wrap { return s.Err })
		}
		return components.PanelRow{Label: tw.QuizDone, Text: text, Style: style}
	}
	// The panel is short (four lines at 80×24) and cuts what does not
	// fit, so what was just answered and the engine's choice come before
	// the earlier answers, newest first.
	earlier := q.answers
	switch {
	case q.judging != game.NoMove:
		rows = append(rows, components.PanelRow{Label: tw.QuizDone, Text: fmt.Sprintf(tw.QuizJudging, q.moveText(q.judging)) + " " + q.spin.View()})
	case len(q.answers) > 0:
		rows = append(rows, answer(q.answers[len(q.answers)-1]))
		earlier = q.answers[:len(q.answers)-1]
	}
	if len(q.answers) > 0 && qz.Best != game.NoMove {
		line := []string{q.moveText(qz.Best)}
		p := qz.Position.Play(qz.Best)
		prev := qz.Best
		for i, mv := range qz.BestLine {
			if i == 0 {
				continue // the best move itself
			}
			if i > 6 || p.CheckMove(mv) != nil {
				break
			}
			line = append(line, notation.Format(&p, mv, c.Notation, prev))
			p, prev = p.Play(mv), mv
		}
		rows = append(rows, components.PanelRow{Label: tw.KeySolution, Text: fmt.Sprintf(tw.QuizBest, strings.Join(line, " ")),
			Style: pick(func(s *common.Styles) common.Wrap { return s.Bold })})
	}
	for i := len(earlier) - 1; i >= 0; i-- {
		rows = append(rows, answer(earlier[i]))
	}
	return rows
}

// listView is the list of quizzes, centred: each one's status, name,
// move and mark.
func (q *Quizzes) listView() string {
	c := q.c
	st := c.Styles
	tw := q.tw()
	src := fmt.Sprintf(tw.QuizRecord, q.src.Name)
	if q.src.Folder {
		src = fmt.Sprintf(tw.QuizFolder, q.src.Name)
	}
	lines := []string{st.Title.Render(tw.QuizTitle) + "  " + st.Dim.Render(src), ""}
	switch {
	case q.loading:
		lines = append(lines, "   "+tw.QuizReading+" "+q.spin.View())
	case len(q.list) == 0:
		for _, l := range components.WrapText(c.Measure, fmt.Sprintf(tw.QuizNone, tw.MarkName(q.src.Opts.Least)), min(c.Width-4, 72)) {
			lines = append(lines, "   "+l)
		}
	default:
		room := max(c.Height-10, 3)
		first := max(0, min(q.cursor-room/2, len(q.list)-room))
		for i := first; i < len(q.list) && i < first+room; i++ {
			qz := &q.list[i]
			status := tw.QuizStatus[0]
			if q.store != nil {
				if it, ok := q.store.Item(qz.ID); ok {
					status = tw.QuizStatus[2]
					if it.LastSolved {
						status = tw.QuizStatus[1]
					}
				}
			}
			text := fmt.Sprintf("%s  %s  %s  %s %.0f", c.Measure.Pad(status, 2), c.Measure.Pad(qz.ID, 24),
				c.Measure.Pad(fmt.Sprintf(tw.QuizMove, qz.Ply, c.Side(qz.Mover)), 16), tw.MarkName(qz.Mark), -qz.Loss)
			if i == q.cursor {
				lines = append(lines, st.Accent.Render("> ")+st.ListCur.Render(" "+text+" "))
			} else {
				lines = append(lines, "   "+text)
			}
		}
	}
	if q.store != nil {
		lines = append(lines, "")
		for _, l := range joinParts(c, tw.StatsParts(q.store.Stats()), min(c.Width, 76)) {
			lines = append(lines, st.Dim.Render(l))
		}
	}
	if q.status != "" {
		lines = append(lines, "")
		for _, l := range components.WrapText(c.Measure, q.status, min(c.Width, 76)) {
			if q.isErr {
				lines = append(lines, st.Err.Render(l))
			} else {
				lines = append(lines, l)
			}
		}
	}
	lines = append(lines, "", st.Dim.Render(tw.QuizListKeys))
	return centre(c, lines)
}
