package bot

import "shogi/game"

// The evaluation, in centipawns (a pawn on the board is 60). Every weight
// is in this file; README.md shows them as one table.
//
// The weights began as a player's guesses and were then fitted, Texel
// style: a local search over every weight for the smallest error between
// the evaluation (through a logistic curve) and a target, over the quiet
// ends of the quiescence search from 11,000 positions of games between
// the club level and itself (7,400 fitted, 1,900 held out to stop the
// fit); the target was 0.7 × Fairy-Stockfish's depth-7 score (on the same
// curve) plus 0.3 × the game's result. A piece in hand was kept worth more than on
// the board, and the promoted silver's value, which the few positions
// with one put below a silver's, was set to 300 by hand. The fitted
// weights scored 57% against the guessed ones at 30,000 nodes a move and
// 62% at 200 ms (100 games each).
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
	game.Pawn: 60, game.Lance: 151, game.Knight: 218, game.Silver: 314, game.Gold: 383, game.Bishop: 354, game.Rook: 475, game.ProPawn: 370, game.ProLance: 322, game.ProKnight: 334, game.ProSilver: 300, game.Horse: 764, game.Dragon: 1078,
}

// handValue is the value of a piece in hand.
var handValue = [game.NumPieceTypes]int{
	game.Pawn: 66, game.Lance: 191, game.Knight: 234, game.Silver: 335, game.Gold: 390, game.Bishop: 520, game.Rook: 686,
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
		game.Pawn:      {0, 4, 5},
		game.Lance:     {0, 22, 38},
		game.Knight:    {0, 22, -7},
		game.Silver:    {0, 1, 25},
		game.Gold:      {0, 65, 46},
		game.Bishop:    {0, 60, 26},
		game.Rook:      {0, -60, -60},
		game.ProPawn:   {0, 61, 20},
		game.ProLance:  {0, -11, -2},
		game.ProKnight: {0, 61, -2},
		game.ProSilver: {0, 1, 22},
		game.Horse:     {0, 89, 66},
		game.Dragon:    {0, -4, 22},
	}
	attack = [game.NumPieceTypes][4]int{
		game.Pawn:      {0, 0, 21, -8},
		game.Lance:     {0, -2, 22, 60},
		game.Knight:    {0, 40, 5, 22},
		game.Silver:    {0, -22, 66, 22},
		game.Gold:      {0, 74, 36, 22},
		game.Bishop:    {0, -60, 14, 14},
		game.Rook:      {0, 40, 44, 0},
		game.ProPawn:   {0, 166, 105, 44},
		game.ProLance:  {0, 166, 13, -4},
		game.ProKnight: {0, 166, 95, 44},
		game.ProSilver: {0, -26, 100, 28},
		game.Horse:     {0, 60, -20, 0},
		game.Dragon:    {0, 80, -7, 27},
	}
)

// mobility is the bonus per square a slider reaches that its own side
// does not occupy.
var mobility = [game.NumPieceTypes]int{
	game.Lance: 15, game.Bishop: 16, game.Rook: 16, game.Horse: 13, game.Dragon: 5,
}

// kingRank and kingFile place the king: kingRank by rank counted from the
// enemy's side (1 = the enemy's back rank, 9 = home), kingFile by file
// (symmetric: a king on 8 or 2 sits in a castle's corner).
var (
	kingRank = [10]int{0, 40, 66, 20, 6, -57, -44, 60, 20, -7}
	kingFile = [10]int{0, -2, 41, 61, 1, -22, 1, 61, 41, -2}
)

// King safety: units of danger, turned into a penalty of
// units² × kingDangerScale / 16, at most kingDangerMax.
var (
	// kingAttackUnits per enemy piece type, per square of the king's zone it attacks.
	kingAttackUnits = [game.NumPieceTypes]int{
		game.Pawn: 2, game.Lance: 1, game.Knight: 1, game.Silver: 2, game.Gold: 1, game.Bishop: 2, game.Rook: 1, game.ProPawn: 3, game.ProLance: 3, game.ProKnight: 1, game.ProSilver: 4, game.Horse: 1, game.Dragon: 1,
	}
	// handThreat per type the enemy holds: a piece in hand can be dropped
	// beside the king.
	handThreat = [game.NumPieceTypes]int{
		game.Pawn: 1, game.Lance: 0, game.Knight: 1, game.Silver: 2, game.Gold: 2, game.Bishop: 2, game.Rook: 1,
	}
)

var (
	weakSquareUnits = 1  // a zone square the enemy attacks and no defender covers
	noEscapeUnits   = 2  // the king has no free square around it
	oneEscapeUnits  = 0  // the king has one
	kingDangerScale = 49 // penalty = units² × scale / 16
	kingDangerMax   = 1744
	enteredBonus    = 330 // the king stands in the enemy camp
	campPieceBonus  = 3   // per own piece in the enemy camp once the king is there
	tempo           = 56
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
