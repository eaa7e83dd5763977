package bot

import "example.com/shogi/game"

// The evaluation, in centipawns (a pawn on the board is about 90). Every
// weight is in this file; README.md shows them as one table.
//
//   - material: a piece on the board and a piece in hand have their own
//     values, the one in hand higher, since it can be dropped anywhere;
//   - placement: each piece gains for standing near its own king (a gold
//     or silver beside the king is a castle) and near the enemy king (an
//     attacker), by Chebyshev distance;
//   - the king: where it stands (a castled king on the side files, at
//     home), how many enemy pieces and pieces in the enemy's hand bear on
//     the squares around it, which of those squares no defender covers,
//     and how many escape squares it has;
//   - sliders: a little for each square they reach;
//   - the entering king (入玉): a king in the enemy camp gains, and more
//     for each of its pieces there (the declaration needs ten);
//   - a bonus for the side to move.

// pieceValue is the value of a piece on the board, by type.
var pieceValue = [game.NumPieceTypes]int{
	game.Pawn: 90, game.Lance: 240, game.Knight: 260, game.Silver: 370, game.Gold: 440,
	game.Bishop: 560, game.Rook: 640,
	game.ProPawn: 500, game.ProLance: 480, game.ProKnight: 490, game.ProSilver: 480,
	game.Horse: 800, game.Dragon: 950,
}

// handValue is the value of a piece in hand.
var handValue = [game.NumPieceTypes]int{
	game.Pawn: 105, game.Lance: 260, game.Knight: 290, game.Silver: 420, game.Gold: 480,
	game.Bishop: 640, game.Rook: 730,
}

// captureValue is what taking a piece of type t wins: it leaves the
// opponent's board and arrives in the taker's hand.
func captureValue(t game.PieceType) int { return pieceValue[t] + handValue[t.Unpromote()] }

// promoteGain is what promoting a piece of type t adds.
func promoteGain(t game.PieceType) int { return pieceValue[t.Promote()] - pieceValue[t] }

// defend[t][d] is the bonus for a piece of type t at distance d (1 or 2)
// from its own king; attack[t][d] at distance d (1–3) from the enemy king.
var (
	defend = [game.NumPieceTypes][4]int{
		game.Pawn: {0, 15, 8}, game.Knight: {0, 10, 5}, game.Silver: {0, 35, 20}, game.Gold: {0, 45, 22},
		game.ProPawn: {0, 25, 10}, game.ProLance: {0, 25, 10}, game.ProKnight: {0, 25, 10}, game.ProSilver: {0, 25, 10},
		game.Horse: {0, 50, 30}, game.Dragon: {0, 20, 10},
	}
	attack = [game.NumPieceTypes][4]int{
		game.Pawn: {0, 20, 10}, game.Lance: {0, 10, 10}, game.Knight: {0, 20, 30, 10},
		game.Silver: {0, 50, 30, 10}, game.Gold: {0, 50, 30, 10},
		game.ProPawn: {0, 70, 45, 20}, game.ProLance: {0, 70, 45, 20}, game.ProKnight: {0, 70, 45, 20}, game.ProSilver: {0, 70, 45, 20},
		game.Bishop: {0, 0, 10, 5}, game.Rook: {0, 20, 20, 10}, game.Horse: {0, 60, 40, 20}, game.Dragon: {0, 80, 60, 30},
	}
)

// mobility is the bonus per square a slider reaches that its own side
// does not occupy.
var mobility = [game.NumPieceTypes]int{
	game.Lance: 3, game.Bishop: 6, game.Rook: 5, game.Horse: 5, game.Dragon: 4,
}

// kingRank and kingFile place the king: kingRank by rank counted from the
// enemy's side (1 = the enemy's back rank, 9 = home), kingFile by file
// (symmetric: a king on 8 or 2 sits in a castle's corner).
var (
	kingRank = [10]int{0, 40, 30, 20, -30, -40, -20, 0, 10, 0}
	kingFile = [10]int{0, 10, 30, 25, 5, -10, 5, 25, 30, 10}
)

// King safety: units of danger, turned into a penalty of
// units² × kingDangerScale / 16, at most kingDangerMax.
var (
	// kingAttackUnits per enemy piece type, per square of the king's zone it attacks.
	kingAttackUnits = [game.NumPieceTypes]int{
		game.Pawn: 1, game.Lance: 1, game.Knight: 2, game.Silver: 2, game.Gold: 2,
		game.ProPawn: 2, game.ProLance: 2, game.ProKnight: 2, game.ProSilver: 2,
		game.Bishop: 1, game.Rook: 2, game.Horse: 3, game.Dragon: 4,
	}
	// handThreat per type the enemy holds: a piece in hand can be dropped
	// beside the king.
	handThreat = [game.NumPieceTypes]int{
		game.Pawn: 1, game.Lance: 1, game.Knight: 2, game.Silver: 3, game.Gold: 3, game.Bishop: 2, game.Rook: 4,
	}
)

var (
	weakSquareUnits = 2  // a zone square the enemy attacks and no defender covers
	noEscapeUnits   = 4  // the king has no free square around it
	oneEscapeUnits  = 2  // the king has one
	kingDangerScale = 64 // penalty = units² × scale / 16
	kingDangerMax   = 1800
	enteredBonus    = 150 // the king stands in the enemy camp
	campPieceBonus  = 15  // per own piece in the enemy camp once the king is there
	tempo           = 30
)

// kingZone[s] holds the squares around s.
var kingZone [game.NumSquares]squareSet

// campOf[c] is the enemy camp for c: the three ranks where c promotes.
var campOf [2]squareSet

func init() {
	for s := game.Square(0); s < game.NumSquares; s++ {
		kingZone[s] = game.AttacksFrom(game.NewPiece(game.Black, game.King), s, squareSet{})
		for _, c := range [2]game.Color{game.Black, game.White} {
			if game.InZone(c, s) {
				campOf[c] = campOf[c].With(s)
			}
		}
	}
}

// distance[a][b] is the Chebyshev distance: king steps from a to b.
var distance [game.NumSquares][game.NumSquares]uint8

func init() {
	for a := range distance {
		for b := range distance[a] {
			dr, dc := a/9-b/9, a%9-b%9
			distance[a][b] = uint8(max(dr, -dr, dc, -dc))
		}
	}
}

func chebyshev(a, b game.Square) int { return int(distance[a][b]) }

// relRank is s's rank seen by c: 1 is the far rank.
func relRank(c game.Color, s game.Square) int {
	if c == game.Black {
		return s.Rank()
	}
	return 10 - s.Rank()
}

// evaluate returns the static score of p for the side to move.
func evaluate(p *game.Position) int {
	var (
		score    [2]int
		occ      squareSet
		own      [2]squareSet
		kings    = [2]game.Square{p.KingSquare(game.Black), p.KingSquare(game.White)}
		zoneAtt  [2]squareSet // squares around c's king that the enemy attacks
		zoneDef  [2]squareSet // squares around c's king that c's other pieces cover
		units    [2]int       // danger to c's king
		inCamp   [2]int
		attacked [2]bool // c's king zone is attacked by some enemy piece
	)
	own[game.Black], own[game.White] = p.OccupiedBy(game.Black), p.OccupiedBy(game.White)
	occ = own[0].Or(own[1])
	for pieces := occ; !pieces.Empty(); {
		s := pieces.Pop()
		pc := p.At(s)
		c, t := pc.Color(), pc.Type()
		e := c.Other()
		if t == game.King {
			score[c] += kingRank[relRank(c, s)] + kingFile[s.File()]
			continue
		}
		v := pieceValue[t]
		if k := kings[c]; k != game.NoSquare {
			if d := chebyshev(s, k); d <= 2 {
				v += defend[t][d]
			}
		}
		if k := kings[e]; k != game.NoSquare {
			if d := chebyshev(s, k); d <= 3 {
				v += attack[t][d]
			}
		}
		if campOf[c].Has(s) {
			inCamp[c]++
		}
		a := attacksFrom(pc, s, occ)
		if isSlider[t] {
			v += mobility[t] * a.AndNot(own[c]).Count()
		}
		if k := kings[e]; k != game.NoSquare {
			if hit := a.And(kingZone[k]); !hit.Empty() {
				units[e] += kingAttackUnits[t] * hit.Count()
				zoneAtt[e] = zoneAtt[e].Or(hit)
				attacked[e] = true
			}
		}
		if k := kings[c]; k != game.NoSquare {
			zoneDef[c] = zoneDef[c].Or(a.And(kingZone[k]))
		}
		score[c] += v
	}
	for _, c := range [2]game.Color{game.Black, game.White} {
		e := c.Other()
		threat := 0
		for t := game.Pawn; t <= game.Gold; t++ {
			if n := p.Hand(c, t); n > 0 {
				score[c] += n * handValue[t]
				threat += handThreat[t]
			}
		}
		if k := kings[e]; k != game.NoSquare && (attacked[e] || threat > 0) {
			u := units[e] + threat
			u += weakSquareUnits * zoneAtt[e].AndNot(zoneDef[e]).Count()
			if attacked[e] {
				switch kingZone[k].AndNot(own[e]).AndNot(zoneAtt[e]).Count() {
				case 0:
					u += noEscapeUnits
				case 1:
					u += oneEscapeUnits
				}
			}
			score[e] -= min(u*u*kingDangerScale/16, kingDangerMax)
		}
		if k := kings[c]; k != game.NoSquare && campOf[c].Has(k) {
			score[c] += enteredBonus + campPieceBonus*inCamp[c]
		}
	}
	us := p.SideToMove()
	return score[us] - score[us.Other()] + tempo
}
