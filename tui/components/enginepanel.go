package components

import (
	"fmt"
	"strconv"
	"strings"

	"shogi/tui/common"

	"shogi/game"
	"shogi/game/engine"
	"shogi/game/notation"
	"shogi/kifu"
)

// EngineReport is what a program said about a position: who, whether it
// is still thinking, and its merged report (depth, score, speed, line).
// pos is the position the report is about (the one it was asked to move
// in), prev the move that led to it, for 同 in the line.
type EngineReport struct {
	Name     string
	Side     game.Color // the side the program plays
	Thinking bool
	Info     *engine.Info
	Pos      game.Position
	Prev     game.Move
}

// RenderEngine draws the thinking panel in w×h, every line w columns:
//
//	Fairy-Stockfish 11.1 LB 64  思考中
//	評価値  +235 先手有望
//	読み筋  ▲７六歩 △３四歩 ▲２六歩 △８四歩 …
//	深さ    12/18  1.2M局面/秒
//
// The score is turned to Black's side, as records give it, and says whom
// it favours; a mate is 詰み N手 for the side that mates. The line is in
// the move list's notation. What does not fit is left out from the
// bottom, the line first wrapped to at most two lines.
func RenderEngine(c *common.Common, r EngineReport, w, h int) []string {
	if w <= 0 || h <= 0 {
		return nil
	}
	wd := c.Words
	st := c.Styles
	// A long name (gpsshogi's holds its version and date) gives way to
	// the word saying it thinks.
	var tail string
	if r.Thinking {
		tail = "  " + wd.ThinkingWord
	}
	head := c.Measure.Truncate(r.Name, max(w-c.Measure.Width(tail), 1)) + tail
	if st != nil {
		head = st.Bold.Render(c.Measure.Truncate(head, w))
	}
	out := []string{c.Measure.Fit(head, w)}
	in := r.Info
	if in == nil || h == 1 {
		return out
	}
	var rows []PanelRow
	if in.HasScore {
		rows = append(rows, PanelRow{Label: wd.Score, Text: ScoreText(c, *in, r.Pos.SideToMove())})
	}
	if len(in.PV) > 0 {
		rows = append(rows, PanelRow{Label: wd.Pv, Text: pvText(c, r.Pos, r.Prev, in.PV)})
	}
	var search []string
	if in.Depth > 0 {
		d := strconv.Itoa(in.Depth)
		if in.SelDepth > 0 {
			d += "/" + strconv.Itoa(in.SelDepth)
		}
		search = append(search, d)
	}
	if in.NPS > 0 {
		search = append(search, fmt.Sprintf(wd.Nps, SiCount(in.NPS)))
	} else if in.Nodes > 0 {
		search = append(search, fmt.Sprintf(wd.Nodes, SiCount(in.Nodes)))
	}
	if len(search) > 0 {
		rows = append(rows, PanelRow{Label: wd.Depth, Text: strings.Join(search, "  "), Style: dimStyle(st)})
	}
	// The line (読み筋) gets at most two lines of the value column.
	labelW := 0
	for _, r := range rows {
		labelW = max(labelW, c.Measure.Width(r.Label))
	}
	if vw := w - labelW - 2; vw > 0 {
		for i := range rows {
			if rows[i].Label != wd.Pv {
				continue
			}
			pl := WrapText(c.Measure, rows[i].Text, vw)
			if len(pl) > 2 {
				pl = []string{pl[0], c.Measure.Truncate(pl[1], vw-2) + " …"}
			}
			rows[i].Text = strings.Join(pl, "\n")
		}
	}
	out = append(out, RenderPanel(rows, w, h-1, st, c.Measure)...)
	return out
}

func dimStyle(st *common.Styles) *common.Wrap {
	if st == nil {
		return nil
	}
	return &st.Dim
}

// ScoreText writes a score given from mover's side as Black's, with the
// situation's word records write for it (ShogiHome's steps): +235 先手有望,
// −80 互角, −1731 White winning; a mate: 詰み 7手 ▲先手.
func ScoreText(c *common.Common, in engine.Info, mover game.Color) string {
	w := c.Words
	v := in.Score.Value
	if mover == game.White {
		v = -v
	}
	if in.Score.Mate {
		winner := game.Black
		if v < 0 {
			winner = game.White
		}
		n := abs(v)
		if n >= engine.MateUnknown {
			return fmt.Sprintf(w.MateUnknown, c.Side(winner))
		}
		if in.Score.Value == 0 {
			return fmt.Sprintf(w.MatedNow, c.Side(mover.Other()))
		}
		return fmt.Sprintf(w.MateIn, n, c.Side(winner))
	}
	return fmt.Sprintf("%+d", v) + " " + w.Situation[kifu.SituationOf(v).Index()]
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// pvText writes a line in the move list's notation from pos, as far as it
// holds, at most pvMoves moves.
func pvText(c *common.Common, pos game.Position, prev game.Move, pv []game.Move) string {
	const pvMoves = 12
	var b strings.Builder
	for i, mv := range pv {
		if i == pvMoves {
			b.WriteString(" …")
			break
		}
		if !pos.IsLegal(mv) {
			break
		}
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(notation.Format(&pos, mv, c.Notation, prev))
		pos, prev = pos.Play(mv), mv
	}
	return b.String()
}

// SiCount writes a count as 950, 12k, 1.2M.
func SiCount(n uint64) string {
	switch {
	case n >= 10_000_000:
		return strconv.FormatUint(n/1_000_000, 10) + "M"
	case n >= 1_000_000:
		return strconv.FormatFloat(float64(n)/1e6, 'f', 1, 64) + "M"
	case n >= 10_000:
		return strconv.FormatUint(n/1000, 10) + "k"
	}
	return strconv.FormatUint(n, 10)
}
