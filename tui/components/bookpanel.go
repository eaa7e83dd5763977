package components

import (
	"fmt"
	"strings"

	"shogi/tui/common"
)

// BookView is what the book panel draws: a heading (the book that has
// the position, its count), a state in place of the moves (not in the
// book, no books, looking up), the moves as rows of columns, the row
// chosen, and a line for each book that cannot be read.
type BookView struct {
	Head     string
	State    string
	Keys     string  // the panel's keys, right of the heading when there is room
	Titles   BookRow // the columns' titles
	Rows     []BookRow
	Cur      int // the row chosen, -1 for none
	Problems []string
	More     string // "… %d more": problems that do not fit
}

// BookRow is one book move as the panel writes it: the move in the
// screen's notation and its figures, already as text.
type BookRow struct {
	Move, Count, Share, Win, Reply, Comment string
}

// Lines is how many lines v takes without a limit at w columns (a
// problem wraps).
func (v BookView) Lines(w int, m common.Measure) int {
	n := 1
	for _, p := range v.Problems {
		n += len(WrapText(m, p, w))
	}
	if len(v.Rows) > 0 {
		n += 1 + len(v.Rows)
	}
	return n
}

// RenderBook draws v in at most rows lines of w columns. The heading
// comes first; a book that cannot be read keeps a line when there are
// three or more; the moves get the rest, their titles only when at least
// two moves fit under them, scrolled to keep the chosen one in view:
//
//	定跡  games.db  計62回                  ↑↓ 選ぶ  enter 指す  o/esc 閉じる
//	  指し手    回数   割合   勝率  予想応手
//	> ▲７六歩    30  48.4%  45.0%  △３四歩
//	  ▲２六歩    28  45.2%  45.8%
//	  ▲５六歩     4   6.5%  50.0%
//	broken.db を読めません: ファイルがありません
func RenderBook(v BookView, w, rows int, st *common.Styles, m common.Measure) []string {
	if rows <= 0 || w <= 0 {
		return nil
	}
	head := Paint(st, func(s *common.Styles) common.Wrap { return s.Title }, v.Head)
	if v.State != "" {
		head += "  " + Dimmed(st, v.State)
	}
	if v.Keys != "" && m.Width(head)+2+m.Width(v.Keys) <= w {
		head = Spread(m, head, Dimmed(st, v.Keys), w)
	}
	out := []string{m.Fit(head, w)}
	g := v.Geometry(rows)
	cols := bookColumns(v, m)
	if g.Titles {
		out = append(out, m.Fit(Dimmed(st, cols.line(v.Titles, m, false)), w))
	}
	for i := g.First; i < g.First+g.Shown; i++ {
		line := cols.line(v.Rows[i], m, true)
		if i == v.Cur {
			line = Paint(st, func(s *common.Styles) common.Wrap { return s.Accent }, "> ") + Paint(st, func(s *common.Styles) common.Wrap { return s.ListCur }, line)
		} else {
			line = "  " + line
		}
		out = append(out, m.Fit(line, w))
	}
	// Lines the moves did not take go to the problems, each wrapped to
	// be read whole (a file name and the line that broke it); what has
	// no room is counted (More) or, for the last line, cut with "…".
	var lines []string
	var owner []int
	for i, text := range v.Problems {
		for _, l := range WrapText(m, text, w) {
			lines, owner = append(lines, l), append(owner, i)
		}
	}
	room := rows - len(out)
	if len(lines) > room && room > 0 {
		cut := lines[:room]
		shown := owner[room-1] // the problem the last line shown belongs to
		if v.More != "" && shown < len(v.Problems)-1 && room > 1 {
			// The last line says how many problems are left unread.
			first := owner[room-1]
			cut = append(lines[:room-1:room-1], fmt.Sprintf(v.More, len(v.Problems)-first))
		} else {
			cut[room-1] = m.Truncate(cut[room-1], w-1) + "…"
		}
		lines = cut
	}
	for _, l := range lines {
		out = append(out, m.Fit(Paint(st, func(s *common.Styles) common.Wrap { return s.Err }, m.Truncate(l, w)), w))
	}
	return out
}

// BookGeometry is where RenderBook puts the moves in its lines: whether
// the titles' line is drawn, and which rows are shown (First, Shown).
type BookGeometry struct {
	Titles       bool
	First, Shown int
}

// Geometry lays v out in rows lines: the heading; a line kept for a book
// that cannot be read when there are three or more; the moves in the
// rest, under their titles when at least two fit, scrolled to keep the
// chosen one in view.
func (v BookView) Geometry(rows int) BookGeometry {
	room := rows - 1
	if len(v.Problems) > 0 && room >= 2 {
		room--
	}
	var g BookGeometry
	if len(v.Rows) == 0 || room <= 0 {
		return g
	}
	g.Titles = room >= min(len(v.Rows), 2)+1
	g.Shown = min(len(v.Rows), room)
	if g.Titles {
		g.Shown = min(len(v.Rows), room-1)
	}
	if v.Cur >= g.Shown {
		g.First = v.Cur - g.Shown + 1
	}
	return g
}

// RowAt is the move drawn at line i of the panel (0 is the heading).
func (g BookGeometry) RowAt(i int) (int, bool) {
	if g.Titles {
		i--
	}
	i--
	if i < 0 || i >= g.Shown {
		return 0, false
	}
	return g.First + i, true
}

// bookCols are the columns' widths: the move, the figures (right
// aligned) and the reply; the comment takes what is left.
type bookCols struct{ move, count, share, win, reply int }

func bookColumns(v BookView, m common.Measure) bookCols {
	var c bookCols
	for _, r := range append([]BookRow{v.Titles}, v.Rows...) {
		c.move = max(c.move, m.Width(r.Move))
		c.count = max(c.count, m.Width(r.Count))
		c.share = max(c.share, m.Width(r.Share))
		c.win = max(c.win, m.Width(r.Win))
		c.reply = max(c.reply, m.Width(r.Reply))
	}
	return c
}

// line writes a row in the columns; a title row (indent false) carries
// the two columns of the cursor's mark itself.
func (c bookCols) line(r BookRow, m common.Measure, indent bool) string {
	var b strings.Builder
	if !indent {
		b.WriteString("  ")
	}
	b.WriteString(m.Pad(r.Move, c.move))
	for _, f := range []struct {
		text string
		w    int
	}{{r.Count, c.count}, {r.Share, c.share}, {r.Win, c.win}} {
		if f.w > 0 {
			b.WriteString("  " + padLeftW(m, f.text, f.w))
		}
	}
	if c.reply > 0 {
		b.WriteString("  " + m.Pad(r.Reply, c.reply))
	}
	if r.Comment != "" {
		b.WriteString("  " + r.Comment)
	}
	return strings.TrimRight(b.String(), " ")
}
