package notation

import "shogi/game"

// resolve finds the one legal move that sp describes in p, or says why
// there is none or more than one.
func resolve(p *game.Position, sp spec, prev game.Move) (game.Move, error) {
	c := p.SideToMove()
	if sp.color >= 0 && game.Color(sp.color) != c {
		return game.NoMove, &IllegalError{Text: sp.text, Err: &game.IllegalMoveError{Move: game.NoMove, Rule: game.RuleWrongSide}}
	}
	to := sp.to
	if sp.same {
		if prev == game.NoMove || (to.Valid() && to != prev.To()) {
			return game.NoMove, &SameSquareError{Text: sp.text, Prev: prev}
		}
		to = prev.To()
	}

	// Board pieces that could reach the square, ignoring pins.
	var buf [40]game.Square
	origins := buf[:0]
	if sp.from.Valid() {
		pc := p.At(sp.from)
		switch {
		case pc == game.NoPiece && sp.piece == game.NoPieceType:
			return game.NoMove, sp.rule(game.NewBoardMove(sp.from, to, game.NoPiece, p.At(to), false), game.RuleNoPiece)
		case pc != game.NoPiece && pc.Color() != c:
			return game.NoMove, sp.rule(p.NewMove(sp.from, to, false), game.RuleNotYourPiece)
		case pc == game.NoPiece || !sp.kindMatches(pc.Type()):
			return game.NoMove, &NoPieceError{Text: sp.text, Color: c, Piece: sp.piece, From: sp.from, To: to}
		}
		if !p.Attacks(sp.from, to) {
			return game.NoMove, sp.illegal(p, p.NewMove(sp.from, to, false))
		}
		origins = append(origins, sp.from)
	} else if sp.drop != yes {
		for s := game.Square(0); s < game.NumSquares; s++ {
			pc := p.At(s)
			if pc != game.NoPiece && pc.Color() == c && sp.kindMatches(pc.Type()) && p.Attacks(s, to) {
				origins = append(origins, s)
			}
		}
	}
	marked := sp.v != 0 || sp.h != 0 || sp.arrow
	if marked {
		origins = sp.filterMarks(c, to, origins)
	}

	var mbuf [80]game.Move
	cands := mbuf[:0]
	for _, from := range origins {
		t := p.At(from).Type()
		must := game.MustPromote(c, t, to)
		can := game.CanPromoteMove(c, t, from, to)
		switch {
		case sp.after:
			cands = append(cands, p.NewMove(from, to, sp.piece != t))
		case sp.promote == yes:
			cands = append(cands, p.NewMove(from, to, true))
		case sp.promote == no:
			cands = append(cands, p.NewMove(from, to, false))
		case must:
			cands = append(cands, p.NewMove(from, to, true))
		case can && sp.style.marksPromotion():
			cands = append(cands, p.NewMove(from, to, true), p.NewMove(from, to, false))
		default:
			cands = append(cands, p.NewMove(from, to, false))
		}
	}
	nBoard := len(cands)
	if sp.drop != no && !sp.from.Valid() && !marked && sp.promote != yes &&
		sp.piece >= game.Pawn && sp.piece <= game.Gold && to.Valid() &&
		(sp.drop == yes || p.Hand(c, sp.piece) > 0) {
		cands = append(cands, game.NewDrop(game.NewPiece(c, sp.piece), to))
	}

	var lbuf [80]game.Move
	legal := lbuf[:0]
	var firstIllegal error
	legalBoard := 0
	for i, m := range cands {
		if err := p.CheckMove(m); err != nil {
			if firstIllegal == nil {
				firstIllegal = err
			}
			continue
		}
		if i < nBoard {
			legalBoard++
		}
		legal = append(legal, m)
	}
	// Without 打 a Japanese text means the board piece when one can go.
	if sp.drop == unsaid && legalBoard > 0 && len(legal) > legalBoard {
		legal = legal[:legalBoard]
	}
	switch {
	case len(legal) == 1:
		return legal[0], nil
	case len(legal) > 1:
		e := &AmbiguousError{Text: sp.text, Style: sp.style, Candidates: append([]game.Move(nil), legal...)}
		for _, m := range legal {
			e.Texts = append(e.Texts, Format(p, m, sp.style, prev))
		}
		return game.NoMove, e
	case firstIllegal != nil:
		ie := firstIllegal.(*game.IllegalMoveError)
		if nBoard == 0 && sp.drop != yes && ie.Rule == game.RuleOccupied {
			// No board piece reaches the square; the text did not say
			// "drop", so the piece in hand is not what it meant.
			return game.NoMove, &NoPieceError{Text: sp.text, Color: c, Piece: sp.piece, From: sp.from, To: to, InHand: true}
		}
		return game.NoMove, &IllegalError{Text: sp.text, Err: ie}
	}
	return game.NoMove, &NoPieceError{Text: sp.text, Color: c, Piece: sp.piece, From: sp.from, To: to}
}

func (sp *spec) rule(m game.Move, r game.Rule) error {
	return &IllegalError{Text: sp.text, Err: &game.IllegalMoveError{Move: m, Rule: r}}
}

func (sp *spec) illegal(p *game.Position, m game.Move) error {
	err := p.CheckMove(m)
	ie, ok := err.(*game.IllegalMoveError)
	if !ok {
		ie = &game.IllegalMoveError{Move: m, Rule: game.RuleCannotReach}
	}
	return &IllegalError{Text: sp.text, Err: ie}
}

// kindMatches reports whether a board piece of type t is the piece the
// text names. CSA names the piece after the move, so a silver matches 全.
func (sp *spec) kindMatches(t game.PieceType) bool {
	switch {
	case sp.piece == game.NoPieceType:
		return true
	case sp.after:
		return t == sp.piece || (t.CanPromote() && t.Promote() == sp.piece)
	}
	return t == sp.piece
}

// filterMarks keeps the origins whose move fits the marks: 上 引 寄 and
// 直 by the direction of travel, 右 左 by the side the piece comes from
// (for a dragon or horse, compared with the other such piece), an arrow by
// its direction.
func (sp *spec) filterMarks(c game.Color, to game.Square, origins []game.Square) []game.Square {
	all := append([]game.Square(nil), origins...)
	out := origins[:0]
	for _, o := range all {
		h, v := travel(c, o, to)
		if sp.arrow && (h != sp.ah || v != sp.av) {
			continue
		}
		switch sp.v {
		case 1, -1:
			if v != sp.v {
				continue
			}
		case 2:
			if v != 0 {
				continue
			}
		}
		if sp.h == '直' && (h != 0 || v != 1) {
			continue
		}
		if sp.h == '右' || sp.h == '左' {
			want := -1 // 右: comes from the right, so travels left
			if sp.h == '左' {
				want = 1
			}
			if h != want && !(h == 0 && sp.ranged() && sp.otherSide(c, to, all, o, v, -want)) {
				continue
			}
		}
		out = append(out, o)
	}
	return out
}

func (sp *spec) ranged() bool { return sp.piece == game.Dragon || sp.piece == game.Horse }

// otherSide reports whether another origin in the same vertical direction
// as o travels with horizontal direction h: a dragon arriving straight is
// 右 when the other comes from its left.
func (sp *spec) otherSide(c game.Color, to game.Square, all []game.Square, o game.Square, v, h int) bool {
	for _, x := range all {
		if x == o {
			continue
		}
		xh, xv := travel(c, x, to)
		if xv == v && xh == h {
			return true
		}
	}
	return false
}
