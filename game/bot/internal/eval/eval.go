// Package eval is the built-in engine's evaluation: a linear function of
// features of the position whose weights were learned from the engine's
// own games (see the command in ../train), read from the embedded
// weights.bin. Every feature has an opening and an endgame weight; the two
// sums are blended by the game's Phase.
//
// The features, each seen from the side that owns it:
//
//   - every piece on the board by its kind and square relative to its own
//     king, and again relative to the enemy king (KP tables: 45 king
//     squares, the board mirrored to put the king on files 1–5, × 13 kinds
//     × 81 squares; material is part of the own-king table);
//   - pieces in hand by kind and how many;
//   - the king's square, and the danger to it: units for each square
//     around it the enemy attacks, for pieces the enemy holds, for squares
//     no defender covers and for a lack of escape squares, one weight per
//     number of units;
//   - the squares each slider reaches, one weight per count;
//   - threats: a piece attacked by the enemy, by kind, whether it is
//     defended and whether its side is to move;
//   - the fight around each king: for each square beside it, who stands
//     there and how many enemy pieces attack it and own pieces defend it;
//   - the entering king (入玉): a king in the enemy camp, and each own
//     piece there with it;
//   - the side to move (tempo).
package eval

import (
	"shogi/game"
)

// The layout of the weight vector.
const (
	NumKingSquares = 45 // files 1–5 after mirroring, × 9 ranks
	NumKinds       = 13 // the kinds of piece other than the king
	KPSize         = NumKingSquares * NumKinds * game.NumSquares

	OffOwn     = 0                        // [king][kind][square], the piece's own king
	OffEnemy   = OffOwn + KPSize          // [king][kind][square], the enemy king
	OffHand    = OffEnemy + KPSize        // [hand kind][count 0–18]
	OffDanger  = OffHand + 7*19           // [units 0–63]
	OffMob     = OffDanger + MaxUnits + 1 // [slider][squares 0–20]
	OffKing    = OffMob + 5*21            // [king square]
	OffThreat  = OffKing + NumKingSquares // [to move][kind][defended]
	OffEntered = OffThreat + 2*NumKinds*2 // king in the enemy camp; each own piece there
	OffZone    = OffEntered + 2           // [square around the king][occupant][attackers 0–3][defenders 0–3]
	OffTempo   = OffZone + 9*3*4*4
	NumWeights = OffTempo + 1

	MaxUnits = 63
)

// kindIndex maps a piece type to 0–12 (the king to -1).
var kindIndex = [game.NumPieceTypes]int8{
	game.Pawn: 0, game.Lance: 1, game.Knight: 2, game.Silver: 3, game.Gold: 4, game.Bishop: 5, game.Rook: 6,
	game.ProPawn: 7, game.ProLance: 8, game.ProKnight: 9, game.ProSilver: 10, game.Horse: 11, game.Dragon: 12,
	game.King: -1,
}

// KindTypes is the piece type of each kind index.
var KindTypes = [NumKinds]game.PieceType{game.Pawn, game.Lance, game.Knight, game.Silver, game.Gold, game.Bishop,
	game.Rook, game.ProPawn, game.ProLance, game.ProKnight, game.ProSilver, game.Horse, game.Dragon}

// sliderIndex maps the kinds that slide to 0–4, others to -1.
var sliderIndex = [game.NumPieceTypes]int8{
	game.Pawn: -1, game.Knight: -1, game.Silver: -1, game.Gold: -1, game.King: -1, game.ProPawn: -1,
	game.ProLance: -1, game.ProKnight: -1, game.ProSilver: -1,
	game.Lance: 0, game.Bishop: 1, game.Rook: 2, game.Horse: 3, game.Dragon: 4,
}

// Danger units, as the hand-made evaluation counted them: per square of
// the king's zone an enemy piece of each kind attacks, per kind the enemy
// holds, per zone square attacked and not defended, and for a king with
// no free square around it.
var (
	attackUnits = [game.NumPieceTypes]int{
		game.Pawn: 2, game.Lance: 1, game.Knight: 1, game.Silver: 2, game.Gold: 1, game.Bishop: 2, game.Rook: 1,
		game.ProPawn: 3, game.ProLance: 3, game.ProKnight: 1, game.ProSilver: 4, game.Horse: 1, game.Dragon: 1,
	}
	handUnits = [game.NumPieceTypes]int{
		game.Pawn: 1, game.Lance: 0, game.Knight: 1, game.Silver: 2, game.Gold: 2, game.Bishop: 2, game.Rook: 1,
	}
)

const (
	weakSquareUnits = 1
	noEscapeUnits   = 2
)

// view is s as side c sees it: Black's squares as they are, White's turned
// round, so that every table is written for Black.
func view(c game.Color, s game.Square) int {
	if c == game.Black {
		return int(s)
	}
	return game.NumSquares - 1 - int(s)
}

// mirror turns a square index left to right (file f to 10-f).
func mirror(v int) int { return v - v%9 + 8 - v%9 }

// kingIndex folds a king's square (in view) to 0–44 and says whether the
// board was mirrored to put it on files 1–5.
func kingIndex(k int) (int, bool) {
	if k%9 < 4 { // files 6–9
		k = mirror(k)
		return k/9*5 + 8 - k%9, true
	}
	return k/9*5 + 8 - k%9, false
}

// KingSquare returns the view square (0–80, file 1–5) of king index i.
func KingSquare(i int) int { return i/5*9 + 8 - i%5 }

// homeKing stands in for a missing king (tsume positions): 5i.
const homeKing = 76

// Term is one feature that is present: a weight's index and how many
// times it counts, negative for the side not to move.
type Term struct {
	Index int32
	Coef  int16
}

// MaxTerms bounds the terms of any position.
const MaxTerms = 2*40 + 2*7 + 2 + 2*16 + 2 + 2*40 + 4 + 2*8 + 1

var zone [game.NumSquares]game.SquareSet
var camp [2]game.SquareSet

func init() {
	for s := game.Square(0); s < game.NumSquares; s++ {
		zone[s] = game.AttacksFrom(game.NewPiece(game.Black, game.King), s, game.SquareSet{})
		for _, c := range [2]game.Color{game.Black, game.White} {
			if game.InZone(c, s) {
				camp[c] = camp[c].With(s)
			}
		}
	}
}

// Features appends the terms of p, from the side to move's view, to dst.
func Features(p *game.Position, dst []Term) []Term {
	us := p.SideToMove()
	sign := [2]int16{1, 1}
	sign[us.Other()] = -1

	var kings, kingIdx [2]int
	var mirrored [2]bool
	var ksq [2]game.Square
	for _, c := range [2]game.Color{game.Black, game.White} {
		ksq[c] = p.KingSquare(c)
		k := homeKing
		if ksq[c] != game.NoSquare {
			k = view(c, ksq[c])
		}
		kings[c] = k
		kingIdx[c], mirrored[c] = kingIndex(k)
	}
	// enemyIdx[c]: the enemy king's index and mirroring in c's view.
	var enemyIdx [2]int
	var enemyMir [2]bool
	for _, c := range [2]game.Color{game.Black, game.White} {
		e := c.Other()
		k := homeKing
		if ksq[e] != game.NoSquare {
			k = view(c, ksq[e])
		}
		enemyIdx[c], enemyMir[c] = kingIndex(k)
	}

	own := [2]game.SquareSet{p.OccupiedBy(game.Black), p.OccupiedBy(game.White)}
	occ := own[0].Or(own[1])
	var attacked [2]game.SquareSet // squares c attacks
	var zoneAtt, zoneDef [2]game.SquareSet
	var units [2]int
	var inCamp [2]int
	var hit [2]bool
	var zc zoneCounts
	for pieces := occ; !pieces.Empty(); {
		s := pieces.Pop()
		pc := p.At(s)
		c, t := pc.Color(), pc.Type()
		a := game.AttacksFrom(pc, s, occ)
		attacked[c] = attacked[c].Or(a)
		if t == game.King {
			continue
		}
		e := c.Other()
		kind := int(kindIndex[t])
		v := view(c, s)
		vo, ve := v, v
		if mirrored[c] {
			vo = mirror(v)
		}
		if enemyMir[c] {
			ve = mirror(v)
		}
		dst = append(dst,
			Term{int32(OffOwn + (kingIdx[c]*NumKinds+kind)*game.NumSquares + vo), sign[c]},
			Term{int32(OffEnemy + (enemyIdx[c]*NumKinds+kind)*game.NumSquares + ve), sign[c]})
		if camp[c].Has(s) {
			inCamp[c]++
		}
		if si := sliderIndex[t]; si >= 0 {
			dst = append(dst, Term{int32(OffMob + int(si)*21 + min(a.AndNot(own[c]).Count(), 20)), sign[c]})
		}
		if k := ksq[e]; k != game.NoSquare {
			if h := a.And(zone[k]); !h.Empty() {
				units[e] += attackUnits[t] * h.Count()
				zoneAtt[e] = zoneAtt[e].Or(h)
				zc.att[e].add(h)
				hit[e] = true
			}
		}
		if k := ksq[c]; k != game.NoSquare {
			if h := a.And(zone[k]); !h.Empty() {
				zoneDef[c] = zoneDef[c].Or(h)
				zc.def[c].add(h)
			}
		}
	}
	for _, c := range [2]game.Color{game.Black, game.White} {
		e := c.Other()
		threat := 0
		for t := game.Pawn; t <= game.Gold; t++ {
			n := p.Hand(c, t)
			dst = append(dst, Term{int32(OffHand + int(kindIndex[t])*19 + min(n, 18)), sign[c]})
			if n > 0 {
				threat += handUnits[t]
			}
		}
		if k := ksq[e]; k != game.NoSquare {
			u := 0
			if hit[e] || threat > 0 {
				u = units[e] + threat + weakSquareUnits*zoneAtt[e].AndNot(zoneDef[e]).Count()
				if hit[e] && zone[k].AndNot(own[e]).AndNot(zoneAtt[e]).Empty() {
					u += noEscapeUnits
				}
			}
			dst = append(dst, Term{int32(OffDanger + min(u, MaxUnits)), sign[e]})
		}
		if ksq[c] != game.NoSquare {
			dst = append(dst, Term{int32(OffKing + kingIdx[c]), sign[c]})
			if camp[c].Has(ksq[c]) {
				dst = append(dst, Term{OffEntered, sign[c]}, Term{OffEntered + 1, sign[c] * int16(inCamp[c])})
			}
		}
		// Threats to c's pieces: attacked by the enemy, defended or not.
		toMove := 0
		if c == us {
			toMove = 1
		}
		for hits := own[c].And(attacked[e]).AndNot(p.Pieces(c, game.King)); !hits.Empty(); {
			s := hits.Pop()
			d := 0
			if attacked[c].Has(s) {
				d = 1
			}
			kind := int(kindIndex[p.At(s).Type()])
			dst = append(dst, Term{int32(OffThreat + (toMove*NumKinds+kind)*2 + d), sign[c]})
		}
		if k := ksq[c]; k != game.NoSquare {
			for z := zone[k]; !z.Empty(); {
				s := z.Pop()
				dst = append(dst, Term{int32(zc.index(p, c, k, s, mirrored[c])), sign[c]})
			}
		}
	}
	dst = append(dst, Term{OffTempo, 1})
	return dst
}

// zoneCounts counts, for each square beside each king, the enemy pieces
// that attack it and the king's own pieces (not the king) that defend it:
// bit-sliced counters, one square set per binary digit (1, 2, and 4 or
// more), so that adding a piece's attacks costs a few set operations.
type zoneCounts struct {
	att, def [2]counter
}

type counter struct{ ones, twos, fours game.SquareSet }

func (n *counter) add(h game.SquareSet) {
	c1 := n.ones.And(h)
	n.ones = n.ones.Or(h).AndNot(c1)
	c2 := n.twos.And(c1)
	n.twos = n.twos.Or(c1).AndNot(c2)
	n.fours = n.fours.Or(c2)
}

// at returns the count on s, 0–3 (4 or more count as 3).
func (n *counter) at(s game.Square) int {
	if n.fours.Has(s) {
		return 3
	}
	v := 0
	if n.ones.Has(s) {
		v = 1
	}
	if n.twos.Has(s) {
		v += 2
	}
	return v
}

// index is the weight of square s beside c's king k: its place seen from
// c (mirrored as c's king tables are), who stands there, and the counts.
func (z *zoneCounts) index(p *game.Position, c game.Color, k, s game.Square, mirrored bool) int {
	dy, dx := int(s)/9-int(k)/9, int(s)%9-int(k)%9
	if c == game.White {
		dy, dx = -dy, -dx
	}
	if mirrored {
		dx = -dx
	}
	occupant := 0
	if pc := p.At(s); pc != game.NoPiece {
		occupant = 1
		if pc.Color() != c {
			occupant = 2
		}
	}
	return OffZone + (((dy+1)*3+dx+1)*3+occupant)*16 + z.att[c].at(s)*4 + z.def[c].at(s)
}

// Weights is a weight vector, in centipawns: for each feature a pair of
// weights, the first for the opening and the second for the endgame,
// blended by the position's Phase.
type Weights [NumWeights][2]int16

// Evaluate returns p's score in centipawns for the side to move under w:
// the sums of the opening and the endgame weights of Features(p), read
// straight from the tables, blended by Phase(p).
func (w *Weights) Evaluate(p *game.Position) int {
	us := p.SideToMove()
	var ksq [2]game.Square
	var ownBase, enemyBase [2]int // table offsets for c's pieces
	var ownMir, enemyMir [2]bool
	for _, c := range [2]game.Color{game.Black, game.White} {
		ksq[c] = p.KingSquare(c)
	}
	for _, c := range [2]game.Color{game.Black, game.White} {
		k, e := homeKing, homeKing
		if ksq[c] != game.NoSquare {
			k = view(c, ksq[c])
		}
		if ksq[c.Other()] != game.NoSquare {
			e = view(c, ksq[c.Other()])
		}
		ki, m := kingIndex(k)
		ownBase[c], ownMir[c] = OffOwn+ki*NumKinds*game.NumSquares, m
		ei, m := kingIndex(e)
		enemyBase[c], enemyMir[c] = OffEnemy+ei*NumKinds*game.NumSquares, m
	}
	own := [2]game.SquareSet{p.OccupiedBy(game.Black), p.OccupiedBy(game.White)}
	occ := own[0].Or(own[1])
	var (
		sum              [2]pair // each side's opening and endgame sums
		attacked         [2]game.SquareSet
		zoneAtt, zoneDef [2]game.SquareSet
		units, inCamp    [2]int
		hit              [2]bool
		zc               zoneCounts
	)
	for pieces := occ; !pieces.Empty(); {
		s := pieces.Pop()
		pc := p.At(s)
		c, t := pc.Color(), pc.Type()
		a := game.AttacksFrom(pc, s, occ)
		attacked[c] = attacked[c].Or(a)
		if t == game.King {
			continue
		}
		e := c.Other()
		kind := int(kindIndex[t])
		v := view(c, s)
		vo, ve := v, v
		if ownMir[c] {
			vo = mirror(v)
		}
		if enemyMir[c] {
			ve = mirror(v)
		}
		a1, a2 := &w[ownBase[c]+kind*game.NumSquares+vo], &w[enemyBase[c]+kind*game.NumSquares+ve]
		sum[c].add(a1, 1)
		sum[c].add(a2, 1)
		if camp[c].Has(s) {
			inCamp[c]++
		}
		if si := sliderIndex[t]; si >= 0 {
			sum[c].add(&w[OffMob+int(si)*21+min(a.AndNot(own[c]).Count(), 20)], 1)
		}
		if k := ksq[e]; k != game.NoSquare {
			if h := a.And(zone[k]); !h.Empty() {
				units[e] += attackUnits[t] * h.Count()
				zoneAtt[e] = zoneAtt[e].Or(h)
				zc.att[e].add(h)
				hit[e] = true
			}
		}
		if k := ksq[c]; k != game.NoSquare {
			if h := a.And(zone[k]); !h.Empty() {
				zoneDef[c] = zoneDef[c].Or(h)
				zc.def[c].add(h)
			}
		}
	}
	ph := 0 // Phase(p), from the counts made here
	for _, c := range [2]game.Color{game.Black, game.White} {
		e := c.Other()
		threat := 0
		ph += 2 * inCamp[c]
		for t := game.Pawn; t <= game.Gold; t++ {
			n := p.Hand(c, t)
			sum[c].add(&w[OffHand+int(kindIndex[t])*19+min(n, 18)], 1)
			ph += n * handPhase[t]
			if n > 0 {
				threat += handUnits[t]
			}
		}
		if k := ksq[e]; k != game.NoSquare {
			u := 0
			if hit[e] || threat > 0 {
				u = units[e] + threat + weakSquareUnits*zoneAtt[e].AndNot(zoneDef[e]).Count()
				if hit[e] && zone[k].AndNot(own[e]).AndNot(zoneAtt[e]).Empty() {
					u += noEscapeUnits
				}
			}
			sum[e].add(&w[OffDanger+min(u, MaxUnits)], 1)
		}
		if k := ksq[c]; k != game.NoSquare {
			ki, _ := kingIndex(view(c, k))
			sum[c].add(&w[OffKing+ki], 1)
			if camp[c].Has(k) {
				sum[c].add(&w[OffEntered], 1)
				sum[c].add(&w[OffEntered+1], inCamp[c])
			}
		}
		toMove := 0
		if c == us {
			toMove = 1
		}
		for hits := own[c].And(attacked[e]).AndNot(p.Pieces(c, game.King)); !hits.Empty(); {
			s := hits.Pop()
			d := 0
			if attacked[c].Has(s) {
				d = 1
			}
			sum[c].add(&w[OffThreat+(toMove*NumKinds+int(kindIndex[p.At(s).Type()]))*2+d], 1)
		}
		if k := ksq[c]; k != game.NoSquare {
			for z := zone[k]; !z.Empty(); {
				sum[c].add(&w[zc.index(p, c, k, z.Pop(), ownMir[c])], 1)
			}
		}
	}
	t := &w[OffTempo]
	o := sum[us][0] - sum[us.Other()][0] + int(t[0])
	d := sum[us][1] - sum[us.Other()][1] + int(t[1])
	ph = min(ph, PhaseMax)
	return (o*(PhaseMax-ph) + d*ph) / PhaseMax
}

// pair is an opening and an endgame sum.
type pair [2]int

// add adds n times the weight pair x.
func (s *pair) add(x *[2]int16, n int) {
	s[0] += int(x[0]) * n
	s[1] += int(x[1]) * n
}

// PhaseMax is the phase of an endgame: Phase counts up to it.
const PhaseMax = 24

// handPhase is what a piece in hand adds to the phase.
var handPhase = [game.NumPieceTypes]int{
	game.Pawn: 1, game.Lance: 2, game.Knight: 2, game.Silver: 2, game.Gold: 2, game.Bishop: 2, game.Rook: 2,
}

// Phase is how far the game has gone from the opening (0) to the endgame
// (PhaseMax), read from the position alone so that transpositions agree:
// pieces in hand (a pawn 1, others 2) and pieces standing in the enemy
// camp (2 each), which in the engine's games measure about 0 at move 20,
// 6 at move 40, 17 at move 80 and 22 at move 120.
func Phase(p *game.Position) int {
	n := 0
	for _, c := range [2]game.Color{game.Black, game.White} {
		for t := game.Pawn; t <= game.Gold; t++ {
			n += p.Hand(c, t) * handPhase[t]
		}
		n += 2 * p.OccupiedBy(c).And(camp[c]).AndNot(p.Pieces(c, game.King)).Count()
	}
	return min(n, PhaseMax)
}
