package explorer

import (
	"fmt"
	"strconv"
	"strings"

	"shogi/app/gamedb"
	"shogi/app/words"
	"shogi/game"
	"shogi/game/notation"
	"shogi/tui/common"
	"shogi/tui/components"
)

// View draws the panel in at most h lines of w columns for the study's
// common state (styles, measure, notation, language); cx, cy is where the
// terminal's cursor goes while a name is typed (cy -1 otherwise):
//
//	棋譜DB  全局                       ↑↓ enter  tab 絞り込み  r 閉じる
//	  指し手   局数  勝/分/負
//	> ▲７六歩    26  #######-----------....  27/ 0/38
//	  ▲２六歩    24  #####=------..........  21/ 4/25
//	76局
//	  2020-11-22 ▲hatuyukiuk △Illya 0-1 0手 居飛車/四間飛車
//
// The moves take up to half the rows when there are games to list; on a
// narrow panel the bar, then the date and the openings, give way.
func (m *Model) View(c *common.Common, w, h int) (lines []string, cx, cy int) {
	cy = -1
	if w <= 0 || h <= 0 {
		return nil, 0, cy
	}
	st, ms := c.Styles, c.Measure
	ew := words.ExplorerWordsFor(c.Lang)
	fit := func(s string) string { return ms.Fit(s, w) }
	title := components.Paint(st, func(s *common.Styles) common.Wrap { return s.Title }, ew.Title) + "  " + m.modeText(ew)
	keys := ew.Keys
	if c.ASCII {
		keys = ""
	}
	head := title
	if keys != "" && ms.Width(title)+2+ms.Width(keys) <= w {
		head = components.Spread(ms, title, components.Dimmed(st, keys), w)
	}
	lines = append(lines, fit(head))
	if m.typing != nil && len(lines) < h {
		text, _, at := m.typing.Render(w, ms)
		cx, cy = at, len(lines)
		lines = append(lines, fit(text))
	}
	if m.note != "" && len(lines) < h {
		lines = append(lines, fit(components.Paint(st, func(s *common.Styles) common.Wrap { return s.Err }, m.note)))
	}
	say := func(text string, err bool) []string {
		for _, l := range components.WrapText(ms, text, w) {
			if len(lines) >= h {
				break
			}
			if err {
				l = components.Paint(st, func(s *common.Styles) common.Wrap { return s.Err }, l)
			} else {
				l = components.Dimmed(st, l)
			}
			lines = append(lines, fit(l))
		}
		return lines
	}
	a, ok := m.current()
	switch {
	case !ok:
		return say(ew.Looking, false), cx, cy
	case a.err != nil && missing(a.err):
		return say(fmt.Sprintf(ew.NoDB, m.opts.Path), false), cx, cy
	case a.err != nil:
		return say(fmt.Sprintf(ew.Cannot, a.err), true), cx, cy
	}
	room := h - len(lines)
	if room <= 0 {
		return lines, cx, cy
	}
	// Rows: the moves (a titles line when two fit), then a line naming
	// the games and the games. The moves take up to half when there are
	// games, the games the rest.
	nm, ng := len(a.moves), len(a.games)
	moveRows, gameRows := 0, 0
	switch {
	case nm == 0 && ng == 0:
		return say(ew.NoGames, false), cx, cy
	case ng == 0:
		moveRows = room
	case nm == 0:
		gameRows = room
	default:
		moveRows = min(nm+1, max(room/2, min(3, room-2), room-ng-1))
		gameRows = room - moveRows
	}
	lines = append(lines, m.moveLines(c, ew, a.moves, w, moveRows)...)
	lines = append(lines, m.gameLines(c, ew, a, w, gameRows)...)
	return lines, cx, cy
}

// window is which of n rows show in rows lines, cur (an index into the
// n, or outside them) kept in view.
func window(n, rows, cur int) (first, shown int) {
	shown = min(n, rows)
	if cur >= shown && cur < n {
		first = cur - shown + 1
	}
	return first, shown
}

// moveLines draws the moves in rows lines: a titles line when at least
// two moves fit under it, then a row a move.
func (m *Model) moveLines(c *common.Common, ew *words.ExplorerWords, moves []gamedb.MoveStat, w, rows int) []string {
	if rows <= 0 {
		return nil
	}
	st, ms := c.Styles, c.Measure
	if len(moves) == 0 {
		return []string{ms.Fit(components.Dimmed(st, ew.NoMoves), w)}
	}
	titles := rows >= min(len(moves), 2)+1
	n := rows
	if titles {
		n--
	}
	texts := make([]string, len(moves))
	pcts := make([]string, len(moves))
	// The win/draw/loss title stands over the bar and the percentages
	// together: as the percentages' own width (13 columns to their 8) it
	// left the bar no room in a panel of 38.
	mw, cw, pctW := ms.Width(ew.Move), ms.Width(ew.Games), 0
	for i, s := range moves {
		texts[i] = notation.Format(&m.pos, s.Move, c.Notation, m.prev)
		pcts[i] = pct(s)
		mw = max(mw, ms.Width(texts[i]))
		cw = max(cw, len(strconv.Itoa(s.Games)))
		pctW = max(pctW, len(pcts[i]))
	}
	// "2  move  count  bar  w/d/l": the bar takes what is left, up to
	// 24 columns, and goes when fewer than 6 are left.
	fixed := 2 + mw + 2 + cw + 2
	bw := min(24, w-fixed-2-pctW)
	showPct := w-fixed >= pctW
	if bw < 6 {
		bw = 0
	}
	var out []string
	if titles {
		t := "  " + ms.Pad(ew.Move, mw) + "  " + padLeft(ms, ew.Games, cw)
		tail := 0 // the columns of the bar and the percentages
		switch {
		case bw > 0 && showPct:
			tail = bw + 2 + pctW
		case bw > 0:
			tail = bw
		case showPct:
			tail = pctW
		}
		if tail >= ms.Width(ew.WDL) {
			t += "  " + padLeft(ms, ew.WDL, tail)
		}
		out = append(out, ms.Fit(components.Dimmed(st, strings.TrimRight(t, " ")), w))
	}
	first, shown := window(len(moves), n, m.cur)
	for i := first; i < first+shown; i++ {
		s := moves[i]
		line := ms.Pad(texts[i], mw) + "  " + padLeft(ms, strconv.Itoa(s.Games), cw)
		if bw > 0 {
			bst := st
			if i == m.cur {
				bst = nil // the chosen row's highlight runs through its bar
			}
			line += "  " + bar(bst, s, bw)
		}
		if showPct {
			line += "  " + padLeft(ms, pcts[i], pctW)
		}
		out = append(out, ms.Fit(mark(st, line, i == m.cur), w))
	}
	return out
}

// mark puts the chosen row's marker before a row.
func mark(st *common.Styles, line string, chosen bool) string {
	if !chosen {
		return "  " + line
	}
	return components.Paint(st, func(s *common.Styles) common.Wrap { return s.Accent }, "> ") +
		components.Paint(st, func(s *common.Styles) common.Wrap { return s.ListCur }, line)
}

// bar draws a move's results for the side to move in w columns of ASCII
// (no ambiguous-width blocks): # wins, = draws, - losses, . unfinished.
func bar(st *common.Styles, s gamedb.MoveStat, w int) string {
	if s.Games <= 0 {
		return strings.Repeat(" ", w)
	}
	cells := func(n int) int { return (n*w + s.Games/2) / s.Games }
	win, draw := cells(s.Wins), cells(s.Draws)
	loss := min(cells(s.Losses), w-win-draw)
	rest := w - win - draw - loss
	return components.Paint(st, func(s *common.Styles) common.Wrap { return s.Accent }, strings.Repeat("#", win)) +
		strings.Repeat("=", draw) +
		components.Dimmed(st, strings.Repeat("-", loss)+strings.Repeat(".", rest))
}

// pct writes the wins, draws and losses as percentages of the games.
func pct(s gamedb.MoveStat) string {
	p := func(n int) int { return (n*100 + s.Games/2) / max(s.Games, 1) }
	return fmt.Sprintf("%d/%d/%d", p(s.Wins), p(s.Draws), p(s.Losses))
}

func padLeft(m common.Measure, s string, n int) string {
	if d := n - m.Width(s); d > 0 {
		return strings.Repeat(" ", d) + s
	}
	return s
}

// gameLines draws the games in rows lines: a line naming how many, then
// a row a game, scrolled to keep the chosen one in view.
func (m *Model) gameLines(c *common.Common, ew *words.ExplorerWords, a *answer, w, rows int) []string {
	if rows <= 0 || len(a.games) == 0 {
		return nil
	}
	ms := c.Measure
	head := fmt.Sprintf(ew.GamesTitle, len(a.games))
	if a.more {
		head = fmt.Sprintf(ew.GamesMore, len(a.games))
	}
	out := []string{ms.Fit(components.Dimmed(c.Styles, head), w)}
	first, shown := window(len(a.games), rows-1, m.cur-len(a.moves))
	for i := first; i < first+shown; i++ {
		line := gameRow(c, a.games[i], w-2, w >= wideGames)
		out = append(out, ms.Fit(mark(c.Styles, line, len(a.moves)+i == m.cur), w))
	}
	return out
}

// wideGames is the panel's width from which the games show their date.
const wideGames = 60

// gameRow writes a game in w columns: the date (when wide), players,
// result, the ply it reached the position, the openings; the same
// columns for every row. Narrow, the names are cut to 12 columns and the
// openings are what the line's end cuts.
func gameRow(c *common.Common, g gamedb.GameAt, w int, wide bool) string {
	ms := c.Measure
	name := func(col game.Color) string {
		n := g.Players[col].Name
		if n == "" {
			n = "-"
		}
		n = SideMark(c, col) + n
		if !wide && ms.Width(n) > 12 {
			n = ms.Truncate(n, 11) + "…"
		}
		return n
	}
	date := g.Date
	if date == "" {
		date = "----------"
	}
	if !wide {
		date = ""
	}
	return strings.Join(nonEmpty(date, name(game.Black), name(game.White), g.Result, plyText(c.Lang, g.Ply), openingText(g.Game)), " ")
}

// plyText is "12手" or "ply 12": where the game reached the position.
func plyText(l words.Lang, ply int) string {
	if l == words.Japanese {
		return strconv.Itoa(ply) + "手"
	}
	return "ply " + strconv.Itoa(ply)
}

// SideMark is ▲ or △ (B: or W: in ASCII): the mark before a side's
// name or openings, in the panel and in the study's header.
func SideMark(c *common.Common, col game.Color) string {
	switch {
	case c.ASCII && col == game.Black:
		return "B:"
	case c.ASCII:
		return "W:"
	case col == game.Black:
		return "▲"
	}
	return "△"
}

// openingText is a game's openings, Black's/White's, and the record's own
// 戦型 after them when it says something else.
func openingText(g *gamedb.Game) string {
	b, w := g.Players[game.Black].Opening, g.Players[game.White].Opening
	var s string
	switch {
	case b != "" && w != "" && b != w:
		s = b + "/" + w
	case b != "":
		s = b
	default:
		s = w
	}
	if g.HeaderOpen != "" && g.HeaderOpen != b && g.HeaderOpen != w {
		s = strings.TrimSpace(s + " (" + g.HeaderOpen + ")")
	}
	return s
}

func nonEmpty(parts ...string) []string {
	var out []string
	for _, p := range parts {
		if p != "" {
			out = append(out, p)
		}
	}
	return out
}
