package bot

import "shogi/game"

// Move ordering. A node's moves come in stages, so that a cut found early
// saves generating the rest: the hash move, captures that do not lose
// material (most valuable victim first), the killers and the counter-move,
// quiet moves by history, and last the captures that lose material.
//
// Drops are most of a shogi position's moves. A drop is ordered by its
// history and by what it does: one beside the enemy king, one that attacks
// an enemy piece worth more than a pawn, or one beside our own king in
// danger goes ahead; any other drop goes behind every board move, where
// late-move pruning and reductions deal with it.

type scoredMove struct {
	m game.Move
	s int32
}

const (
	stageTT = iota
	stageGenCaptures
	stageGoodCaptures
	stageKiller1
	stageKiller2
	stageCounter
	stageGenQuiets
	stageQuiets
	stageBadCaptures
	stageDone

	// Quiescence: captures and promotions only.
	stageQGen
	stageQMoves

	// In check: every evasion, in one ordered list.
	stageEvasionGen
	stageEvasions
)

type picker struct {
	s       *searcher
	pos     *game.Position
	ply     int
	stage   int
	ttMove  game.Move
	killers [2]game.Move
	counter game.Move
	list    []scoredMove
	// unsorted: the search will prune every remaining quiet move that does
	// not give check, so they may come in any order.
	unsorted bool
	bad      []scoredMove
	idx      int
	raw      []game.Move
}

// historyIndex is the history slot of a move: board moves by the piece
// that moves, drops apart from them.
func historyIndex(m game.Move) int {
	i := int(m.Piece())
	if m.IsDrop() {
		i += game.NumPieces
	}
	return i
}

func (s *searcher) newPicker(ply int, ttMove game.Move, inCheck, excluding bool) *picker {
	pk := &s.pickers[ply]
	if excluding {
		pk = &s.xpickers[ply]
	}
	f := &s.stack[ply]
	*pk = picker{s: s, pos: &f.pos, ply: ply, ttMove: ttMove, list: pk.list[:0], bad: pk.bad[:0], raw: pk.raw[:0]}
	pk.killers = f.killers
	if ply > 0 {
		if prev := s.stack[ply-1].move; prev != game.NoMove {
			pk.counter = s.stats.counter[historyIndex(prev)][prev.To()]
		}
	}
	if inCheck {
		pk.stage = stageEvasionGen
	}
	return pk
}

func (s *searcher) newQPicker(ply int, ttMove game.Move) *picker {
	pk := &s.pickers[ply]
	f := &s.stack[ply]
	*pk = picker{s: s, pos: &f.pos, ply: ply, list: pk.list[:0], bad: pk.bad[:0], raw: pk.raw[:0], stage: stageQGen}
	if f.inCheck {
		pk.stage = stageEvasionGen
		pk.ttMove = ttMove
	}
	return pk
}

// usable returns m as a full legal move of this position, or NoMove: the
// hash move and the killers come from other positions and are checked.
func (pk *picker) usable(m game.Move, quiet bool) game.Move {
	if m == game.NoMove {
		return game.NoMove
	}
	if !m.IsDrop() {
		m = pk.pos.NewMove(m.From(), m.To(), m.IsPromotion())
	}
	if quiet && m.Captured() != game.NoPiece {
		return game.NoMove
	}
	if !pk.pos.IsLegal(m) {
		return game.NoMove
	}
	return m
}

// seen reports whether m was already returned as the hash move, a killer
// or the counter-move (those fields hold only moves that were returned).
func (pk *picker) seen(m game.Move) bool {
	return m == pk.ttMove || m == pk.killers[0] || m == pk.killers[1] || m == pk.counter
}

// mvvLva orders captures: the most valuable victim, then the cheapest
// attacker; a promotion counts what it adds.
func mvvLva(m game.Move) int32 {
	v := 0
	if c := m.Captured(); c != game.NoPiece {
		v = captureValue(c.Type()) * 8
	}
	if m.IsPromotion() {
		v += promoteGain(m.Piece().Type()) * 8
	}
	return int32(v - pieceValue[m.Piece().Type()])
}

// pick returns the next move, or NoMove when there are no more.
func (pk *picker) next() game.Move {
	for {
		switch pk.stage {
		case stageTT:
			pk.stage++
			if m := pk.usable(pk.ttMove, false); m != game.NoMove {
				pk.ttMove = m
				return m
			}
			pk.ttMove = game.NoMove
		case stageGenCaptures:
			pk.raw = legalCaptures(pk.pos, pk.raw[:0])
			for _, m := range pk.raw {
				pk.list = append(pk.list, scoredMove{m, mvvLva(m)})
			}
			pk.idx = 0
			pk.stage++
		case stageGoodCaptures:
			for pk.idx < len(pk.list) {
				sm := pickBest(pk.list, pk.idx)
				pk.idx++
				if sm.m == pk.ttMove {
					continue
				}
				if !seeAtLeastZero(pk.pos, sm.m) {
					pk.bad = append(pk.bad, sm)
					continue
				}
				return sm.m
			}
			pk.stage++
		case stageKiller1:
			pk.stage++
			if m := pk.usable(pk.killers[0], true); m != game.NoMove && m != pk.ttMove {
				pk.killers[0] = m
				return m
			}
			pk.killers[0] = game.NoMove
		case stageKiller2:
			pk.stage++
			if m := pk.usable(pk.killers[1], true); m != game.NoMove && m != pk.ttMove && m != pk.killers[0] {
				pk.killers[1] = m
				return m
			}
			pk.killers[1] = game.NoMove
		case stageCounter:
			pk.stage++
			if m := pk.usable(pk.counter, true); m != game.NoMove && m != pk.ttMove && m != pk.killers[0] && m != pk.killers[1] {
				pk.counter = m
				return m
			}
			pk.counter = game.NoMove
		case stageGenQuiets:
			pk.raw = legalQuiets(pk.pos, pk.raw[:0])
			pk.list = pk.list[:0]
			pk.s.scoreQuiets(pk.pos, pk.ply, pk.raw, &pk.list)
			pk.idx = 0
			pk.stage++
		case stageQuiets:
			for pk.idx < len(pk.list) {
				m := pk.list[pk.idx].m
				if !pk.unsorted {
					m = pickBest(pk.list, pk.idx).m
				}
				pk.idx++
				if pk.seen(m) {
					continue
				}
				return m
			}
			pk.idx = 0
			pk.stage++
		case stageBadCaptures:
			if pk.idx < len(pk.bad) {
				pk.idx++
				return pk.bad[pk.idx-1].m
			}
			pk.stage = stageDone
		case stageQGen:
			pk.raw = legalCaptures(pk.pos, pk.raw[:0])
			pk.raw = quietPromotions(pk.pos, pk.raw)
			for _, m := range pk.raw {
				pk.list = append(pk.list, scoredMove{m, mvvLva(m)})
			}
			pk.idx = 0
			pk.stage++
		case stageQMoves:
			if pk.idx < len(pk.list) {
				pk.idx++
				return pickBest(pk.list, pk.idx-1).m
			}
			pk.stage = stageDone
		case stageEvasionGen:
			pk.raw = pk.pos.LegalMoves(pk.raw[:0])
			for _, m := range pk.raw {
				var sc int32
				switch {
				case m == pk.ttMove:
					sc = 1 << 30
				case m.Captured() != game.NoPiece:
					sc = 1<<28 + mvvLva(m)
				case m == pk.killers[0] || m == pk.killers[1]:
					sc = 1 << 27
				default:
					sc = pk.s.stats.history[historyIndex(m)][m.To()]
					if m.IsDrop() {
						sc -= 1 << 20 // interposing a drop: try moving or capturing first
					}
				}
				pk.list = append(pk.list, scoredMove{m, sc})
			}
			pk.idx = 0
			pk.stage++
		case stageEvasions:
			if pk.idx < len(pk.list) {
				pk.idx++
				return pickBest(pk.list, pk.idx-1).m
			}
			pk.stage = stageDone
		default:
			return game.NoMove
		}
	}
}

// pickBest moves the best-scored move of l[i:] to l[i] and returns it: a
// selection sort done one move at a time, since a cut-off usually comes
// before most moves are looked at. Ties keep generation order.
func pickBest(l []scoredMove, i int) scoredMove {
	b := i
	for j := i + 1; j < len(l); j++ {
		if l[j].s > l[b].s {
			b = j
		}
	}
	l[i], l[b] = l[b], l[i]
	return l[i]
}

// seeAtLeastZero reports whether the capture m loses no material by the
// static exchange; taking a piece worth at least the taker cannot.
func seeAtLeastZero(p *game.Position, m game.Move) bool {
	if c := m.Captured(); c != game.NoPiece && captureValue(c.Type()) >= captureValue(m.PieceAfter().Type()) {
		return true
	}
	return see(p, m) >= 0
}

// quietPromotions appends the legal promotions that capture nothing, for
// the quiescence search (a pawn becoming a tokin is worth a piece).
func quietPromotions(p *game.Position, dst []game.Move) []game.Move {
	us := p.SideToMove()
	occ := occupied(p)
	for s := game.Square(0); s < game.NumSquares; s++ {
		pc := p.At(s)
		if pc == game.NoPiece || pc.Color() != us {
			continue
		}
		t := pc.Type()
		if t != game.Pawn && t != game.Bishop && t != game.Rook && t != game.Lance && t != game.Silver && t != game.Knight {
			continue
		}
		for to := attacksFrom(pc, s, occ).AndNot(occ); !to.Empty(); {
			d := to.Pop()
			if !game.CanPromoteMove(us, t, s, d) {
				continue
			}
			if m := p.NewMove(s, d, true); p.IsLegal(m) {
				dst = append(dst, m)
			}
		}
	}
	return dst
}

// scoreQuiets scores quiet moves for ordering: history, promotion, and
// for drops what the dropped piece does.
func (s *searcher) scoreQuiets(p *game.Position, ply int, moves []game.Move, out *[]scoredMove) {
	us := p.SideToMove()
	ek, ok := p.KingSquare(us.Other()), p.KingSquare(us)
	var occ, enemy squareSet
	haveSets := false
	c1, c2 := s.contRows(ply)
	for _, m := range moves {
		sc := s.quietScore(m, c1, c2)
		t := m.Piece().Type()
		switch {
		case m.IsPromotion():
			sc += int32(promoteGain(t)) * 16
		case !m.IsDrop() && (t == game.Pawn || t == game.Bishop || t == game.Rook) && game.CanPromoteMove(us, t, m.From(), m.To()):
			sc -= 1 << 24 // declining to promote these is almost never right
		case m.IsDrop():
			if !haveSets {
				occ, enemy = occupied(p), colorSet(p, us.Other())
				haveSets = true
			}
			to := m.To()
			useful := ek != game.NoSquare && chebyshev(to, ek) <= 2 ||
				ok != game.NoSquare && chebyshev(to, ok) <= 1
			if !useful {
				for a := attacksFrom(m.Piece(), to, occ).And(enemy); !a.Empty(); {
					if v := p.At(a.Pop()).Type(); v != game.Pawn {
						useful = true
						break
					}
				}
			}
			if !useful {
				sc -= 1 << 18
			}
		}
		*out = append(*out, scoredMove{m, sc})
	}
}
