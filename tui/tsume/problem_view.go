package tsume

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"shogi/app/words"
	"shogi/tui/common"
	"shogi/tui/components"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"shogi/game"
	"shogi/game/notation"
	"shogi/game/tsume"
)

// View draws the chooser, or the problem screen: the title (the
// problem, its length and grade, the move, the clock), the board and the
// hands, the moves beside the board with the progress under them, and
// under the board what the last check came to, the hint, the result or
// the solution's step; then the prompt, the status and the keys. At
// 80×24, after a check the defender answered:
//
//	詰将棋 第172番  7手詰  手順唯一                  3手目 ▲先手の番  0:12
//	△後手 持駒 角 金×4 銀×4 桂×3 香×4 歩×18
//	  ９ ８ ７ ６ ５ ４ ３ ２ １     指し手 KI2
//	+---------------------------+      1 ▲３二飛打
//	| ・ ・ ・ ・ ・ ・v王 ・ ・|一     2 △２一玉
//	…
//	応手      △２一玉  (2ms)
//	[２一] 王手の連続で詰ませてください (どの詰みも正解)
//	H ヒント  a 正解手順  u 王手を戻す  ] 次の問題 …
func (m *Model) View() (string, *tea.Cursor) {
	if m.chooser {
		return m.chooserView(), nil
	}
	c := m.c
	st := c.Styles
	w, h := c.Width, c.Height
	l := m.layout()
	cv := components.NewCanvas(w, h)
	a := &m.attempt
	pos := m.shown()
	fault := m.cur().Err != nil

	fx, fw := l.Margin, w-2*l.Margin
	left, right := m.titleParts(&pos, fw)
	cv.Put(fx, 0, fw, components.Spread(c.Measure, left, right+" ", fw))

	sc := scene{pos: pos, last: a.lastMove(), flip: m.flip, hint: a.hint}
	if a.showing {
		sc.last = game.NoMove
		if a.step > 0 {
			sc.last = a.solution[a.step-1]
		}
	} else if !fault && a.result == nil && !a.over {
		sc.entry = &m.entry
	}
	drawScene(c, cv, l, sc)

	if l.Side.W > 0 && l.Side.H > 0 {
		m.drawSide(cv, l.Side)
	}
	if l.Panel.H > 0 {
		rows := m.panelRows(&pos)
		cv.Block(l.Panel.X, l.Panel.Y, l.Panel.W, components.RenderPanel(rows, l.Panel.W, l.Panel.H, st, c.Measure))
	}

	prompt, cursorX := m.promptLine(fw)
	f := components.Footer{Prompt: prompt, CursorX: cursorX, Status: m.status, IsErr: m.isErr, Keys: m.helpBar()}
	cursor := components.DrawFooter(cv, f, fx, fw, l.FooterTop, h, st, c.Measure)
	return cv.String(c.Measure), cursor
}

func (m *Model) layout() components.ScreenLayout { return screenLayout(m.c) }

// titleParts is the title bar: the problem, its length and grade on the
// left; the move, whose turn it is (or the result) and the clock on the
// right. In width columns a long file name gives way first, so that
// "mate in N" stays.
func (m *Model) titleParts(pos *game.Position, width int) (string, string) {
	c := m.c
	st := c.Styles
	tw := m.tw()
	a := &m.attempt
	it := m.cur()
	pr := &it.Problem
	var head string   // the problem's name, which may be shortened
	var left []string // what follows it, kept whole
	switch {
	case m.set.Collection:
		head = fmt.Sprintf(tw.Problem, pr.ID)
	case m.set.Name != "":
		head = m.set.Name
		// A file's problem is named after the file ("b.kif", "b.kif#2",
		// "/path/b.sfen:3"): only what the set's name does not say already.
		id := pr.ID
		if i := strings.LastIndex(id, m.set.Name); i >= 0 {
			id = id[i+len(m.set.Name):] // the path before the name said nothing either
		}
		if id != "" && len(m.set.Items) > 1 { // one problem: the file says it
			left = append(left, id)
		}
	default:
		head = tw.OwnProblem
	}
	if it.Err == nil {
		switch {
		case a.length > 0:
			left = append(left, fmt.Sprintf(tw.MateInN, a.length))
		case a.noMate:
			left = append(left, tw.LengthNoMate)
		case a.noLength:
			left = append(left, tw.LengthNone)
		case a.lengthWork:
			left = append(left, tw.LengthWork+" "+m.spin.View())
		}
		if g := tw.GradeNames[pr.Grade%3]; g != "" {
			left = append(left, g)
		}
	}
	if idx := m.set.indices(m.filter); len(idx) > 1 {
		if k := slices.Index(idx, m.at); k >= 0 {
			left = append(left, fmt.Sprintf(tw.NofM, k+1, len(idx)))
		}
	}
	right := m.titleRight(pos)
	rest := ""
	if len(left) > 0 {
		rest = "  " + strings.Join(left, "  ")
	}
	room := width - c.Measure.Width(right+" ") - 1
	if m.set.Name != "" && !m.set.Collection {
		prefix, suffix, _ := strings.Cut(tw.Title, "%s")
		head = components.FitName(c.Measure, prefix, m.set.Name, suffix, room-c.Measure.Width(rest))
	}
	lt := head + rest
	if st != nil {
		lt = st.Bold.Render(lt)
	}
	if it.Err != nil {
		return lt, components.Badge(st, components.CheckBadge, tw.FaultTitle)
	}
	return lt, right
}

// titleRight is the title bar's right side: the move and whose turn it
// is, or the result, and the clock.
func (m *Model) titleRight(pos *game.Position) string {
	c := m.c
	st := c.Styles
	tw := m.tw()
	a := &m.attempt
	if m.cur().Err != nil {
		return components.Badge(st, components.CheckBadge, tw.FaultTitle)
	}
	var right []string
	switch {
	case a.showing:
		right = append(right, tw.SolutionLabel+" "+m.stepText())
	case a.result != nil:
		right = append(right, components.Badge(st, components.EndBadge, tw.MateBadge))
	case a.over:
		right = append(right, components.Badge(st, components.CheckBadge, c.Words.Endings[game.PerpetualCheck]))
	case a.busy == busyAttack:
		right = append(right, fmt.Sprintf(c.Words.MoveN, len(a.moves)+1), tw.Thinking+" "+m.spin.View())
	default:
		right = append(right, fmt.Sprintf(c.Words.MoveN, len(a.moves)+1))
		if a.escaped {
			right = append(right, components.Badge(st, components.CheckBadge, tw.EscapedBadge))
		} else {
			right = append(right, components.Badge(st, components.TurnBadge, fmt.Sprintf(c.Words.ToMoveBadge, c.Side(pos.SideToMove()))))
		}
	}
	took := m.c.Now().Sub(a.began)
	if a.result != nil {
		took = a.result.Took
	}
	right = append(right, words.Clock(took))
	return strings.Join(right, "  ")
}

// stepText is the solution's step: 3/7手目, the start.
func (m *Model) stepText() string {
	a := &m.attempt
	tw := m.tw()
	if a.step == 0 {
		return tw.SolutionStart
	}
	return fmt.Sprintf(tw.SolutionStep, a.step, len(a.solution))
}

// drawSide draws the moves beside the board (the attempt's, or the
// solution's) and the progress under them.
func (m *Model) drawSide(cv *components.Canvas, r components.Rect) {
	c := m.c
	st := c.Styles
	tw := m.tw()
	a := &m.attempt
	var stats []string
	if m.set.Collection && m.store != nil {
		stats = joinParts(c, append([]string{tw.StatsLabel}, tw.StatsParts(m.stats)...), r.W)
		stats = append(stats, joinParts(c, []string{tw.ThisLabel, tw.ItemText(m.item, m.itemOK)}, r.W)...)
		if len(stats)+3 > r.H {
			stats = nil
		}
	}
	texts, title := a.texts, c.Words.Moves+"  "+c.Notation.String()
	cur, lastI := -1, len(texts)-1
	if a.showing {
		texts = moveTexts(c, m.cur().Problem.Start, a.solution)
		title = tw.SolutionLabel + "  " + c.Notation.String()
		cur, lastI = a.step-1, -1
	}
	tw0 := 0
	for _, t := range texts {
		tw0 = max(tw0, c.Measure.Width(t))
	}
	ml := &components.MoveList{Title: title, N: len(texts), NumW: components.Digits(len(texts)), TextW: tw0, Cur: cur, Last: lastI}
	ml.Entry = func(i int) (string, string, bool) { return strconv.Itoa(i + 1), texts[i], false }
	h := r.H
	if len(stats) > 0 {
		h -= len(stats) + 1
	}
	g := ml.Geometry(r.X, r.Y, r.W, h, ml.Focus())
	cv.Block(r.X, r.Y, r.W, ml.Render(g, r.W, h, st, c.Measure))
	for i, s := range stats {
		cv.Put(r.X, r.Y+h+1+i, c.Measure.Width(s), components.Dimmed(st, s))
	}
}

// panelRows say what the last check came to, the hint, the result, the
// solution's step, the composer's check, or why the position is no
// problem.
func (m *Model) panelRows(pos *game.Position) []components.PanelRow {
	c := m.c
	st := c.Styles
	tw := m.tw()
	a := &m.attempt
	pick := func(f func(*common.Styles) common.Wrap) *common.Wrap {
		if st == nil {
			return nil
		}
		x := f(st)
		return &x
	}
	errStyle := pick(func(s *common.Styles) common.Wrap { return s.Err })
	var rows []components.PanelRow
	if err := m.cur().Err; err != nil {
		return append(rows, components.PanelRow{Label: tw.FaultTitle, Text: m.faultText(err), Style: errStyle})
	}
	if a.showing {
		rows = append(rows, components.PanelRow{Label: tw.SolutionLabel, Text: m.stepText()})
		if a.step > 0 {
			rows = append(rows, components.PanelRow{Label: c.Words.LastMove, Text: strconv.Itoa(a.step) + " " + moveTexts(c, m.cur().Problem.Start, a.solution[:a.step])[a.step-1]})
		}
		return rows
	}
	if a.busy == busyAttack && a.pending != game.NoMove {
		rows = append(rows, components.PanelRow{Label: tw.ReplyLabel, Text: tw.Thinking + " " + m.spin.View()})
	} else if v := a.last; v != nil {
		style := (*common.Wrap)(nil)
		if v.verdict == tsume.Escaped || v.verdict == tsume.Perpetual || v.verdict == tsume.Unclear {
			style = errStyle
		}
		label := tw.ReplyLabel
		text := fmt.Sprintf(tw.ReplyTime, v.text, replyTime(v.took))
		if v.verdict == tsume.Solved || v.verdict == tsume.Perpetual {
			label, text = tw.VerdictLabel, v.text
		}
		if text != "" {
			rows = append(rows, components.PanelRow{Label: label, Text: text, Style: style})
		}
	}
	if r := a.result; r != nil {
		// Each part whole: a line breaks between "1 take-backs" and the
		// rest, never inside it.
		bold := pick(func(s *common.Styles) common.Wrap { return s.Bold })
		parts := tw.Result(r, m.pieces)
		tokens := make([]components.Token, len(parts))
		for i, part := range parts {
			if i < len(parts)-1 {
				part += " " // two columns between parts, as on one line
			}
			tokens[i] = components.Token{Text: part, W: bold}
		}
		rows = append(rows, components.PanelRow{Label: tw.ResultLabel, Tokens: tokens})
	}
	if a.hintText != "" {
		style := pick(func(s *common.Styles) common.Wrap { return s.TargetText })
		if a.hintErr {
			style = errStyle
		}
		rows = append(rows, components.PanelRow{Label: tw.HintWord, Text: a.hintText, Style: style})
	} else if a.busy == busyHint {
		rows = append(rows, components.PanelRow{Label: tw.HintWord, Text: m.spin.View()})
	}
	if m.entry.Picking() && a.result == nil {
		what := ""
		if m.entry.Drop != game.NoPieceType {
			what = components.GlyphOnly(m.entry.Drop, c.Pieces) + " (" + c.Words.InHand + ")"
		} else if m.entry.Selected != game.NoSquare {
			what = strings.TrimSpace(components.PieceGlyph(pos.At(m.entry.Selected), c.Pieces)) + " " + components.SquareName(m.entry.Selected, c.Pieces)
		}
		if what != "" {
			rows = append(rows, components.PanelRow{Label: c.Words.Picked, Text: what, Style: pick(func(s *common.Styles) common.Wrap { return s.Picked })})
		}
	}
	switch {
	case m.checking:
		rows = append(rows, components.PanelRow{Label: tw.CheckDone, Text: tw.Checking + " " + m.spin.View()})
	case m.report != nil:
		rows = append(rows, m.reportRows()...)
	}
	return rows
}

// reportRows are the composer's check: the grade and length, then each
// flaw.
func (m *Model) reportRows() []components.PanelRow {
	tw := m.tw()
	r := m.report
	start := m.cur().Problem.Start
	head := tw.CheckGrade[r.Grade%3]
	if r.Length > 0 {
		head += "  " + fmt.Sprintf(tw.MateInN, r.Length)
	}
	rows := []components.PanelRow{{Label: tw.CheckDone, Text: head}}
	moves := func(ply int, ms []game.Move) string {
		// The moves are played at ply (1-based) of the main line.
		p := start
		prev := game.NoMove
		for i := 0; i < ply-1 && i < len(r.Line); i++ {
			p, prev = p.Play(r.Line[i]), r.Line[i]
		}
		out := make([]string, len(ms))
		for i, mv := range ms {
			out[i] = formatMove(m.c, &p, mv, prev)
		}
		return strings.Join(out, " ")
	}
	for _, f := range r.Flaws {
		if s := tw.Flaw(m.c.Words, f, moves, m.pieces); s != "" {
			rows = append(rows, components.PanelRow{Text: "- " + s})
		}
	}
	return rows
}

// formatMove writes mv, played in p after prev, in the app's notation.
func formatMove(c *common.Common, p *game.Position, mv, prev game.Move) string {
	return notation.Format(p, mv, c.Notation, prev)
}

// pieces writes pieces in hand: 歩 歩, P P.
func (m *Model) pieces(ts []game.PieceType) string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = components.GlyphOnly(t, m.c.Pieces)
	}
	return strings.Join(out, " ")
}

// faultText says why an item is no problem, in the screen's language.
func (m *Model) faultText(err error) string {
	var pe *tsume.PositionError
	if errors.As(err, &pe) {
		return m.tw().Fault(m.c.Words, pe)
	}
	return err.Error()
}

// replyTime is how long the defender took, to the millisecond (less than
// one: in microseconds).
func replyTime(d time.Duration) string {
	if d < time.Millisecond {
		return d.Round(time.Microsecond).String()
	}
	return d.Round(time.Millisecond).String()
}

// promptLine is the line under the panel: the entry's (a move being
// typed, the promotion question), or where the cursor is and what to do.
func (m *Model) promptLine(width int) (string, int) {
	c := m.c
	tw := m.tw()
	a := &m.attempt
	if line, x, ok := m.entry.Prompt(c, width); ok && !a.showing {
		return line, x
	}
	var line string
	switch {
	case m.cur().Err != nil:
		line = components.Dimmed(c.Styles, tw.FaultTitle)
	case a.showing:
		line = tw.SolutionKeys
	case a.result != nil:
		line = m.overText()
	case a.over:
		line = tw.AttackEscaped
	case a.escaped:
		line = then(m.entry.Where(c), tw.AttackEscaped)
	default:
		line = then(m.entry.Where(c), tw.Attack)
	}
	return c.Measure.Fit(line, width), -1
}

// helpBar is the keys that do something now: one problem alone has no
// next or previous.
func (m *Model) helpBar() []key.Binding {
	bar := m.keysNow()
	if len(m.set.Items) > 1 {
		return bar
	}
	next, prev := m.keys.Next.Help().Key, m.keys.Prev.Help().Key
	return slices.DeleteFunc(bar, func(b key.Binding) bool { return b.Help().Key == next || b.Help().Key == prev })
}

func (m *Model) keysNow() []key.Binding {
	k, ck := m.keys, m.c.Keys
	a := &m.attempt
	switch {
	case m.cur().Err != nil:
		return []key.Binding{k.Next, k.Prev, ck.Help, k.Leave}
	case a.showing:
		return []key.Binding{k.Step, k.First, k.Last, k.Back, k.Next, k.Prev, ck.Help}
	case a.result != nil || a.over:
		return []key.Binding{k.Next, k.Prev, k.Solution, k.Restart, k.Check, ck.Help, k.Leave}
	}
	if a.escaped {
		return []key.Binding{k.Retry, k.Solution, k.Restart, k.Next, k.Prev, ck.Help, k.Leave, ck.Select, ck.Tray, ck.Type, ck.Flip, ck.Notation}
	}
	return []key.Binding{k.Hint, k.Solution, k.Retry, k.Next, k.Prev, ck.Help, k.Leave, ck.Select, ck.Tray, ck.Type, k.Restart, k.Check, ck.Flip, ck.Notation}
}

// helpGroups are the ? screen's keys.
func (m *Model) helpGroups() [][]key.Binding {
	k, ck := m.keys, m.c.Keys
	// The solution's keys are the board's arrows and a's again: said to
	// be the solution view's, they do not read as a contradiction.
	sol := []key.Binding{k.StepOn, k.StepBack, k.First, k.Last, k.Back}
	for i, b := range sol {
		sol[i] = key.NewBinding(key.WithKeys(b.Keys()...), key.WithHelp(b.Help().Key, m.tw().InSolution+b.Help().Desc))
	}
	return [][]key.Binding{
		{ck.Up, ck.Down, ck.Left, ck.Right, ck.Select, ck.Cancel, ck.Tray, ck.Type},
		{k.Hint, k.Solution, k.Retry, k.Restart, k.Next, k.Prev, k.Check},
		sol,
		{ck.Flip, ck.Notation, ck.Copy, ck.CopySFEN, ck.Help, k.Leave, ck.QuitPlain},
	}
}

// then puts text after where: the cursor's square alone ends in a space;
// a picked piece's or the hand's hint is a sentence, kept apart.
func then(where, text string) string {
	if strings.HasSuffix(ansi.Strip(where), " ") {
		return where + text
	}
	return where + "  " + text
}
