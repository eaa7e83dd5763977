package notation

import "shogi/game"

// travel returns the direction a piece of colour c goes from→to, as its
// owner sees the board: h is +1 rightward, -1 leftward; v is +1 forward
// (toward the enemy), -1 back. Both are 0 when there is no such component.
func travel(c game.Color, from, to game.Square) (h, v int) {
	dx := from.File() - to.File() // Black's right is file 1
	dy := from.Rank() - to.Rank() // Black's forward is rank 1
	if c == game.White {
		dx, dy = -dx, -dy
	}
	return sign(dx), sign(dy)
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// rivals appends to dst the squares of the other pieces of m's kind and
// colour that could reach m's destination, ignoring pins, as ShogiHome and
// lishogi count them. For a drop every such board piece is a rival.
func rivals(p *game.Position, m game.Move, dst []game.Square) []game.Square {
	pc, to, from := m.Piece(), m.To(), m.From()
	for s := game.Square(0); s < game.NumSquares; s++ {
		if s != from && p.At(s) == pc && p.Attacks(s, to) {
			dst = append(dst, s)
		}
	}
	return dst
}

// mark is the Japanese disambiguation of a move: which way it comes from
// (右, 左, 直), which way it goes (上, 引, 寄), and 打 for a drop.
type mark struct {
	h    rune // '右', '左', '直' or 0
	v    rune // '上', '引', '寄' or 0
	drop bool // 打
}

func (k mark) empty() bool { return k.h == 0 && k.v == 0 && !k.drop }

// japaneseMark decides the marks the way ShogiHome does: a side mark (右,
// 左, or 直 for a straight step forward) when a rival goes the same way
// vertically, a vertical mark when a rival comes from the same side (or
// when no side mark was needed). A dragon's or horse's 右/左 compares the
// two pieces, since such a piece can also arrive straight.
func japaneseMark(p *game.Position, m game.Move) mark {
	var buf [16]game.Square
	others := rivals(p, m, buf[:0])
	if len(others) == 0 {
		return mark{}
	}
	if m.IsDrop() {
		return mark{drop: true}
	}
	c, to := m.Color(), m.To()
	t := m.Piece().Type()
	myH, myV := travel(c, m.From(), to)
	var k mark
	sameV, sameH := false, false
	firstH := 0
	for _, o := range others {
		h, v := travel(c, o, to)
		if v == myV {
			if !sameV {
				firstH = h
			}
			sameV = true
		}
		if h == myH {
			sameH = true
		}
	}
	noV := false
	if sameV {
		if t == game.Horse || t == game.Dragon {
			switch {
			case myH < 0 || (myH == 0 && firstH > 0):
				k.h = '右'
			case myH > 0 || (myH == 0 && firstH < 0):
				k.h = '左'
			}
		} else {
			switch myH {
			case -1:
				k.h = '右'
			case 0:
				k.h = '直'
				noV = true
			case 1:
				k.h = '左'
			}
		}
	}
	if !noV && (sameH || !sameV) {
		switch myV {
		case -1:
			k.v = '引'
		case 0:
			k.v = '寄'
		case 1:
			k.v = '上'
		}
	}
	return k
}
