package tsume

import (
	"shogi/tui/common"
	"shogi/tui/components"
	"shogi/tui/components/entry"

	"shogi/game"
)

// scene is what the training screens draw of a position: the board and
// both hands, the last move, the person's entry while they may move,
// and a suggested move (a hint) marked as a picked piece and its square.
type scene struct {
	pos  game.Position
	last game.Move
	flip bool
	// entry is the person's move entry while they may move (nil: the
	// board is only shown).
	entry *entry.Entry
	hint  game.Move
}

// drawScene puts the board and the hands of sc where l says.
func drawScene(c *common.Common, cv *components.Canvas, l components.ScreenLayout, sc scene) {
	bo := components.BoardOpts{Style: c.Pieces, Size: l.Geom.Size, Flip: sc.flip, Cursor: game.NoSquare,
		Selected: game.NoSquare, Last: sc.last, Check: game.NoSquare, Styles: c.Styles}
	if sc.entry != nil {
		sc.entry.Board(&bo, true)
	}
	if hm := sc.hint; hm != game.NoMove && bo.Targets == nil {
		var to components.SquareSet
		to[hm.To()] = true
		bo.Targets = &to
		if !hm.IsDrop() {
			bo.Selected = hm.From()
		}
	}
	if sc.pos.InCheck() {
		bo.Check = sc.pos.KingSquare(sc.pos.SideToMove())
		bo.Checkers = sc.pos.Checkers()
	}
	cv.Block(l.Board.X, l.Board.Y, l.Geom.W, components.RenderBoard(&sc.pos, bo))
	for _, col := range []game.Color{game.Black, game.White} {
		r := l.Hands[handPlace(sc.flip, col)]
		lines, _ := renderHand(c, &sc.pos, col, l, sc.flip, sc.entry)
		cv.Block(r.X, r.Y, r.W, lines)
	}
}

// handPlace is where c's hand is drawn: 0 at the top, 1 at the bottom.
func handPlace(flip bool, c game.Color) int {
	top := game.White
	if flip {
		top = game.Black
	}
	if c == top {
		return 0
	}
	return 1
}

// renderHand draws side col's hand where l puts it, with the entry's
// highlight (nil: none) on the mover's; it returns where each kind is
// drawn, for clicks.
func renderHand(c *common.Common, pos *game.Position, col game.Color, l components.ScreenLayout, flip bool, e *entry.Entry) ([]string, []components.HandSpan) {
	o := components.HandOpts{Style: c.Pieces, ToMove: e != nil && pos.SideToMove() == col, Cursor: game.NoPieceType,
		Picked: game.NoPieceType, Styles: c.Styles, M: c.Measure, W: c.Words, Ascii: c.ASCII}
	if e != nil && col == pos.SideToMove() {
		e.Hand(&o)
	}
	r := l.Hands[handPlace(flip, col)]
	if l.Trays {
		return components.RenderTray(pos, col, o, r.W)
	}
	line, spans := components.RenderHandLine(pos, col, o, r.W)
	return []string{c.Measure.Fit(line, r.W)}, spans
}

// screenLayout is the training screens' arrangement: the play screen's,
// with a prompt, a status of one line (two on the large screens) and the
// keys under it.
func screenLayout(c *common.Common) components.ScreenLayout {
	footer := 3
	if components.ChooseLayout(c.Width, c.Height, c.Pieces) != components.LayoutCompact {
		footer = 4
	}
	return components.NewLayout(c.Width, c.Height, c.Pieces, footer)
}

// click reads a left click at x, y on a screen drawn with l as move entry
// for side, whose hand has pos's pieces: on a square, the cursor moved
// there and enter; on a kind in the hand, a pick for a drop. ok is false
// for a click on neither.
func click(c *common.Common, e *entry.Entry, at entry.At, l components.ScreenLayout, flip bool, pos *game.Position, side game.Color, x, y int) (ch entry.Chosen, ok bool) {
	if l.Board.Contains(x, y) {
		sq := l.Geom.SquareAt(x-l.Board.X, y-l.Board.Y, flip)
		if sq == game.NoSquare {
			return ch, false
		}
		e.Cursor = sq
		e.Tray, e.Typing = false, false
		return e.Square(c, at, sq), true
	}
	r := l.Hands[handPlace(flip, side)]
	if !r.Contains(x, y) {
		return ch, false
	}
	_, spans := renderHand(c, pos, side, l, flip, e)
	for _, s := range spans {
		if y-r.Y == s.Row && x-r.X >= s.Start && x-r.X < s.End {
			ch = e.PickDrop(at, s.T)
		}
	}
	return ch, true
}
