package components

import (
	"strings"

	"shogi/tui/common"
)

// token is a piece of panel text with its own style (a square in the
// target tint, the check in red); nil style is plain.
type Token struct {
	Text string
	W    *common.Wrap
}

// panelRow is one labelled entry of the info panel: its value is tokens
// (kept whole, wrapped between them) or plain text (wrapped at spaces, or
// anywhere in Japanese).
type PanelRow struct {
	Label  string
	Tokens []Token
	Text   string
	Style  *common.Wrap // the style of text, or nil
}

// renderPanel draws labelled rows in w×h, labels in one column, values
// wrapped under their own column; what does not fit ends with a line
// saying so. Every line is exactly w columns:
//
//	前の手    22 △８八銀
//	王手      △８八銀 → ▲７七玉
//	選択中    玉 ７七
//	行ける所  ８六 ６六 ６七 ７八
func RenderPanel(rows []PanelRow, w, h int, st *common.Styles, m common.Measure) []string {
	if w <= 0 || h <= 0 {
		return nil
	}
	labelW := 0
	for _, r := range rows {
		labelW = max(labelW, m.Width(r.Label))
	}
	if labelW > 0 {
		labelW += 2
	}
	if labelW > w/3 {
		labelW = 0 // too narrow for a label column: labels take their own line width
	}
	valW := max(w-labelW, 1)
	var out []string
	for _, r := range rows {
		label := r.Label
		lw := labelW
		if lw == 0 && label != "" {
			lw = m.Width(label) + 1
		}
		var lines []string
		vw := max(w-lw, 1)
		if labelW > 0 {
			vw = valW
		}
		if len(r.Tokens) > 0 {
			lines = wrapTokens(r.Tokens, vw, m)
		} else {
			for _, para := range strings.Split(r.Text, "\n") {
				for _, l := range WrapText(m, para, vw) {
					if r.Style != nil {
						l = r.Style.Render(l)
					}
					lines = append(lines, l)
				}
			}
		}
		for i, l := range lines {
			head := strings.Repeat(" ", lw)
			if i == 0 && label != "" {
				head = m.Pad(label, lw)
				if st != nil {
					head = st.Dim.Render(head)
				}
			}
			out = append(out, m.Fit(head+l, w))
		}
	}
	if len(out) > h {
		out = out[:h]
	}
	return out
}

// wrapTokens lays tokens out on lines of at most w columns, one space
// apart, never splitting a token (a token wider than a line is cut).
func wrapTokens(ts []Token, w int, m common.Measure) []string {
	var out []string
	var b strings.Builder
	used := 0
	for _, t := range ts {
		tw := m.Width(t.Text)
		if used > 0 && used+1+tw > w {
			out = append(out, b.String())
			b.Reset()
			used = 0
		}
		if used > 0 {
			b.WriteByte(' ')
			used++
		}
		text := t.Text
		if tw > w-used {
			text = m.Truncate(text, w-used)
			tw = m.Width(text)
		}
		if t.W != nil {
			text = t.W.Render(text)
		}
		b.WriteString(text)
		used += tw
	}
	if used > 0 || len(out) == 0 {
		out = append(out, b.String())
	}
	return out
}

// wrapText cuts plain text into lines of at most w columns, breaking at a
// space where there is one and anywhere in Japanese text.
func WrapText(m common.Measure, text string, w int) []string {
	if w <= 0 {
		return nil
	}
	var out []string
	for m.Width(text) > w {
		cut := m.Truncate(text, w)
		if i := strings.LastIndexByte(cut, ' '); i > 0 && len(cut) < len(text) && text[len(cut)] != ' ' {
			cut = cut[:i]
		}
		if cut == "" {
			break // a character wider than the line
		}
		out = append(out, strings.TrimRight(cut, " "))
		text = strings.TrimLeft(text[len(cut):], " ")
	}
	return append(out, text)
}
