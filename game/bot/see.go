package bot

import "shogi/game"

// exchangeValue is what capturing each kind wins in the static exchange:
// captureValue, the piece off the board and into the taker's hand.
var exchangeValue = func() (v [game.NumPieceTypes]int) {
	for t := range v {
		v[t] = captureValue(game.PieceType(t))
	}
	return
}()

// see is the static exchange evaluation of the legal move m: the material
// its mover wins (negative: loses) when both sides keep capturing on m's
// destination with their cheapest piece and either may stop.
func see(p *game.Position, m game.Move) int { return p.SEE(m, &exchangeValue) }
