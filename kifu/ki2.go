package kifu

import (
	"errors"
	"fmt"
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
		m, ok := parseKI2Plain(p, text, b.prev())
		var err error
		if !ok {
			m, err = notation.Parse(p, text, notation.KI2, b.prev())
		}
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

// parseKI2Plain reads the common KI2 moves — a square or 同, a piece,
// then nothing, 成, 不成 or 打 — with the rules notation.Parse follows for
// them, without its general scanning: ok is false for anything else (a
// direction mark such as 右 or 上, other spellings) and for text that does
// not name exactly one legal move, which notation.Parse then reads or
// explains.
func parseKI2Plain(p *game.Position, text string, prev game.Move) (m game.Move, ok bool) {
	var to game.Square
	if rest, same := strings.CutPrefix(text, "同"); same {
		if prev == game.NoMove {
			return game.NoMove, false
		}
		to, text = prev.To(), trimLeftJP(rest)
	} else {
		f, n := fullWidthDigit(text)
		r, n2 := kanjiRank(text[n:])
		if f == 0 || r == 0 {
			return game.NoMove, false
		}
		to, text = game.NewSquare(f, r), text[n+n2:]
	}
	var t game.PieceType
	for _, name := range [...]string{"成香", "成桂", "成銀"} {
		if strings.HasPrefix(text, name) {
			t, text = pieceNames[name], text[len(name):]
			break
		}
	}
	if t == game.NoPieceType {
		r, size := utf8.DecodeRuneInString(text)
		if t = pieceByRune(r); t == game.NoPieceType {
			return game.NoMove, false
		}
		text = text[size:]
	}
	promote, noPromote, drop := false, false, false
	switch text {
	case "":
	case "成":
		promote = true
	case "不成":
		noPromote = true
	case "打":
		drop = true
	default:
		return game.NoMove, false
	}
	c := p.SideToMove()
	found := game.NoMove
	n := 0
	try := func(m game.Move) {
		if p.IsLegal(m) {
			found = m
			n++
		}
	}
	if !drop {
		// The squares a piece of kind t could come from are those such a
		// piece of the other side would attack from the destination.
		from := game.AttacksFrom(game.NewPiece(c.Other(), t), to, p.Occupied()).And(p.Pieces(c, t))
		for from.Count() > 0 {
			o := from.Pop()
			must := game.MustPromote(c, t, to)
			can := game.CanPromoteMove(c, t, o, to)
			switch {
			case promote || must && !noPromote:
				try(p.NewMove(o, to, true))
			case noPromote || !can:
				try(p.NewMove(o, to, false))
			default: // a promotion KI2 should have said yes or no to
				return game.NoMove, false
			}
		}
		if n > 0 {
			if n > 1 {
				return game.NoMove, false
			}
			return found, true
		}
	}
	// Without 打 the piece in hand is meant only when no board piece can
	// go (as notation.Parse decides).
	if !promote && !noPromote && t >= game.Pawn && t <= game.Gold && p.Hand(c, t) > 0 {
		try(game.NewDrop(game.NewPiece(c, t), to))
	}
	if n != 1 {
		return game.NoMove, false
	}
	return found, true
}

// fullWidthDigit reads a file written １ to ９.
func fullWidthDigit(s string) (int, int) {
	r, size := utf8.DecodeRuneInString(s)
	if r >= '１' && r <= '９' {
		return int(r-'１') + 1, size
	}
	return 0, 0
}

// kanjiRank reads a rank written 一 to 九.
func kanjiRank(s string) (int, int) {
	if d, n := digitValue(s); n > 1 && (s[0] < '0' || s[0] > '9') {
		if r, _ := utf8.DecodeRuneInString(s); r < '１' || r > '９' {
			return d, n
		}
	}
	return 0, 0
}

// writeKI2 writes r as KI2.
func writeKI2(b *strings.Builder, r *Record, enc Encoding) {
	if enc == UTF8 {
		b.WriteString("#KI2 version=2.0 encoding=UTF-8\n")
	}
	writeJPHeaders(b, r)
	writeStart(b, r)
	writeComment(b, r.Root.Comment(), "*")
	writeBookmark(b, r.Root)
	prevText := "" // the last move written on the current line, for padding
	var line func(first *Node, pos game.Position, skipFirstSiblings bool)
	line = func(first *Node, pos game.Position, skipFirstSiblings bool) {
		var nodes []*Node
		var starts []game.Position
		onLine := 0
		prev := lastMove(first.Parent)
		for n := first; ; n = n.FirstChild() {
			nodes = append(nodes, n)
			starts = append(starts, pos)
			if n.Ending != NoEnding {
				if onLine > 0 {
					b.WriteByte('\n')
					onLine = 0
				}
				b.WriteString(ki2Summary(n, n.Ply-1, pos.SideToMove()))
				b.WriteByte('\n')
				writeComment(b, n.Comment(), "*")
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
				if onLine == 6 || comment != "" || n.Bookmark() != "" || n.FirstChild() == nil {
					b.WriteByte('\n')
					onLine = 0
				}
				writeComment(b, comment, "*")
				writeBookmark(b, n)
				prev = n.Move
				pos = playSafe(&pos, n.Move)
			}
			if n.FirstChild() == nil {
				break
			}
		}
		eachVariation(first, nodes[len(nodes)-1], skipFirstSiblings, func(back int, alt *Node) {
			fmt.Fprintf(b, "\n変化：%d手\n", alt.Ply)
			line(alt, starts[len(starts)-1-back], true)
		})
	}
	if r.Root.FirstChild() != nil {
		line(r.Root.FirstChild(), r.Start, false)
	}
}
