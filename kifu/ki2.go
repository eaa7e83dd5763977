package kifu

import (
	"errors"
	"strings"
	"unicode/utf8"

	"shogi/game"
	"shogi/game/notation"
)

// KI2: the KIF headers, then moves in Japanese notation several to a line
// (`▲７六歩    △３四歩`), `*` comments, `変化：N手` branches, and the ending
// only as the closing `まで…` line.

var sideMarks = []string{"▲", "△", "☗", "☖"}

func isKI2MoveLine(t string) bool {
	for _, m := range sideMarks {
		if strings.HasPrefix(t, m) {
			return true
		}
	}
	return false
}

// readKI2MoveLine reads every move on a line.
func readKI2MoveLine(b *builder, t string) error {
	for t != "" {
		r, size := utf8.DecodeRuneInString(t)
		mark := game.Black
		switch r {
		case '▲', '☗':
		case '△', '☖':
			mark = game.White
		default:
			return b.errorf(b.cur.Ply+1, "cannot read %q: a move starts with ▲ or △", clip(t))
		}
		t = t[size:]
		end := len(t)
		for _, m := range sideMarks {
			if i := strings.Index(t, m); i >= 0 && i < end {
				end = i
			}
		}
		text := strings.TrimRight(t[:end], " 　\t")
		t = t[end:]
		if err := b.canMove(); err != nil {
			return err
		}
		p := b.position()
		ply := b.cur.Ply + 1
		if mark != p.SideToMove() {
			return b.errorf(ply, "%q is a move for %s, but %s is to move", text, mark.Japanese(), p.SideToMove().Japanese())
		}
		if !isMoveStart(text) {
			e, word := endingFromKIF(text, p.SideToMove())
			if e == NoEnding || e == OtherEnding && !isJapaneseWord(word) {
				return b.errorf(ply, "cannot read move %q", clip(text))
			}
			if _, err := b.end(e, word); err != nil {
				return err
			}
			continue
		}
		m, err := notation.Parse(p, text, notation.KI2, b.prev())
		if err != nil {
			var ill *notation.IllegalError
			switch {
			case errors.As(err, &ill) && ill.Err != nil:
				m = ill.Err.Move // checked again by play, which keeps it only for a marked foul
			case strings.HasSuffix(text, ")"):
				// A KIF move with its origin, as this package writes a kept foul.
				var kerr error
				if m, kerr = parseKIFMove(p, text, b.prev()); kerr != nil {
					return b.errorf(ply, "%v", err)
				}
			default:
				return b.errorf(ply, "%v", err)
			}
		}
		if err := b.play(m); err != nil {
			return err
		}
	}
	return nil
}

// writeKI2 writes r as KI2.
func writeKI2(b *strings.Builder, r *Record, enc Encoding) {
	if enc == UTF8 {
		b.WriteString("#KI2 version=2.0 encoding=UTF-8\n")
	}
	writeJPHeaders(b, r)
	writeStart(b, r)
	writeComment(b, r.Root.Comment, "*")
	writeBookmark(b, r.Root)
	prevText := "" // the last move written on the current line, for padding
	var line func(first *Node, pos game.Position, skipFirstSiblings bool)
	line = func(first *Node, pos game.Position, skipFirstSiblings bool) {
		var nodes []*Node
		var starts []game.Position
		onLine := 0
		prev := lastMove(first.Parent)
		for n := first; ; n = n.Children[0] {
			nodes = append(nodes, n)
			starts = append(starts, pos)
			if n.Ending != NoEnding {
				if onLine > 0 {
					b.WriteByte('\n')
					onLine = 0
				}
				b.WriteString(ki2Summary(n, n.Ply-1, pos.SideToMove()))
				b.WriteByte('\n')
				writeComment(b, n.Comment, "*")
				writeBookmark(b, n)
			} else {
				mark := "▲"
				if n.Move.Color() == game.White {
					mark = "△"
				}
				var text string
				if pos.IsLegal(n.Move) {
					text = notation.Format(&pos, n.Move, notation.KI2, prev)
					text = strings.TrimLeft(text, "▲△☗☖")
				} else {
					text = kifMove(n.Move, prev) // a kept foul, with its origin so it reads back
				}
				if onLine > 0 {
					b.WriteString(strings.Repeat(" ", max(1, 12-displayWidth(prevText))))
				}
				b.WriteString(mark + text)
				prevText = mark + text
				onLine++
				comment := commentFor(n, KI2, func() game.Position { return playSafe(&pos, n.Move) })
				if onLine == 6 || comment != "" || n.Bookmark != "" || len(n.Children) == 0 {
					b.WriteByte('\n')
					onLine = 0
				}
				writeComment(b, comment, "*")
				writeBookmark(b, n)
				prev = n.Move
				pos = playSafe(&pos, n.Move)
			}
			if len(n.Children) == 0 {
				break
			}
		}
		writeVariations(b, nodes, skipFirstSiblings, func(i int, alt *Node) { line(alt, starts[i], true) })
	}
	if len(r.Root.Children) > 0 {
		line(r.Root.Children[0], r.Start, false)
	}
}
